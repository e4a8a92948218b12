import type { DetailedHealth, HealthCheck, HealthStatus } from '@teamup/shared';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { HEALTH_REFRESH_MS, useDetailedHealth } from '../api/get-detailed-health';
import { formatMb, formatMs, formatSeconds, formatUpdated } from '../utils/format';
import { countOf } from '@/lib/format';

const STATUS_LABEL: Record<HealthStatus, string> = {
  ok: 'OK',
  degraded: 'Degraded',
  down: 'Down',
};

const OVERALL_LABEL: Record<HealthStatus, string> = {
  ok: 'All systems normal',
  degraded: 'Degraded',
  down: 'Down',
};

export function StatusBadge({ status, label }: { status: HealthStatus; label?: string }) {
  const text = label ?? STATUS_LABEL[status];
  if (status === 'degraded') {
    return (
      <Badge color="yellow.5" variant="filled" autoContrast>
        {text}
      </Badge>
    );
  }
  return (
    <Badge color={status === 'ok' ? 'teal.9' : 'red.9'} variant="filled">
      {text}
    </Badge>
  );
}

/** The current time, ticking every `ms` (for "Updated 4 s ago"). */
function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

interface FigureProps {
  label: string;
  value: ReactNode;
  /** The limit written under the label, e.g. "Degraded above 100 ms". */
  limit?: string;
  check?: Pick<HealthCheck, 'status'>;
}

/** One figure: its name and limit on the left, its value and verdict on the right. */
function Figure({ label, value, limit, check }: FigureProps) {
  return (
    <Group
      justify="space-between"
      align="flex-start"
      wrap="nowrap"
      gap="sm"
      py={6}
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Box component="dt" miw={0}>
        <Text size="sm">{label}</Text>
        {limit && (
          <Text size="xs" c="dimmed">
            {limit}
          </Text>
        )}
      </Box>
      <Group component="dd" gap={6} wrap="nowrap" m={0} style={{ flexShrink: 0 }}>
        <Text size="sm" fw={600} ta="right">
          {value}
        </Text>
        {check && <StatusBadge status={check.status} />}
      </Group>
    </Group>
  );
}

function FigureGroup({
  title,
  aside,
  children,
}: {
  title: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="xs" gap="xs">
        <Title order={3} fz="lg">
          {title}
        </Title>
        {aside}
      </Group>
      <Box component="dl" m={0}>
        {children}
      </Box>
    </Card>
  );
}

const above = (limit: string) => `Degraded above ${limit}`;

function DatabaseGroup({ database }: { database: DetailedHealth['database'] }) {
  const { latency, latencyP99, pool, migrations } = database;
  return (
    <FigureGroup
      title="Database"
      aside={
        <Text size="sm" c="dimmed">
          {database.driver === 'postgres' ? 'PostgreSQL' : 'PGlite'}
        </Text>
      }
    >
      <Figure
        label="Connection"
        value={database.reachable ? 'Reachable' : 'Unreachable'}
        limit="Down when it does not answer"
        check={{ status: database.reachable ? 'ok' : 'down' }}
      />
      <Figure
        label="Round trip now"
        value={latency.value === null ? 'n/a' : formatMs(latency.value)}
        limit={above(formatMs(latency.degradedAbove))}
        check={latency}
      />
      <Figure
        label={`Round trip p99, last ${formatSeconds(latencyP99.windowSeconds)}`}
        value={latencyP99.value === null ? 'n/a' : formatMs(latencyP99.value)}
        limit={`Of ${countOf(latencyP99.samples, 'sample')}; ${above(formatMs(latencyP99.degradedAbove)).toLowerCase()}`}
        check={latencyP99}
      />
      {pool ? (
        <>
          <Figure
            label="Pool connections"
            value={`${pool.inUse} in use, ${pool.idle} idle of ${pool.max}`}
          />
          <Figure
            label="Waiting for a connection"
            value={pool.waiting.value ?? 'n/a'}
            limit={above(String(pool.waiting.degradedAbove))}
            check={pool.waiting}
          />
          <Figure
            label="Read lanes"
            value={`${pool.readLanes.open} of ${pool.readLanes.size} open, ${countOf(pool.readLanes.inFlight, 'query', 'queries')} in flight`}
          />
        </>
      ) : (
        <Figure label="Pool connections" value="Not pooled (in process)" />
      )}
      <Figure
        label={migrations.latest ? `Migrations (latest ${migrations.latest})` : 'Migrations'}
        value={`${migrations.applied} of ${migrations.expected} applied`}
        limit="Degraded when any is pending"
        check={migrations.pending}
      />
    </FigureGroup>
  );
}

function CsvJobsGroup({ csv }: { csv: DetailedHealth['csvJobs'] }) {
  const lease = csv.lease;
  return (
    <FigureGroup title="CSV jobs">
      <Figure label="Queued" value={csv.queued} />
      <Figure label="Processing" value={csv.processing} />
      <Figure
        label="Oldest waiting"
        value={
          csv.oldestWaitingSeconds.value === null
            ? 'None waiting'
            : formatSeconds(csv.oldestWaitingSeconds.value)
        }
        limit={above(formatSeconds(csv.oldestWaitingSeconds.degradedAbove))}
        check={csv.oldestWaitingSeconds}
      />
      <Figure
        label="Failed in the last 24 h"
        value={csv.failedLast24h.value ?? 'n/a'}
        limit={above(String(csv.failedLast24h.degradedAbove))}
        check={csv.failedLast24h}
      />
      <Figure
        label="Lease holder"
        value={
          lease === null
            ? 'None'
            : `Upload ${lease.uploadId.slice(0, 8)}, attempt ${lease.attempt}${
                lease.expiresInSeconds === null
                  ? ''
                  : lease.expiresInSeconds >= 0
                    ? `, ends in ${formatSeconds(lease.expiresInSeconds)}`
                    : `, ran out ${formatSeconds(-lease.expiresInSeconds)} ago`
              }`
        }
      />
      <Figure
        label="Lease overdue"
        value={formatSeconds(csv.leaseOverdueSeconds.value ?? 0)}
        limit={above(formatSeconds(csv.leaseOverdueSeconds.degradedAbove))}
        check={csv.leaseOverdueSeconds}
      />
    </FigureGroup>
  );
}

