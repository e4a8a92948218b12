import type { EmailPreferences } from '@teamup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { emailKeys } from './query-keys';

/** GET /profile/email-preferences: every kind with its email mode, the digest's time zone. */
export async function getEmailPreferences(signal?: AbortSignal): Promise<EmailPreferences> {
  const res = await apiClient.get<{ data: EmailPreferences }>('/profile/email-preferences', {
    signal,
  });
  return res.data.data;
}

export const emailPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: emailKeys.preferences(),
    queryFn: ({ signal }) => getEmailPreferences(signal),
  });

export function useEmailPreferences() {
  return useQuery(emailPreferencesQueryOptions());
}
