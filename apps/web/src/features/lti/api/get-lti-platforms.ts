import type { LtiPlatformView } from '@teamup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { ltiKeys } from './query-keys';

export async function getLtiPlatforms(): Promise<{ items: LtiPlatformView[] }> {
  const res = await apiClient.get<{ data: { items: LtiPlatformView[] } }>('/admin/lti/platforms');
  return res.data.data;
}

export const ltiPlatformsQueryOptions = () =>
  queryOptions({ queryKey: ltiKeys.platforms(), queryFn: getLtiPlatforms });

/** The LMS platforms of my organizations; with an organization, only its own. */
export function useLtiPlatforms(organizationId?: string) {
  return useQuery({
    ...ltiPlatformsQueryOptions(),
    select: (data) =>
      organizationId ? data.items.filter((p) => p.organizationId === organizationId) : data.items,
  });
}
