import { Badge, Card, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { MyCourse } from '@teamup/shared';
import { AnchorLink } from '@/components/ui/router-link';
import { relativeDeadline, isPast } from '@/components/ui/deadline-text';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { useAuthStore } from '@/lib/auth-store';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { useMyCourses } from '../api/get-my-courses';
import { EnrollmentStatusBadge } from './enrollment-status-badge';

dayjs.extend(localizedFormat);

function EnrollmentCard({ enrollment }: { enrollment: MyCourse }) {
  const { course } = enrollment;
  const past = isPast(course.teamFormationDeadline);
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="article"
      aria-labelledby={`course-${course.id}`}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Text size="sm" fw={700} c="blue.9">
            {course.code}
          </Text>
          <Group gap={6} justify="flex-end">
            {course.archivedAt && (
              <Badge color="gray.7" variant="filled">
                Archived
              </Badge>
            )}
            <EnrollmentStatusBadge status={enrollment.status} />
          </Group>
        </Group>
        <Title order={2} fz="lg" id={`course-${course.id}`}>
          <AnchorLink to="/courses/$courseId" params={{ courseId: course.id }} inherit>
            {course.title}
          </AnchorLink>
        </Title>
        <Text size="sm" c="dimmed">
          {course.organization.name} · {course.term}
        </Text>
        <Text size="sm" mt="auto">
          {enrollment.team ? (
            <>
              Your team:{' '}
              <AnchorLink to="/teams/$teamId" params={{ teamId: enrollment.team.id }} fw={600}>
                {enrollment.team.name}
              </AnchorLink>
            </>
          ) : (
            <Text span fw={600} inherit>
              No team yet
            </Text>
          )}
        </Text>
        <Group gap={6}>
          <Text size="sm">Team formation deadline:</Text>
          <Text size="sm" fw={600}>
            <time
              dateTime={course.teamFormationDeadline}
              title={dayjs(course.teamFormationDeadline).format('LLL')}
            >
              {past
                ? dayjs(course.teamFormationDeadline).format('ll')
                : relativeDeadline(course.teamFormationDeadline)}
            </time>
          </Text>
          {past && (
            <Badge size="sm" color="red.9" variant="filled">
              passed
            </Badge>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

function NoEnrollments() {
  const email = useAuthStore((s) => s.user?.email);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} ta="center">
      <Stack gap="sm" align="center" maw={560} mx="auto">
        <Title order={2} fz="lg">
          You are not enrolled in any course yet
        </Title>
        <Text size="sm" c="dimmed">
          Your organization’s admin enrolls you: by adding your email address, or by uploading a
          class roster that includes it. Sign in with that same email
          {email ? (
            <>
              {' '}
              (you are signed in as <strong>{email}</strong>)
            </>
          ) : null}{' '}
          and the course appears here, ready for team formation.
        </Text>
        <Text size="sm" c="dimmed">
          Expected a course that is not listed? Ask your course admin which email they used.
        </Text>
      </Stack>
    </Paper>
  );
}

export function MyEnrollmentsPage() {
  const courses = useMyCourses();
  return (
    <>
      <PageHeader
        title="My Enrollments"
        description="The courses you are enrolled in, your team in each, and the team formation deadlines."
      />
      {courses.isPending ? (
        <InlineLoader label="Loading your courses" />
      ) : courses.isError ? (
        <ErrorAlert
          title="Could not load your courses"
          error={courses.error}
          onRetry={() => void courses.refetch()}
        />
      ) : courses.data.length === 0 ? (
        <NoEnrollments />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="lg">
          {courses.data.map((e) => (
            <EnrollmentCard key={e.enrollmentId} enrollment={e} />
          ))}
        </SimpleGrid>
      )}
    </>
  );
}
