import { useMutation } from '@tanstack/react-query';
import { ApiError, apiClient } from '@/lib/api-client';
import { fileNameFromDisposition, saveFile } from '@/lib/save-file';

export type RejectedRowsFile = { blob: Blob; fileName: string };

/** `roster.csv` → `roster-rejected-rows.csv`, as the server names it. */
export function rejectedRowsFileName(uploadFileName: string): string {
  return `${uploadFileName.replace(/\.[^.]*$/, '') || 'roster'}-rejected-rows.csv`;
}

/**
 * The error envelope of a failed text request arrives unparsed: read its message, so the user
 * sees "Upload not found" rather than "Request failed with status code 404".
 */
function withServerMessage(error: unknown): never {
  if (error instanceof ApiError && typeof error.data === 'string') {
    let body: { message?: unknown } | undefined;
    try {
      body = JSON.parse(error.data) as { message?: unknown };
    } catch {
      // Not JSON: the generic message stands.
    }
    if (typeof body?.message === 'string') throw new ApiError(body.message, error.status, body);
  }
  throw error;
}

/**
 * GET /csv/status/{id}/errors.csv through the API client, so the Bearer token goes along. Read
 * as text (decoding drops the BOM) and saved with a BOM again, so spreadsheets read it as UTF-8.
 */
export async function getRejectedRows(
  id: string,
  uploadFileName: string,
): Promise<RejectedRowsFile> {
  const res = await apiClient
    .get<string>(`/csv/status/${encodeURIComponent(id)}/errors.csv`, {
      responseType: 'text',
      headers: { Accept: 'text/csv, application/json' },
    })
    .catch(withServerMessage);
  const disposition = res.headers['content-disposition'] as string | undefined;
  const text = res.data.replace(/^\uFEFF/, '');
  return {
    blob: new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }),
    fileName: fileNameFromDisposition(disposition) ?? rejectedRowsFileName(uploadFileName),
  };
}

/** A download is not a change, but a mutation gives the button its pending and error states. */
export function useDownloadRejectedRows() {
  return useMutation<RejectedRowsFile, ApiError, { id: string; fileName: string }>({
    mutationFn: ({ id, fileName }) => getRejectedRows(id, fileName),
    onSuccess: ({ blob, fileName }) => saveFile(blob, fileName),
  });
}
