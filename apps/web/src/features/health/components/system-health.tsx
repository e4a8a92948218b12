import { Badge, Button, Card, Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { useDetailedHealth } from '../api/get-detailed-health';

export function formatBytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1024 ? `${(mb / 1024).toFixed(1)} GB` : `${mb.toFixed(1)} MB`;
}

export function formatUptime(seconds: number): string {
  const s = Math.floor(seconds);
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d > 0) return `${d}d ${h}h ${m}m`;
  if (h > 0) return `${h}h ${m}m`;
  return `${m}m ${s % 60}s`;
}

function Stat({
  label,
  value,
  children,
}: {
  label: string;
  value: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Card withBorder radius="lg" padding="lg">
      <Text size="sm" c="dimmed" mb={4}>
        {label}
      </Text>
      <Text fz={24} fw={700}>
        {value}
      </Text>
      {children}
    </Card>
  );
}

export function SystemHealth() {
  const health = useDetailedHealth();
  const refresh = (
    <Group>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconRefresh size={14} aria-hidden />}
        loading={health.isFetching}
        onClick={() => void health.refetch()}
      >
        Refresh
      </Button>
    </Group>
  );

  return (
    <>
      <PageHeader
        title="System Analytics"
        description="Health of the API server and its database, refreshed every 30 seconds."
        actions={refresh}
      />
      {health.isPending ? (
        <InlineLoader label="Loading system health" />
      ) : health.isError ? (
        <ErrorAlert
          title="Could not load system health"
          error={health.error}
          onRetry={() => void health.refetch()}
        />
      ) : (
        <Stack gap="md">
          <Group gap="xs">
            <Text fw={600}>Status</Text>
            <Badge color={health.data.status === 'ok' ? 'teal.9' : 'red.9'} variant="filled">
              {health.data.status === 'ok' ? 'All systems normal' : 'Degraded'}
            </Badge>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            <Stat
              label={`Database (${health.data.database.driver})`}
              value={health.data.database.reachable ? 'Reachable' : 'Unreachable'}
            />
            <Stat
              label="Database latency"
              value={
                health.data.database.latencyMs === null
                  ? 'n/a'
                  : `${health.data.database.latencyMs.toFixed(1)} ms`
              }
            />
            <Stat label="Uptime" value={formatUptime(health.data.uptimeSeconds)} />
            <Stat label="Memory (RSS)" value={formatBytes(health.data.memory.rssBytes)} />
            <Stat
              label="Heap used"
              value={`${formatBytes(health.data.memory.heapUsedBytes)} of ${formatBytes(health.data.memory.heapTotalBytes)}`}
            >
              <Progress
                mt="sm"
                aria-label="Heap used"
                value={
                  health.data.memory.heapTotalBytes > 0
                    ? (health.data.memory.heapUsedBytes / health.data.memory.heapTotalBytes) * 100
                    : 0
                }
              />
            </Stat>
            <Stat label="Version" value={health.data.version} />
          </SimpleGrid>
        </Stack>
      )}
    </>
  );
}
