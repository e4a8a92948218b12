import { Tabs } from '@mantine/core';
import { IconChartLine, IconHeartbeat } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import type { SystemAnalyticsSearch, SystemAnalyticsTab } from '../utils/analytics-search';
import { SystemAnalytics } from './system-analytics';

type SystemAnalyticsPageProps = SystemAnalyticsSearch & {
  onChange: (next: Partial<SystemAnalyticsSearch>) => void;
  /** The health section (the health feature's, given by the route). */
  health: ReactNode;
};

/**
 * /s/health, "System Analytics" (SPEC §2): the analytics first, the health section after them,
 * each a tab reachable by URL (`?tab=health`). Only the open tab is mounted, so the health
 * figures refresh themselves only while they are shown.
 */
export function SystemAnalyticsPage({
  tab,
  range,
  organizationId,
  onChange,
  health,
}: SystemAnalyticsPageProps) {
  return (
    <>
      <PageHeader
        title="System Analytics"
        description="How Teamup is used across organizations, and the health of the system."
      />
      <Tabs
        value={tab}
        onChange={(next) => onChange({ tab: (next as SystemAnalyticsTab | null) ?? 'analytics' })}
        keepMounted={false}
      >
        <Tabs.List mb="lg">
          <Tabs.Tab value="analytics" leftSection={<IconChartLine size={16} aria-hidden />}>
            Analytics
          </Tabs.Tab>
          <Tabs.Tab value="health" leftSection={<IconHeartbeat size={16} aria-hidden />}>
            Health
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="analytics">
          <SystemAnalytics range={range} organizationId={organizationId} onChange={onChange} />
        </Tabs.Panel>
        <Tabs.Panel value="health">{health}</Tabs.Panel>
      </Tabs>
    </>
  );
}
