import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { detailedHealthQueryOptions } from '@/features/health/api/get-detailed-health';
import { SystemHealth } from '@/features/health/components/system-health';
import { usageAnalyticsQueryOptions } from '@/features/analytics/api/get-usage-analytics';
import { SystemAnalyticsPage } from '@/features/analytics/components/system-analytics-page';
import {
  nextUrlSearch,
  validateSystemAnalyticsSearch,
  withDefaults,
  type SystemAnalyticsSearch,
} from '@/features/analytics/utils/analytics-search';
import { useDocumentTitle } from '@/components/ui/document-title';

export const Route = createFileRoute('/_authenticated/s/health')({
  validateSearch: validateSystemAnalyticsSearch,
  loaderDeps: ({ search }) => withDefaults(search),
  // Started, not awaited: the figures are aggregated over whole tables, so the page (header,
  // tabs, range) shows at once with its own loading state instead of waiting for them.
  loader: ({ context, deps }) => {
    void (deps.tab === 'health'
      ? context.queryClient.prefetchQuery(detailedHealthQueryOptions())
      : context.queryClient.prefetchQuery(
          usageAnalyticsQueryOptions({ range: deps.range, organizationId: deps.organizationId }),
        ));
  },
  component: SystemAnalyticsRoute,
});

function SystemAnalyticsRoute() {
  // The tab title stays "System Analytics" whichever section is open (SPEC §2).
  useDocumentTitle(['System Analytics']);
  const search = withDefaults(Route.useSearch());
  const navigate = Route.useNavigate();
  const onChange = useCallback(
    (next: Partial<SystemAnalyticsSearch>) =>
      void navigate({ search: (prev) => nextUrlSearch(prev, next), replace: true }),
    [navigate],
  );
  return <SystemAnalyticsPage {...search} onChange={onChange} health={<SystemHealth />} />;
}
