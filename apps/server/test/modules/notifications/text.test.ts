import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS, type NotificationKind } from '@teamup/shared';
import {
  describeNotification,
  type NotificationContext,
} from '../../../src/lib/notification-text.js';

const ada = { id: '00000000-0000-4000-8000-00000000000a', fullname: 'Ada Lovelace', avatar: null };
const rockets = { id: '00000000-0000-4000-8000-0000000000b1', name: 'Rockets' };
const cs301 = { id: '00000000-0000-4000-8000-0000000000c1', code: 'CS301', title: 'Compilers' };
const ctx = (over: Partial<NotificationContext> = {}): NotificationContext => ({
  actor: ada,
  team: rockets,
  course: cs301,
  data: {},
  ...over,
});
const TEAM = `/teams/${rockets.id}`;
const COURSE = `/courses/${cs301.id}`;

const cases: [NotificationKind, NotificationContext, string, string][] = [
  ['JOIN_REQUEST_RECEIVED', ctx(), 'Ada Lovelace asked to join Rockets (CS301).', TEAM],
  ['JOIN_REQUEST_ACCEPTED', ctx(), 'Your request to join Rockets was accepted.', TEAM],
  ['JOIN_REQUEST_REJECTED', ctx(), 'Your request to join Rockets was declined.', COURSE],
  ['JOIN_REQUEST_WITHDRAWN', ctx(), 'Ada Lovelace withdrew their request to join Rockets.', TEAM],
  ['INVITATION_RECEIVED', ctx(), 'Ada Lovelace invited you to join Rockets (CS301).', '/teams/my'],
  ['INVITATION_ACCEPTED', ctx(), 'Ada Lovelace accepted your invitation to Rockets.', TEAM],
  ['INVITATION_REJECTED', ctx(), 'Ada Lovelace declined your invitation to Rockets.', TEAM],
  ['INVITATION_CANCELLED', ctx(), 'Your invitation to join Rockets was cancelled.', COURSE],
  ['REMOVED_FROM_TEAM', ctx(), 'You were removed from Rockets (CS301).', COURSE],
  [
    'TEAM_DISBANDED',
    ctx(),
    'Rockets (CS301) was disbanded; you are no longer in a team in this course.',
    COURSE,
  ],
  ['BECAME_LEADER', ctx(), 'You are now the leader of Rockets.', TEAM],
  ['NOTICE_PINNED', ctx(), 'Ada Lovelace pinned a notice in Rockets.', TEAM],
  ['ENROLLMENT_ADDED', ctx({ team: null }), 'You were added to CS301 Compilers.', COURSE],
  [
    'ENROLLMENT_ACTIVATED',
    ctx({ team: null }),
    'Your enrollment in CS301 is active again.',
    COURSE,
  ],
  ['PLACED_IN_TEAM', ctx(), 'An admin placed you in Rockets (CS301).', TEAM],
  [
    'CSV_UPLOAD_FINISHED',
    ctx({ team: null, data: { fileName: 'fall.csv', created: 2, pending: 1, rejected: 1 } }),
    'fall.csv was imported into CS301. 3 students added: 2 enrolled, 1 pending sign-in; 1 row rejected.',
    '/admin/csv',
  ],
  [
    'CSV_UPLOAD_FAILED',
    ctx({ team: null, data: { fileName: 'fall.csv' } }),
    'fall.csv could not be imported into CS301; nothing was changed.',
    '/admin/csv',
  ],
  [
    'DEADLINE_SOON',
    ctx({ actor: null, team: null }),
    'Team formation in CS301 closes in 24 hours and you have no team yet.',
    COURSE,
  ],
  [
    'WAITLIST_PROMOTED',
    ctx({ actor: null }),
    "A seat opened in Rockets (CS301): your request left the waitlist and waits for the leader's answer.",
    TEAM,
  ],
  [
    'TEAM_NUDGED',
    ctx({ data: { message: 'Your team is under the minimum size of 3; invite a classmate.' } }),
    'A course admin nudged Rockets (CS301): Your team is under the minimum size of 3; invite a classmate.',
    TEAM,
  ],
  [
    'TEAMLESS_REMINDER',
    ctx({ team: null }),
    'Ada Lovelace reminds you that you have no team in CS301 yet. Find one or start your own.',
    COURSE,
  ],
  [
    'SURVEY_OPENED',
    ctx({ actor: null, team: null, data: { closesAt: '2026-12-04T17:00:00.000Z' } }),
    'The team formation survey of CS301 is open until Fri 4 Dec, 17:00 UTC: answer it so your instructor can place you well.',
    COURSE,
  ],
  [
    'SURVEY_CLOSING',
    ctx({ actor: null, team: null, data: { hours: 48 } }),
    'The team formation survey of CS301 closes in 48 hours and you have not submitted it.',
    COURSE,
  ],
  [
    'SURVEY_REMINDER',
    ctx({ team: null }),
    'Ada Lovelace reminds you to answer the team formation survey of CS301.',
    COURSE,
  ],
  [
    'LMS_ACCOUNT_LINKED',
    ctx({ team: null, course: null, data: { platforms: ['Northfield Moodle'] } }),
    'Your LMS account (Northfield Moodle) now opens your Teamup account. If this was not you, unlink it on your profile.',
    '/profile',
  ],
  [
    'LMS_ACCOUNT_UNLINKED',
    ctx({ team: null, course: null, data: {} }),
    'Your LMS account (an LMS) no longer opens your Teamup account.',
    '/profile',
  ],
];

