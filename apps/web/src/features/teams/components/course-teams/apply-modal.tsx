import { Text } from '@mantine/core';
import type { TeamSummary } from '@teamup/shared';
import { useApplyToTeam } from '../../api/apply-to-team';
import { FormModal } from '../shared/form-modal';
import { notifyFailure, notifySuccess } from '../shared/notify';
import { MessageForm } from './message-form';

type ApplyModalProps = {
  team: Pick<TeamSummary, 'id' | 'name' | 'leader'> | null;
  onClose: () => void;
};

/** Apply to a team with an optional message for its leader. */
export function ApplyModal({ team, onClose }: ApplyModalProps) {
  const apply = useApplyToTeam();
  // A refusal of an earlier attempt must not greet the next opening.
  const close = () => {
    apply.reset();
    onClose();
  };
  return (
    <FormModal opened={team !== null} title={`Apply to ${team?.name ?? ''}`} onClose={close}>
      {team && (
        <MessageForm
          label={`Apply to ${team.name}`}
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
                  notifyFailure(`Could not apply to ${team.name}`, error);
                  // A refusal about the team itself (full, closed, deadline) will not change by
                  // editing the message: the dialog closes and the refreshed list shows why.
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
