import type { EmailPreferences } from '@teamup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';
import { emailKeys } from './query-keys';

/** PUT /profile/time-zone: the zone the daily digest follows (an IANA name from the browser). */
export async function updateTimeZone(timeZone: string): Promise<EmailPreferences> {
  const res = await apiClient.put<{ data: EmailPreferences }>('/profile/time-zone', { timeZone });
  return res.data.data;
}

export function useUpdateTimeZone() {
  const queryClient = useQueryClient();
  return useMutation<EmailPreferences, ApiError, string>({
    mutationFn: updateTimeZone,
    onSuccess: (saved) => queryClient.setQueryData(emailKeys.preferences(), saved),
  });
}
