import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';

dayjs.extend(localizedFormat);

/** A calendar date in the reader's locale style ("Nov 22, 2026"). */
export function formatDate(iso: string): string {
  return dayjs(iso).format('ll');
}
