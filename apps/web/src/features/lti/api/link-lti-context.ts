import type { LtiContextLinkResult } from '@teamup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';
import { ltiKeys } from './query-keys';

/**
 * PUT /admin/lti/contexts/{id}: the LMS course opens `courseId` from now on. 409 COURSE_LINKED
 * (that course has an LMS course of its own) or COURSE_ARCHIVED.
 */
export async function linkLtiContext(id: string, courseId: string): Promise<LtiContextLinkResult> {
  const res = await apiClient.put<{ data: LtiContextLinkResult }>(
    `/admin/lti/contexts/${encodeURIComponent(id)}`,
    { courseId },
  );
  return res.data.data;
}

/** Rosters, staff and course lists change with it (people come along, a course is archived). */
const CHANGED_VIEWS = ['courses', 'enrollments', 'staff', 'organizations', 'admin-dashboard'];

export function useLinkLtiContext() {
  const queryClient = useQueryClient();
  return useMutation<LtiContextLinkResult, ApiError, { id: string; courseId: string }>({
    mutationFn: ({ id, courseId }) => linkLtiContext(id, courseId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ltiKeys.all });
      for (const key of CHANGED_VIEWS) void queryClient.invalidateQueries({ queryKey: [key] });
    },
  });
}
