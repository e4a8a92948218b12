import type { CsvUpload, Paginated } from '@teamup/shared';
import { isFinished } from './get-upload-status';

/** While an upload in a list runs, the list refreshes itself this often. */
const RUNNING_REFRESH_MS = 2000;

/** `refetchInterval` of the upload lists: they follow their running uploads, then stop. */
export function refreshWhileRunning(query: { state: { data?: Paginated<CsvUpload> | undefined } }) {
  return query.state.data?.items.some((u) => !isFinished(u.status)) ? RUNNING_REFRESH_MS : false;
}
