import { Text } from '@mantine/core';
import type { TeamDetail, TeamMember } from '@teamup/shared';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { useRemoveTeamMember } from '../api/remove-team-member';
import { notifyFailure, notifySuccess } from './notify';

/** What removing this member does to the team, in the words the server's rules imply. */
export function describeRemoval(team: TeamDetail, member: TeamMember): string {
  const others = team.members.filter((m) => m.id !== member.id);
  if (others.length === 0) {
    return `${member.fullname} is the last member: removing them disbands ${team.name}.`;
  }
  if (member.isLeader) {
    const successor = [...others].sort((a, b) => a.joinedAt.localeCompare(b.joinedAt))[0]!;
    return `${member.fullname} leads ${team.name}: leadership passes to the longest-standing member, ${successor.fullname}.`;
  }
  return `${member.fullname} leaves ${team.name} and can then join or be put in another team.`;
}

type RemoveMemberModalProps = {
  team: TeamDetail;
  member: TeamMember | null;
  onClose: () => void;
};

export function RemoveMemberModal({ team, member, onClose }: RemoveMemberModalProps) {
  const removal = useRemoveTeamMember();
  const lastMember = team.members.length === 1;

  const confirm = () => {
    if (!member) return;
    removal.mutate(
      { teamId: team.id, memberId: member.id },
      {
        onSuccess: () => {
          notifySuccess(
            lastMember ? 'Team disbanded' : 'Member removed',
            lastMember
              ? `${member.fullname} was removed and ${team.name} is disbanded.`
              : `${member.fullname} was removed from ${team.name}.`,
          );
          onClose();
        },
        onError: (error) => notifyFailure('Could not remove the member', error),
      },
    );
  };

  return (
    <ConfirmModal
      opened={member !== null}
      title={member ? `Remove ${member.fullname}?` : 'Remove member?'}
      confirmLabel={lastMember ? 'Remove and disband' : 'Remove'}
      loading={removal.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      {member && (
        <>
          <Text size="sm">{describeRemoval(team, member)}</Text>
          <Text size="sm" c="dimmed">
            The change is recorded in the team&apos;s activity log.
          </Text>
        </>
      )}
    </ConfirmModal>
  );
}
