import type { Classmate, Paginated } from '@teamup/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { teamKeys } from './query-keys';

export type TeamlessClassmatesParams = { search?: string; limit: number };

/** Active classmates of a course who are in no team: the people a leader can invite. */
export async function getTeamlessClassmates(
  courseId: string,
  { search, limit }: TeamlessClassmatesParams,
): Promise<Paginated<Classmate>> {
  const res = await apiClient.get<{ data: Paginated<Classmate> }>(
    `/student/courses/${encodeURIComponent(courseId)}/students`,
    { params: { withoutTeam: 'true', page: 1, limit, ...(search ? { search } : {}) } },
  );
  return res.data.data;
}

export const teamlessClassmatesQueryOptions = (
  courseId: string,
  params: TeamlessClassmatesParams,
) =>
  queryOptions({
    queryKey: teamKeys.classmates(courseId, { ...params, withoutTeam: true }),
    queryFn: () => getTeamlessClassmates(courseId, params),
    placeholderData: keepPreviousData,
  });

export function useTeamlessClassmates(
  courseId: string,
  params: TeamlessClassmatesParams,
  enabled = true,
) {
  return useQuery({ ...teamlessClassmatesQueryOptions(courseId, params), enabled });
}
