import { createFileRoute } from '@tanstack/react-router';
import { StudentDashboard } from '@/features/dashboard/components/student-dashboard';
import { useDocumentTitle } from '@/components/ui/document-title';

export const Route = createFileRoute('/_authenticated/_student/dashboard')({
  component: DashboardRoute,
});

function DashboardRoute() {
  useDocumentTitle(['Dashboard']);
  return <StudentDashboard />;
}
