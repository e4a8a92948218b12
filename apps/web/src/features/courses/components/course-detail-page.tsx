import { Alert, Button, Grid, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Course } from '@teamup/shared';
import { IconArchive, IconArrowBackUp, IconPencil, IconUsers } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import { AnchorLink, ButtonLink } from '@/components/ui/router-link';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { CourseFacts } from '@/components/ui/course-facts';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { ApiError } from '@/lib/api-client';
import { useArchiveCourse } from '../api/archive-course';
import { useCourse } from '../api/get-course';
import { useRestoreCourse } from '../api/restore-course';
import { CourseEditForm } from './course-edit-form';

const DESCRIPTION = 'Settings, enrollments and teams of this course.';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed" component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0}>
        {children}
      </Text>
    </Stack>
  );
}

function CourseDetails({ course }: { course: Course }) {
  return (
    <Stack gap="md">
      <Title order={2} fz="lg">
        Details
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" component="dl" m={0}>
        <Field label="Created">{dayjs(course.createdAt).format('ll')}</Field>
        <Field label="Last changed">{dayjs(course.updatedAt).format('lll')}</Field>
      </SimpleGrid>
      <Stack gap={2}>
        <Text size="sm" c="dimmed">
          Description
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {course.description || 'No description.'}
        </Text>
      </Stack>
    </Stack>
  );
}

function EnrollmentCountsCard({
  course,
  addStudent,
  reminder,
}: {
  course: Course;
  addStudent: ReactNode;
  reminder: ReactNode;
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
        </Group>
      </Stack>
    </Paper>
  );
}

type CourseDetailPageProps = {
  courseId: string;
  /** The quick "Add student" action, composed in by the route (features do not import each other). */
  renderAddStudent?: (course: Course) => ReactNode;
  /** "Remind students without a team" (issue 26), composed in the same way; not when archived. */
  renderReminder?: (course: Course) => ReactNode;
  /**
   * Edit, archive and restore (issue 28): organization admins and the course's instructors; a
   * teaching assistant gets none of them (the server refuses them too).
   */
  canChangeSettings?: boolean;
  /** Where the way back leads: Course Management for admins, Courses I teach for course staff. */
  backTo?: 'management' | 'teaching';
};

export function CourseDetailPage({
  courseId,
  renderAddStudent,
  renderReminder,
  canChangeSettings = true,
  backTo = 'management',
}: CourseDetailPageProps) {
  const course = useCourse(courseId);
  const archive = useArchiveCourse(courseId);
  const restore = useRestoreCourse(courseId);
  const [editing, setEditing] = useState(false);
  const [confirmArchive, setConfirmArchive] = useState(false);

  if (course.isPending) {
    return (
      <>
        <PageHeader title="Course" description={DESCRIPTION} />
        <InlineLoader label="Loading course" />
      </>
    );
  }
  if (course.isError) {
    const notFound = course.error instanceof ApiError && course.error.status === 404;
    return (
      <>
        <PageHeader title="Course" description={DESCRIPTION} />
        {notFound ? (
          <Alert color="red.9" variant="outline" title="Course not found" role="alert">
            <Text size="sm" mb="sm">
              {backTo === 'teaching'
                ? 'This course does not exist or you do not teach it.'
                : 'This course does not exist or belongs to an organization you do not run.'}
            </Text>
            {backTo === 'teaching' ? (
              <AnchorLink to="/teaching" size="sm">
                Back to Courses I teach
              </AnchorLink>
            ) : (
              <AnchorLink to="/admin/courses" size="sm">
                Back to Course Management
              </AnchorLink>
            )}
          </Alert>
        ) : (
          <ErrorAlert
            title="Could not load the course"
            error={course.error}
            onRetry={() => void course.refetch()}
          />
        )}
      </>
    );
  }

  const c = course.data;
  const archived = Boolean(c.archivedAt);

  const doArchive = () =>
    archive.mutate(undefined, {
      onSuccess: () =>
        notifications.show({
          color: 'green',
          title: 'Course archived',
          message: `${c.code} is archived. Its students keep their enrollments.`,
        }),
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: 'Could not archive course',
          message: error.message,
        }),
      onSettled: () => setConfirmArchive(false),
    });

  const doRestore = () =>
    restore.mutate(undefined, {
      onSuccess: () =>
        notifications.show({
          color: 'green',
          title: 'Course restored',
          message: `${c.code} is active again.`,
        }),
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: 'Could not restore course',
          message: error.message,
        }),
    });

  return (
    <>
      <PageHeader
        title={`${c.code} · ${c.title}`}
        description={`${c.term} · ${c.organizationName}`}
        actions={
          <Stack gap="sm">
            <CourseFacts course={c} />
            {canChangeSettings && (
              <Group gap="sm">
                {!archived && !editing && (
                  <Button
                    leftSection={<IconPencil size={16} aria-hidden />}
                    onClick={() => setEditing(true)}
                  >
                    Edit course
                  </Button>
                )}
                {archived ? (
                  <Button
                    variant="default"
                    leftSection={<IconArrowBackUp size={16} aria-hidden />}
                    loading={restore.isPending}
                    onClick={doRestore}
                  >
                    Restore course
                  </Button>
                ) : (
                  <Button
                    variant="outline"
                    color="red.9"
                    leftSection={<IconArchive size={16} aria-hidden />}
                    onClick={() => setConfirmArchive(true)}
                  >
                    Archive course
                  </Button>
                )}
              </Group>
            )}
          </Stack>
        }
      />
      {archived && (
        <Alert color="gray" variant="light" title="This course is archived" mb="lg">
          Archived {dayjs(c.archivedAt).format('ll')}. Students keep their enrollments and nothing
          has been deleted;{' '}
          {canChangeSettings
            ? 'restore the course to change it or add students.'
            : 'an instructor or an organization admin can restore it.'}
        </Alert>
      )}
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Paper
            withBorder
            radius="lg"
            p={{ base: 'md', sm: 'lg' }}
            component="section"
            aria-label="Course details"
          >
            {editing && canChangeSettings ? (
              <CourseEditForm course={c} onDone={() => setEditing(false)} />
            ) : (
              <CourseDetails course={c} />
            )}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <EnrollmentCountsCard
            course={c}
            addStudent={renderAddStudent?.(c)}
            reminder={archived ? null : renderReminder?.(c)}
          />
        </Grid.Col>
      </Grid>
      <ConfirmModal
        opened={confirmArchive}
        title="Archive this course?"
        confirmLabel="Archive course"
        loading={archive.isPending}
        onConfirm={doArchive}
        onClose={() => setConfirmArchive(false)}
      >
        {`${c.code} · ${c.title} will be hidden from active course lists. Students keep their enrollments; nothing is deleted, and you can restore it at any time.`}
      </ConfirmModal>
    </>
  );
}
