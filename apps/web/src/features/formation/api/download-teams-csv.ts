import type { TeamsExportQuery } from '@teamup/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';
import { fileNameFromDisposition, saveFile } from '@/lib/save-file';

export type TeamsCsvFile = { blob: Blob; fileName: string };
export type TeamsCsvVariables = { courseId: string } & TeamsExportQuery;

/**
 * GET /admin/courses/{courseId}/teams.csv in a column set (`format`: teamup, canvas, moodle; with
 * `at`, the teams as they were then), through the
 * API client: a plain link cannot carry the Bearer token. Decoding drops a BOM; the file is saved
 * with one again, so spreadsheets read it as UTF-8.
 */
export async function getTeamsCsv({
  courseId,
  ...query
}: TeamsCsvVariables): Promise<TeamsCsvFile> {
  // The default response type: a CSV body stays text, an error envelope is parsed.
  const res = await apiClient.get<string>(
    `/admin/courses/${encodeURIComponent(courseId)}/teams.csv`,
    { params: query, headers: { Accept: 'text/csv, application/json' } },
  );
  const text = res.data.replace(/^\uFEFF/, '');
  return {
    blob: new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }),
    fileName: fileNameFromDisposition(res.headers['content-disposition']) ?? 'teams.csv',
  };
}

/** A download is not a change, but a mutation gives the button its pending and error states. */
export function useDownloadTeamsCsv() {
  return useMutation<TeamsCsvFile, ApiError, TeamsCsvVariables>({
    mutationFn: getTeamsCsv,
    onSuccess: ({ blob, fileName }) => saveFile(blob, fileName),
  });
}
