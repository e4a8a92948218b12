import { MAX_PAGE_LIMIT, type Invitation, type Paginated } from '@teamup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { teamKeys } from './query-keys';

/**
 * My pending invitations. A student has at most a few per course, so one page of the maximum
 * size holds them all and the screens need no pagination.
 */
export async function getMyInvitations(): Promise<Paginated<Invitation>> {
  const res = await apiClient.get<{ data: Paginated<Invitation> }>('/student/me/invitations', {
    params: { status: 'PENDING', limit: MAX_PAGE_LIMIT },
  });
  return res.data.data;
}

export const myInvitationsQueryOptions = () =>
  queryOptions({ queryKey: teamKeys.myInvitations(), queryFn: getMyInvitations });

export function useMyInvitations() {
  return useQuery(myInvitationsQueryOptions());
}
