import type { Profile, ProfileUpdateBody } from '@teamup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';
import { profileQueryKey } from './get-profile';

export async function updateProfile(body: ProfileUpdateBody): Promise<Profile> {
  const res = await apiClient.patch<{ data: Profile }>('/auth/profile/update', body);
  return res.data.data;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation<Profile, ApiError, ProfileUpdateBody>({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryKey, profile);
      const store = useAuthStore.getState();
      store.setProfile(profile);
      // The header shows name and avatar from the session user.
      store.updateUser({ fullname: profile.fullname, avatar: profile.avatar });
    },
  });
}
