/**
 * Every query key of the teams feature. A team change can alter any list (seats, relation,
 * pending requests), so mutations invalidate `teamKeys.all` rather than guessing which lists
 * a change touched; the lists are small and paginated.
 */
export const teamKeys = {
  all: ['teams'] as const,
  courseTeams: (courseId: string, query: object = {}) =>
    ['teams', 'course', courseId, query] as const,
  allTeams: (query: object = {}) => ['teams', 'all', query] as const,
  mine: () => ['teams', 'mine'] as const,
  myInvitations: (query: object = {}) => ['teams', 'my-invitations', query] as const,
  detail: (teamId: string) => ['teams', 'detail', teamId] as const,
  joinRequests: (teamId: string, query: object = {}) =>
    ['teams', 'detail', teamId, 'join-requests', query] as const,
  invitations: (teamId: string, query: object = {}) =>
    ['teams', 'detail', teamId, 'invitations', query] as const,
  notices: (teamId: string, query: object = {}) =>
    ['teams', 'detail', teamId, 'notices', query] as const,
  auditLog: (teamId: string, query: object = {}) =>
    ['teams', 'detail', teamId, 'audit-log', query] as const,
  /** Classmates (with or without a team) of a course, as the teams feature shows them. */
  classmates: (courseId: string, query: object = {}) =>
    ['teams', 'classmates', courseId, query] as const,
};
