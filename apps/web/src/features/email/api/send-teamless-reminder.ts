import type { ReminderBody, TeamlessReminderResult } from '@teamup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';
import { teamlessReminderPath } from './get-teamless-reminder';
import { emailKeys } from './query-keys';

/** POST …/reminders/teamless: notifies (and emails) every active student without a team. */
export async function sendTeamlessReminder(
  courseId: string,
  body: ReminderBody = {},
): Promise<TeamlessReminderResult> {
  // Issue 35: the instructor's own message, when there is one.
  const res = await apiClient.post<{ data: TeamlessReminderResult }>(
    teamlessReminderPath(courseId),
    body,
  );
  return res.data.data;
}

export function useSendTeamlessReminder(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation<TeamlessReminderResult, ApiError, ReminderBody | void>({
    mutationFn: (body) => sendTeamlessReminder(courseId, body ?? {}),
    // Sent or refused (too soon, nobody left), the preview's "last sent" and "next" have changed.
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: emailKeys.teamlessReminder(courseId) }),
  });
}
