import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import relativeTime from 'dayjs/plugin/relativeTime';

dayjs.extend(localizedFormat);
dayjs.extend(relativeTime);

/**
 * When something happened, relative to now ("2 days ago"), the full date and time on hover.
 * Issue 35: the bell and the dashboard say one event's time with this one formatter.
 */
export function TimeAgo({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={dayjs(iso).format('LLL')}>
      {dayjs(iso).fromNow()}
    </time>
  );
}
