import { MAX_PAGE_LIMIT, type Course, type CourseListQuery, type Paginated } from '@teamup/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export type CourseOption = Pick<
  Course,
  'id' | 'code' | 'title' | 'organizationId' | 'organizationName' | 'archivedAt'
>;

export type CourseOptionsFilter = {
  organizationId?: string | undefined;
  includeArchived?: boolean;
  /** Code, title or term, searched on the server. */
  search?: string;
};

/**
 * One page of courses for the pickers (the filter shows archived ones too, adding a student does
 * not). The pickers search on the server, so a page of the maximum size is only the first view.
 */
export async function getCourseOptions({
  organizationId,
  includeArchived = false,
  search,
}: CourseOptionsFilter): Promise<Paginated<CourseOption>> {
  const params: CourseListQuery = {
    page: 1,
    limit: MAX_PAGE_LIMIT,
    archived: includeArchived ? 'all' : 'active',
    ...(organizationId ? { organizationId } : {}),
    ...(search ? { search } : {}),
  };
  const res = await apiClient.get<{ data: Paginated<Course> }>('/courses', { params });
  const page = res.data.data;
  return {
    ...page,
    items: page.items.map(
      ({ id, code, title, organizationId: orgId, organizationName, archivedAt }) => ({
        id,
        code,
        title,
        organizationId: orgId,
        organizationName,
        archivedAt,
      }),
    ),
  };
}

export const courseOptionsQueryOptions = (filter: CourseOptionsFilter) =>
  queryOptions({
    queryKey: [
      'courses',
      'options',
      {
        organizationId: filter.organizationId ?? null,
        archived: Boolean(filter.includeArchived),
        search: filter.search ?? '',
      },
    ],
    queryFn: () => getCourseOptions(filter),
    // The picker keeps the last matches on screen while the next search runs.
    placeholderData: keepPreviousData,
  });

export function useCourseOptions(filter: CourseOptionsFilter, enabled = true) {
  return useQuery({ ...courseOptionsQueryOptions(filter), enabled });
}
