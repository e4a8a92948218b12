import { createFileRoute } from '@tanstack/react-router';
import { CourseTeamsAdminSection } from '@/features/admin/components/course-teams-admin-section';
import { courseActorOf } from '@/lib/course-role-words';
import { useCoursePage } from './-use-course-page';

export const Route = createFileRoute('/_authenticated/admin/courses/$courseId/teams')({
  component: function CourseTeams() {
    const { courseId } = Route.useParams();
    const { access } = useCoursePage(courseId);
    // A team's own page (its activity log) is the students' and the organization admins'.
    return (
      <CourseTeamsAdminSection
        courseId={courseId}
        activityLog={access.admin}
        actor={courseActorOf(access.staffRole, access.admin)}
      />
    );
  },
});
