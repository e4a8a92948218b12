import type { CourseTeamsQuery, Paginated, TeamSummary } from '@teamup/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { adminTeamKeys } from './query-keys';

export async function getCourseTeams(
  courseId: string,
  query: CourseTeamsQuery,
): Promise<Paginated<TeamSummary>> {
  const res = await apiClient.get<{ data: Paginated<TeamSummary> }>(
    `/admin/courses/${encodeURIComponent(courseId)}/teams`,
    { params: query },
  );
  return res.data.data;
}

export const courseTeamsQueryOptions = (courseId: string, query: CourseTeamsQuery) =>
  queryOptions({
    queryKey: adminTeamKeys.courseTeams(courseId, query),
    queryFn: () => getCourseTeams(courseId, query),
    // Paging and searching keep the previous page on screen instead of flashing a loader.
    placeholderData: keepPreviousData,
  });

export function useCourseTeams(courseId: string, query: CourseTeamsQuery) {
  return useQuery(courseTeamsQueryOptions(courseId, query));
}
