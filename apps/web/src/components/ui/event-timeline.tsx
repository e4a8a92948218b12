import { Alert, Button, Stack, Text, ThemeIcon, Timeline } from '@mantine/core';
import {
  IconBook,
  IconBuilding,
  IconCrown,
  IconHistory,
  IconMail,
  IconNote,
  IconSchool,
  IconSend,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** One bullet icon per kind of event, so that a kind looks the same on every timeline. */
export const EVENT_ICONS = {
  team: <IconUsersGroup size={14} aria-hidden />,
  request: <IconSend size={14} aria-hidden />,
  invitation: <IconMail size={14} aria-hidden />,
  member: <IconUsers size={14} aria-hidden />,
  leader: <IconCrown size={14} aria-hidden />,
  notice: <IconNote size={14} aria-hidden />,
  enrollment: <IconSchool size={14} aria-hidden />,
  course: <IconBook size={14} aria-hidden />,
  organization: <IconBuilding size={14} aria-hidden />,
  other: <IconHistory size={14} aria-hidden />,
} satisfies Record<string, ReactNode>;

type EventTimelineProps<T extends { id: string }> = {
  /** The events loaded so far, newest first. */
  events: T[];
  /** How many there are in all. */
  total: number;
  /** The icon in an event's bullet, one of `EVENT_ICONS`. */
  icon: (event: T) => ReactNode;
  /** What an event says; `EventText` lays it out. */
  children: (event: T) => ReactNode;
  /** The server has more: a "Load more" button asks for the next page. */
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  /** The next page failed: said under the events, which stay. */
  loadMoreError?: Error | null;
};

/**
 * A history shown as a timeline (a team's, a user's own), growing a page at a time, with how
 * much of it is shown.
 */
export function EventTimeline<T extends { id: string }>({
  events,
  total,
  icon,
  children,
  hasMore,
  loadingMore,
  onLoadMore,
  loadMoreError,
}: EventTimelineProps<T>) {
  return (
    <>
      <Timeline bulletSize={24} lineWidth={2}>
        {events.map((event) => (
          <Timeline.Item
            key={event.id}
            bullet={
              <ThemeIcon size={24} radius="xl" color="blue.9" variant="filled">
                {icon(event)}
              </ThemeIcon>
            }
          >
            {children(event)}
          </Timeline.Item>
        ))}
      </Timeline>
      <Text size="xs" c="dimmed" aria-live="polite">
        Showing {events.length} of {total} {total === 1 ? 'event' : 'events'}
      </Text>
      {loadMoreError && (
        <Alert color="red.9" variant="outline" role="alert" title="Could not load more">
          {loadMoreError.message}
        </Alert>
      )}
      {hasMore && (
        <Button variant="default" size="xs" loading={loadingMore} onClick={onLoadMore}>
          Load more
        </Button>
      )}
    </>
  );
}

type EventTextProps = {
  /** What happened, as a sentence. */
  sentence: ReactNode;
  /** A quoted text that came with it (a message, a reason), if any. */
  detail?: string | null | undefined;
  /** The line under it: who, where, when. */
  children: ReactNode;
};

/** One event of an `EventTimeline`: its sentence, the quoted detail, then the given line. */
export function EventText({ sentence, detail, children }: EventTextProps) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={500} style={{ wordBreak: 'break-word' }}>
        {sentence}
      </Text>
      {detail && (
        <Text size="xs" fs="italic" style={{ wordBreak: 'break-word' }}>
          “{detail}”
        </Text>
      )}
      {children}
    </Stack>
  );
}
