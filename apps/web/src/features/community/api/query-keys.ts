/**
 * Every query key of the community feature. Inviting someone changes their card (invite options,
 * team status), so the invite call invalidates `communityKeys.all`.
 */
export const communityKeys = {
  all: ['community'] as const,
  students: (query: object = {}) => ['community', 'students', query] as const,
  profile: (userId: string) => ['community', 'profile', userId] as const,
  stats: (userId: string) => ['community', 'profile', userId, 'stats'] as const,
  activity: (userId: string) => ['community', 'profile', userId, 'activity'] as const,
  myCourses: () => ['community', 'my-courses'] as const,
};
