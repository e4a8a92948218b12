import { Alert, Group, Stack, Text } from '@mantine/core';
import type { Course } from '@teamup/shared';
import { IconArrowLeft } from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { AnchorLink } from '@/components/ui/router-link';
import { CourseFacts } from '@/components/ui/course-facts';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { ApiError } from '@/lib/api-client';
import { useCourse } from '../api/get-course';

const DESCRIPTION = 'Settings, enrollments and teams of this course.';

type CourseHeaderProps = {
  courseId: string;
  /** Where the way back leads: Course Management for admins, Courses I teach for course staff. */
  backTo: 'management' | 'teaching';
  /** Whether the viewer may change the settings (what the archived notice tells them to do). */
  canChangeSettings: boolean;
  /** The sections and the section shown, once the course is loaded (none under its errors). */
  children: (course: Course) => ReactNode;
};

function BackToList({ backTo }: { backTo: 'management' | 'teaching' }) {
  return (
    <AnchorLink to={backTo === 'teaching' ? '/teaching' : '/admin/courses'} size="sm">
      <Group gap={4} component="span" wrap="nowrap">
        <IconArrowLeft size={14} aria-hidden />
        {backTo === 'teaching' ? 'Courses I teach' : 'Course Management'}
      </Group>
    </AnchorLink>
  );
}

/**
 * The course admin page's header (issue 35): the way back, code and title, term, organization
 * and the course's facts, above its sections; the page's loading, not-found and error states.
 */
export function CourseHeader({ courseId, backTo, canChangeSettings, children }: CourseHeaderProps) {
  const course = useCourse(courseId);

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
  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <BackToList backTo={backTo} />
        <PageHeader
          title={`${c.code} · ${c.title}`}
          description={`${c.term} · ${c.organizationName}`}
          actions={<CourseFacts course={c} />}
        />
      </Stack>
      {c.archivedAt && (
        <Alert color="gray" variant="light" title="This course is archived">
          Archived {dayjs(c.archivedAt).format('ll')}. Students keep their enrollments and nothing
          has been deleted;{' '}
          {canChangeSettings
            ? 'restore the course (in Overview) to change it or add students.'
            : 'an instructor or an organization admin can restore it.'}
        </Alert>
      )}
      {children(c)}
    </Stack>
  );
}
