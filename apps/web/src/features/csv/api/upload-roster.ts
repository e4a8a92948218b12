import type { CsvUploadAccepted } from '@teamup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';
import { invalidateUploadHistory } from './query-keys';

export type UploadRosterInput = { courseId: string; file: File };
export type UploadRosterResult = CsvUploadAccepted & {
  /** The server's one-line summary ("roster.csv is queued: 42 rows"). */
  message: string | undefined;
};

/** POST /csv/upload (multipart): answers 202 at once; the job runs in the background. */
export async function uploadRoster({
  courseId,
  file,
}: UploadRosterInput): Promise<UploadRosterResult> {
  const form = new FormData();
  form.append('courseId', courseId);
  form.append('file', file, file.name);
  // postForm: the client's JSON content type would otherwise turn the form into JSON.
  const res = await apiClient.postForm<{ data: CsvUploadAccepted; message?: string }>(
    '/csv/upload',
    form,
  );
  return { ...res.data.data, message: res.data.message };
}

export function useUploadRoster() {
  const queryClient = useQueryClient();
  return useMutation<UploadRosterResult, ApiError, UploadRosterInput>({
    mutationFn: uploadRoster,
    // Not awaited: the mutation would otherwise wait for every list to refetch (seconds while
    // the server is busy with this very roster) before the page could follow the upload.
    onSuccess: () => {
      void invalidateUploadHistory(queryClient);
    },
  });
}
