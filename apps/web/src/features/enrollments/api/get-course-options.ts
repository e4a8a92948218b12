import { MAX_PAGE_LIMIT, type Course, type Paginated } from '@teamup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export type CourseOption = Pick<
  Course,
  'id' | 'code' | 'title' | 'organizationId' | 'organizationName' | 'archivedAt'
>;

type CourseOptionsFilter = { organizationId?: string | undefined; includeArchived?: boolean };

/** Courses for the pickers: the filter shows archived ones too, adding a student does not. */
export async function getCourseOptions({
  organizationId,
  includeArchived = false,
}: CourseOptionsFilter): Promise<CourseOption[]> {
  const res = await apiClient.get<{ data: Paginated<Course> }>('/courses', {
    params: {
      limit: MAX_PAGE_LIMIT,
      archived: includeArchived ? 'all' : 'active',
      ...(organizationId ? { organizationId } : {}),
    },
  });
  return res.data.data.items.map(
    ({ id, code, title, organizationId: orgId, organizationName, archivedAt }) => ({
      id,
      code,
      title,
      organizationId: orgId,
      organizationName,
      archivedAt,
    }),
  );
}

export const courseOptionsQueryOptions = (filter: CourseOptionsFilter) =>
  queryOptions({
    queryKey: [
      'courses',
      'options',
      { organizationId: filter.organizationId ?? null, archived: Boolean(filter.includeArchived) },
    ],
    queryFn: () => getCourseOptions(filter),
  });

export function useCourseOptions(filter: CourseOptionsFilter, enabled = true) {
  return useQuery({ ...courseOptionsQueryOptions(filter), enabled });
}
