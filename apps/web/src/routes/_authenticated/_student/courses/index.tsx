import { createFileRoute } from '@tanstack/react-router';
import { myCoursesQueryOptions } from '@/features/enrollments/api/get-my-courses';
import { MyEnrollmentsPage } from '@/features/enrollments/components/my-enrollments-page';
import { useDocumentTitle } from '@/components/ui/document-title';

export const Route = createFileRoute('/_authenticated/_student/courses/')({
  // prefetch, not ensure: the page shows its own loading and error states.
  loader: ({ context }) => context.queryClient.prefetchQuery(myCoursesQueryOptions()),
  component: MyEnrollmentsPageRoute,
});

function MyEnrollmentsPageRoute() {
  useDocumentTitle(['My Enrollments']);
  return <MyEnrollmentsPage />;
}
