import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';

dayjs.extend(localizedFormat);

/** A day in the reader's locale style ("Dec 5, 2026"). */
export function formatDate(iso: string): string {
  return dayjs(iso).format('ll');
}

/** A moment with its time ("Dec 5, 2026 3:14 PM"). */
export function formatDateTime(iso: string): string {
  return dayjs(iso).format('lll');
}
