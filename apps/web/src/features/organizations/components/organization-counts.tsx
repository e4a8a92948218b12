import { Group, Text } from '@mantine/core';
import type { OrganizationSummary } from '@teamup/shared';

function plural(count: number, one: string, many: string) {
  return `${count} ${count === 1 ? one : many}`;
}

/** "2 admins · 5 courses · 61 students" in one line that wraps on phones. */
export function OrganizationCounts({ organization }: { organization: OrganizationSummary }) {
  return (
    <Group gap={6} wrap="wrap">
      <Text size="sm">{plural(organization.adminCount, 'admin', 'admins')}</Text>
      <Text size="sm" c="dimmed" aria-hidden>
        ·
      </Text>
      <Text size="sm">{plural(organization.courseCount, 'course', 'courses')}</Text>
      <Text size="sm" c="dimmed" aria-hidden>
        ·
      </Text>
      <Text size="sm">{plural(organization.studentCount, 'student', 'students')}</Text>
    </Group>
  );
}
