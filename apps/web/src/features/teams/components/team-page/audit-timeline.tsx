import { Paper, Stack, Text, Title } from '@mantine/core';
import type { TeamAuditEntry } from '@teamup/shared';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { EVENT_ICONS, EventText, EventTimeline } from '@/components/ui/event-timeline';
import { EmptyState, ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { ApiError } from '@/lib/api-client';
import { useAuditLog } from '../../api/get-audit-log';
import { describeAuditEntry } from './describe-audit-entry';

dayjs.extend(relativeTime);

function AuditItem({ entry }: { entry: TeamAuditEntry }) {
  const { sentence, detail } = describeAuditEntry(entry);
  return (
    <EventText sentence={sentence} detail={detail}>
      <Text size="xs" c="dimmed">
        {entry.actor ? `by ${entry.actor.fullname} · ` : ''}
        <time dateTime={entry.createdAt} title={dayjs(entry.createdAt).format('lll')}>
          {dayjs(entry.createdAt).fromNow()}
        </time>
      </Text>
    </EventText>
  );
}

type AuditTimelineProps = {
  teamId: string;
  /**
   * The server's word (viewer.canReadAudit): only the team's members and the course's admins
   * may read its history (a former member keeps their own team history, not the team's log,
   * issue 24). Others are told so without asking for it.
   */
  canRead: boolean;
};

/** The team's history as a timeline, newest first, growing with "Load more". */
export function AuditTimeline({ teamId, canRead }: AuditTimelineProps) {
  const log = useAuditLog(teamId, canRead);
  const entries = log.data?.pages.flatMap((p) => p.items) ?? [];
  const total = log.data?.pages[0]?.total ?? 0;
  // A refusal can still come, e.g. after leaving a team in another tab.
  const notAllowed =
    !canRead ||
    (log.error instanceof ApiError && (log.error.status === 403 || log.error.status === 404));

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="activity-heading"
    >
      <Stack gap="sm">
        <Title order={2} fz="lg" id="activity-heading">
          Activity
        </Title>
        {notAllowed ? (
          <Text size="sm" c="dimmed">
            The team&apos;s activity is visible to its members.
          </Text>
        ) : log.isPending ? (
          <InlineLoader label="Loading activity" />
        ) : log.isError ? (
          <ErrorAlert
            title="Could not load the activity"
            error={log.error}
            onRetry={() => void log.refetch()}
          />
        ) : entries.length === 0 ? (
          <EmptyState>No activity yet.</EmptyState>
        ) : (
          // A next page that fails shows as the error above, like the first.
          <EventTimeline
            events={entries}
            total={total}
            icon={(entry) => EVENT_ICONS[describeAuditEntry(entry).kind]}
            hasMore={log.hasNextPage}
            loadingMore={log.isFetchingNextPage}
            onLoadMore={() => void log.fetchNextPage()}
          >
            {(entry) => <AuditItem entry={entry} />}
          </EventTimeline>
        )}
      </Stack>
    </Paper>
  );
}
