import { REASONS, seatsSummary, teamAbilities } from './team-rules';
import { MAYA, SOFIA, createTeamDetail, member } from './team-page-test-data';

/** A student of the course without a team; the viewer block is the server's for them. */
const outsider = (overrides: Parameters<typeof createTeamDetail>[0] = {}) =>
  createTeamDetail({ as: { relation: 'NONE' }, ...overrides });

const OTHER_TEAM = '00000000-0000-4000-8000-0000000000ee';
const INVITATION = '00000000-0000-4000-8000-000000000002';

function pastDeadline(team: ReturnType<typeof createTeamDetail>) {
  return { ...team, course: { ...team.course, deadlinePassed: true } };
}

describe('teamAbilities', () => {
  it('lets a student without a team apply to an open team with seats', () => {
    const abilities = teamAbilities(outsider(), 'ACTIVE');
    expect(abilities.apply).toEqual({ ok: true });
    expect(abilities.leave).toBeNull();
    expect(abilities.edit).toBeNull();
    expect(abilities.readNotices).toBe(false);
  });

  it('gives the most important reason first when applying cannot succeed', () => {
    expect(
      teamAbilities(pastDeadline(outsider({ openToRequests: false })), 'ACTIVE').apply,
    ).toEqual({
      ok: false,
      reason: REASONS.deadline,
    });
    // A full team offers its waitlist instead of Apply (issue 15), with the same order of reasons.
    expect(teamAbilities(outsider({ openSeats: 0 }), 'ACTIVE').apply).toBeNull();
    expect(teamAbilities(pastDeadline(outsider({ openSeats: 0 })), 'ACTIVE').joinWaitlist).toEqual({
      ok: false,
      reason: REASONS.deadline,
    });
    const inOtherTeam = outsider({ as: { relation: 'NONE', otherTeamId: OTHER_TEAM } });
    expect(inOtherTeam.viewer.canApply).toBe(false);
    expect(teamAbilities(inOtherTeam, 'ACTIVE').apply).toEqual({
      ok: false,
      reason: REASONS.otherTeam,
    });
    expect(teamAbilities(inOtherTeam, 'INACTIVE').apply).toEqual({
      ok: false,
      reason: REASONS.inactive,
    });
  });

  it('names the real reason when a student without a team may not apply', () => {
    // The server sends canApply false for a closed or full team too: not "already in a team".
    const closed = outsider({ openToRequests: false });
    expect(closed.viewer).toMatchObject({ canApply: false, currentTeamId: null });
    expect(teamAbilities(closed, 'ACTIVE').apply).toEqual({
      ok: false,
      reason: 'Byte Club is not taking join requests at the moment.',
    });
    const full = outsider({ maxSize: 2 });
    expect(full.viewer).toMatchObject({
      canApply: false,
      canJoinWaitlist: true,
      currentTeamId: null,
    });
    expect(teamAbilities(full, 'ACTIVE').apply).toBeNull();
    expect(teamAbilities(full, 'ACTIVE').joinWaitlist).toEqual({ ok: true });
    const fullAndClosed = outsider({ maxSize: 2, openToRequests: false });
    expect(teamAbilities(fullAndClosed, 'ACTIVE').joinWaitlist).toEqual({
      ok: false,
      reason: 'Byte Club is not taking join requests at the moment.',
    });
    // On the waitlist: no second ask, Withdraw instead.
    const waiting = outsider({
      maxSize: 2,
      as: { relation: 'REQUESTED', waitlistedRequestId: OTHER_TEAM, waitlistPosition: 2 },
    });
    expect(teamAbilities(waiting, 'ACTIVE')).toMatchObject({
      apply: null,
      joinWaitlist: null,
      withdraw: { ok: true },
    });
  });

  it('lets an applicant withdraw whatever the deadline', () => {
    const team = pastDeadline(
      outsider({
        as: { relation: 'REQUESTED', pendingRequestId: '00000000-0000-4000-8000-000000000001' },
      }),
    );
    const abilities = teamAbilities(team, 'INACTIVE');
    expect(abilities.withdraw).toEqual({ ok: true });
    expect(abilities.apply).toBeNull();
  });

  it('lets an invitee without a team accept, though the server says canApply false', () => {
    const team = outsider({ as: { relation: 'INVITED', pendingInvitationId: INVITATION } });
    expect(team.viewer.canApply).toBe(false);
    const { invitation, apply } = teamAbilities(team, 'ACTIVE');
    expect(invitation).toEqual({ accept: { ok: true }, reject: { ok: true } });
    expect(apply).toBeNull();
  });

  it('lets an invitee decline always but accept only while a seat and time remain', () => {
    const team = outsider({
      maxSize: 2,
      as: { relation: 'INVITED', pendingInvitationId: INVITATION },
    });
    const { invitation } = teamAbilities(team, 'ACTIVE');
    expect(invitation?.reject).toEqual({ ok: true });
    expect(invitation?.accept).toEqual({
      ok: false,
      reason: 'Byte Club is full: there is no seat left for you.',
    });
    const inOtherTeam = outsider({
      as: { relation: 'INVITED', pendingInvitationId: INVITATION, otherTeamId: OTHER_TEAM },
    });
    expect(teamAbilities(inOtherTeam, 'ACTIVE').invitation?.accept).toEqual({
      ok: false,
      reason: REASONS.otherTeam,
    });
  });

  it('gives the leader every tool before the deadline', () => {
    const abilities = teamAbilities(createTeamDetail(), 'ACTIVE');
    for (const gate of [
      abilities.edit,
      abilities.editMaxSize,
      abilities.invite,
      abilities.removeMembers,
      abilities.disband,
      abilities.leave,
      abilities.requests?.accept,
      abilities.requests?.reject,
      abilities.postNotices,
    ]) {
      expect(gate).toEqual({ ok: true });
    }
  });

  it('freezes membership after the deadline but keeps editing and rejecting', () => {
    const abilities = teamAbilities(pastDeadline(createTeamDetail()), 'ACTIVE');
    expect(abilities.edit).toEqual({ ok: true });
    expect(abilities.editMaxSize).toEqual({ ok: false, reason: REASONS.deadline });
    expect(abilities.requests?.reject).toEqual({ ok: true });
    expect(abilities.requests?.accept.ok).toBe(false);
    expect(abilities.leave?.ok).toBe(false);
    expect(abilities.disband?.ok).toBe(false);
    expect(abilities.postNotices).toEqual({ ok: true });
  });

  it('explains a full team to a leader who could still raise the limit', () => {
    const team = createTeamDetail({
      members: [member(MAYA, { isLeader: true }), member(SOFIA)],
      maxSize: 2,
    });
    expect(teamAbilities(team, 'ACTIVE').invite).toEqual({
      ok: false,
      reason: 'The team is full: raise the size limit or remove a member before inviting anyone.',
    });
  });

  it('leaves a disbanded team read-only', () => {
    const abilities = teamAbilities(
      createTeamDetail({ disbandedAt: '2026-03-01T00:00:00.000Z' }),
      'ACTIVE',
    );
    expect(abilities.apply).toBeNull();
    expect(abilities.leave).toBeNull();
    expect(abilities.disband).toBeNull();
    expect(abilities.postNotices).toBeNull();
    expect(abilities.readRequests).toBe(false);
  });
});

describe('seatsSummary', () => {
  it('says members of the limit and the open seats', () => {
    expect(seatsSummary({ memberCount: 3, maxSize: 5, openSeats: 2 })).toBe(
      '3 of 5 members · 2 open seats',
    );
    expect(seatsSummary({ memberCount: 4, maxSize: 5, openSeats: 1 })).toBe(
      '4 of 5 members · 1 open seat',
    );
    expect(seatsSummary({ memberCount: 5, maxSize: 5, openSeats: 0 })).toBe(
      '5 of 5 members · no open seats',
    );
  });
});
