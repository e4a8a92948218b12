import type { UnsubscribeInfo } from '@teamup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';
import { emailKeys } from './query-keys';

/** GET /email/unsubscribe?token=…: what the link would do. Changes nothing; no sign-in. */
export async function getUnsubscribeInfo(
  token: string,
  signal?: AbortSignal,
): Promise<UnsubscribeInfo> {
  const res = await apiClient.get<{ data: UnsubscribeInfo }>('/email/unsubscribe', {
    params: { token },
    signal,
  });
  return res.data.data;
}

export const unsubscribeInfoQueryOptions = (token: string) =>
  queryOptions({
    queryKey: emailKeys.unsubscribe(token),
    queryFn: ({ signal }) => getUnsubscribeInfo(token, signal),
    // A refused token stays refused: no second try, no refetch when the tab regains focus.
    retry: (count, error) => (error as ApiError).status >= 500 && count < 1,
    refetchOnWindowFocus: false,
  });

export function useUnsubscribeInfo(token: string) {
  return useQuery(unsubscribeInfoQueryOptions(token));
}
