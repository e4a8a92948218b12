import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import type { TeamDetail } from '@teamup/shared';
import {
  IconDoorExit,
  IconHourglass,
  IconMailPlus,
  IconPencil,
  IconSend,
  IconTrash,
  IconUserCheck,
  IconUserX,
  IconX,
} from '@tabler/icons-react';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { useId, useState, type ReactNode } from 'react';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { actorOfItsCourse, type CourseActor } from '@/lib/course-role-words';
import { useDisbandTeam } from '../../api/disband-team';
import { useLeaveTeam } from '../../api/leave-team';
import { useRespondToInvitation } from '../../api/respond-to-invitation';
import { useWithdrawJoinRequest } from '../../api/withdraw-join-request';
import { ApplyModal } from '../shared/apply-modal';
import { InviteModal } from '../shared/invite-modal';
import { notifyFailure, notifySuccess } from '../shared/notify';
import { EditTeamModal } from './edit-team-modal';
import type { Gate, TeamAbilities } from './team-rules';

dayjs.extend(localizedFormat);

type Dialog =
  | 'apply'
  | 'waitlist'
  | 'withdraw'
  | 'accept-invitation'
  | 'reject-invitation'
  | 'edit'
  | 'invite'
  | 'leave'
  | 'disband'
  | null;

type ActionButtonProps = {
  gate: Gate;
  children: ReactNode;
  onClick: () => void;
  icon: ReactNode;
  color?: string;
  variant?: string;
};

/** A button that is disabled with its reason underneath when the action cannot succeed now. */
function ActionButton({ gate, children, onClick, icon, color, variant }: ActionButtonProps) {
  const reasonId = useId();
  return (
    <Stack gap={4}>
      <Button
        fullWidth
        justify="flex-start"
        leftSection={icon}
        color={color}
        variant={variant}
        disabled={!gate.ok}
        aria-describedby={gate.ok ? undefined : reasonId}
        onClick={onClick}
      >
        {children}
      </Button>
      {!gate.ok && (
        <Text size="xs" c="dimmed" id={reasonId}>
          {gate.reason}
        </Text>
      )}
    </Stack>
  );
}

/** Who takes over when this leader leaves: the longest-standing other member. */
function successorOf(team: TeamDetail) {
  return [...team.members]
    .filter((m) => !m.isLeader)
    .sort((a, b) => Date.parse(a.joinedAt) - Date.parse(b.joinedAt))[0];
}

function leaveExplanation(team: TeamDetail): string {
  if (team.memberCount <= 1) {
    return `You are the last member of ${team.name}: leaving disbands the team and cancels its pending requests and invitations. This cannot be undone.`;
  }
  if (team.viewer.relation === 'LEADER') {
    const successor = successorOf(team);
    return `You lead ${team.name}. If you leave, leadership passes to the longest-standing member${successor ? `, ${successor.fullname}` : ''}. You would need a new request or invitation to come back.`;
  }
  return `You will no longer see the notices of ${team.name}. You would need a new request or invitation to come back.`;
}

function statusLine(team: TeamDetail, actor: CourseActor | null): string {
  const { viewer } = team;
  if (team.disbandedAt) {
    return `This team was disbanded on ${dayjs(team.disbandedAt).format('ll')}. Its history stays readable.`;
  }
  if (viewer.relation === 'LEADER') return 'You lead this team.';
  if (viewer.relation === 'MEMBER') return 'You are a member of this team.';
  if (viewer.isAdmin) return `You are viewing this team as ${actorOfItsCourse(actor ?? 'ADMIN')}.`;
  if (viewer.pendingInvitationId) return `${team.name} has invited you to join.`;
  if (viewer.pendingRequestId)
    return "You asked to join this team; the leader hasn't answered yet.";
  if (viewer.waitlistedRequestId) {
    return viewer.waitlistPosition
      ? `You are number ${viewer.waitlistPosition} on the waitlist. When a seat opens and you are first in line, your request goes to the leader.`
      : 'You are on the waitlist of this team.';
  }
  if (team.openSeats <= 0 && viewer.canJoinWaitlist) {
    return `${team.name} is full. You can join its waitlist: when a seat opens and you are first in line, your request goes to the leader.`;
  }
  return 'You are not in this team.';
}

type TeamActionsCardProps = {
  team: TeamDetail;
  abilities: TeamAbilities;
  /** Who an admin-side viewer is on the course (issue 35): their role's words. */
  actor?: CourseActor | null;
};

