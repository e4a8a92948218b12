import { Paper, Stack, Text, Title } from '@mantine/core';
import { COURSE_STAFF_ROLE_LABELS } from '@teamup/shared';
import { AnchorLink } from '@/components/ui/router-link';
import { useTeachingCourses } from '../api/get-teaching-courses';

/**
 * The student dashboard's short list of the courses they teach (issue 28), with the way to each
 * course's admin page; nothing at all for a student who teaches none, or until that is known.
 */
export function TeachingCoursesBox() {
  const teaching = useTeachingCourses();
  const items = teaching.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="teaching-box-heading"
    >
      <Stack gap="sm">
        <Title order={2} fz="lg" id="teaching-box-heading">
          Courses you teach
        </Title>
        <Stack
          component="ul"
          gap="xs"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label="Courses you teach"
        >
          {items.map((c) => (
            <Stack component="li" key={c.id} gap={2}>
              <AnchorLink
                to="/admin/courses/$courseId"
                params={{ courseId: c.id }}
                size="sm"
                fw={600}
                style={{ overflowWrap: 'anywhere' }}
              >
                {c.code} · {c.title}
              </AnchorLink>
              <Text size="xs" c="dimmed">
                {COURSE_STAFF_ROLE_LABELS[c.role]} · {c.term}
              </Text>
            </Stack>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
