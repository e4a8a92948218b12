import type { Profile } from '@teamup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';

export async function getProfile(): Promise<Profile> {
  const res = await apiClient.get<{ data: Profile }>('/auth/profile');
  return res.data.data;
}

export const profileQueryKey = ['auth', 'profile'] as const;

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: profileQueryKey,
    queryFn: async () => {
      const profile = await getProfile();
      // SPEC §3 persists userProfile with the session.
      useAuthStore.getState().setProfile(profile);
      return profile;
    },
  });

export function useProfile() {
  return useQuery(profileQueryOptions());
}
