import type { CsvUpload } from '@teamup/shared';

/** One line of what an upload did, for lists: only the outcomes that happened, beyond the basics. */
export function countsText(u: Pick<CsvUpload, 'status' | 'counts'>): string {
  if (u.status === 'FAILED') return 'Nothing applied';
  if (u.status !== 'COMPLETED') return `${u.counts.rowsRead.toLocaleString('en-US')} rows so far`;
  const c = u.counts;
  const n = (value: number) => value.toLocaleString('en-US');
  return [
    `${n(c.rowsRead)} read`,
    `${n(c.created)} created`,
    c.pending > 0 && `${n(c.pending)} pending`,
    c.alreadyEnrolled > 0 && `${n(c.alreadyEnrolled)} already enrolled`,
    c.reactivated > 0 && `${n(c.reactivated)} reactivated`,
    `${n(c.rejected)} rejected`,
  ]
    .filter(Boolean)
    .join(' · ');
}
