// SQL shared by the team pages and the student dashboard about a student's open join requests
// (issue 15, decision 117): the place of a WAITLISTED request in its team's line, and which
// requests are still open.
import { sql, type SQLWrapper } from 'drizzle-orm';

/**
 * A WAITLISTED request's place in its team's line (issue 15): 1 + the waitlisted requests of
 * the team before it (created_at, then id). Null for other statuses and once the course's
 * deadline has passed (the waitlist is over; the job cancels what is left). An index lookup on
 * join_requests_team_idx.
 */
export const waitlistPositionSql = (
  request: { id: SQLWrapper; teamId: SQLWrapper; status: SQLWrapper; createdAt: SQLWrapper },
  deadline: SQLWrapper,
) => sql<number | null>`case when ${request.status} = 'WAITLISTED' and ${deadline} > now() then (
  select count(*)::int from join_requests w
  where w.team_id = ${request.teamId} and w.status = 'WAITLISTED'
    and (w.created_at, w.id) <= (${request.createdAt}, ${request.id})) end`;

/** Open requests a student still has: PENDING, and WAITLISTED before the course's deadline. */
export const openRequestSql = (status: SQLWrapper, deadline: SQLWrapper) =>
  sql`(${status} = 'PENDING' or (${status} = 'WAITLISTED' and ${deadline} > now()))`;
