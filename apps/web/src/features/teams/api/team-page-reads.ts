import type { MyTeams, Paginated, TeamSummary } from '@teamup/shared';
import type { QueryClient } from '@tanstack/react-query';
import { auditLogQueryOptions } from './get-audit-log';
import { joinRequestsQueryOptions } from './get-join-requests';
import { noticesQueryOptions } from './get-notices';
import { teamQueryOptions } from './get-team';
import { teamInvitationsQueryOptions } from './get-team-invitations';
import { teamKeys } from './query-keys';
import { teamPageReads, type TeamPageReads } from './team-reads';

/** The first page of the team page's lists (join requests, invitations, notices). */
export const TEAM_PAGE_LIST_SIZE = 10;

/**
 * What the team page will read, known before its detail answers: from a summary of the team
 * already in the cache (my teams, a course's or all teams' list), for a leader or a member of a
 * live team. Nothing for anyone else (an admin's or a visitor's reads wait for the detail).
 */
function readsFromSummary(summary: TeamSummary): TeamPageReads | undefined {
  if (summary.disbandedAt) return undefined;
  if (summary.relation === 'LEADER')
    return { joinRequests: true, invitations: true, notices: true, audit: true };
  if (summary.relation === 'MEMBER')
    return { joinRequests: false, invitations: false, notices: true, audit: true };
  return undefined;
}

function cachedSummary(queryClient: QueryClient, teamId: string): TeamSummary | undefined {
  for (const [, data] of queryClient.getQueriesData<MyTeams | Paginated<TeamSummary>>({
    queryKey: teamKeys.all,
  })) {
    if (!data || typeof data !== 'object') continue;
    const list = 'teams' in data ? data.teams : 'items' in data ? data.items : undefined;
    const found = Array.isArray(list)
      ? list.find((team) => (team as Partial<TeamSummary>).id === teamId && 'relation' in team)
      : undefined;
    if (found) return found;
  }
  return undefined;
}

/**
 * Starts every read of the team page (`/teams/{teamId}`, decision 101) and returns once they are
 * all started. The detail starts at once; so do the reads a cached summary of the team already
 * tells (a leader or member coming from their teams: one round); the rest start the moment the
 * detail answers, all together. Each read is the exact query its card asks, so a card finds its
 * data (or its request in flight) in the cache. Errors are left to the page, which shows them.
 */
export async function prefetchTeamPage(queryClient: QueryClient, teamId: string): Promise<void> {
  const started = new Set<keyof TeamPageReads>();
  const start = (reads: TeamPageReads | undefined) => {
    if (!reads) return;
    const first = { page: 1, limit: TEAM_PAGE_LIST_SIZE };
    const once = (read: keyof TeamPageReads, run: () => Promise<void>) => {
      if (!reads[read] || started.has(read)) return;
      started.add(read);
      void run();
    };
    once('joinRequests', async () => {
      // The pending inbox and the waitlist (issue 15), both first pages, together.
      await Promise.all([
        queryClient.prefetchQuery(joinRequestsQueryOptions(teamId, first)),
        queryClient.prefetchQuery(
          joinRequestsQueryOptions(teamId, { ...first, status: 'WAITLISTED' }),
        ),
      ]);
    });
    once('invitations', () =>
      queryClient.prefetchQuery(teamInvitationsQueryOptions(teamId, first)),
    );
    once('notices', () => queryClient.prefetchQuery(noticesQueryOptions(teamId, first)));
    once('audit', () => queryClient.prefetchInfiniteQuery(auditLogQueryOptions(teamId)));
  };

  const options = teamQueryOptions(teamId);
  const cached = queryClient.getQueryData(options.queryKey);
  const summary = cachedSummary(queryClient, teamId);
  const detail = queryClient.fetchQuery(options);
  start(cached ? teamPageReads(cached) : summary && readsFromSummary(summary));
  try {
    start(teamPageReads(await detail));
  } catch {
    // The page shows the detail's error (not found, forbidden, failure) from its own query.
  }
}
