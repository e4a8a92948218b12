import type { DevMailSummary } from '@teamup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';
import { emailKeys } from './query-keys';

/** How often the development mailbox asks for new mail, so a new email shows within seconds. */
export const DEV_MAIL_REFRESH_MS = 3_000;
/** Messages listed (the API's default). */
export const DEV_MAIL_LIMIT = 50;

/** GET /dev/mail?to=&limit=: the development mailbox, newest first (404 where it is off). */
export async function getDevMail(
  query: { to?: string },
  signal?: AbortSignal,
): Promise<DevMailSummary[]> {
  const res = await apiClient.get<{ data: DevMailSummary[] }>('/dev/mail', {
    params: { to: query.to, limit: DEV_MAIL_LIMIT },
    signal,
  });
  return res.data.data;
}

/** The mailbox does not exist on this server (no development sign-in). */
export const isMailboxOff = (error: unknown) => (error as Partial<ApiError> | null)?.status === 404;

export const devMailQueryOptions = (query: { to?: string }) =>
  queryOptions({
    queryKey: emailKeys.devMailList(query),
    queryFn: ({ signal }) => getDevMail(query, signal),
    refetchInterval: (q) => (isMailboxOff(q.state.error) ? false : DEV_MAIL_REFRESH_MS),
    // A mailbox that is off stays off: asked once.
    retry: (count, error) => !isMailboxOff(error) && count < 1,
    staleTime: 0,
  });

export function useDevMail(query: { to?: string }) {
  return useQuery(devMailQueryOptions(query));
}
