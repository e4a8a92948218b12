import type { AuthConfig } from '@teamup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export async function getAuthConfig(): Promise<AuthConfig> {
  const res = await apiClient.get<{ data: AuthConfig }>('/auth/config');
  return res.data.data;
}

export const authConfigQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'config'], queryFn: getAuthConfig, staleTime: Infinity });

export function useAuthConfig() {
  return useQuery(authConfigQueryOptions());
}
