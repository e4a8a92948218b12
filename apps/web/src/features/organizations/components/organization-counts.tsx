import { Group, Text } from '@mantine/core';
import type { OrganizationSummary } from '@teamup/shared';
import { countOf } from '@/lib/format';

/** "2 admins · 5 courses · 61 students" in one line that wraps on phones. */
export function OrganizationCounts({ organization }: { organization: OrganizationSummary }) {
  return (
    <Group gap={6} wrap="wrap">
      <Text size="sm">{countOf(organization.adminCount, 'admin', 'admins')}</Text>
      <Text size="sm" c="dimmed" aria-hidden>
        ·
      </Text>
      <Text size="sm">{countOf(organization.courseCount, 'course', 'courses')}</Text>
      <Text size="sm" c="dimmed" aria-hidden>
        ·
      </Text>
      <Text size="sm">{countOf(organization.studentCount, 'student', 'students')}</Text>
    </Group>
  );
}
