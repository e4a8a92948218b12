import type { DevMail } from '@teamup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { emailKeys } from './query-keys';

/** GET /dev/mail/{id}: one message of the development mailbox with its HTML, text and headers. */
export async function getDevMailMessage(id: string, signal?: AbortSignal): Promise<DevMail> {
  const res = await apiClient.get<{ data: DevMail }>(`/dev/mail/${encodeURIComponent(id)}`, {
    signal,
  });
  return res.data.data;
}

export const devMailMessageQueryOptions = (id: string) =>
  queryOptions({
    queryKey: emailKeys.devMailMessage(id),
    queryFn: ({ signal }) => getDevMailMessage(id, signal),
    // A sent message never changes.
    staleTime: Infinity,
  });

export function useDevMailMessage(id: string | undefined) {
  return useQuery({ ...devMailMessageQueryOptions(id ?? ''), enabled: Boolean(id) });
}
