import { MAX_PAGE_LIMIT, type Enrollment, type Paginated } from '@teamup/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { formationKeys } from './query-keys';

/** The course's ACTIVE students matching a search (GET /admin/course/{id}/students), for exclusion. */
export async function getActiveStudents(
  courseId: string,
  search: string,
  signal?: AbortSignal,
): Promise<Paginated<Enrollment>> {
  const res = await apiClient.get<{ data: Paginated<Enrollment> }>(
    `/admin/course/${encodeURIComponent(courseId)}/students`,
    {
      params: { status: 'ACTIVE', limit: MAX_PAGE_LIMIT, ...(search ? { search } : {}) },
      signal,
    },
  );
  return res.data.data;
}

export const activeStudentsQueryOptions = (courseId: string, search: string) =>
  queryOptions({
    queryKey: formationKeys.students(courseId, search),
    queryFn: ({ signal }) => getActiveStudents(courseId, search, signal),
    placeholderData: keepPreviousData,
  });

export function useActiveStudents(courseId: string, search: string) {
  return useQuery(activeStudentsQueryOptions(courseId, search));
}
