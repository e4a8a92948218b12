import type { LtiLinkEvent, Paginated } from '@teamup/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { ltiKeys } from './query-keys';

type LinkEventsParams = { page: number; limit: number };

/** Events per page of the LMS page's Account links card. */
export const LINK_EVENTS_PAGE_SIZE = 10;

/** GET /admin/lti/link-events: who was linked, unlinked or refused, newest first (issue 34). */
export async function getLtiLinkEvents(
  organizationId: string,
  { page, limit }: LinkEventsParams,
): Promise<Paginated<LtiLinkEvent>> {
  const res = await apiClient.get<{ data: Paginated<LtiLinkEvent> }>('/admin/lti/link-events', {
    params: { organizationId, page, limit },
  });
  return res.data.data;
}

export const ltiLinkEventsQueryOptions = (organizationId: string, params: LinkEventsParams) =>
  queryOptions({
    queryKey: ltiKeys.linkEvents(organizationId, params),
    queryFn: () => getLtiLinkEvents(organizationId, params),
    // The page being left stays on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });

export function useLtiLinkEvents(organizationId: string, params: LinkEventsParams) {
  return useQuery(ltiLinkEventsQueryOptions(organizationId, params));
}
