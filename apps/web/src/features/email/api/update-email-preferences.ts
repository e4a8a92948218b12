import type { EmailPreferences, UpdateEmailPreferences } from '@teamup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';
import { emailKeys } from './query-keys';

/** PUT /profile/email-preferences: the kinds listed change, the others keep their mode. */
export async function updateEmailPreferences(
  body: UpdateEmailPreferences,
): Promise<EmailPreferences> {
  const res = await apiClient.put<{ data: EmailPreferences }>('/profile/email-preferences', body);
  return res.data.data;
}

export function useUpdateEmailPreferences() {
  const queryClient = useQueryClient();
  return useMutation<EmailPreferences, ApiError, UpdateEmailPreferences>({
    mutationFn: updateEmailPreferences,
    onSuccess: (saved) => queryClient.setQueryData(emailKeys.preferences(), saved),
  });
}
