import type { Paginated, TeamAuditEntry } from '@teamup/shared';
import { infiniteQueryOptions, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { teamKeys } from './query-keys';
import { mayRead } from './team-reads';

export const AUDIT_PAGE_SIZE = 20;

/** One page of a team's history, newest first (its members and the course's admins). */
export async function getAuditLog(
  teamId: string,
  params: { page: number; limit: number },
): Promise<Paginated<TeamAuditEntry>> {
  const res = await apiClient.get<{ data: Paginated<TeamAuditEntry> }>(
    `/student/teams/${encodeURIComponent(teamId)}/audit-logs`,
    { params },
  );
  return res.data.data;
}

/** The timeline grows with "Load more", so pages are accumulated rather than replaced. */
export const auditLogQueryOptions = (teamId: string, limit = AUDIT_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: teamKeys.auditLog(teamId, { limit }),
    queryFn: ({ pageParam }) => getAuditLog(teamId, { page: pageParam, limit }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
  });

export function useAuditLog(teamId: string, enabled = true) {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    ...auditLogQueryOptions(teamId),
    enabled: () => enabled && mayRead(queryClient, teamId, 'audit'),
  });
}
