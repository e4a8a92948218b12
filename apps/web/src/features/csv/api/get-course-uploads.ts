import type { CsvUpload, Paginated } from '@teamup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { csvKeys } from './query-keys';
import { refreshWhileRunning } from './refresh-while-running';

/** How many of a course's latest uploads the upload form shows. */
export const RECENT_COURSE_UPLOADS = 3;

/**
 * GET /csv/course/{courseId}: the latest uploads to one course, newest first, shown beside the
 * upload form so the admin sees what that course already received before sending a roster.
 */
export async function getCourseUploads(courseId: string): Promise<Paginated<CsvUpload>> {
  const res = await apiClient.get<{ data: Paginated<CsvUpload> }>(
    `/csv/course/${encodeURIComponent(courseId)}`,
    { params: { limit: RECENT_COURSE_UPLOADS } },
  );
  return res.data.data;
}

export const courseUploadsQueryOptions = (courseId: string) =>
  queryOptions({
    queryKey: [...csvKeys.history, 'course', courseId],
    queryFn: () => getCourseUploads(courseId),
    refetchInterval: refreshWhileRunning,
  });

export function useCourseUploads(courseId: string | undefined) {
  return useQuery({ ...courseUploadsQueryOptions(courseId ?? ''), enabled: Boolean(courseId) });
}
