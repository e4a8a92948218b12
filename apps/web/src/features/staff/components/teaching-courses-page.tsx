import { Badge, Card, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TeachingCourse } from '@teamup/shared';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { AnchorLink, ButtonLink } from '@/components/ui/router-link';
import { useAuthStore } from '@/lib/auth-store';
import { countOf } from '@/lib/format';
import { getRoleArea } from '@/lib/roles';
import { useTeachingCourses } from '../api/get-teaching-courses';
import { StaffRoleBadge } from './staff-role-badge';

const number = (value: number) => value.toLocaleString('en-US');

function TeachingCourseCard({ course }: { course: TeachingCourse }) {
  const headingId = `teaching-${course.id}`;
  const figures = [
    { label: 'Active students', value: course.activeStudents },
    { label: 'Teams', value: course.teams },
    { label: 'Without a team', value: course.studentsWithoutTeam },
  ];
  return (
    <Card withBorder radius="lg" padding="lg" component="article" aria-labelledby={headingId}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" gap="xs" align="flex-start">
          <Text size="sm" fw={700} c="blue.9">
            {course.code}
          </Text>
          <Group gap={6} justify="flex-end">
            {course.archived && (
              <Badge color="gray.7" variant="filled">
                Archived
              </Badge>
            )}
            <StaffRoleBadge role={course.role} />
          </Group>
        </Group>
        <Title order={2} fz="lg" id={headingId} style={{ overflowWrap: 'anywhere' }}>
          <AnchorLink to="/admin/courses/$courseId" params={{ courseId: course.id }} inherit>
            {course.title}
          </AnchorLink>
        </Title>
        <Text size="sm" c="dimmed">
          {course.organizationName} · {course.term}
        </Text>
        <SimpleGrid cols={3} spacing="xs" component="dl" m={0} mt="auto">
          {figures.map((f) => (
            <Stack key={f.label} gap={0}>
              <Text component="dt" size="xs" c="dimmed">
                {f.label}
              </Text>
              <Text component="dd" m={0} fz="lg" fw={700}>
                {number(f.value)}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
        <AnchorLink
          to="/admin/students/course/$courseId"
          params={{ courseId: course.id }}
          size="sm"
          aria-label={`Students of ${course.code}`}
        >
          Students
        </AnchorLink>
      </Stack>
    </Card>
  );
}

function NotTeaching() {
  const email = useAuthStore((s) => s.user?.email);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} ta="center">
      <Stack gap="sm" align="center" maw={560} mx="auto">
        <Title order={2} fz="lg">
          You do not teach any course
        </Title>
        <Text size="sm" c="dimmed">
          An organization admin appoints a course’s instructors and teaching assistants by email, on
          the course’s page. Sign in with that same email
          {email ? (
            <>
              {' '}
              (you are signed in as <strong>{email}</strong>)
            </>
          ) : null}{' '}
          and the course appears here.
        </Text>
      </Stack>
    </Paper>
  );
}

/** "Courses I teach" (issue 28): where the user is an instructor or a teaching assistant. */
export function TeachingCoursesPage() {
  const courses = useTeachingCourses();
  const admin = useAuthStore((s) => getRoleArea(s.user?.role) === 'admin');
  const count = courses.data?.items.length ?? 0;
  return (
    <>
      <PageHeader
        title="Courses I teach"
        description={
          courses.data && count > 0
            ? `${countOf(count, 'course')} where you are an instructor or a teaching assistant.`
            : 'The courses where you are an instructor or a teaching assistant.'
        }
        actions={
          // Organization admins have that dashboard as their home already, for all their courses.
          !admin && count > 0 ? (
            <Group mt="sm">
              <ButtonLink
                to="/admin/dashboard"
                variant="default"
                leftSection={<IconLayoutDashboard size={16} aria-hidden />}
              >
                Team formation dashboard
              </ButtonLink>
            </Group>
          ) : undefined
        }
      />
      {courses.isPending ? (
        <InlineLoader label="Loading the courses you teach" />
      ) : courses.isError ? (
        <ErrorAlert
          title="Could not load the courses you teach"
          error={courses.error}
          onRetry={() => void courses.refetch()}
        />
      ) : count === 0 ? (
        <NotTeaching />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="lg">
          {courses.data.items.map((course) => (
            <TeachingCourseCard key={course.id} course={course} />
          ))}
        </SimpleGrid>
      )}
    </>
  );
}
