import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { TeamDetail, TeamMember } from '@teamup/shared';
import { IconCrown, IconUserMinus } from '@tabler/icons-react';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { useState } from 'react';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { EmptyState } from '@/components/ui/query-state';
import { AnchorLink } from '@/components/ui/router-link';
import { UserAvatar } from '@/components/ui/user-avatar';
import { useAuthStore } from '@/lib/auth-store';
import { useRemoveMember } from '../../api/remove-member';
import { notifyFailure, notifySuccess } from '../shared/notify';
import type { Gate } from './team-rules';

dayjs.extend(localizedFormat);

type MembersCardProps = { team: TeamDetail; removeGate: Gate | null };

function sizeRule(team: TeamDetail): string {
  const { teamSizeMin: min, teamSizeMax: max } = team.course;
  const rule = min === max ? `exactly ${min}` : `${min} to ${max}`;
  const missing = min - team.memberCount;
  return missing > 0
    ? `Teams in ${team.courseCode} have ${rule} members: this one needs ${missing} more.`
    : `Teams in ${team.courseCode} have ${rule} members.`;
}

function MemberRow({
  member,
  isMe,
  onRemove,
}: {
  member: TeamMember;
  isMe: boolean;
  onRemove?: () => void;
}) {
  const nameId = `member-${member.id}`;
  return (
    <Group
      component="li"
      aria-labelledby={nameId}
      justify="space-between"
      align="flex-start"
      wrap="nowrap"
      gap="sm"
      py="xs"
    >
      <Group gap="sm" align="flex-start" wrap="nowrap" style={{ minWidth: 0 }}>
        <UserAvatar fullname={member.fullname} avatar={member.avatar} size="md" />
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap={6} wrap="wrap">
            <Text fw={600} size="sm" id={nameId} style={{ wordBreak: 'break-word' }}>
              {/* Issue 24: a member's name leads to their profile. */}
              <AnchorLink
                to="/community/$userId"
                params={{ userId: member.id }}
                inherit
                underline="always"
              >
                {member.fullname}
              </AnchorLink>
              {isMe && (
                <Text span c="dimmed" inherit fw={400}>
                  {' '}
                  (you)
                </Text>
              )}
            </Text>
            {member.isLeader && (
              <Badge
                color="yellow.5"
                autoContrast
                variant="filled"
                size="sm"
                leftSection={<IconCrown size={12} aria-hidden />}
              >
                Leader
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {member.email}
          </Text>
          {member.skills.length > 0 ? (
            <Group gap={4} wrap="wrap" aria-label={`Skills of ${member.fullname}`}>
              {member.skills.map((skill) => (
                <Badge key={skill} variant="default" size="sm" tt="none">
                  {skill}
                </Badge>
              ))}
            </Group>
          ) : (
            <Text size="xs" c="dimmed">
              No skills listed
            </Text>
          )}
          <Text size="xs" c="dimmed">
            Joined <time dateTime={member.joinedAt}>{dayjs(member.joinedAt).format('ll')}</time>
          </Text>
        </Stack>
      </Group>
      {onRemove && (
        <Button
          variant="subtle"
          color="red.9"
          c="red.9"
          size="xs"
          leftSection={<IconUserMinus size={14} aria-hidden />}
          onClick={onRemove}
          aria-label={`Remove ${member.fullname} from the team`}
          style={{ flexShrink: 0 }}
        >
          Remove
        </Button>
      )}
    </Group>
  );
}

/** The members, leader marked; the leader may remove others before the deadline. */
export function MembersCard({ team, removeGate }: MembersCardProps) {
  const myId = useAuthStore((s) => s.user?.id);
  const remove = useRemoveMember();
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  // Members sorted as the server gives them; the leader first reads best.
  const members = [...team.members].sort((a, b) => Number(b.isLeader) - Number(a.isLeader));

  const confirmRemove = () => {
    if (!removing) return;
    const member = removing;
    remove.mutate(
      { teamId: team.id, memberId: member.id },
      {
        onSuccess: (updated) => {
          notifySuccess(
            'Member removed',
            updated.disbandedAt
              ? `${member.fullname} was removed; ${team.name} had no members left and was disbanded`
              : `${member.fullname} was removed from ${team.name}`,
          );
          setRemoving(null);
        },
        onError: (error) => {
          notifyFailure(`Could not remove ${member.fullname}`, error);
          setRemoving(null);
        },
      },
    );
  };

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="members-heading"
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="lg" id="members-heading">
            Members
          </Title>
          {!team.disbandedAt && (
            <Text size="sm" c="dimmed">
              {team.memberCount} of {team.maxSize}
            </Text>
          )}
        </Group>
        {team.disbandedAt ? (
          <EmptyState>This team was disbanded, so it has no members.</EmptyState>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {sizeRule(team)}
            </Text>
            <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
              {members.map((member) => (
                <MemberRow
                  key={member.id}
                  member={member}
                  isMe={member.id === myId}
                  onRemove={
                    removeGate?.ok && member.id !== myId ? () => setRemoving(member) : undefined
                  }
                />
              ))}
            </Stack>
            {removeGate && !removeGate.ok && team.memberCount > 1 && (
              <Text size="sm" c="dimmed">
                Members cannot be removed now. {removeGate.reason}
              </Text>
            )}
          </>
        )}
      </Stack>
      <ConfirmModal
        opened={removing !== null}
        title={removing ? `Remove ${removing.fullname}?` : 'Remove member?'}
        confirmLabel="Remove member"
        loading={remove.isPending}
        onConfirm={confirmRemove}
        onClose={() => setRemoving(null)}
      >
        {removing
          ? `${removing.fullname} will leave ${team.name} and lose access to its notices. They can apply again or be invited while there is time before the deadline.`
          : ''}
      </ConfirmModal>
    </Paper>
  );
}
