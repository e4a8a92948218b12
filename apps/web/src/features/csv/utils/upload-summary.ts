import { csvCountsSummary, type CsvUpload } from '@teamup/shared';

/** One line of what an upload did, for lists. */
export function countsText(u: Pick<CsvUpload, 'status' | 'counts'>): string {
  if (u.status === 'FAILED') return 'Nothing applied';
  if (u.status !== 'COMPLETED') return `${u.counts.rowsRead.toLocaleString('en-US')} rows so far`;
  // The same sentence as the notification and the toast, after the rows read.
  return `${u.counts.rowsRead.toLocaleString('en-US')} rows read. ${csvCountsSummary(u.counts)}`;
}
