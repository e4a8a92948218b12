import type { LtiSyncResult } from '@teamup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';
import { ltiSyncPath } from './query-keys';

/**
 * POST /admin/courses/{courseId}/lti/sync. `preview: true` says what a sync would change and
 * changes nothing. 409 NO_LMS_ROSTER: the course is not linked to an LMS course with a roster.
 */
export async function syncLtiRoster(courseId: string, preview: boolean): Promise<LtiSyncResult> {
  const res = await apiClient.post<{ data: LtiSyncResult }>(ltiSyncPath(courseId), { preview });
  return res.data.data;
}

/** The queries a roster change shows in: rosters, counts, teams (members leave) and staff. */
const ROSTER_VIEWS = [
  'enrollments',
  'courses',
  'organizations',
  'teams',
  'staff',
  'admin-dashboard',
  'formation',
];

export function useSyncLtiRoster(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation<LtiSyncResult, ApiError, { preview: boolean }>({
    mutationFn: ({ preview }) => syncLtiRoster(courseId, preview),
    onSuccess: (result) => {
      if (!result.applied) return;
      for (const key of ROSTER_VIEWS) void queryClient.invalidateQueries({ queryKey: [key] });
    },
  });
}
