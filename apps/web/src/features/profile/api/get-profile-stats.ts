import type { ProfileStats } from '@teamup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';

export async function getProfileStats(): Promise<ProfileStats> {
  const res = await apiClient.get<{ data: ProfileStats }>('/auth/profile/stats');
  return res.data.data;
}

export const profileStatsQueryKey = ['auth', 'profile', 'stats'] as const;

export const profileStatsQueryOptions = () =>
  queryOptions({
    queryKey: profileStatsQueryKey,
    queryFn: async () => {
      const stats = await getProfileStats();
      // SPEC §3: userStats lives in the auth store, in memory only.
      useAuthStore.getState().setUserStats(stats);
      return stats;
    },
  });

export function useProfileStats() {
  return useQuery(profileStatsQueryOptions());
}
