import type { NotificationPreferences, UpdateNotificationPreferences } from '@teamup/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';
import { notificationKeys } from './query-keys';

/** GET /notifications/preferences: every kind with whether it is muted. */
export async function getNotificationPreferences(
  signal?: AbortSignal,
): Promise<NotificationPreferences> {
  const res = await apiClient.get<{ data: NotificationPreferences }>('/notifications/preferences', {
    signal,
  });
  return res.data.data;
}

/** PUT /notifications/preferences: the kinds to mute, every other kind shown. */
export async function updateNotificationPreferences(
  body: UpdateNotificationPreferences,
): Promise<NotificationPreferences> {
  const res = await apiClient.put<{ data: NotificationPreferences }>(
    '/notifications/preferences',
    body,
  );
  return res.data.data;
}

export const notificationPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.preferences(),
    queryFn: ({ signal }) => getNotificationPreferences(signal),
  });

export function useNotificationPreferences() {
  return useQuery(notificationPreferencesQueryOptions());
}

export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation<NotificationPreferences, ApiError, UpdateNotificationPreferences>({
    mutationFn: updateNotificationPreferences,
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.preferences(), saved),
  });
}
