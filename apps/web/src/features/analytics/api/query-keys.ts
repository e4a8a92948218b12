/** Every query key of the analytics feature (System Analytics and the superadmin's home). */
export const analyticsKeys = {
  all: ['analytics'] as const,
  overview: () => ['analytics', 'overview'] as const,
  usage: (query: object) => ['analytics', 'usage', query] as const,
  organizationOptions: (search: string) => ['analytics', 'organization-options', search] as const,
};
