import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { detailedHealthQueryOptions } from '@/features/health/api/get-detailed-health';
import { analyticsOverviewQueryOptions } from '@/features/analytics/api/get-analytics-overview';
import {
  SuperadminHome,
  type HealthSummary,
} from '@/features/analytics/components/superadmin-home';
import { useAuthStore } from '@/lib/auth-store';
import { useDocumentTitle } from '@/components/ui/document-title';

export const Route = createFileRoute('/_authenticated/s/dashboard')({
  // Started, not awaited: the totals are counted over whole tables, so the home shows at once
  // with its own loading state (and the health status its own) instead of waiting for them.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(analyticsOverviewQueryOptions());
    void context.queryClient.prefetchQuery(detailedHealthQueryOptions());
  },
  component: DashboardRoute,
});

function DashboardRoute() {
  useDocumentTitle(['Dashboard']);
  const fullname = useAuthStore((s) => s.user?.fullname ?? '');
  // The overall status comes from the health feature's call; the home shows it and, when it is
  // not ok, lists it under "Needs attention".
  const health = useQuery(detailedHealthQueryOptions());
  const summary: HealthSummary = health.isPending
    ? { state: 'loading' }
    : health.isError
      ? { state: 'error', message: health.error.message }
      : { state: 'ready', status: health.data.status, checkedAt: health.data.checkedAt };
  return <SuperadminHome fullname={fullname} health={summary} />;
}
