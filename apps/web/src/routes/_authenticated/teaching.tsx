import { createFileRoute } from '@tanstack/react-router';
import { teachingCoursesQueryOptions } from '@/features/staff/api/get-teaching-courses';
import { TeachingCoursesPage } from '@/features/staff/components/teaching-courses-page';
import { useDocumentTitle } from '@/components/ui/document-title';

// Issue 28: for every signed-in user (a student who assists, an admin who teaches), so under
// no role area; someone who teaches nothing sees the page's empty state.
export const Route = createFileRoute('/_authenticated/teaching')({
  // prefetch, not ensure: the page shows its own loading and error states.
  loader: ({ context }) => context.queryClient.prefetchQuery(teachingCoursesQueryOptions()),
  component: TeachingRoute,
});

function TeachingRoute() {
  useDocumentTitle(['Courses I teach']);
  return <TeachingCoursesPage />;
}
