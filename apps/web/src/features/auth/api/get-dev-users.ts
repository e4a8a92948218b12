import type { DevUser } from '@teamup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export async function getDevUsers(): Promise<DevUser[]> {
  const res = await apiClient.get<{ data: DevUser[] }>('/dev/users');
  return res.data.data;
}

export const devUsersQueryOptions = () =>
  queryOptions({ queryKey: ['dev', 'users'], queryFn: getDevUsers });

/** Only enabled when the server says the development identity provider is on. */
export function useDevUsers(enabled: boolean) {
  return useQuery({ ...devUsersQueryOptions(), enabled });
}
