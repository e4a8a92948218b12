import { csvCountsSummary, type CsvUpload } from '@teamup/shared';
import { countOf } from '@/lib/format';

/** One line of what an upload did, for lists. */
export function countsText(u: Pick<CsvUpload, 'status' | 'counts'>): string {
  if (u.status === 'FAILED') return 'Nothing applied';
  if (u.status !== 'COMPLETED') return `${countOf(u.counts.rowsRead, 'row')} so far`;
  // The same sentence as the notification and the toast, after the rows read.
  return `${countOf(u.counts.rowsRead, 'row')} read. ${csvCountsSummary(u.counts)}`;
}
