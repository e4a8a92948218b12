import { Text } from '@mantine/core';
import type { TeamSummary } from '@teamup/shared';
import { useApplyToTeam } from '../../api/apply-to-team';
import { FormModal } from '@/components/ui/form-modal';
import { MessageForm } from '@/components/ui/message-form';
import { notifyFailure, notifySuccess } from './notify';

type ApplyModalProps = {
  /** The team to apply to; null keeps the dialog closed. */
  team: Pick<TeamSummary, 'id' | 'name' | 'leader'> | null;
  /** The team is full: the request goes on its waitlist (issue 15). */
  waitlist?: boolean;
  onClose: () => void;
};

/**
 * Ask to join a team with an optional message for its leader: the one dialog of the course's
 * team list and of the team page.
 */
export function ApplyModal({ team, waitlist = false, onClose }: ApplyModalProps) {
  const apply = useApplyToTeam();
  // A refusal of an earlier attempt must not greet the next opening.
  const close = () => {
    apply.reset();
    onClose();
  };
  return (
    <FormModal
      opened={team !== null}
      title={
        waitlist ? `Join the waitlist of ${team?.name ?? ''}` : `Ask to join ${team?.name ?? ''}`
      }
      onClose={close}
    >
      {team && (
        <MessageForm
          label={waitlist ? `Join the waitlist of ${team.name}` : `Ask to join ${team.name}`}
          intro={
            waitlist ? (
              <Text size="sm">
                {team.name} is full. Your request waits in line; when a seat opens and you are
                first, it goes to {team.leader.fullname}, who decides. You can leave the waitlist at
                any time.
              </Text>
            ) : (
              <Text size="sm">
                {team.leader.fullname} leads this team and decides on your request. You can withdraw
                it while it is pending.
              </Text>
            )
          }
          messageLabel="Message to the leader"
          placeholder="Why you would like to join, what you bring"
          submitLabel={waitlist ? 'Join waitlist' : 'Send request'}
          pending={apply.isPending}
          error={apply.error}
          onCancel={close}
          onSubmit={(message) =>
            apply.mutate(
              { teamId: team.id, message },
              {
                onSuccess: (request) => {
                  // The team may have filled (or freed a seat) since the page was drawn: the
                  // answer's status says where the request went.
                  if (request.status === 'WAITLISTED') {
                    notifySuccess(
                      'On the waitlist',
                      `${request.teamName} is full; you are number ${request.waitlistPosition ?? 1} on its waitlist`,
                    );
                  } else {
                    notifySuccess('Request sent', `Request sent to ${request.teamName}`);
                  }
                  close();
                },
                onError: (error) => {
                  notifyFailure(`Could not send your request to ${team.name}`, error);
                  // A refusal about the team itself (full, closed, deadline) will not change by
                  // editing the message: the dialog closes and the refreshed page shows why.
                  if (error.details.length === 0) close();
                },
              },
            )
          }
        />
      )}
    </FormModal>
  );
}
