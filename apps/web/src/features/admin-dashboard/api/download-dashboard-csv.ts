import type { AdminDashboardQuery } from '@teamup/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';
import { fileNameFromDisposition, saveFile } from '@/lib/save-file';

export type DashboardCsvFile = { blob: Blob; fileName: string };

/**
 * GET /admin/dashboard/stats.csv with the page's filters, through the API client (a plain link
 * cannot carry the Bearer token). Decoding drops the BOM: saved with one again, so spreadsheets
 * read it as UTF-8.
 */
export async function getDashboardCsv(query: AdminDashboardQuery): Promise<DashboardCsvFile> {
  // The default response type: a CSV body (never valid JSON: it starts with a BOM and a header)
  // stays text, and an error envelope is parsed, so the error carries the server's message.
  const res = await apiClient.get<string>('/admin/dashboard/stats.csv', {
    params: query,
    headers: { Accept: 'text/csv, application/json' },
  });
  const text = res.data.replace(/^\uFEFF/, '');
  return {
    blob: new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }),
    fileName: fileNameFromDisposition(res.headers['content-disposition']) ?? 'team-formation.csv',
  };
}

/** A download is not a change, but a mutation gives the button its pending and error states. */
export function useDownloadDashboardCsv() {
  return useMutation<DashboardCsvFile, ApiError, AdminDashboardQuery>({
    mutationFn: getDashboardCsv,
    onSuccess: ({ blob, fileName }) => saveFile(blob, fileName),
  });
}
