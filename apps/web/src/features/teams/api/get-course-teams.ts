import type { CourseTeamsQuery, Paginated, TeamSummary } from '@teamup/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { teamKeys } from './query-keys';

export async function getCourseTeams(
  courseId: string,
  query: CourseTeamsQuery,
): Promise<Paginated<TeamSummary>> {
  const res = await apiClient.get<{ data: Paginated<TeamSummary> }>(
    `/student/courses/${encodeURIComponent(courseId)}/teams`,
    { params: query },
  );
  return res.data.data;
}

/** Teams per page of a student's course page. */
export const COURSE_TEAMS_PER_PAGE = 12;

/**
 * The query of the course page's team list, built here so the list and the route's loader
 * (which starts it with the page's other reads, decision 093) use the same cache key. Teams
 * wanting the most of my skills come first: the first page also fills "Teams that want your
 * skills" (issue 24, decision 126), so the page asks for its teams once.
 */
export function courseTeamListQuery({
  page,
  openOnly,
  search,
}: {
  page: number;
  openOnly: boolean;
  search: string;
}): CourseTeamsQuery {
  return {
    page,
    limit: COURSE_TEAMS_PER_PAGE,
    sort: 'match',
    ...(openOnly ? { hasOpenSeats: 'true' } : {}),
    ...(search ? { search } : {}),
  };
}

export const courseTeamsQueryOptions = (courseId: string, query: CourseTeamsQuery) =>
  queryOptions({
    queryKey: teamKeys.courseTeams(courseId, query),
    queryFn: () => getCourseTeams(courseId, query),
    // Paging and searching keep the previous page on screen instead of flashing a loader.
    placeholderData: keepPreviousData,
  });

export function useCourseTeams(courseId: string, query: CourseTeamsQuery) {
  return useQuery(courseTeamsQueryOptions(courseId, query));
}
