import { createFileRoute } from '@tanstack/react-router';
import { SurveySection } from '@/features/survey/components/survey-section';

export const Route = createFileRoute('/_authenticated/admin/courses/$courseId/survey')({
  component: function CourseSurvey() {
    const { courseId } = Route.useParams();
    return <SurveySection courseId={courseId} />;
  },
});
