import { createFileRoute } from '@tanstack/react-router';
import { studentDashboardQueryOptions } from '@/features/dashboard/api/get-student-dashboard';
import { StudentDashboard } from '@/features/dashboard/components/student-dashboard';
import { TeachingCoursesBox } from '@/features/staff/components/teaching-courses-box';
import { useDocumentTitle } from '@/components/ui/document-title';

export const Route = createFileRoute('/_authenticated/_student/dashboard')({
  // Started with the bell's count before the page renders (decision 128); not awaited: the
  // sections show their own loading state.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(studentDashboardQueryOptions());
  },
  component: DashboardRoute,
});

function DashboardRoute() {
  useDocumentTitle(['Dashboard']);
  return <StudentDashboard aside={<TeachingCoursesBox />} />;
}
