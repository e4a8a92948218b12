import { Text } from '@mantine/core';
import type { TeamSummary } from '@teamup/shared';
import { useApplyToTeam } from '../../api/apply-to-team';
import { FormModal } from './form-modal';
import { MessageForm } from './message-form';
import { notifyFailure, notifySuccess } from './notify';

type ApplyModalProps = {
  /** The team to apply to; null keeps the dialog closed. */
  team: Pick<TeamSummary, 'id' | 'name' | 'leader'> | null;
  onClose: () => void;
};

/**
 * Ask to join a team with an optional message for its leader: the one dialog of the course's
 * team list and of the team page.
 */
export function ApplyModal({ team, onClose }: ApplyModalProps) {
  const apply = useApplyToTeam();
  // A refusal of an earlier attempt must not greet the next opening.
  const close = () => {
    apply.reset();
    onClose();
  };
  return (
    <FormModal opened={team !== null} title={`Ask to join ${team?.name ?? ''}`} onClose={close}>
      {team && (
        <MessageForm
          label={`Ask to join ${team.name}`}
          intro={
            <Text size="sm">
              {team.leader.fullname} leads this team and decides on your request. You can withdraw
              it while it is pending.
            </Text>
          }
          messageLabel="Message to the leader"
          placeholder="Why you would like to join, what you bring"
          submitLabel="Send request"
          pending={apply.isPending}
          error={apply.error}
          onCancel={close}
          onSubmit={(message) =>
            apply.mutate(
              { teamId: team.id, message },
              {
                onSuccess: (request) => {
                  notifySuccess('Request sent', `Request sent to ${request.teamName}`);
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
