import { createFileRoute } from '@tanstack/react-router';
import { CourseStaffSection } from '@/features/staff/components/course-staff-section';
import { useCoursePage } from './-use-course-page';

export const Route = createFileRoute('/_authenticated/admin/courses/$courseId/staff')({
  component: function CourseStaff() {
    const { courseId } = Route.useParams();
    const { access } = useCoursePage(courseId);
    return <CourseStaffSection courseId={courseId} manage={access.admin} />;
  },
});
