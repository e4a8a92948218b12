import type { Person, ProfileActivityEntry } from '@teamup/shared';

export type ActivityKind =
  | 'team'
  | 'request'
  | 'invitation'
  | 'member'
  | 'notice'
  | 'enrollment'
  | 'course'
  | 'organization'
  | 'other';

export type ActivityDescription = {
  /** One sentence from the reader's point of view ("Nia Obi invited you to join Nia Nodes"). */
  sentence: string;
  /** A reason given with the change, if any. */
  detail: string | null;
  kind: ActivityKind;
};

const STATUS_WORD: Record<string, string> = {
  ACTIVE: 'active',
  INACTIVE: 'inactive',
  PENDING: 'pending',
};

const str = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value : null;

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function possessive(name: string): string {
  return name.endsWith('s') ? `${name}'` : `${name}'s`;
}

/** An entry of the signed-in user's activity as a sentence; `viewerId` reads as "you". */
export function describeActivity(
  entry: ProfileActivityEntry,
  viewerId: string | undefined,
): ActivityDescription {
  const isMe = (p: Person | null) => Boolean(p && viewerId && p.id === viewerId);
  /** Subject position: "You" or the name. */
  const who = (p: Person | null, nobody = 'Someone') => (isMe(p) ? 'You' : (p?.fullname ?? nobody));
  /** Object position: "you" or the name. */
  const whom = (p: Person | null) => (isMe(p) ? 'you' : (p?.fullname ?? 'a former student'));
  const whose = (p: Person | null) =>
    isMe(p) ? 'your' : p ? possessive(p.fullname) : "a former student's";

  const { actor, target, data } = entry;
  const team = entry.team?.name ?? str(data.name) ?? 'a team';
  const course = entry.course?.code ?? 'a course';
  const organization = entry.organization?.name ?? 'an organization';
  const reason = str(data.reason);
  const say = (sentence: string, kind: ActivityKind, detail: string | null = null) => ({
    sentence,
    detail,
    kind,
  });

  switch (entry.action) {
    case 'TEAM_CREATED':
      return say(`${who(actor)} created the team ${team}`, 'team');
    case 'TEAM_UPDATED':
      return say(`${who(actor)} updated the team ${team}`, 'team');
    case 'TEAM_DISBANDED':
      return reason === 'Last member left'
        ? say(`${team} was disbanded when its last member left`, 'team')
        : say(`${who(actor)} disbanded ${team}`, 'team', reason);
    case 'REQUEST_CREATED':
      return say(`${who(actor)} asked to join ${team}`, 'request');
    case 'REQUEST_WITHDRAWN':
      return say(
        `${who(actor)} withdrew ${isMe(actor) ? 'your' : 'their'} request to join ${team}`,
        'request',
      );
    case 'REQUEST_ACCEPTED':
      return say(`${who(actor)} accepted ${whose(target)} request to join ${team}`, 'request');
    case 'REQUEST_REJECTED':
      return say(
        `${who(actor)} declined ${whose(target)} request to join ${team}`,
        'request',
        reason,
      );
    case 'REQUEST_CANCELLED':
      return say(
        `${capitalize(whose(target))} request to join ${team} was cancelled`,
        'request',
        reason,
      );
    case 'INVITATION_CREATED':
      return say(`${who(actor)} invited ${whom(target)} to join ${team}`, 'invitation');
    case 'INVITATION_ACCEPTED':
      return say(`${who(actor)} accepted the invitation to join ${team}`, 'invitation');
    case 'INVITATION_REJECTED':
      return say(`${who(actor)} declined the invitation to join ${team}`, 'invitation');
    case 'INVITATION_CANCELLED':
      return say(
        `${capitalize(whose(target))} invitation to join ${team} was cancelled`,
        'invitation',
        reason,
      );
    case 'MEMBER_JOINED':
      return say(`${who(target ?? actor)} joined ${team}`, 'member');
    case 'MEMBER_LEFT':
      return say(`${who(target ?? actor)} left ${team}`, 'member');
    case 'MEMBER_REMOVED':
      return say(`${who(actor)} removed ${whom(target)} from ${team}`, 'member');
    case 'MEMBER_ADDED_BY_ADMIN':
      return say(`${who(actor)} (course admin) added ${whom(target)} to ${team}`, 'member');
    case 'MEMBER_MOVED_BY_ADMIN': {
      const to = str(data.toTeamName);
      return say(
        `${who(actor)} (course admin) moved ${whom(target)} ${to ? `to ${to}` : `into ${team}`}`,
        'member',
      );
    }
    case 'LEADER_CHANGED':
      return say(`${who(target)} became the leader of ${team}`, 'member');
    case 'NOTICE_POSTED':
      return say(`${who(actor)} posted a notice in ${team}`, 'notice');
    case 'NOTICE_UPDATED':
      return say(`${who(actor)} edited a notice in ${team}`, 'notice');
    case 'NOTICE_DELETED':
      return say(`${who(actor)} deleted a notice in ${team}`, 'notice');
    case 'ENROLLED':
      return say(
        `${who(actor)} enrolled ${target ? whom(target) : (str(data.email) ?? 'a student')} in ${course}`,
        'enrollment',
      );
    case 'RESTORED':
      return say(`${who(actor)} enrolled ${whom(target)} in ${course} again`, 'enrollment');
    case 'ACTIVATED':
      return say(
        isMe(target)
          ? `Your enrollment in ${course} became active when you first signed in`
          : `${capitalize(whose(target))} enrollment in ${course} became active`,
        'enrollment',
      );
    case 'STATUS_CHANGED': {
      const to = STATUS_WORD[String(data.to)] ?? 'a new status';
      return say(
        `${who(actor)} set ${whose(target)} enrollment in ${course} to ${to}`,
        'enrollment',
      );
    }
    case 'REMOVED':
      return say(`${who(actor)} removed ${whom(target)} from ${course}`, 'enrollment');
    case 'COURSE_CREATED':
      return say(`${who(actor)} created the course ${course}`, 'course');
    case 'COURSE_UPDATED':
      return say(`${who(actor)} updated the course ${course}`, 'course');
    case 'COURSE_ARCHIVED':
      return say(`${who(actor)} archived the course ${course}`, 'course');
    case 'COURSE_RESTORED':
      return say(`${who(actor)} restored the course ${course}`, 'course');
    case 'ORGANIZATION_CREATED':
      return say(`${who(actor)} created the organization ${organization}`, 'organization');
    case 'ORGANIZATION_UPDATED':
      return say(`${who(actor)} updated the organization ${organization}`, 'organization');
    case 'ORGANIZATION_DELETED':
      return say(`${who(actor)} deleted the organization ${organization}`, 'organization');
    case 'ORGANIZATION_RESTORED':
      return say(`${who(actor)} restored the organization ${organization}`, 'organization');
    case 'ORG_ADMIN_APPOINTED':
      return say(`${who(actor)} made ${whom(target)} an admin of ${organization}`, 'organization');
    case 'ORG_ADMIN_REMOVED':
      return say(
        `${who(actor)} removed ${whom(target)} as an admin of ${organization}`,
        'organization',
      );
    case 'LOOKING_FOR_TEAM_CHANGED': {
      const after = data.after as { looking?: unknown; note?: unknown } | undefined;
      const before = data.before as { looking?: unknown } | undefined;
      const note = str(after?.note);
      if (after?.looking === true && before?.looking === true) {
        return say(
          `${who(actor)} updated ${isMe(actor) ? 'your' : 'their'} looking-for-a-team note in ${course}`,
          'enrollment',
          note,
        );
      }
      return after?.looking === true
        ? say(`${who(actor)} started looking for a team in ${course}`, 'enrollment', note)
        : say(`${who(actor)} stopped looking for a team in ${course}`, 'enrollment');
    }
    default: {
      // An action added on the server after this build: still say who did what.
      const words = entry.action.toLowerCase().replace(/_/g, ' ');
      return say(`${who(actor, 'Teamup')}: ${words}`, 'other', reason);
    }
  }
}
