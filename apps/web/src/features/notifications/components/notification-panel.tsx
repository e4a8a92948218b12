import { Button, Divider, Group, ScrollArea, Stack, Title } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import type { Notification } from '@teamup/shared';
import { IconChecks } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { EmptyState, ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { flattenNotifications, useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead, useMarkNotificationRead } from '../api/mark-read';
import { NotificationItem } from './notification-item';
import { PANEL_HEADING_ID } from './panel-ids';

type NotificationPanelProps = {
  /** Whether anything is unread (the badge's figure): "Mark all as read" shows only then. */
  hasUnread: boolean;
  /** Closes the popover or drawer after following a link. */
  onClose: () => void;
  /** The drawer (375 px) has its own title; the popover shows this heading. */
  showHeading?: boolean;
  /** The list's height in the popover; the drawer lets it grow. */
  maxHeight?: number | string;
};

/** The bell's panel: my notifications, newest first, a page at a time; mark one or all read. */
export function NotificationPanel({
  hasUnread,
  onClose,
  showHeading = true,
  maxHeight = 420,
}: NotificationPanelProps) {
  const list = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const navigate = useNavigate();
  const items = flattenNotifications(list.data?.pages);

  const open = (notification: Notification, follow: boolean) => {
    if (notification.readAt === null) markRead.mutate(notification.id);
    if (!follow) return;
    onClose();
    void navigate({ to: notification.link });
  };

  const markAllRead = () =>
    markAll.mutate(undefined, {
      onError: (error) =>
        toasts.show({ color: 'red', title: 'Could not mark as read', message: error.message }),
    });

  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        {showHeading ? (
          <Title order={2} fz="md" id={PANEL_HEADING_ID}>
            Notifications
          </Title>
        ) : (
          <span />
        )}
        {hasUnread && items.length > 0 && (
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconChecks size={16} aria-hidden />}
            loading={markAll.isPending}
            onClick={markAllRead}
          >
            Mark all as read
          </Button>
        )}
      </Group>
      <Divider />
      {list.isPending ? (
        <InlineLoader label="Loading notifications" />
      ) : list.isError ? (
        <ErrorAlert
          title="Could not load notifications"
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : items.length === 0 ? (
        <EmptyState>No notifications yet. What happens to your teams will show here.</EmptyState>
      ) : (
        <ScrollArea.Autosize mah={maxHeight} type="auto" offsetScrollbars>
          <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {items.map((n) => (
              <li key={n.id}>
                <NotificationItem notification={n} onOpen={open} />
              </li>
            ))}
          </Stack>
          {list.hasNextPage && (
            <Group justify="center" mt="xs">
              <Button
                variant="default"
                size="xs"
                loading={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                Load more
              </Button>
            </Group>
          )}
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}

export default NotificationPanel;