/** Everything the viewer can do with the team, each destructive step confirmed. */
export function TeamActionsCard({ team: current, abilities, actor = null }: TeamActionsCardProps) {
  const [dialog, setDialog] = useState<Dialog>(null);
  // The team as it was when a dialog opened: a success refreshes the team before the dialog
  // closes, and its text must not flicker to the new state ("All 0 members…").
  const [snapshot, setSnapshot] = useState(current);
  const team = dialog ? snapshot : current;
  const openDialog = (next: Exclude<Dialog, null>) => {
    setSnapshot(current);
    setDialog(next);
  };
  const close = () => setDialog(null);
  const withdraw = useWithdrawJoinRequest();
  const respond = useRespondToInvitation();
  const leave = useLeaveTeam();
  const disband = useDisbandTeam();
  const { viewer } = team;

  const myRequestId = viewer.pendingRequestId ?? viewer.waitlistedRequestId;
  const onWithdraw = () => {
    if (!myRequestId) return;
    withdraw.mutate(myRequestId, {
      onSuccess: () =>
        notifySuccess(
          'Request withdrawn',
          viewer.waitlistedRequestId
            ? `You left the waitlist of ${team.name}`
            : `Your request to join ${team.name} was withdrawn`,
        ),
      onError: (error) => notifyFailure('Could not withdraw your request', error),
      onSettled: close,
    });
  };

  const onRespond = (response: 'accept' | 'reject') => {
    if (!viewer.pendingInvitationId) return;
    respond.mutate(
      { invitationId: viewer.pendingInvitationId, response },
      {
        onSuccess: () =>
          response === 'accept'
            ? notifySuccess('Welcome to the team', `You joined ${team.name}`)
            : notifySuccess('Invitation declined', `You declined the invitation to ${team.name}`),
        onError: (error) =>
          notifyFailure(
            response === 'accept'
              ? 'Could not accept the invitation'
              : 'Could not decline the invitation',
            error,
          ),
        onSettled: close,
      },
    );
  };

  const onLeave = () => {
    leave.mutate(team.id, {
      onSuccess: (updated) =>
        notifySuccess(
          'You left the team',
          updated.disbandedAt
            ? `You left ${team.name}; you were its last member, so it was disbanded`
            : `You left ${team.name}`,
        ),
      onError: (error) => notifyFailure(`Could not leave ${team.name}`, error),
      onSettled: close,
    });
  };

  const onDisband = () => {
    disband.mutate(team.id, {
      onSuccess: () => notifySuccess('Team disbanded', `${team.name} has been disbanded`),
      onError: (error) => notifyFailure(`Could not disband ${team.name}`, error),
      onSettled: close,
    });
  };

  const buttons: ReactNode[] = [];
  if (abilities.apply) {
    buttons.push(
      <ActionButton
        key="apply"
        gate={abilities.apply}
        icon={<IconSend size={16} aria-hidden />}
        onClick={() => openDialog('apply')}
      >
        Ask to join
      </ActionButton>,
    );
  }
  if (abilities.joinWaitlist) {
    buttons.push(
      <ActionButton
        key="waitlist"
        gate={abilities.joinWaitlist}
        icon={<IconHourglass size={16} aria-hidden />}
        onClick={() => openDialog('waitlist')}
      >
        Join waitlist
      </ActionButton>,
    );
  }
  if (abilities.invitation) {
    buttons.push(
      <ActionButton
        key="accept-invitation"
        gate={abilities.invitation.accept}
        icon={<IconUserCheck size={16} aria-hidden />}
        onClick={() => openDialog('accept-invitation')}
      >
        Accept invitation
      </ActionButton>,
      <ActionButton
        key="reject-invitation"
        gate={abilities.invitation.reject}
        icon={<IconUserX size={16} aria-hidden />}
        variant="default"
        onClick={() => openDialog('reject-invitation')}
      >
        Decline invitation
      </ActionButton>,
    );
  }
  if (abilities.withdraw) {
    buttons.push(
      <ActionButton
        key="withdraw"
        gate={abilities.withdraw}
        icon={<IconX size={16} aria-hidden />}
        variant="default"
        onClick={() => openDialog('withdraw')}
      >
        {viewer.waitlistedRequestId ? 'Leave the waitlist' : 'Withdraw my request'}
      </ActionButton>,
    );
  }
  if (abilities.edit) {
    buttons.push(
      <ActionButton
        key="edit"
        gate={abilities.edit}
        icon={<IconPencil size={16} aria-hidden />}
        variant="outline"
        onClick={() => openDialog('edit')}
      >
        Edit team
      </ActionButton>,
    );
  }
  if (abilities.invite) {
    buttons.push(
      <ActionButton
        key="invite"
        gate={abilities.invite}
        icon={<IconMailPlus size={16} aria-hidden />}
        variant="outline"
        onClick={() => openDialog('invite')}
      >
        Invite a classmate
      </ActionButton>,
    );
  }
  if (abilities.leave) {
    buttons.push(
      <ActionButton
        key="leave"
        gate={abilities.leave}
        icon={<IconDoorExit size={16} aria-hidden />}
        variant="default"
        onClick={() => openDialog('leave')}
      >
        Leave team
      </ActionButton>,
    );
  }
  if (abilities.disband) {
    buttons.push(
      <ActionButton
        key="disband"
        gate={abilities.disband}
        icon={<IconTrash size={16} aria-hidden />}
        color="red.9"
        variant="outline"
        onClick={() => openDialog('disband')}
      >
        Disband team
      </ActionButton>,
    );
  }

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="actions-heading"
      h="100%"
    >
      <Stack gap="sm">
        <Title order={2} fz="lg" id="actions-heading">
          Your place in this team
        </Title>
        <Text size="sm">{statusLine(team, actor)}</Text>
        {buttons.length > 0 ? (
          <Stack gap="xs">{buttons}</Stack>
        ) : (
          !team.disbandedAt && (
            <Text size="sm" c="dimmed">
              There is nothing you can change here.
            </Text>
          )
        )}
      </Stack>

      <ApplyModal
        team={dialog === 'apply' || dialog === 'waitlist' ? team : null}
        waitlist={dialog === 'waitlist'}
        onClose={close}
      />
      {abilities.edit && (
        <EditTeamModal
          team={team}
          maxSizeGate={abilities.editMaxSize}
          opened={dialog === 'edit'}
          onClose={close}
        />
      )}
      {abilities.invite && <InviteModal team={team} opened={dialog === 'invite'} onClose={close} />}

      <ConfirmModal
        opened={dialog === 'withdraw'}
        title="Withdraw your request?"
        confirmLabel="Withdraw request"
        loading={withdraw.isPending}
        onConfirm={onWithdraw}
        onClose={close}
      >
        {viewer.waitlistedRequestId
          ? `You will lose your place on the waitlist of ${team.name}. Joining again later puts you at the end of the line.`
          : `The leader of ${team.name} will no longer see your request. You can ask again later while the team has seats and the deadline allows.`}
      </ConfirmModal>
      <ConfirmModal
        opened={dialog === 'accept-invitation'}
        title={`Join ${team.name}?`}
        confirmLabel="Join team"
        destructive={false}
        loading={respond.isPending}
        onConfirm={() => onRespond('accept')}
        onClose={close}
      >
        {`You will become a member of ${team.name}. Your other pending requests and invitations in ${team.courseCode} will be cancelled.`}
      </ConfirmModal>
      <ConfirmModal
        opened={dialog === 'reject-invitation'}
        title="Decline the invitation?"
        confirmLabel="Decline invitation"
        loading={respond.isPending}
        onConfirm={() => onRespond('reject')}
        onClose={close}
      >
        {`${team.name} will be told that you declined. You can still ask to join later.`}
      </ConfirmModal>
      <ConfirmModal
        opened={dialog === 'leave'}
        title={team.memberCount <= 1 ? `Leave and disband ${team.name}?` : `Leave ${team.name}?`}
        confirmLabel={team.memberCount <= 1 ? 'Leave and disband' : 'Leave team'}
        loading={leave.isPending}
        onConfirm={onLeave}
        onClose={close}
      >
        {leaveExplanation(team)}
      </ConfirmModal>
      <ConfirmModal
        opened={dialog === 'disband'}
        title={`Disband ${team.name}?`}
        confirmLabel="Disband team"
        loading={disband.isPending}
        onConfirm={onDisband}
        onClose={close}
      >
        {`All ${team.memberCount} member${team.memberCount === 1 ? '' : 's'} will be released and every pending request and invitation cancelled. The team's history stays readable. This cannot be undone.`}
      </ConfirmModal>
    </Paper>
  );
}
