import type { QueryClient } from '@tanstack/react-query';

/** Query keys of the formation feature (issue 15: health, history, the exclusion picker). */
export const formationKeys = {
  all: ['formation'] as const,
  health: (courseId: string) => ['formation', 'health', courseId] as const,
  students: (courseId: string, search: string) =>
    ['formation', 'students', courseId, { search }] as const,
  myHistory: (courseId: string) => ['formation', 'history', 'mine', courseId] as const,
  studentHistory: (courseId: string, userId: string) =>
    ['formation', 'history', 'student', courseId, userId] as const,
  /** Issue 36: the scores of an edited proposal, by its evaluate body. */
  evaluation: (courseId: string, body: unknown) =>
    ['formation', 'evaluation', courseId, body] as const,
};

/**
 * A placement changes the course's teams everywhere: the admin team list and team pages
 * (['admin', 'teams']), the rosters' team column (['enrollments']), the student views
 * (['teams']), the course's detail (seat counts), the dashboards and this feature's health and
 * histories. The prefixes are the ones notifications/live/invalidation.ts names.
 */
export function invalidateCourseTeams(queryClient: QueryClient, courseId: string) {
  const keys = [
    ['admin', 'teams'],
    ['enrollments'],
    ['teams'],
    ['courses', 'detail', courseId],
    ['admin-dashboard'],
    ['dashboard'],
    formationKeys.all,
  ];
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
