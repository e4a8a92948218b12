import type { CsvUploadResult, CsvUploadStatus } from '@teamup/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiClient } from '@/lib/api-client';
import { firstSignalOf, uploadEndEvent } from '@/lib/signals-once';
import { csvKeys, invalidateAfterUpload } from './query-keys';

/** How often a running upload is asked for its progress. */
export const STATUS_POLL_MS = 500;

export function isFinished(status: CsvUploadStatus | undefined): boolean {
  return status === 'COMPLETED' || status === 'FAILED';
}

export async function getUploadStatus(id: string): Promise<CsvUploadResult> {
  const res = await apiClient.get<{ data: CsvUploadResult }>(
    `/csv/status/${encodeURIComponent(id)}`,
  );
  return res.data.data;
}

export const uploadStatusQueryOptions = (id: string) =>
  queryOptions({
    queryKey: csvKeys.status(id),
    queryFn: () => getUploadStatus(id),
    // Polls until the job is done; a finished upload never changes again.
    refetchInterval: (query) =>
      query.state.status === 'error' || isFinished(query.state.data?.status)
        ? false
        : STATUS_POLL_MS,
    staleTime: (query) => (isFinished(query.state.data?.status) ? Infinity : 0),
  });

type UseUploadStatusOptions = {
  /** The status this view first knew (QUEUED right after an upload): its end is announced. */
  knownStatus?: CsvUploadStatus;
  onFinished?: (upload: CsvUploadResult) => void;
};

/**
 * An upload's status, polled while it runs. When this view sees it finish, the lists it changed
 * are refetched and `onFinished` runs once.
 */
export function useUploadStatus(id: string | null, options: UseUploadStatusOptions = {}) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...uploadStatusQueryOptions(id ?? ''), enabled: Boolean(id) });
  const seen = useRef<CsvUploadStatus | undefined>(options.knownStatus);
  const onFinished = useRef(options.onFinished);
  onFinished.current = options.onFinished;
  const data = query.data;

  useEffect(() => {
    if (!data) return;
    const before = seen.current;
    seen.current = data.status;
    if (before && !isFinished(before) && isFinished(data.status)) {
      // The live stream's notification of this end may have come first and refreshed them.
      const end = data.finishedAt && uploadEndEvent(data.courseId, data.finishedAt);
      if (!end || firstSignalOf(end)) void invalidateAfterUpload(queryClient);
      onFinished.current?.(data);
    }
  }, [data, queryClient]);

  return query;
}