/** Issue 26: the email outbox (every process's). */
function MailGroup({ mail }: { mail: DetailedHealth['mail'] }) {
  return (
    <FigureGroup title="Email">
      <Figure label="Sending" value={mail.enabled ? 'On' : 'Off (SMTP_URL is not set)'} />
      <Figure label="Waiting to be sent" value={mail.pending} />
      <Figure label="Waiting for the daily digest" value={mail.held} />
      <Figure
        label="Oldest waiting"
        value={
          mail.oldestPendingSeconds.value === null
            ? 'None waiting'
            : formatSeconds(mail.oldestPendingSeconds.value)
        }
        limit={above(formatSeconds(mail.oldestPendingSeconds.degradedAbove))}
        check={mail.oldestPendingSeconds}
      />
      <Figure label="Sent in the last 24 h" value={mail.sentLast24h} />
      <Figure
        label="Given up in the last 24 h"
        value={mail.failedLast24h.value ?? 'n/a'}
        limit={above(String(mail.failedLast24h.degradedAbove))}
        check={mail.failedLast24h}
      />
      <Figure label="Undeliverable addresses" value={mail.undeliverableAddresses} />
    </FigureGroup>
  );
}

function ProcessGroup({ health }: { health: DetailedHealth }) {
  const { process: figures, memory } = health;
  return (
    <FigureGroup title="Process">
      <Figure
        label="Version"
        value={health.commit ? `${health.version} (${health.commit.slice(0, 7)})` : health.version}
      />
      <Figure label="Uptime" value={formatSeconds(health.uptimeSeconds)} />
      <Figure
        label="Memory (RSS)"
        value={formatMb(memory.rssBytes)}
        limit={above(`${figures.rssMb.degradedAbove} MB`)}
        check={figures.rssMb}
      />
      {/* Issue 35: the percentage and the figures beside it are of the same thing, the limit;
          the heap V8 holds now (which grows up to it) is said apart. */}
      <Figure
        label="Heap used"
        value={`${formatMb(memory.heapUsedBytes)} of the ${formatMb(memory.heapLimitBytes)} limit (${figures.heapUsedPercent.value ?? 'n/a'}%)`}
        limit={`Heap held now ${formatMb(memory.heapTotalBytes)}; ${above(`${figures.heapUsedPercent.degradedAbove}% of the limit`).toLowerCase()}`}
        check={figures.heapUsedPercent}
      />
      <Figure
        label="Event-loop delay p99"
        value={
          figures.eventLoopDelayP99Ms.value === null
            ? 'n/a'
            : formatMs(figures.eventLoopDelayP99Ms.value)
        }
        limit={above(formatMs(figures.eventLoopDelayP99Ms.degradedAbove))}
        check={figures.eventLoopDelayP99Ms}
      />
      <Figure label="Requests per minute" value={figures.requestsPerMinute} />
      <Figure
        label="5xx per minute"
        value={figures.serverErrorsPerMinute.value ?? 'n/a'}
        limit={above(String(figures.serverErrorsPerMinute.degradedAbove))}
        check={figures.serverErrorsPerMinute}
      />
    </FigureGroup>
  );
}

/**
 * The health section of /s/health: the database, the CSV jobs, email and the process, every figure
 * with its limit, the overall status, refreshed every 10 s. A failed refresh keeps the last
 * figures and says so.
 */
export function SystemHealth() {
  const health = useDetailedHealth();
  const now = useNow(1000);
  const data = health.data;

  return (
    <Stack gap="md" component="section" aria-labelledby="system-health-title">
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          <Title order={2} id="system-health-title" fz="xl">
            System health
          </Title>
          {data && <StatusBadge status={data.status} label={OVERALL_LABEL[data.status]} />}
        </Group>
        <Group gap="sm">
          {data && (
            <Text size="sm" c="dimmed">
              {formatUpdated(health.dataUpdatedAt, Math.max(now, health.dataUpdatedAt))}
            </Text>
          )}
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
      </Group>
      <Text size="sm" c="dimmed">
        Refreshed every {HEALTH_REFRESH_MS / 1000} seconds. A figure past its limit makes the whole
        degraded; the whole is down when the database does not answer.
      </Text>
      {health.isError && data && (
        <Alert
          color="red.9"
          variant="outline"
          role="alert"
          icon={<IconAlertTriangle aria-hidden />}
          title="Could not refresh"
        >
          <Text size="sm">
            {health.error instanceof Error ? `${health.error.message}. ` : ''}
            These figures are from {new Date(health.dataUpdatedAt).toLocaleTimeString('en-GB')}; the
            next try is in a few seconds.
          </Text>
        </Alert>
      )}
      {health.isPending ? (
        <InlineLoader label="Loading system health" />
      ) : !data ? (
        <ErrorAlert
          title="Could not load system health"
          error={health.error}
          onRetry={() => void health.refetch()}
        />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
          <DatabaseGroup database={data.database} />
          <CsvJobsGroup csv={data.csvJobs} />
          <MailGroup mail={data.mail} />
          <ProcessGroup health={data} />
        </SimpleGrid>
      )}
    </Stack>
  );
}
