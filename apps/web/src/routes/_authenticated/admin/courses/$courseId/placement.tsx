import { createFileRoute } from '@tanstack/react-router';
import { FormationSection } from '@/features/formation/components/formation-section';

export const Route = createFileRoute('/_authenticated/admin/courses/$courseId/placement')({
  component: function CoursePlacement() {
    const { courseId } = Route.useParams();
    return <FormationSection courseId={courseId} />;
  },
});
