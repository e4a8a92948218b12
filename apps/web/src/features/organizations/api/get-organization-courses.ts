import type { Course, CourseListQuery, Paginated } from '@teamup/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { organizationKeys } from './query-keys';

export type OrganizationCoursesParams = { page: number; limit: number };

export async function getOrganizationCourses(
  orgId: string,
  { page, limit }: OrganizationCoursesParams,
): Promise<Paginated<Course>> {
  // Archived courses are listed too (with a badge): they still belong to the organization.
  const params: CourseListQuery = { page, limit, archived: 'all' };
  const res = await apiClient.get<{ data: Paginated<Course> }>(
    `/courses/organization/${encodeURIComponent(orgId)}/courses`,
    { params },
  );
  return res.data.data;
}

export const organizationCoursesQueryOptions = (orgId: string, params: OrganizationCoursesParams) =>
  queryOptions({
    queryKey: organizationKeys.courses(orgId, params),
    queryFn: () => getOrganizationCourses(orgId, params),
    placeholderData: keepPreviousData,
  });

export function useOrganizationCourses(
  orgId: string,
  params: OrganizationCoursesParams,
  { enabled = true } = {},
) {
  return useQuery({ ...organizationCoursesQueryOptions(orgId, params), enabled });
}
