import { useMutation } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';
import { fileNameFromDisposition, saveFile } from '@/lib/save-file';
import { adminSurveyPath } from './query-keys';

export type SurveyCsvFile = { blob: Blob; fileName: string };

/**
 * GET …/survey/responses.csv through the API client (a plain link cannot carry the Bearer
 * token). Saved with a BOM, so spreadsheets read it as UTF-8.
 */
export async function getSurveyCsv(courseId: string): Promise<SurveyCsvFile> {
  const res = await apiClient.get<string>(`${adminSurveyPath(courseId)}/responses.csv`, {
    headers: { Accept: 'text/csv, application/json' },
  });
  const text = String(res.data).replace(/^\uFEFF/, '');
  return {
    blob: new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }),
    fileName: fileNameFromDisposition(res.headers['content-disposition']) ?? 'survey-responses.csv',
  };
}

/** A download is not a change, but a mutation gives the button its pending and error states. */
export function useDownloadSurveyCsv(courseId: string) {
  return useMutation<SurveyCsvFile, ApiError, void>({
    mutationFn: () => getSurveyCsv(courseId),
    onSuccess: ({ blob, fileName }) => saveFile(blob, fileName),
  });
}
