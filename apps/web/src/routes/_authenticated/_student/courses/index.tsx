import { createFileRoute } from '@tanstack/react-router';
import { myCoursesQueryOptions } from '@/features/enrollments/api/get-my-courses';
import { MyEnrollmentsPage } from '@/features/enrollments/components/my-enrollments-page';

export const Route = createFileRoute('/_authenticated/_student/courses/')({
  // prefetch, not ensure: the page shows its own loading and error states.
  loader: ({ context }) => context.queryClient.prefetchQuery(myCoursesQueryOptions()),
  component: MyEnrollmentsPage,
});
