import { Box, Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { Notification } from '@teamup/shared';
import type { MouseEvent } from 'react';
import { TimeAgo } from '@/components/ui/time-ago';
import { isPlainClick } from './notification-toast';
import classes from './notification-item.module.css';

type NotificationItemProps = {
  notification: Notification;
  /** Marks it read and, for a plain click, goes to its place (the panel closes). */
  onOpen: (notification: Notification, navigate: boolean) => void;
};

/** One row of the panel: an unread marker, the sentence, when, and the link to act. */
export function NotificationItem({ notification, onOpen }: NotificationItemProps) {
  const unread = notification.readAt === null;
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    const plain = isPlainClick(event);
    if (plain) event.preventDefault();
    onOpen(notification, plain);
  };
  return (
    <UnstyledButton
      component="a"
      href={notification.link}
      onClick={click}
      className={classes.item}
      data-unread={unread || undefined}
      p="sm"
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Box className={classes.marker} data-unread={unread || undefined} aria-hidden mt={6} />
        <Stack gap={2} style={{ minWidth: 0 }}>
          {unread && <VisuallyHidden>Unread: </VisuallyHidden>}
          <Text size="sm" fw={unread ? 600 : 400} className={classes.text}>
            {notification.text}
          </Text>
          <Text size="xs" c="dimmed">
            <TimeAgo iso={notification.createdAt} />
            {notification.course ? ` · ${notification.course.code}` : ''}
          </Text>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}
