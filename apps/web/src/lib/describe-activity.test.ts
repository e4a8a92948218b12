import { createActivityEntry, createPerson } from '@/testing/profile-data';
import { describeActivity } from './describe-activity';

const me = createPerson({ fullname: 'Maya Chen' });
const leo = createPerson({ fullname: 'Leo Park' });
const ada = createPerson({ fullname: 'Ada Admin' });
const team = { id: me.id, name: 'Query Crafters' };
const course = { id: me.id, code: 'CS101', title: 'Intro to Computing' };
const organization = { id: me.id, name: 'Northfield University' };

const sentence = (overrides: Parameters<typeof createActivityEntry>[0]) =>
  describeActivity(createActivityEntry({ team, course, organization, ...overrides }), me.id)
    .sentence;

describe('describeActivity', () => {
  it.each([
    [{ action: 'TEAM_CREATED', actor: me }, 'You created the team Query Crafters'],
    [{ action: 'MEMBER_JOINED', actor: leo, target: me }, 'You joined Query Crafters'],
    [{ action: 'MEMBER_JOINED', actor: me, target: leo }, 'Leo Park joined Query Crafters'],
    [
      { action: 'REQUEST_ACCEPTED', actor: leo, target: me },
      'Leo Park accepted your request to join Query Crafters',
    ],
    [
      { action: 'REQUEST_ACCEPTED', actor: me, target: leo },
      "You accepted Leo Park's request to join Query Crafters",
    ],
    [
      { action: 'REQUEST_WITHDRAWN', actor: me, target: me },
      'You withdrew your request to join Query Crafters',
    ],
    [
      { action: 'REQUEST_CANCELLED', actor: me, target: me, data: { reason: 'Joined Alpha' } },
      'Your request to join Query Crafters was cancelled',
    ],
    [
      { action: 'LEADER_CHANGED', actor: leo, target: me },
      'You became the leader of Query Crafters',
    ],
    [
      { action: 'MEMBER_MOVED_BY_ADMIN', actor: ada, target: me, data: { toTeamName: 'Beta' } },
      'Ada Admin (course admin) moved you to Beta',
    ],
    [
      { action: 'ACTIVATED', actor: null, target: me, team: null },
      'Your enrollment in CS101 became active when you first signed in',
    ],
    [{ action: 'ENROLLED', actor: ada, target: me, team: null }, 'Ada Admin enrolled you in CS101'],
    [
      { action: 'ENROLLED', actor: me, target: null, team: null, data: { email: 'x@n.edu' } },
      'You enrolled x@n.edu in CS101',
    ],
    [
      { action: 'ORG_ADMIN_APPOINTED', actor: ada, target: me, team: null, course: null },
      'Ada Admin made you an admin of Northfield University',
    ],
    [{ action: 'COURSE_ARCHIVED', actor: me, team: null }, 'You archived the course CS101'],
    [
      {
        action: 'LOOKING_FOR_TEAM_CHANGED',
        actor: leo,
        team: null,
        data: { before: { looking: false, note: '' }, after: { looking: true, note: 'free Tue' } },
      },
      'Leo Park started looking for a team in CS101',
    ],
    [
      {
        action: 'LOOKING_FOR_TEAM_CHANGED',
        actor: me,
        team: null,
        data: { before: { looking: true, note: 'a' }, after: { looking: false, note: 'a' } },
      },
      'You stopped looking for a team in CS101',
    ],
    [{ action: 'SOMETHING_NEW', actor: null }, 'Teamup: something new'],
  ] as const)('%o reads "%s"', (entry, expected) => {
    expect(sentence(entry)).toBe(expected);
  });

  it('gives the reason of a decision as its detail', () => {
    const entry = createActivityEntry({
      action: 'REQUEST_REJECTED',
      actor: leo,
      target: me,
      data: { reason: 'We need a designer' },
    });
    expect(describeActivity(entry, me.id)).toMatchObject({
      sentence: 'Leo Park declined your request to join Query Crafters',
      detail: 'We need a designer',
      kind: 'request',
    });
  });
});
