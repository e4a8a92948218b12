import { DEFAULT_PAGE_LIMIT, type CsvUpload, type Paginated } from '@teamup/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { refreshWhileRunning, type UploadHistoryFilter } from './get-uploads';
import { csvKeys } from './query-keys';

/** GET /csv/course/{courseId}: one course's uploads, newest first. */
export async function getCourseUploads(
  courseId: string,
  filter: Omit<UploadHistoryFilter, 'courseId'>,
): Promise<Paginated<CsvUpload>> {
  const res = await apiClient.get<{ data: Paginated<CsvUpload> }>(
    `/csv/course/${encodeURIComponent(courseId)}`,
    {
      params: {
        page: filter.page ?? 1,
        limit: DEFAULT_PAGE_LIMIT,
        ...(filter.status ? { status: filter.status } : {}),
      },
    },
  );
  return res.data.data;
}

export const courseUploadsQueryOptions = (
  courseId: string,
  filter: Omit<UploadHistoryFilter, 'courseId'>,
) =>
  queryOptions({
    queryKey: [
      ...csvKeys.history,
      'course',
      courseId,
      { status: filter.status, page: filter.page ?? 1 },
    ],
    queryFn: () => getCourseUploads(courseId, filter),
    placeholderData: keepPreviousData,
    refetchInterval: refreshWhileRunning,
  });

export function useCourseUploads(courseId: string, filter: Omit<UploadHistoryFilter, 'courseId'>) {
  return useQuery(courseUploadsQueryOptions(courseId, filter));
}
