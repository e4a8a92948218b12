import type { StudentDashboard } from '@teamup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dashboardKeys } from './query-keys';

/** The student's home in one call (GET /student/dashboard, decision 107). */
export async function getStudentDashboard(signal?: AbortSignal): Promise<StudentDashboard> {
  const res = await apiClient.get<{ data: StudentDashboard }>('/student/dashboard', { signal });
  return res.data.data;
}

export const studentDashboardQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.student(),
    queryFn: ({ signal }) => getStudentDashboard(signal),
  });

export function useStudentDashboard() {
  return useQuery(studentDashboardQueryOptions());
}
