import type { QueryClient } from '@tanstack/react-query';

/** Query keys of the admin feature's team management. */
export const adminTeamKeys = {
  all: ['admin', 'teams'] as const,
  courseTeams: (courseId: string, query: object = {}) =>
    ['admin', 'teams', 'course', courseId, query] as const,
  detail: (teamId: string) => ['admin', 'teams', 'detail', teamId] as const,
  candidates: (courseId: string, query: object = {}) =>
    ['admin', 'teams', 'candidates', courseId, query] as const,
};

/**
 * A membership change alters seat counts, the teams' member lists, the students' team column in
 * the rosters (['enrollments']) and the student-facing team views (['teams']): all refetch.
 */
export function invalidateTeamViews(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminTeamKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['enrollments'] }),
    queryClient.invalidateQueries({ queryKey: ['teams'] }),
  ]);
}
