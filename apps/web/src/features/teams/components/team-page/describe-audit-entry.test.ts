import { describeAuditEntry } from './describe-audit-entry';
import { LIAM, MAYA, NOAH, SOFIA, auditEntry } from './team-page-test-data';

const sentence = (...args: Parameters<typeof auditEntry>) =>
  describeAuditEntry(auditEntry(...args)).sentence;

describe('describeAuditEntry', () => {
  it('names who did what to whom', () => {
    expect(sentence('REQUEST_ACCEPTED', MAYA, LIAM)).toBe(
      "Maya Chen accepted Liam O'Brien's request",
    );
    expect(sentence('REQUEST_CREATED', LIAM, LIAM)).toBe("Liam O'Brien asked to join the team");
    expect(sentence('REQUEST_WITHDRAWN', LIAM, LIAM)).toBe(
      "Liam O'Brien withdrew their join request",
    );
    expect(sentence('INVITATION_CREATED', MAYA, NOAH)).toBe('Maya Chen invited Noah Patel');
    expect(sentence('INVITATION_ACCEPTED', NOAH, NOAH)).toBe('Noah Patel accepted the invitation');
    expect(sentence('INVITATION_REJECTED', NOAH, NOAH)).toBe('Noah Patel declined the invitation');
    expect(sentence('MEMBER_JOINED', MAYA, LIAM)).toBe("Liam O'Brien joined the team");
    expect(sentence('MEMBER_LEFT', LIAM, LIAM)).toBe("Liam O'Brien left the team");
    expect(sentence('MEMBER_REMOVED', MAYA, LIAM)).toBe(
      "Maya Chen removed Liam O'Brien from the team",
    );
    expect(sentence('LEADER_CHANGED', MAYA, SOFIA, { from: MAYA.id, to: SOFIA.id })).toBe(
      'Leadership passed to Sofia Rossi',
    );
  });

  it('tells the waitlist apart (issue 15)', () => {
    expect(sentence('REQUEST_CREATED', LIAM, LIAM, { waitlisted: true })).toBe(
      "Liam O'Brien joined the waitlist",
    );
    expect(sentence('REQUEST_PROMOTED', null, LIAM, { requestId: LIAM.id })).toBe(
      "A seat opened: Liam O'Brien's request left the waitlist for the leader to decide",
    );
  });

  it('keeps reasons apart from the sentence', () => {
    const rejected = describeAuditEntry(
      auditEntry('REQUEST_REJECTED', MAYA, LIAM, { reason: 'Team is complete' }),
    );
    expect(rejected).toEqual({
      sentence: "Maya Chen rejected Liam O'Brien's request",
      detail: 'Team is complete',
      kind: 'request',
    });
    const cancelled = describeAuditEntry(
      auditEntry('REQUEST_CANCELLED', LIAM, LIAM, { reason: 'Joined Null Pointers' }),
    );
    expect(cancelled.sentence).toBe("Liam O'Brien's join request was cancelled");
    expect(cancelled.detail).toBe('Joined Null Pointers');
  });

  it('says what a team edit changed', () => {
    expect(
      sentence('TEAM_UPDATED', MAYA, null, {
        before: { name: 'Byte Club' },
        after: { name: 'Byte Club 2', openToRequests: true, description: 'New' },
      }),
    ).toBe(
      'Maya Chen renamed the team from "Byte Club" to "Byte Club 2", opened the team to join requests and updated the description',
    );
  });

  it('tells a leader cancelling an invitation from a cancellation by joining elsewhere', () => {
    expect(
      sentence('INVITATION_CANCELLED', MAYA, NOAH, { reason: 'Cancelled by the team leader' }),
    ).toBe("Maya Chen cancelled Noah Patel's invitation");
    expect(sentence('INVITATION_CANCELLED', NOAH, NOAH, { reason: 'Joined Null Pointers' })).toBe(
      "Noah Patel's invitation was cancelled",
    );
  });

  it('describes disbanding, including by the last member leaving', () => {
    expect(sentence('TEAM_DISBANDED', MAYA, null, { reason: 'Disbanded by the leader' })).toBe(
      'Maya Chen disbanded the team',
    );
    expect(sentence('TEAM_DISBANDED', LIAM, null, { reason: 'Last member left' })).toBe(
      'The team was disbanded: its last member left',
    );
  });

  it('describes notices, pins and admin moves', () => {
    expect(sentence('NOTICE_POSTED', MAYA, null, { pinned: true })).toBe(
      'Maya Chen posted a pinned notice',
    );
    expect(
      sentence('NOTICE_UPDATED', MAYA, LIAM, {
        changed: ['pinned'],
        pinned: { from: false, to: true },
      }),
    ).toBe("Maya Chen pinned Liam O'Brien's notice");
    expect(sentence('NOTICE_UPDATED', LIAM, LIAM, { changed: ['body'] })).toBe(
      "Liam O'Brien edited a notice",
    );
    expect(sentence('NOTICE_DELETED', MAYA, LIAM)).toBe("Maya Chen deleted Liam O'Brien's notice");
    expect(sentence('MEMBER_MOVED_BY_ADMIN', MAYA, LIAM, { toTeamName: 'Null Pointers' })).toBe(
      "Maya Chen (course admin) moved Liam O'Brien to Null Pointers",
    );
  });

  it('tells changes an organization admin made from the same change by a student', () => {
    // Maya as an organization admin of the course here.
    expect(sentence('MEMBER_REMOVED', MAYA, LIAM, { byAdmin: true })).toBe(
      "Maya Chen (course admin) removed Liam O'Brien from the team",
    );
    expect(sentence('MEMBER_REMOVED', MAYA, LIAM, {})).toBe(
      "Maya Chen removed Liam O'Brien from the team",
    );
    expect(
      sentence('TEAM_DISBANDED', MAYA, null, {
        reason: 'Disbanded by an organization admin',
        byAdmin: true,
      }),
    ).toBe('Maya Chen (course admin) disbanded the team');
    expect(
      sentence('TEAM_UPDATED', MAYA, null, {
        before: { maxSize: 4 },
        after: { maxSize: 5 },
        byAdmin: true,
      }),
    ).toBe('Maya Chen (course admin) changed the size limit from 4 to 5');
  });

  it('copes with deleted users and unknown actions', () => {
    expect(sentence('MEMBER_LEFT', null, null)).toBe('a former student left the team');
    expect(sentence('SOMETHING_NEW', MAYA, null)).toBe('Maya Chen: something new');
  });
});
