import type { CsvUploadStatus } from '@teamup/shared';
import type { UploadHistoryFilter } from '../api/get-admin-csv-uploads';

// Not in the page component: the route's loader reads it, and loaders load with the app's entry
// (decision 091).

/** The page's state in the URL: the chosen course, an open result, the history's filters. */
export type CsvEnrollSearch = {
  courseId?: string;
  uploadId?: string;
  historyCourseId?: string;
  historyStatus?: CsvUploadStatus;
  historyMine?: boolean;
  historyQ?: string;
  historyPage?: number;
};

export function toUploadHistoryFilter(search: CsvEnrollSearch): UploadHistoryFilter {
  return {
    courseId: search.historyCourseId,
    status: search.historyStatus,
    mine: search.historyMine,
    q: search.historyQ,
    page: search.historyPage,
  };
}
