import {
  DEFAULT_PAGE_LIMIT,
  type CsvUpload,
  type CsvUploadStatus,
  type Paginated,
} from '@teamup/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { csvKeys } from './query-keys';
import { isFinished } from './get-upload-status';

export type UploadHistoryFilter = {
  courseId?: string | undefined;
  status?: CsvUploadStatus | undefined;
  page?: number | undefined;
};

/** While an upload in the list runs, the list refreshes itself this often. */
const RUNNING_REFRESH_MS = 2000;

export function refreshWhileRunning(query: { state: { data?: Paginated<CsvUpload> | undefined } }) {
  return query.state.data?.items.some((u) => !isFinished(u.status)) ? RUNNING_REFRESH_MS : false;
}

/** GET /csv/uploads: every upload of my organizations, newest first. */
export async function getUploads(filter: UploadHistoryFilter): Promise<Paginated<CsvUpload>> {
  const res = await apiClient.get<{ data: Paginated<CsvUpload> }>('/csv/uploads', {
    params: {
      page: filter.page ?? 1,
      limit: DEFAULT_PAGE_LIMIT,
      ...(filter.status ? { status: filter.status } : {}),
    },
  });
  return res.data.data;
}

export const uploadsQueryOptions = (filter: UploadHistoryFilter) =>
  queryOptions({
    queryKey: [...csvKeys.history, 'all', { status: filter.status, page: filter.page ?? 1 }],
    queryFn: () => getUploads(filter),
    placeholderData: keepPreviousData,
    refetchInterval: refreshWhileRunning,
  });

export function useUploads(filter: UploadHistoryFilter) {
  return useQuery(uploadsQueryOptions(filter));
}
