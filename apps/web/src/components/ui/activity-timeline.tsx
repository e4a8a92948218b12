import { Text } from '@mantine/core';
import type { Paginated, ProfileActivityEntry } from '@teamup/shared';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import relativeTime from 'dayjs/plugin/relativeTime';
import type { ReactNode } from 'react';
import { useAuthStore } from '@/lib/auth-store';
import { describeActivity } from '@/lib/describe-activity';
import { EVENT_ICONS, EventText, EventTimeline } from './event-timeline';
import { EmptyState, ErrorAlert, InlineLoader } from './query-state';

dayjs.extend(relativeTime);
dayjs.extend(localizedFormat);

/** Where it happened: course (code and title) or organization. */
function placeOf(entry: ProfileActivityEntry): string | null {
  if (entry.course) return `${entry.course.code} · ${entry.course.title}`;
  return entry.organization?.name ?? null;
}

function ActivityItem({ entry, viewerId }: { entry: ProfileActivityEntry; viewerId?: string }) {
  const { sentence, detail } = describeActivity(entry, viewerId);
  const place = placeOf(entry);
  return (
    <EventText sentence={sentence} detail={detail}>
      <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
        {place ? `${place} · ` : ''}
        <time dateTime={entry.createdAt} title={dayjs(entry.createdAt).format('LLL')}>
          {dayjs(entry.createdAt).fromNow()}
        </time>
      </Text>
    </EventText>
  );
}

type ActivityTimelineProps = {
  /** A user's activity log, read a page at a time. */
  activity: UseInfiniteQueryResult<InfiniteData<Paginated<ProfileActivityEntry>>>;
  /** The title of the alert when the first page fails. */
  errorTitle: string;
  /** Said when there is no event at all. */
  empty: ReactNode;
};

/**
 * An activity log (one's own, or a student's as another sees it) as sentences on an
 * `EventTimeline`, with its loading, error and empty states.
 */
export function ActivityTimeline({ activity, errorTitle, empty }: ActivityTimelineProps) {
  const viewerId = useAuthStore((s) => s.user?.id);
  const entries = activity.data?.pages.flatMap((p) => p.items) ?? [];
  const total = activity.data?.pages.at(-1)?.total ?? 0;
  // Pages can overlap by a few entries when something happened while reading.
  const unique = entries.filter((e, i) => entries.findIndex((x) => x.id === e.id) === i);

  if (activity.isPending) return <InlineLoader label="Loading activity" />;
  if (activity.isError && !activity.isFetchNextPageError) {
    return (
      <ErrorAlert
        title={errorTitle}
        error={activity.error}
        onRetry={() => void activity.refetch()}
      />
    );
  }
  if (unique.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <EventTimeline
      events={unique}
      total={total}
      icon={(entry) => EVENT_ICONS[describeActivity(entry, viewerId).kind]}
      hasMore={activity.hasNextPage}
      loadingMore={activity.isFetchingNextPage}
      onLoadMore={() => void activity.fetchNextPage()}
      loadMoreError={activity.isFetchNextPageError ? activity.error : null}
    >
      {(entry) => <ActivityItem entry={entry} viewerId={viewerId} />}
    </EventTimeline>
  );
}
