import type { EnrollmentStatus, TeamDetail } from '@teamup/shared';

/** Whether an action can succeed now and, when not, why (shown next to the disabled control). */
export type Gate = { ok: true } | { ok: false; reason: string };

const OK: Gate = { ok: true };
const no = (reason: string): Gate => ({ ok: false, reason });

/** The first refusal in order of importance, else OK. */
function firstOf(...checks: (string | false | null | undefined)[]): Gate {
  const reason = checks.find((c): c is string => typeof c === 'string');
  return reason ? no(reason) : OK;
}

export const REASONS = {
  archived: 'This course is archived, so its teams can no longer change.',
  inactive: 'Your enrollment in this course is not active, so you cannot change its teams.',
  deadline:
    'The team formation deadline has passed, so membership can no longer change. Ask your course admin if you need a change.',
  otherTeam: 'You are already in a team in this course; leave it before joining another.',
} as const;

/**
 * Everything the viewer may do on the team page. `null` means the action is not theirs to take
 * (not shown at all); a closed Gate means it is theirs but cannot succeed now, with the reason.
 * The server re-checks every rule; this only keeps people from pressing buttons that must fail.
 */
export type TeamAbilities = {
  apply: Gate | null;
  /** A full team: the ask goes on its waitlist instead (issue 15). */
  joinWaitlist: Gate | null;
  withdraw: Gate | null;
  invitation: { accept: Gate; reject: Gate } | null;
  edit: Gate | null;
  /** Part of team formation: frozen for students after the deadline. */
  editMaxSize: Gate;
  invite: Gate | null;
  removeMembers: Gate | null;
  disband: Gate | null;
  leave: Gate | null;
  requests: { accept: Gate; reject: Gate } | null;
  cancelInvitations: Gate | null;
  readNotices: boolean;
  postNotices: Gate | null;
  readRequests: boolean;
};

/**
 * @param enrollmentStatus the viewer's enrollment in the team's course; `undefined` while it is
 *   unknown, which is treated as ACTIVE (the server still refuses if it is not).
 */
export function teamAbilities(
  team: TeamDetail,
  enrollmentStatus: EnrollmentStatus | null | undefined,
): TeamAbilities {
  const { viewer, course } = team;
  const disbanded = Boolean(team.disbandedAt);
  const archived = course.archived && REASONS.archived;
  const inactive =
    enrollmentStatus !== undefined && enrollmentStatus !== 'ACTIVE' && REASONS.inactive;
  const deadline = course.deadlinePassed && REASONS.deadline;
  const full = team.openSeats <= 0;
  const isLeader = viewer.relation === 'LEADER';
  const isMember = isLeader || viewer.relation === 'MEMBER';
  // The server names the viewer's team in the course; canApply alone cannot tell this reason
  // from the others (pending invitation or request, closed, full, deadline).
  const inOtherTeam =
    !isMember &&
    viewer.currentTeamId !== null &&
    viewer.currentTeamId !== team.id &&
    REASONS.otherTeam;

  if (disbanded) {
    return {
      apply: null,
      joinWaitlist: null,
      withdraw: viewer.pendingRequestId || viewer.waitlistedRequestId ? OK : null,
      invitation: null,
      edit: null,
      editMaxSize: no('This team has been disbanded.'),
      invite: null,
      removeMembers: null,
      disband: null,
      leave: null,
      requests: null,
      cancelInvitations: null,
      readNotices: viewer.isAdmin,
      postNotices: null,
      readRequests: false,
    };
  }

  const membership = (...more: (string | false)[]) =>
    firstOf(archived, inactive, deadline, ...more);

  const leaderAbilities = isLeader
    ? {
        edit: firstOf(archived, inactive),
        editMaxSize: firstOf(archived, inactive, deadline),
        invite: membership(
          full &&
            (team.maxSize < course.teamSizeMax
              ? 'The team is full: raise the size limit or remove a member before inviting anyone.'
              : 'The team is full: it already has the most members the course allows.'),
        ),
        removeMembers: membership(),
        disband: membership(),
        requests: {
          accept: membership(full && 'The team is full: there is no seat for another member.'),
          reject: firstOf(archived, inactive),
        },
        cancelInvitations: OK,
      }
    : {
        edit: null,
        editMaxSize: no('Only the team leader can change the size limit.'),
        invite: null,
        removeMembers: null,
        disband: null,
        requests: null,
        cancelInvitations: null,
      };

  const outsider = !isMember && !viewer.isAdmin;
  const mayAsk =
    outsider &&
    !viewer.pendingRequestId &&
    !viewer.waitlistedRequestId &&
    !viewer.pendingInvitationId;
  const closed = !team.openToRequests && `${team.name} is not taking join requests at the moment.`;
  return {
    ...leaderAbilities,
    apply:
      mayAsk && !full
        ? firstOf(
            archived,
            inactive,
            inOtherTeam,
            deadline,
            closed,
            !viewer.canApply && 'You cannot apply to this team.',
          )
        : null,
    // A full team shows "Join waitlist" instead of Apply (issue 15).
    joinWaitlist:
      mayAsk && full
        ? firstOf(
            archived,
            inactive,
            inOtherTeam,
            deadline,
            closed,
            !viewer.canJoinWaitlist && "You cannot join this team's waitlist.",
          )
        : null,
    // Taking back a pending or waitlisted ask is allowed whatever the deadline or the enrollment.
    withdraw: viewer.pendingRequestId || viewer.waitlistedRequestId ? OK : null,
    invitation: viewer.pendingInvitationId
      ? {
          accept: firstOf(
            archived,
            inactive,
            inOtherTeam,
            deadline,
            full && `${team.name} is full: there is no seat left for you.`,
          ),
          reject: OK,
        }
      : null,
    leave: isMember ? membership() : null,
    readNotices: isMember || viewer.isAdmin,
    postNotices: isMember ? firstOf(archived, inactive) : null,
    readRequests: isLeader || viewer.isAdmin,
  };
}

/** "3 of 5 members · 2 open seats" */
export function seatsSummary(team: Pick<TeamDetail, 'memberCount' | 'maxSize' | 'openSeats'>) {
  const members = `${team.memberCount} of ${team.maxSize} member${team.maxSize === 1 ? '' : 's'}`;
  const seats =
    team.openSeats <= 0
      ? 'no open seats'
      : `${team.openSeats} open seat${team.openSeats === 1 ? '' : 's'}`;
  return `${members} · ${seats}`;
}
