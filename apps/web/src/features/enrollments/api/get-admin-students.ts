import type { AdminStudentsQuery, Enrollment, Paginated } from '@teamup/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export async function getAdminStudents(query: AdminStudentsQuery): Promise<Paginated<Enrollment>> {
  const res = await apiClient.get<{ data: Paginated<Enrollment> }>('/admin/students', {
    params: query,
  });
  return res.data.data;
}

export const adminStudentsQueryOptions = (query: AdminStudentsQuery) =>
  queryOptions({
    queryKey: ['enrollments', 'admin-students', query],
    queryFn: () => getAdminStudents(query),
    placeholderData: keepPreviousData,
  });

export function useAdminStudents(query: AdminStudentsQuery) {
  return useQuery(adminStudentsQueryOptions(query));
}
