import { MAX_PAGE_LIMIT, type MyCourse, type Paginated } from '@teamup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

async function getMyCoursesPage(page: number): Promise<Paginated<MyCourse>> {
  const res = await apiClient.get<{ data: Paginated<MyCourse> }>('/student/my-courses', {
    params: { page, limit: MAX_PAGE_LIMIT },
  });
  return res.data.data;
}

/**
 * Every course of the signed-in student. A student has a handful, so My Enrollments and the
 * course filters show them all at once; past one page of the maximum size the remaining pages
 * are fetched too, so nobody's 101st course goes missing.
 */
export async function getMyCourses(): Promise<MyCourse[]> {
  const first = await getMyCoursesPage(1);
  const pages = Math.ceil(first.total / MAX_PAGE_LIMIT);
  if (pages <= 1) return first.items;
  const rest = await Promise.all(
    Array.from({ length: pages - 1 }, (_, i) => getMyCoursesPage(i + 2)),
  );
  // An enrollment added between two page reads shifts the pages; list each one once.
  const byId = new Map<string, MyCourse>();
  for (const e of [first, ...rest].flatMap((p) => p.items)) byId.set(e.enrollmentId, e);
  return [...byId.values()];
}

export const myCoursesQueryOptions = () =>
  queryOptions({ queryKey: ['enrollments', 'my-courses'], queryFn: getMyCourses });

export function useMyCourses() {
  return useQuery(myCoursesQueryOptions());
}
