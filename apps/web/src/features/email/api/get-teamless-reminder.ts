import type { TeamlessReminderPreview } from '@teamup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { emailKeys } from './query-keys';

export const teamlessReminderPath = (courseId: string) =>
  `/admin/courses/${encodeURIComponent(courseId)}/reminders/teamless`;

/** GET …/reminders/teamless: who the reminder would reach and what it says. Changes nothing. */
export async function getTeamlessReminder(
  courseId: string,
  signal?: AbortSignal,
): Promise<TeamlessReminderPreview> {
  const res = await apiClient.get<{ data: TeamlessReminderPreview }>(
    teamlessReminderPath(courseId),
    {
      signal,
    },
  );
  return res.data.data;
}

export const teamlessReminderQueryOptions = (courseId: string) =>
  queryOptions({
    queryKey: emailKeys.teamlessReminder(courseId),
    queryFn: ({ signal }) => getTeamlessReminder(courseId, signal),
    // Who has no team changes by the minute: read afresh each time the dialog opens.
    staleTime: 0,
  });

/**
 * With the course page (issue 35: the button is not offered when nobody is left to remind), and
 * afresh when the dialog opens.
 */
export function useTeamlessReminder(courseId: string, enabled: boolean) {
  return useQuery({ ...teamlessReminderQueryOptions(courseId), enabled });
}
