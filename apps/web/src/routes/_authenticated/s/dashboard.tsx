import { createFileRoute } from '@tanstack/react-router';
import { Dashboard } from '@/features/dashboard/components/dashboard';
import { useDocumentTitle } from '@/components/ui/document-title';

export const Route = createFileRoute('/_authenticated/s/dashboard')({
  component: DashboardRoute,
});

function DashboardRoute() {
  useDocumentTitle(['Dashboard']);
  return <Dashboard area="superadmin" />;
}