describe('describeNotification', () => {
  it('has a case for every kind', () => {
    expect(cases.map(([kind]) => kind).sort()).toEqual([...NOTIFICATION_KINDS].sort());
  });

  it.each(cases)('%s', (kind, context, text, link) => {
    expect(describeNotification(kind, context)).toEqual({ text, link });
  });

  it('adds the reason of a declined request or a removal', () => {
    expect(
      describeNotification('JOIN_REQUEST_REJECTED', ctx({ data: { reason: 'Full' } })).text,
    ).toBe('Your request to join Rockets was declined: “Full”.');
    expect(
      describeNotification('REMOVED_FROM_TEAM', ctx({ data: { reason: 'Dropped the course' } }))
        .text,
    ).toBe('You were removed from Rockets (CS301): “Dropped the course”.');
  });

  it('names a move, a cancellation by disband, and a one-row import', () => {
    expect(
      describeNotification('PLACED_IN_TEAM', ctx({ data: { fromTeamName: 'Comets' } })).text,
    ).toBe('An admin moved you from Comets to Rockets (CS301).');
    expect(
      describeNotification(
        'INVITATION_CANCELLED',
        ctx({ data: { reason: 'The team was disbanded' } }),
      ).text,
    ).toBe('Your invitation to join Rockets was cancelled: the team was disbanded.');
    expect(
      describeNotification('CSV_UPLOAD_FINISHED', ctx({ data: { fileName: 'a.csv', created: 1 } }))
        .text,
    ).toBe('a.csv was imported into CS301. 1 student added: 1 enrolled, 0 pending sign-in.');
    expect(
      describeNotification(
        'CSV_UPLOAD_FINISHED',
        ctx({ data: { fileName: 'b.csv', pending: 2, reactivated: 1, alreadyEnrolled: 4 } }),
      ).text,
    ).toBe(
      'b.csv was imported into CS301. 3 students added: 0 enrolled, 2 pending sign-in, 1 reactivated; 4 already enrolled.',
    );
    expect(
      describeNotification('CSV_UPLOAD_FINISHED', ctx({ data: { fileName: 'c.csv', rejected: 1 } }))
        .text,
    ).toBe('c.csv was imported into CS301. No student added; 1 row rejected.');
  });

  it("words the leader's copy of a promotion, and a placement by formation", () => {
    expect(
      describeNotification(
        'WAITLIST_PROMOTED',
        ctx({ actor: null, data: { for: 'leader', studentName: 'Grace Hopper' } }),
      ).text,
    ).toBe(
      "A seat opened in Rockets: Grace Hopper's request left the waitlist and waits for your answer.",
    );
    expect(
      describeNotification('JOIN_REQUEST_RECEIVED', ctx({ data: { waitlisted: true } })).text,
    ).toBe('Ada Lovelace joined the waitlist of Rockets (CS301).');
    expect(describeNotification('PLACED_IN_TEAM', ctx({ data: { formation: true } })).text).toBe(
      "The course's team formation placed you in Rockets (CS301).",
    );
  });

  it("leads a clean CSV import to the course's Roster section (issue 35)", () => {
    const clean = ctx({ team: null, data: { fileName: 'fall.csv', created: 2 } });
    expect(describeNotification('CSV_UPLOAD_FINISHED', clean).link).toBe(
      `/admin/courses/${cs301.id}/roster`,
    );
    // Rejected rows are listed on the upload page; without a course there is no roster.
    const rejected = ctx({ team: null, data: { fileName: 'fall.csv', created: 2, rejected: 1 } });
    expect(describeNotification('CSV_UPLOAD_FINISHED', rejected).link).toBe('/admin/csv');
    const gone = ctx({ team: null, course: null, data: { fileName: 'fall.csv', created: 2 } });
    expect(describeNotification('CSV_UPLOAD_FINISHED', gone).link).toBe('/admin/csv');
  });

  it('still reads well when the actor, team or course is gone', () => {
    const bare = ctx({ actor: null, team: null, course: null });
    for (const kind of NOTIFICATION_KINDS) {
      const { text, link } = describeNotification(kind, bare);
      expect(text).toMatch(/^[A-Z].*\.$/);
      expect(text).not.toMatch(/undefined|null/);
      expect(link).toMatch(/^\//);
    }
    expect(describeNotification('JOIN_REQUEST_RECEIVED', bare).text).toBe(
      'Someone asked to join your team.',
    );
  });
});
