import { createFileRoute, notFound } from '@tanstack/react-router';
import { z } from 'zod';
import { studentCourseQueryOptions } from '@/features/enrollments/api/get-student-course';
import { StudentCoursePage } from '@/features/enrollments/components/student-course-page';

export const Route = createFileRoute('/_authenticated/_student/courses/$courseId')({
  loader: ({ context, params }) => {
    if (!z.uuid().safeParse(params.courseId).success) throw notFound();
    // Not awaited: the page shows its header and its own loading, not-enrolled and error states.
    void context.queryClient.prefetchQuery(studentCourseQueryOptions(params.courseId));
  },
  component: StudentCourseRoute,
});

function StudentCourseRoute() {
  const { courseId } = Route.useParams();
  return <StudentCoursePage courseId={courseId} />;
}
