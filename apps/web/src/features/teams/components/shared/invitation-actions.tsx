import { Button } from '@mantine/core';
import { useState } from 'react';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import type { ApiError } from '@/lib/api-client';
import { useRespondToInvitation } from '../../api/respond-to-invitation';
import { notifyFailure, notifySuccess } from './notify';

type InvitationActionsProps = { invitationId: string; teamName: string };

/** Accept (join at once) or reject (after a confirmation) a pending invitation. */
export function InvitationActions({ invitationId, teamName }: InvitationActionsProps) {
  const respond = useRespondToInvitation();
  const [confirming, setConfirming] = useState(false);
  const pending = respond.isPending ? respond.variables?.response : undefined;

  // The invitation leaves the lists as soon as they refetch, unmounting this component before
  // `mutate`'s own callbacks would run; the promise still settles, so it carries the notice.
  const accept = () =>
    respond.mutateAsync({ invitationId, response: 'accept' }).then(
      (data) => notifySuccess('Invitation accepted', `You joined ${data.teamName}`),
      (error: ApiError) => notifyFailure(`Could not join ${teamName}`, error),
    );

  const reject = () =>
    respond
      .mutateAsync({ invitationId, response: 'reject' })
      .then(
        (data) =>
          notifySuccess('Invitation declined', `You declined the invitation to ${data.teamName}`),
        (error: ApiError) => notifyFailure('Could not decline the invitation', error),
      )
      .finally(() => setConfirming(false));

  return (
    <>
      <Button
        size="xs"
        onClick={() => void accept()}
        loading={pending === 'accept'}
        disabled={respond.isPending && pending !== 'accept'}
        aria-label={`Accept invitation to ${teamName}`}
      >
        Accept
      </Button>
      <Button
        size="xs"
        variant="default"
        onClick={() => setConfirming(true)}
        disabled={respond.isPending}
        aria-label={`Reject invitation to ${teamName}`}
      >
        Reject
      </Button>
      <ConfirmModal
        opened={confirming}
        title="Reject this invitation?"
        confirmLabel="Reject invitation"
        loading={pending === 'reject'}
        onConfirm={() => void reject()}
        onClose={() => setConfirming(false)}
      >
        {`You will not join ${teamName}. To join later you would need a new invitation or an accepted request.`}
      </ConfirmModal>
    </>
  );
}
