import type { InviteOption } from '@teamup/shared';
import { IconUserPlus } from '@tabler/icons-react';
import { useInviteStudent } from '../api/invite-student';
import { MessageAction } from './message-action';

type InviteButtonProps = { option: InviteOption; student: { id: string; fullname: string } };

function InviteButton({ option, student }: InviteButtonProps) {
  const invite = useInviteStudent();
  return (
    <MessageAction
      label={`Invite to my team (${option.courseCode})`}
      ariaLabel={`Invite to my team (${option.courseCode}): ${student.fullname} to ${option.teamName}`}
      icon={<IconUserPlus size={14} aria-hidden />}
      title={`Invite ${student.fullname} to ${option.teamName}`}
      intro={`${student.fullname} sees your invitation and your message, and joins ${option.teamName} when they accept.`}
      messageLabel={`Message to ${student.fullname}`}
      placeholder="Why you would like them in your team"
      failureTitle="Could not send the invitation"
      submitLabel="Send invitation"
      doneLabel={`Invited to ${option.teamName}`}
      send={(message) =>
        invite.mutateAsync({ teamId: option.teamId, userId: student.id, message }).then(() => ({
          title: 'Invitation sent',
          message: `${student.fullname} is invited to ${option.teamName}; they join when they accept.`,
        }))
      }
      pending={invite.isPending}
      error={invite.error}
      reset={invite.reset}
    />
  );
}

type InviteActionsProps = {
  student: { id: string; fullname: string; inviteOptions: InviteOption[] };
};

/** "Invite to my team", once per team the viewer leads that may invite this student. */
export function InviteActions({ student }: InviteActionsProps) {
  return (
    <>
      {student.inviteOptions.map((option) => (
        <InviteButton key={option.teamId} option={option} student={student} />
      ))}
    </>
  );
}
