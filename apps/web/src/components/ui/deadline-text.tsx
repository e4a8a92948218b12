import { Badge, Group, Text, type TextProps } from '@mantine/core';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import relativeTime from 'dayjs/plugin/relativeTime';

dayjs.extend(relativeTime);
dayjs.extend(localizedFormat);

export function isPast(iso: string, now = Date.now()): boolean {
  return Date.parse(iso) <= now;
}

/** "in 5 days", or "passed" once the moment is behind us. */
export function relativeDeadline(iso: string, now = Date.now()): string {
  return isPast(iso, now) ? 'passed' : dayjs(iso).from(dayjs(now));
}

type DeadlineTextProps = TextProps & {
  iso: string;
  /** Show the time left ("in 5 days") next to the date. */
  withRelative?: boolean;
};

/** A deadline's local date and time, with a "passed" badge once it is over. */
export function DeadlineText({ iso, withRelative = false, ...textProps }: DeadlineTextProps) {
  const past = isPast(iso);
  return (
    <Group gap={6} wrap="wrap" component="span">
      <Text component="span" size="sm" {...textProps}>
        <time dateTime={iso}>{dayjs(iso).format('lll')}</time>
      </Text>
      {past ? (
        <Badge size="sm" color="red.9" variant="filled">
          passed
        </Badge>
      ) : (
        withRelative && (
          <Text component="span" size="sm" c="dimmed">
            ({relativeDeadline(iso)})
          </Text>
        )
      )}
    </Group>
  );
}
