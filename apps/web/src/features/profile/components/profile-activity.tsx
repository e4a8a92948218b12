import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ProfileActivityEntry } from '@teamup/shared';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import relativeTime from 'dayjs/plugin/relativeTime';
import { EVENT_ICONS, EventText, EventTimeline } from '@/components/ui/event-timeline';
import { EmptyState, ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { useAuthStore } from '@/lib/auth-store';
import { useProfileActivity } from '../api/get-profile-activity';
import { describeActivity } from '@/lib/describe-activity';

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

/** The user's own activity log (SPEC §3 activityLogs), newest first, 20 at a time. */
export function ProfileActivity() {
  const activity = useProfileActivity();
  const viewerId = useAuthStore((s) => s.user?.id);
  const entries = activity.data?.pages.flatMap((p) => p.items) ?? [];
  const total = activity.data?.pages.at(-1)?.total ?? 0;
  // Pages can overlap by a few entries when something happened while reading.
  const unique = entries.filter((e, i) => entries.findIndex((x) => x.id === e.id) === i);

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="recent-activity-heading"
    >
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} fz="lg" id="recent-activity-heading">
            Recent activity
          </Title>
          <Text size="sm" c="dimmed">
            What you did on Teamup, and what others did that concerns you.
          </Text>
        </Stack>
        {activity.isPending ? (
          <InlineLoader label="Loading activity" />
        ) : activity.isError && !activity.isFetchNextPageError ? (
          <ErrorAlert
            title="Could not load your activity"
            error={activity.error}
            onRetry={() => void activity.refetch()}
          />
        ) : unique.length === 0 ? (
          <EmptyState>
            No activity yet. Creating or joining a team and changes to your enrollments show up
            here.
          </EmptyState>
        ) : (
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
        )}
      </Stack>
    </Paper>
  );
}
