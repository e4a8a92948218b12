import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Course } from '@teamup/shared';
import { IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ButtonLink } from '@/components/ui/router-link';

/**
 * The course's roster at a glance (its Roster section, issue 35): counts, the way to the students,
 * and the quick actions the route composes in (features do not import each other).
 */
export function EnrollmentCountsCard({
  course,
  addStudent,
  reminder,
  actions,
}: {
  course: Course;
  addStudent?: ReactNode;
  reminder?: ReactNode;
  /** More ways in (a CSV upload), after the quick actions. */
  actions?: ReactNode;
}) {
  const { active, pending, inactive } = course.enrollmentCounts;
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="enrollments-heading"
    >
      <Stack gap="md">
        <Title order={2} fz="lg" id="enrollments-heading">
          Enrollments
        </Title>
        <SimpleGrid cols={3} spacing="xs">
          {[
            { label: 'Active', value: active },
            { label: 'Pending', value: pending },
            { label: 'Inactive', value: inactive },
          ].map((s) => (
            <Stack key={s.label} gap={0} align="center">
              <Text fz={24} fw={700}>
                {s.value}
              </Text>
              <Text size="sm" c="dimmed">
                {s.label}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          Pending students have been added but have not signed in yet.
        </Text>
        <Group gap="sm">
          <ButtonLink
            to="/admin/students/course/$courseId"
            params={{ courseId: course.id }}
            variant="default"
            leftSection={<IconUsers size={16} aria-hidden />}
          >
            Students
          </ButtonLink>
          {addStudent}
          {reminder}
          {actions}
        </Group>
      </Stack>
    </Paper>
  );
}
