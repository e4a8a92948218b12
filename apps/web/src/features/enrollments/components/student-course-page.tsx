import { Alert, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { MyCourse } from '@teamup/shared';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import type { ReactNode } from 'react';
import { AnchorLink } from '@/components/ui/router-link';
import { CourseFacts } from '@/components/ui/course-facts';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { ApiError } from '@/lib/api-client';
import { useStudentCourse } from '../api/get-student-course';
import { ClassmatesSection } from './classmates-section';
import { EnrollmentStatusBadge } from './enrollment-status-badge';

dayjs.extend(localizedFormat);

const DESCRIPTION = 'Course details, your enrollment and your classmates.';

function AboutCourse({ course }: { course: MyCourse['course'] }) {
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="about-course-heading"
    >
      <Stack gap="sm">
        <Title order={2} fz="lg" id="about-course-heading">
          About this course
        </Title>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {course.description || 'No description yet.'}
        </Text>
      </Stack>
    </Paper>
  );
}

function MyEnrollmentCard({ enrollment }: { enrollment: MyCourse }) {
  const since = enrollment.activatedAt ?? enrollment.enrolledAt;
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="my-enrollment-heading"
    >
      <Stack gap="sm">
        <Title order={2} fz="lg" id="my-enrollment-heading">
          Your enrollment
        </Title>
        <Group gap="xs">
          <EnrollmentStatusBadge status={enrollment.status} />
          <Text size="sm">
            since <time dateTime={since}>{dayjs(since).format('ll')}</time>
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          Enrolled on{' '}
          <time dateTime={enrollment.enrolledAt}>{dayjs(enrollment.enrolledAt).format('ll')}</time>.
        </Text>
        {enrollment.status === 'INACTIVE' && (
          <Alert color="gray" variant="light" title="Your enrollment is inactive">
            You can see this course but not take part in its teams. Ask your course admin if this is
            a mistake.
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

type StudentCoursePageProps = {
  courseId: string;
  /** The teams part, composed by the route (another feature), shown above the classmates. */
  teams?: ReactNode;
  /** Shown under "Your enrollment" (the route's team history), beside the course. */
  aside?: ReactNode;
  /** The team formation survey (another feature), first on the page while there is one. */
  survey?: ReactNode;
};

export function StudentCoursePage({ courseId, teams, aside, survey }: StudentCoursePageProps) {
  const enrollment = useStudentCourse(courseId);

  if (enrollment.isPending) {
    return (
      <>
        <PageHeader title="Course" description={DESCRIPTION} />
        <InlineLoader label="Loading course" />
      </>
    );
  }
  if (enrollment.isError) {
    const notEnrolled = enrollment.error instanceof ApiError && enrollment.error.status === 404;
    return (
      <>
        <PageHeader title="Course" description={DESCRIPTION} />
        {notEnrolled ? (
          <Alert
            color="red.9"
            variant="outline"
            title="You are not enrolled in this course"
            role="alert"
          >
            <Text size="sm" mb="sm">
              Only students enrolled by the course’s organization can open it.
            </Text>
            <AnchorLink to="/courses" size="sm">
              Back to My Enrollments
            </AnchorLink>
          </Alert>
        ) : (
          <ErrorAlert
            title="Could not load the course"
            error={enrollment.error}
            onRetry={() => void enrollment.refetch()}
          />
        )}
      </>
    );
  }

  const e = enrollment.data;
  return (
    <>
      <PageHeader
        title={`${e.course.code} · ${e.course.title}`}
        description={`${e.course.term} · ${e.course.organization.name}`}
        actions={<CourseFacts course={e.course} />}
      />
      <Stack gap="xl">
        {survey}
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <AboutCourse course={e.course} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Stack gap="lg">
              <MyEnrollmentCard enrollment={e} />
              {aside}
            </Stack>
          </Grid.Col>
        </Grid>
        {teams}
        {e.status === 'ACTIVE' ? (
          <ClassmatesSection courseId={courseId} />
        ) : (
          <Paper
            withBorder
            radius="lg"
            p={{ base: 'md', sm: 'lg' }}
            component="section"
            aria-labelledby="classmates-heading"
          >
            <Title order={2} fz="lg" id="classmates-heading" mb={4}>
              Classmates
            </Title>
            <Text size="sm" c="dimmed">
              Your classmates are listed here while your enrollment is active.
            </Text>
          </Paper>
        )}
      </Stack>
    </>
  );
}
