import { createFileRoute } from '@tanstack/react-router';
import { useCourse } from '@/features/courses/api/get-course';
import { FormationSection } from '@/features/formation/components/formation-section';

export const Route = createFileRoute('/_authenticated/admin/courses/$courseId/placement')({
  component: function CoursePlacement() {
    const { courseId } = Route.useParams();
    const course = useCourse(courseId);
    // Issue 36: the course's sections and sizes shape the options; wait for them.
    if (!course.data) return null;
    return (
      <FormationSection
        courseId={courseId}
        sections={course.data.sections}
        teamSizes={{ min: course.data.teamSizeMin, max: course.data.teamSizeMax }}
      />
    );
  },
});
