import type { Looking, LookingBody, MyCourse } from '@teamup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';
import { myCoursesQueryKey } from './get-my-courses';

export type SetLookingVariables = { courseId: string } & LookingBody;

/** Switches "looking for a team" in one course, with its note (409 ALREADY_IN_TEAM in a team). */
export async function setLooking({ courseId, ...body }: SetLookingVariables): Promise<Looking> {
  const res = await apiClient.put<{ data: Looking }>(
    `/student/courses/${encodeURIComponent(courseId)}/looking`,
    body,
  );
  return res.data.data;
}

export function useSetLooking() {
  const queryClient = useQueryClient();
  return useMutation<Looking, ApiError, SetLookingVariables>({
    mutationFn: setLooking,
    onSuccess: (looking) =>
      queryClient.setQueryData<MyCourse[]>(myCoursesQueryKey, (courses) =>
        courses?.map((c) =>
          c.course.id === looking.courseId
            ? { ...c, lookingForTeam: looking.looking, lookingNote: looking.note }
            : c,
        ),
      ),
    // A team may have been joined meanwhile (409): the list says where looking still applies.
    onError: () => queryClient.invalidateQueries({ queryKey: myCoursesQueryKey }),
  });
}
