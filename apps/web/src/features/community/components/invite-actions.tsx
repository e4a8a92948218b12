import { Badge, Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { InviteOption } from '@teamup/shared';
import { IconCheck, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useInviteStudent } from '../api/invite-student';

type InviteButtonProps = { option: InviteOption; student: { id: string; fullname: string } };

function InviteButton({ option, student }: InviteButtonProps) {
  const [sent, setSent] = useState(false);
  const invite = useInviteStudent({
    onSuccess: () => {
      setSent(true);
      notifications.show({
        color: 'green',
        title: 'Invitation sent',
        message: `${student.fullname} is invited to ${option.teamName}; they join when they accept.`,
      });
    },
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: 'Could not send the invitation',
        message: error.message,
      }),
  });
  if (sent) {
    return (
      <Badge
        color="violet.9"
        variant="filled"
        size="lg"
        tt="none"
        leftSection={<IconCheck size={14} aria-hidden />}
      >
        Invited to {option.teamName}
      </Badge>
    );
  }
  return (
    <Button
      size="xs"
      variant="filled"
      color="blue.9"
      leftSection={<IconUserPlus size={14} aria-hidden />}
      loading={invite.isPending}
      aria-label={`Invite ${student.fullname} to ${option.teamName} (${option.courseCode})`}
      onClick={() => invite.mutate({ teamId: option.teamId, userId: student.id })}
    >
      Invite to my team ({option.courseCode})
    </Button>
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
