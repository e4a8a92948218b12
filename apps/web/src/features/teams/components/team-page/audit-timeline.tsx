import { Paper, Stack, Text, Title } from '@mantine/core';
import type { TeamAuditEntry } from '@teamup/shared';
import {
  IconCrown,
  IconHistory,
  IconMail,
  IconNote,
  IconSend,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import type { ReactNode } from 'react';
import { EventText, EventTimeline } from '@/components/ui/event-timeline';
import { EmptyState, ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { ApiError } from '@/lib/api-client';
import { useAuditLog } from '../../api/get-audit-log';
import { describeAuditEntry, type AuditKind } from './describe-audit-entry';

dayjs.extend(relativeTime);

const ICONS: Record<AuditKind, ReactNode> = {
  team: <IconUsersGroup size={14} aria-hidden />,
  request: <IconSend size={14} aria-hidden />,
  invitation: <IconMail size={14} aria-hidden />,
  member: <IconUsers size={14} aria-hidden />,
  leader: <IconCrown size={14} aria-hidden />,
  notice: <IconNote size={14} aria-hidden />,
  other: <IconHistory size={14} aria-hidden />,
};

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
   * The server's word (viewer.canReadAudit): only current and former members and the course's
   * admins may read a team's history. Others are told so without asking for it.
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
            icon={(entry) => ICONS[describeAuditEntry(entry).kind]}
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
