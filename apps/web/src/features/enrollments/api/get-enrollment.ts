import type { EnrollmentDetail } from '@teamup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export async function getEnrollment(id: string): Promise<EnrollmentDetail> {
  const res = await apiClient.get<{ data: EnrollmentDetail }>(
    `/admin/enrollment/${encodeURIComponent(id)}`,
  );
  return res.data.data;
}

export const enrollmentQueryKey = (id: string) => ['enrollments', 'detail', id] as const;

export const enrollmentQueryOptions = (id: string) =>
  queryOptions({ queryKey: enrollmentQueryKey(id), queryFn: () => getEnrollment(id) });

/** `enabled: false` still returns what is cached (the drawer keeps its content while closing). */
export function useEnrollment(id: string | null, enabled = true) {
  return useQuery({ ...enrollmentQueryOptions(id ?? ''), enabled: enabled && Boolean(id) });
}
