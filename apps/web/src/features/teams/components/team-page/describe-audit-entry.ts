import type { TeamAuditAction, TeamAuditEntry } from '@teamup/shared';

export type AuditKind =
  'team' | 'request' | 'invitation' | 'member' | 'leader' | 'notice' | 'other';

export type AuditDescription = {
  /** One sentence a student reads ("Maya Chen accepted Liam O'Brien's request"). */
  sentence: string;
  /** A reason or extra detail given with the change, if any. */
  detail: string | null;
  kind: AuditKind;
};

const str = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value : null;

function possessive(name: string): string {
  return name.endsWith('s') ? `${name}'` : `${name}'s`;
}

function listOf(parts: string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/** TEAM_UPDATED carries `{ before, after }` with only the fields that changed. */
function describeUpdate(data: Record<string, unknown>): string {
  const before = (data.before ?? {}) as Record<string, unknown>;
  const after = (data.after ?? {}) as Record<string, unknown>;
  const parts: string[] = [];
  if (str(after.name)) {
    parts.push(
      str(before.name)
        ? `renamed the team from "${before.name as string}" to "${after.name as string}"`
        : `renamed the team to "${after.name as string}"`,
    );
  }
  if (typeof after.maxSize === 'number') {
    parts.push(
      typeof before.maxSize === 'number'
        ? `changed the size limit from ${before.maxSize} to ${after.maxSize}`
        : `set the size limit to ${after.maxSize}`,
    );
  }
  if (typeof after.openToRequests === 'boolean') {
    parts.push(
      after.openToRequests
        ? 'opened the team to join requests'
        : 'closed the team to join requests',
    );
  }
  if (typeof after.description === 'string') parts.push('updated the description');
  return parts.length > 0 ? listOf(parts) : 'updated the team';
}

/** A team's audit entry as a sentence, whoever did it (DESIGN §7.8). */
export function describeAuditEntry(entry: TeamAuditEntry): AuditDescription {
  const actor = entry.actor?.fullname ?? 'Someone';
  const target = entry.target?.fullname ?? 'a former student';
  const data = entry.data ?? {};
  const reason = str(data.reason);
  const selfTarget = entry.actor && entry.target && entry.actor.id === entry.target.id;
  const action = entry.action as TeamAuditAction;
  // An organization admin acting as admin (data.byAdmin), told apart from a leader doing the
  // same: "Ada Admin (course admin) removed …".
  const byAdmin = data.byAdmin === true;
  const who = byAdmin ? `${actor} (course admin)` : actor;

  switch (action) {
    case 'TEAM_CREATED':
      return {
        sentence: `${actor} created the team${str(data.name) ? ` "${data.name as string}"` : ''}`,
        detail: null,
        kind: 'team',
      };
    case 'TEAM_UPDATED':
      return { sentence: `${who} ${describeUpdate(data)}`, detail: null, kind: 'team' };
    case 'TEAM_DISBANDED':
      if (reason === 'Last member left') {
        return {
          sentence: 'The team was disbanded: its last member left',
          detail: null,
          kind: 'team',
        };
      }
      return { sentence: `${who} disbanded the team`, detail: reason, kind: 'team' };
    case 'REQUEST_CREATED':
      return {
        // Issue 15: a request to a full team went on its waitlist.
        sentence:
          data.waitlisted === true
            ? `${actor} joined the waitlist`
            : `${actor} asked to join the team`,
        detail: null,
        kind: 'request',
      };
    case 'REQUEST_PROMOTED':
      return {
        sentence: `A seat opened: ${possessive(target)} request left the waitlist for the leader to decide`,
        detail: null,
        kind: 'request',
      };
    case 'REQUEST_WITHDRAWN':
      return { sentence: `${actor} withdrew their join request`, detail: null, kind: 'request' };
    case 'REQUEST_ACCEPTED':
      return {
        sentence: `${actor} accepted ${possessive(target)} request`,
        detail: reason,
        kind: 'request',
      };
    case 'REQUEST_REJECTED':
      return {
        sentence: `${actor} rejected ${possessive(target)} request`,
        detail: reason,
        kind: 'request',
      };
    case 'REQUEST_CANCELLED':
      return {
        sentence: `${possessive(target)} join request was cancelled`,
        detail: reason,
        kind: 'request',
      };
    case 'INVITATION_CREATED':
      return { sentence: `${actor} invited ${target}`, detail: null, kind: 'invitation' };
    case 'INVITATION_ACCEPTED':
      return { sentence: `${target} accepted the invitation`, detail: null, kind: 'invitation' };
    case 'INVITATION_REJECTED':
      return { sentence: `${target} declined the invitation`, detail: null, kind: 'invitation' };
    case 'INVITATION_CANCELLED':
      if (reason === 'Cancelled by the team leader') {
        return {
          sentence: `${actor} cancelled ${possessive(target)} invitation`,
          detail: null,
          kind: 'invitation',
        };
      }
      return {
        sentence: `${possessive(target)} invitation was cancelled`,
        detail: reason,
        kind: 'invitation',
      };
    case 'MEMBER_JOINED':
      return { sentence: `${target} joined the team`, detail: null, kind: 'member' };
    case 'MEMBER_LEFT':
      return { sentence: `${target} left the team`, detail: null, kind: 'member' };
    case 'MEMBER_REMOVED':
      return { sentence: `${who} removed ${target} from the team`, detail: null, kind: 'member' };
    case 'MEMBER_ADDED_BY_ADMIN':
      return {
        sentence: `${actor} (course admin) added ${target} to the team`,
        detail: null,
        kind: 'member',
      };
    case 'MEMBER_MOVED_BY_ADMIN': {
      const to = str(data.toTeamName);
      const from = str(data.fromTeamName);
      const sentence = to
        ? `${actor} (course admin) moved ${target} to ${to}`
        : from
          ? `${actor} (course admin) moved ${target} here from ${from}`
          : `${actor} (course admin) moved ${target}`;
      return { sentence, detail: null, kind: 'member' };
    }
    case 'LEADER_CHANGED':
      return { sentence: `Leadership passed to ${target}`, detail: null, kind: 'leader' };
    case 'NOTICE_POSTED':
      return {
        sentence: `${actor} posted ${data.pinned === true ? 'a pinned notice' : 'a notice'}`,
        detail: null,
        kind: 'notice',
      };
    case 'NOTICE_UPDATED': {
      const changed = Array.isArray(data.changed) ? (data.changed as unknown[]) : [];
      const whose = selfTarget || !entry.target ? 'a notice' : `${possessive(target)} notice`;
      const pinned = (data.pinned ?? {}) as { to?: unknown };
      const verbs: string[] = [];
      if (changed.includes('body')) verbs.push('edited');
      if (changed.includes('pinned')) verbs.push(pinned.to === true ? 'pinned' : 'unpinned');
      return {
        sentence: `${actor} ${verbs.length > 0 ? listOf(verbs) : 'edited'} ${whose}`,
        detail: null,
        kind: 'notice',
      };
    }
    case 'NOTICE_DELETED': {
      const whose = selfTarget || !entry.target ? 'a notice' : `${possessive(target)} notice`;
      return { sentence: `${actor} deleted ${whose}`, detail: null, kind: 'notice' };
    }
    default: {
      // An action added on the server after this build: still say who did something.
      const words = entry.action.toLowerCase().replace(/_/g, ' ');
      return { sentence: `${actor}: ${words}`, detail: reason, kind: 'other' };
    }
  }
}
