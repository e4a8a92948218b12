import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { createFileRoute } from '@tanstack/react-router';
import { AnchorLink, ButtonLink } from '@/components/ui/router-link';
import { useCourse } from '@/features/courses/api/get-course';
import { EnrollmentCountsCard } from '@/features/courses/components/enrollment-counts-card';
import { TeamlessReminderButton } from '@/features/email/components/teamless-reminder-button';
import { AddStudentButton } from '@/features/enrollments/components/add-student-modal';
import { useCoursePage } from './-use-course-page';

export const Route = createFileRoute('/_authenticated/admin/courses/$courseId/roster')({
  component: CourseRoster,
});

/** Roster: the students, adding one, a CSV upload (admins' page), and the LMS roster's way. */
function CourseRoster() {
  const { courseId } = Route.useParams();
  const { management } = useCoursePage(courseId);
  const course = useCourse(courseId);
  if (!course.data) return null;
  const c = course.data;
  const archived = Boolean(c.archivedAt);
  return (
    <Stack gap="lg">
      <EnrollmentCountsCard
        course={c}
        addStudent={<AddStudentButton course={c} />}
        reminder={archived ? null : <TeamlessReminderButton courseId={c.id} />}
        actions={
          // The CSV upload page is the organization admins' (course staff add one by one).
          management && !archived ? (
            <ButtonLink
              to="/admin/csv"
              search={{ courseId: c.id }}
              variant="default"
              leftSection={<IconFileUpload size={16} aria-hidden />}
            >
              Upload a CSV
            </ButtonLink>
          ) : null
        }
      />
      {c.sections.length > 0 && (
        // Issue 36: the course's sections, each a way into the roster filtered by it.
        <Paper
          withBorder
          radius="lg"
          p={{ base: 'md', sm: 'lg' }}
          component="section"
          aria-labelledby="roster-sections-heading"
        >
          <Stack gap={4}>
            <Title order={2} fz="lg" id="roster-sections-heading">
              Sections
            </Title>
            <Text size="sm" c="dimmed">
              From the roster file, a student added by hand or the LMS. Placement keeps each
              section's students together.
            </Text>
            <Group gap="md" wrap="wrap" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {c.sections.map((s) => (
                <li key={s.name}>
                  <AnchorLink
                    to="/admin/students/course/$courseId"
                    params={{ courseId }}
                    search={{ section: s.name }}
                    size="sm"
                  >
                    {`${s.name} (${s.activeStudents} active)`}
                  </AnchorLink>
                </li>
              ))}
            </Group>
          </Stack>
        </Paper>
      )}
      <Paper
        withBorder
        radius="lg"
        p={{ base: 'md', sm: 'lg' }}
        component="section"
        aria-labelledby="roster-lms-heading"
      >
        <Stack gap={4}>
          <Title order={2} fz="lg" id="roster-lms-heading">
            Roster from the LMS
          </Title>
          <Text size="sm" c="dimmed">
            A course linked to an LMS course gets its students from there, about once a day.
          </Text>
          <AnchorLink to="/admin/courses/$courseId/lms" params={{ courseId }} size="sm">
            Sync the roster now
          </AnchorLink>
        </Stack>
      </Paper>
    </Stack>
  );
}
