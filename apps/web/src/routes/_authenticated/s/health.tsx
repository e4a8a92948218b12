import { createFileRoute } from '@tanstack/react-router';
import { detailedHealthQueryOptions } from '@/features/health/api/get-detailed-health';
import { SystemHealth } from '@/features/health/components/system-health';
import { useDocumentTitle } from '@/components/ui/document-title';

export const Route = createFileRoute('/_authenticated/s/health')({
  // prefetch, not ensure: the page shows its own loading and error states.
  loader: ({ context }) => context.queryClient.prefetchQuery(detailedHealthQueryOptions()),
  component: SystemHealthRoute,
});

function SystemHealthRoute() {
  useDocumentTitle(['System Analytics']);
  return <SystemHealth />;
}
