import { Stack } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useMemo } from 'react';
import { CourseNextSteps } from '@/features/course-workspace/components/course-next-steps';
import { nextSteps } from '@/features/course-workspace/next-steps';
import { useCourse } from '@/features/courses/api/get-course';
import { CourseSettingsCard } from '@/features/courses/components/course-settings-card';
import { useTeamlessReminder } from '@/features/email/api/get-teamless-reminder';
import { useCourseHealth } from '@/features/formation/api/get-course-health';
import { useAdminSurvey } from '@/features/survey/api/get-admin-survey';
import { useCoursePage } from './-use-course-page';

export const Route = createFileRoute('/_authenticated/admin/courses/$courseId/')({
  component: CourseOverview,
});

/** Overview: what needs doing next (from the course's survey, teams and health), and details. */
function CourseOverview() {
  const { courseId } = Route.useParams();
  const { access } = useCoursePage(courseId);
  const course = useCourse(courseId);
  const live = Boolean(course.data && !course.data.archivedAt);
  const survey = useAdminSurvey(courseId);
  const teamless = useTeamlessReminder(courseId, live);
  const health = useCourseHealth(courseId);
  const steps = useMemo(
    () =>
      course.data
        ? nextSteps({
            now: new Date(),
            course: course.data,
            survey: survey.data,
            teamless: teamless.data?.recipients.length,
            health: health.data,
          })
        : [],
    [course.data, survey.data, teamless.data, health.data],
  );
  if (!course.data) return null;
  return (
    <Stack gap="lg">
      <CourseNextSteps
        courseId={courseId}
        steps={steps}
        loading={survey.isPending || health.isPending || (live && teamless.isPending)}
      />
      <CourseSettingsCard course={course.data} canChangeSettings={access.canChangeSettings} />
    </Stack>
  );
}
