import type { Invitation, JoinRequest } from '@teamup/shared';

const list = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' });

/**
 * What creating a team takes away: the server cancels the student's pending join requests and
 * invitations in the course when they take a seat (DESIGN §7.4), their own new team included.
 * Null when there is nothing to cancel, so no warning is needed.
 */
export function pendingCancelledByCreate(
  requests: Pick<JoinRequest, 'teamName'>[],
  invitations: Pick<Invitation, 'teamName'>[],
): string | null {
  const parts: string[] = [];
  if (requests.length > 0) {
    const noun = requests.length === 1 ? 'request' : 'requests';
    parts.push(`withdraws your ${noun} to ${list.format(requests.map((r) => r.teamName))}`);
  }
  if (invitations.length > 0) {
    const noun = invitations.length === 1 ? 'invitation' : 'invitations';
    parts.push(`declines the ${noun} from ${list.format(invitations.map((i) => i.teamName))}`);
  }
  return parts.length === 0 ? null : `Creating this team ${parts.join(' and ')}.`;
}
