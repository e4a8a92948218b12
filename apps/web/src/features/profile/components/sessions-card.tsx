import { Badge, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Session } from '@teamup/shared';
import { IconDeviceDesktop } from '@tabler/icons-react';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { useState } from 'react';
import { EmptyState, ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { NOTIFICATION_TEXTS } from '@/lib/notification-texts';
import { useRevokeSession } from '../api/revoke-session';
import { useSessions } from '../api/get-sessions';

dayjs.extend(relativeTime);

function SessionRow({ session, onSignOut }: { session: Session; onSignOut: (s: Session) => void }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" py="xs">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <IconDeviceDesktop size={24} aria-hidden />
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Group gap={6}>
            <Text fw={600} size="sm">
              {session.device}
            </Text>
            {session.current && (
              <Badge size="xs" color="teal.9" variant="filled">
                This device
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {session.ip ?? 'Unknown IP'} · last used{' '}
            <time dateTime={session.lastUsedAt} title={dayjs(session.lastUsedAt).format('LLL')}>
              {dayjs(session.lastUsedAt).fromNow()}
            </time>
          </Text>
        </Stack>
      </Group>
      {!session.current && (
        <Button
          size="xs"
          variant="outline"
          color="red.9"
          aria-label={`Sign out ${session.device}`}
          onClick={() => onSignOut(session)}
          // The device text wraps instead; a squeezed button would cut its label.
          style={{ flexShrink: 0 }}
        >
          Sign out
        </Button>
      )}
    </Group>
  );
}

export function SessionsCard() {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const [pending, setPending] = useState<Session | null>(null);

  const confirm = () => {
    if (!pending) return;
    revoke.mutate(pending.id, {
      onSuccess: () => notifications.show({ color: 'green', ...NOTIFICATION_TEXTS.sessionRevoked }),
      onError: (error) =>
        notifications.show({ color: 'red', title: 'Could not sign out', message: error.message }),
      onSettled: () => setPending(null),
    });
  };

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="sessions-heading"
    >
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} fz="lg" id="sessions-heading">
            Sessions
          </Title>
          <Text size="sm" c="dimmed">
            Devices signed in to your account. Sign out any you do not recognise.
          </Text>
        </Stack>
        {sessions.isPending ? (
          <InlineLoader label="Loading sessions" />
        ) : sessions.isError ? (
          <ErrorAlert
            title="Could not load sessions"
            error={sessions.error}
            onRetry={() => void sessions.refetch()}
          />
        ) : sessions.data.length === 0 ? (
          <EmptyState>No active sessions.</EmptyState>
        ) : (
          <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {sessions.data.map((s) => (
              <li key={s.id}>
                <SessionRow session={s} onSignOut={setPending} />
              </li>
            ))}
          </Stack>
        )}
      </Stack>
      <Modal.Root opened={pending !== null} onClose={() => setPending(null)} centered>
        <Modal.Overlay />
        <Modal.Content>
          {/* A div, not Mantine's default header: a second banner landmark fails axe. */}
          <Modal.Header component="div">
            <Modal.Title fw={600}>Sign out this device?</Modal.Title>
            <Modal.CloseButton aria-label="Close" />
          </Modal.Header>
          <Modal.Body>
            <Stack>
              <Text size="sm">
                {pending?.device} will be signed out and must sign in again to use Teamup.
              </Text>
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setPending(null)}>
                  Cancel
                </Button>
                <Button color="red.9" loading={revoke.isPending} onClick={confirm}>
                  Sign out device
                </Button>
              </Group>
            </Stack>
          </Modal.Body>
        </Modal.Content>
      </Modal.Root>
    </Paper>
  );
}
