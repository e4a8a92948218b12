import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Invitation, TeamDetail } from '@teamup/shared';
import { IconX } from '@tabler/icons-react';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { useState } from 'react';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { ListPagination } from '@/components/ui/list-pagination';
import { EmptyState, ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { UserAvatar } from '@/components/ui/user-avatar';
import { useCancelInvitation } from '../../api/cancel-invitation';
import { useTeamInvitations } from '../../api/get-team-invitations';
import { notifyFailure, notifySuccess } from '../shared/notify';
import type { Gate } from './team-rules';
import { useClampPage } from './use-clamp-page';
import { TEAM_PAGE_LIST_SIZE } from '../../api/team-page-reads';

dayjs.extend(relativeTime);

// The route's loader starts the first page of this list (decision 101).
const PAGE_SIZE = TEAM_PAGE_LIST_SIZE;

type TeamInvitationsCardProps = { team: TeamDetail; cancelGate: Gate | null };

/** The leader's pending invitations, each cancellable. */
export function TeamInvitationsCard({ team, cancelGate }: TeamInvitationsCardProps) {
  const [page, setPage] = useState(1);
  const invitations = useTeamInvitations(team.id, { page, limit: PAGE_SIZE });
  useClampPage(page, setPage, invitations.data);
  const cancel = useCancelInvitation();
  const [cancelling, setCancelling] = useState<Invitation | null>(null);

  const confirmCancel = () => {
    if (!cancelling) return;
    const invitation = cancelling;
    cancel.mutate(invitation.id, {
      onSuccess: () =>
        notifySuccess(
          'Invitation cancelled',
          `The invitation of ${invitation.invitee.fullname} was cancelled`,
        ),
      onError: (error) => notifyFailure('Could not cancel the invitation', error),
      onSettled: () => setCancelling(null),
    });
  };

  const total = invitations.data?.total ?? 0;

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="invitations-heading"
    >
      <Stack gap="xs">
        <Group gap="xs">
          <Title order={2} fz="lg" id="invitations-heading">
            Invitations sent
          </Title>
          {total > 0 && (
            <Badge color="teal.9" variant="filled" aria-label={`${total} pending`}>
              {total}
            </Badge>
          )}
        </Group>
        {invitations.isPending ? (
          <InlineLoader label="Loading invitations" />
        ) : invitations.isError ? (
          <ErrorAlert
            title="Could not load the invitations"
            error={invitations.error}
            onRetry={() => void invitations.refetch()}
          />
        ) : invitations.data.items.length === 0 ? (
          <EmptyState>No pending invitations.</EmptyState>
        ) : (
          <>
            <Stack
              component="ul"
              gap={0}
              m={0}
              p={0}
              style={{ listStyle: 'none' }}
              aria-label="Pending invitations"
            >
              {invitations.data.items.map((invitation) => (
                <Group
                  key={invitation.id}
                  component="li"
                  gap="sm"
                  py="xs"
                  justify="space-between"
                  align="flex-start"
                  wrap="nowrap"
                >
                  <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
                    <UserAvatar
                      fullname={invitation.invitee.fullname}
                      avatar={invitation.invitee.avatar}
                      size="md"
                    />
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      <Text fw={600} size="sm">
                        {invitation.invitee.fullname}
                      </Text>
                      <Text size="xs" c="dimmed">
                        Invited{' '}
                        <time
                          dateTime={invitation.createdAt}
                          title={dayjs(invitation.createdAt).format('lll')}
                        >
                          {dayjs(invitation.createdAt).fromNow()}
                        </time>
                        {invitation.invitedBy ? ` by ${invitation.invitedBy.fullname}` : ''}
                      </Text>
                      {invitation.message && (
                        <Text size="sm" fs="italic" style={{ wordBreak: 'break-word' }}>
                          “{invitation.message}”
                        </Text>
                      )}
                    </Stack>
                  </Group>
                  {cancelGate?.ok && (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red.9"
                      c="red.9"
                      leftSection={<IconX size={14} aria-hidden />}
                      onClick={() => setCancelling(invitation)}
                      aria-label={`Cancel the invitation of ${invitation.invitee.fullname}`}
                      style={{ flexShrink: 0 }}
                    >
                      Cancel
                    </Button>
                  )}
                </Group>
              ))}
            </Stack>
            {total > PAGE_SIZE && (
              <ListPagination
                page={page}
                limit={PAGE_SIZE}
                total={total}
                onChange={setPage}
                noun="invitations"
              />
            )}
          </>
        )}
      </Stack>
      <ConfirmModal
        opened={cancelling !== null}
        title="Cancel the invitation?"
        confirmLabel="Cancel invitation"
        loading={cancel.isPending}
        onConfirm={confirmCancel}
        onClose={() => setCancelling(null)}
      >
        {cancelling
          ? `${cancelling.invitee.fullname} will no longer be able to accept it. You can invite them again later.`
          : ''}
      </ConfirmModal>
    </Paper>
  );
}
