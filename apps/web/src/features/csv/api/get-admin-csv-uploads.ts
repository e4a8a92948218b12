import {
  DEFAULT_PAGE_LIMIT,
  type CsvAdminUploadListQuery,
  type CsvUpload,
  type CsvUploadStatus,
  type Paginated,
} from '@teamup/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { csvKeys } from './query-keys';
import { refreshWhileRunning } from './refresh-while-running';

/** The filters of the upload history, as the page keeps them in its URL. */
export type UploadHistoryFilter = {
  courseId?: string | undefined;
  status?: CsvUploadStatus | undefined;
  /** Only the uploads the signed-in admin made. */
  mine?: boolean | undefined;
  /** Text in the file name, the course code or title, or the uploader's name or email. */
  q?: string | undefined;
  page?: number | undefined;
};

function toQuery(filter: UploadHistoryFilter): CsvAdminUploadListQuery {
  const q = filter.q?.trim();
  return {
    page: filter.page ?? 1,
    limit: DEFAULT_PAGE_LIMIT,
    ...(filter.courseId ? { courseId: filter.courseId } : {}),
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.mine ? { uploadedBy: 'me' as const } : {}),
    ...(q ? { q } : {}),
  };
}

/**
 * GET /admin/csv-uploads: the organization-wide history of the admin console, searchable by
 * course, status, uploader and text, newest first.
 */
export async function getAdminCsvUploads(
  filter: UploadHistoryFilter,
): Promise<Paginated<CsvUpload>> {
  const res = await apiClient.get<{ data: Paginated<CsvUpload> }>('/admin/csv-uploads', {
    params: toQuery(filter),
  });
  return res.data.data;
}

export const adminCsvUploadsQueryOptions = (filter: UploadHistoryFilter) =>
  queryOptions({
    queryKey: [...csvKeys.history, 'admin', toQuery(filter)],
    queryFn: () => getAdminCsvUploads(filter),
    placeholderData: keepPreviousData,
    refetchInterval: refreshWhileRunning,
  });

export function useAdminCsvUploads(filter: UploadHistoryFilter) {
  return useQuery(adminCsvUploadsQueryOptions(filter));
}
