import type { CsvUpload, Paginated } from '@teamup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { csvKeys } from './query-keys';
import { refreshWhileRunning } from './refresh-while-running';

/** More uploads than this running at once is not something a page needs to follow. */
const RUNNING_LIMIT = 10;

/**
 * GET /csv/uploads?phase=running: the uploads of my organizations still queued or processing,
 * newest first, so an admin who left the page while a roster ran can follow it again.
 */
export async function getRunningUploads(): Promise<Paginated<CsvUpload>> {
  const res = await apiClient.get<{ data: Paginated<CsvUpload> }>('/csv/uploads', {
    params: { phase: 'running', limit: RUNNING_LIMIT },
  });
  return res.data.data;
}

export const runningUploadsQueryOptions = () =>
  queryOptions({
    queryKey: [...csvKeys.history, 'running'],
    queryFn: getRunningUploads,
    refetchInterval: refreshWhileRunning,
  });

export function useRunningUploads() {
  return useQuery(runningUploadsQueryOptions());
}
