import { ActionIcon, Badge, Box, Drawer, Popover } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconBell } from '@tabler/icons-react';
import { Suspense, lazy } from 'react';
import { InlineLoader } from '@/components/ui/query-state';
import { useUnreadCount } from '../api/get-unread-count';
import { PANEL_HEADING_ID, PANEL_ID } from './panel-ids';

// The panel (list, items, dayjs) loads when the bell is first opened.
const NotificationPanel = lazy(() => import('./notification-panel'));

/** Under this width the panel is a full-width drawer instead of a popover. */
export const BELL_DRAWER_BREAKPOINT_PX = 640;

/** The bell's accessible name: what it is and how many are unread. */
export function bellLabel(unread: number | undefined): string {
  if (!unread) return 'Notifications';
  return `Notifications, ${unread > 99 ? 'more than 99' : unread} unread`;
}

/** The header's bell: the unread count as a badge, and the panel (popover or drawer at 375 px). */
export function NotificationBell() {
  const count = useUnreadCount();
  const unread = count.data?.unread ?? 0;
  const [opened, panel] = useDisclosure(false);
  const wide = useMediaQuery(`(min-width: ${BELL_DRAWER_BREAKPOINT_PX}px)`, true, {
    getInitialValueInEffect: false,
  });

  const content = (showHeading: boolean) => (
    <Suspense fallback={<InlineLoader label="Loading notifications" />}>
      <NotificationPanel
        hasUnread={unread > 0}
        onClose={panel.close}
        showHeading={showHeading}
        maxHeight={showHeading ? 420 : '100%'}
      />
    </Suspense>
  );

  const button = (
    <ActionIcon
      variant="subtle"
      color="gray.8"
      size="lg"
      onClick={panel.toggle}
      aria-label={bellLabel(unread)}
      aria-expanded={opened}
      aria-controls={opened ? PANEL_ID : undefined}
      aria-haspopup="dialog"
      pos="relative"
    >
      <IconBell size={22} aria-hidden />
      {unread > 0 && (
        <Badge
          size="xs"
          circle={unread < 10}
          color="red.9"
          variant="filled"
          aria-hidden
          pos="absolute"
          top={-2}
          right={-4}
          px={unread < 10 ? 0 : 4}
          style={{ pointerEvents: 'none' }}
        >
          {unread > 99 ? '99+' : unread}
        </Badge>
      )}
    </ActionIcon>
  );

  if (!wide) {
    return (
      <>
        {button}
        <Drawer.Root opened={opened} onClose={panel.close} position="right" size="100%">
          <Drawer.Overlay />
          <Drawer.Content id={PANEL_ID}>
            {/* A div, not Mantine's default header: a second banner landmark fails axe. */}
            <Drawer.Header component="div">
              <Drawer.Title fw={700}>Notifications</Drawer.Title>
              <Drawer.CloseButton aria-label="Close notifications" />
            </Drawer.Header>
            <Drawer.Body>{content(false)}</Drawer.Body>
          </Drawer.Content>
        </Drawer.Root>
      </>
    );
  }

  return (
    <Popover
      opened={opened}
      onChange={(o) => (o ? panel.open() : panel.close())}
      onDismiss={panel.close}
      position="bottom-end"
      width={380}
      shadow="md"
      radius="md"
      trapFocus
      returnFocus
    >
      <Popover.Target>{button}</Popover.Target>
      <Popover.Dropdown id={PANEL_ID} role="dialog" aria-labelledby={PANEL_HEADING_ID} p="sm">
        <Box>{content(true)}</Box>
      </Popover.Dropdown>
    </Popover>
  );
}
