import type { Enrollment, Paginated } from '@teamup/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { adminTeamKeys } from './query-keys';

export const CANDIDATES_LIMIT = 50;

/** The course's ACTIVE students (the only ones who can be put in a team), with their team. */
export async function getTeamCandidates(
  courseId: string,
  search: string,
): Promise<Paginated<Enrollment>> {
  const res = await apiClient.get<{ data: Paginated<Enrollment> }>(
    `/admin/course/${encodeURIComponent(courseId)}/students`,
    { params: { status: 'ACTIVE', limit: CANDIDATES_LIMIT, ...(search ? { search } : {}) } },
  );
  return res.data.data;
}

export const teamCandidatesQueryOptions = (courseId: string, search: string) =>
  queryOptions({
    queryKey: adminTeamKeys.candidates(courseId, { search }),
    queryFn: () => getTeamCandidates(courseId, search),
    placeholderData: keepPreviousData,
  });

export function useTeamCandidates(courseId: string, search: string, enabled = true) {
  return useQuery({ ...teamCandidatesQueryOptions(courseId, search), enabled });
}
