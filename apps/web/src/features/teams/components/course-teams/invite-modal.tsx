import { Text } from '@mantine/core';
import type { Classmate } from '@teamup/shared';
import { useInviteClassmate } from '../../api/invite-classmate';
import { FormModal } from '../shared/form-modal';
import { notifyFailure, notifySuccess } from '../shared/notify';
import { MessageForm } from './message-form';

type InviteModalProps = {
  team: { id: string; name: string };
  classmate: Pick<Classmate, 'userId' | 'fullname'> | null;
  onClose: () => void;
};

/** The leader invites a classmate without a team, with an optional message. */
export function InviteModal({ team, classmate, onClose }: InviteModalProps) {
  const invite = useInviteClassmate();
  // A refusal of an earlier attempt must not greet the next opening.
  const close = () => {
    invite.reset();
    onClose();
  };
  return (
    <FormModal
      opened={classmate !== null}
      title={`Invite ${classmate?.fullname ?? ''}`}
      onClose={close}
    >
      {classmate && (
        <MessageForm
          label={`Invite ${classmate.fullname}`}
          intro={
            <Text size="sm">
              {classmate.fullname} joins {team.name} as soon as they accept, if a seat is still
              free.
            </Text>
          }
          messageLabel="Message"
          placeholder="What the team is building and why you would like them on it"
          submitLabel="Send invitation"
          pending={invite.isPending}
          error={invite.error}
          onCancel={close}
          onSubmit={(message) =>
            invite.mutate(
              { teamId: team.id, userId: classmate.userId, message },
              {
                onSuccess: (invitation) => {
                  notifySuccess(
                    'Invitation sent',
                    `${invitation.invitee.fullname} was invited to ${invitation.teamName}`,
                  );
                  close();
                },
                onError: (error) => {
                  notifyFailure(`Could not invite ${classmate.fullname}`, error);
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
