import { Button } from '@mantine/core';
import { useState } from 'react';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import type { ApiError } from '@/lib/api-client';
import { useWithdrawJoinRequest } from '../../api/withdraw-join-request';
import { notifyFailure, notifySuccess } from './notify';

type WithdrawRequestButtonProps = { requestId: string; teamName: string };

/** Takes back the viewer's pending join request, after a confirmation. */
export function WithdrawRequestButton({ requestId, teamName }: WithdrawRequestButtonProps) {
  const withdraw = useWithdrawJoinRequest();
  const [confirming, setConfirming] = useState(false);

  // The request leaves the lists as soon as they refetch, unmounting this component before
  // `mutate`'s own callbacks would run; the promise still settles, so it carries the notice.
  const confirm = () =>
    withdraw
      .mutateAsync(requestId)
      .then(
        (data) =>
          notifySuccess('Request withdrawn', `Your request to join ${data.teamName} was withdrawn`),
        (error: ApiError) => notifyFailure('Could not withdraw the request', error),
      )
      .finally(() => setConfirming(false));

  return (
    <>
      <Button
        size="xs"
        variant="default"
        onClick={() => setConfirming(true)}
        aria-label={`Withdraw request to join ${teamName}`}
      >
        Withdraw
      </Button>
      <ConfirmModal
        opened={confirming}
        title="Withdraw your request?"
        confirmLabel="Withdraw request"
        loading={withdraw.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setConfirming(false)}
      >
        {`The leader of ${teamName} will no longer see your request.`}
      </ConfirmModal>
    </>
  );
}
