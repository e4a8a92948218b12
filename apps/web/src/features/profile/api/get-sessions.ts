import type { Session } from '@teamup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export async function getSessions(): Promise<Session[]> {
  const res = await apiClient.get<{ data: Session[] }>('/auth/session/all');
  return res.data.data;
}

export const sessionsQueryKey = ['auth', 'sessions'] as const;

export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: sessionsQueryKey, queryFn: getSessions });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
