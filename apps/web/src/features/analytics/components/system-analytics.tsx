import { Card, Group, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { AnalyticsRange, UsageTotals } from '@teamup/shared';
import { EmptyState, ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { countOf } from '@/lib/format';
import { useUsageAnalytics } from '../api/get-usage-analytics';
import { RANGE_OPTIONS, type AnalyticsSearch } from '../utils/analytics-search';
import { formatCount, formatLongDay, formatRate, formatTime } from '../utils/format';
import { FigureCard } from './figure-card';
import { OrganizationFilter } from './organization-filter';
import { OrganizationRanking } from './organization-ranking';
import { UsageCharts } from './usage-charts';

type SystemAnalyticsProps = AnalyticsSearch & {
  onChange: (next: Partial<AnalyticsSearch>) => void;
};

function TotalsGrid({ totals }: { totals: UsageTotals }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="md">
      <FigureCard label="Sign-ins" value={formatCount(totals.signIns)} />
      <FigureCard
        label="Active users"
        value={formatCount(totals.activeUsers)}
        hint="on at least one day"
      />
      <FigureCard label="New users" value={formatCount(totals.newUsers)} />
      <FigureCard label="Teams formed" value={formatCount(totals.teamsFormed)} />
      <FigureCard
        label="CSV uploads"
        value={formatCount(totals.csvUploads)}
        hint={countOf(totals.csvRowsProcessed, 'row')}
      />
      <FigureCard
        label="Upload failure rate"
        value={formatRate(totals.csvFailureRate)}
        hint={`${formatCount(totals.csvFailed)} failed`}
      />
    </SimpleGrid>
  );
}

const nothingHappened = (t: UsageTotals) =>
  t.signIns + t.activeUsers + t.newUsers + t.teamsFormed + t.csvUploads === 0;

/** The analytics part of System Analytics: a range, an organization filter, figures and charts. */
export function SystemAnalytics({ range, organizationId, onChange }: SystemAnalyticsProps) {
  const usage = useUsageAnalytics({ range, organizationId });
  const data = usage.data;
  return (
    <Stack gap="lg">
      <Group align="flex-end" gap="md" wrap="wrap">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="analytics-range-label">
            Range
          </Text>
          <SegmentedControl
            aria-labelledby="analytics-range-label"
            value={String(range)}
            onChange={(value) => onChange({ range: Number(value) as AnalyticsRange })}
            data={RANGE_OPTIONS.map((r) => ({ value: String(r), label: `${r} days` }))}
          />
        </Stack>
        <OrganizationFilter
          value={organizationId}
          chosenName={data?.organization?.name}
          onChange={(next) => onChange({ organizationId: next })}
        />
      </Group>
      {usage.isPending ? (
        <InlineLoader label="Loading analytics" />
      ) : usage.isError ? (
        <ErrorAlert
          title="Could not load analytics"
          error={usage.error}
          onRetry={() => void usage.refetch()}
        />
      ) : (
        <Stack gap="lg" aria-busy={usage.isPlaceholderData}>
          <Title order={2} fz="lg">
            Usage over the last {data!.range} days
          </Title>
          <Text size="sm" c="dimmed" aria-live="polite" mt={-12}>
            {data!.organization ? `${data!.organization.name}: ` : 'All organizations: '}
            {formatLongDay(data!.from)} to {formatLongDay(data!.to)} (UTC). Today&apos;s figures as
            of {formatTime(data!.todayAsOf)} UTC.
          </Text>
          <TotalsGrid totals={data!.totals} />
          {nothingHappened(data!.totals) ? (
            <Card withBorder radius="lg">
              <EmptyState>
                No activity in the last {data!.range} days
                {data!.organization ? ` for ${data!.organization.name}` : ''}: no sign-ins, new
                users, teams or uploads.
              </EmptyState>
            </Card>
          ) : (
            <UsageCharts usage={data!} />
          )}
          <Stack gap="xs">
            <Title order={2} fz="lg">
              Organizations by activity
            </Title>
            <Text size="sm" c="dimmed">
              Active people over the last {data!.range} days, across every organization: the
              students enrolled in its courses and its admins who used Teamup.
            </Text>
          </Stack>
          <OrganizationRanking mostActive={data!.mostActive} leastActive={data!.leastActive} />
        </Stack>
      )}
    </Stack>
  );
}
