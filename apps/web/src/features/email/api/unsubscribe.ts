import type { UnsubscribeBody, UnsubscribeInfo } from '@teamup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';
import { emailKeys } from './query-keys';

/** POST /email/unsubscribe?token=…: turns the link's kind (KIND) or every email (ALL) off. */
export async function unsubscribe(token: string, body: UnsubscribeBody): Promise<UnsubscribeInfo> {
  const res = await apiClient.post<{ data: UnsubscribeInfo }>('/email/unsubscribe', body, {
    params: { token },
  });
  return res.data.data;
}

export function useUnsubscribe(token: string) {
  const queryClient = useQueryClient();
  return useMutation<UnsubscribeInfo, ApiError, UnsubscribeBody>({
    mutationFn: (body) => unsubscribe(token, body),
    onSuccess: (info) => {
      queryClient.setQueryData(emailKeys.unsubscribe(token), info);
      // A signed-in tab's profile shows the change on its next read.
      void queryClient.invalidateQueries({ queryKey: emailKeys.preferences() });
    },
  });
}
