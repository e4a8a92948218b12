import type { EnrollmentEvent } from '@teamup/shared';

const STATUS_WORD: Record<string, string> = {
  ACTIVE: 'active',
  PENDING: 'pending',
  INACTIVE: 'inactive',
};

function statusOf(value: unknown): string | undefined {
  if (typeof value === 'string') return STATUS_WORD[value] ?? value.toLowerCase();
  if (value && typeof value === 'object' && 'status' in value) return statusOf(value.status);
  return undefined;
}

/** One line for an entry of an enrollment's history, from its action and before/after data. */
export function describeEnrollmentEvent(event: EnrollmentEvent): string {
  const d = event.data;
  switch (event.action) {
    case 'ENROLLED': {
      const source =
        d.source === 'CSV'
          ? ' from a CSV roster'
          : d.source === 'MANUAL'
            ? ' by hand'
            : d.source === 'LTI'
              ? ' from the LMS'
              : '';
      const status = statusOf(d.status);
      return `Enrolled${source}${status ? ` as ${status}` : ''}`;
    }
    case 'ACTIVATED':
      return 'Activated at the student’s first sign-in';
    case 'STATUS_CHANGED': {
      const from = statusOf(d.from ?? d.before);
      const to = statusOf(d.to ?? d.after ?? d.status);
      if (from && to) return `Status changed from ${from} to ${to}`;
      return to ? `Status changed to ${to}` : 'Status changed';
    }
    case 'REMOVED':
      return 'Removed from the course';
    case 'RESTORED':
      return 'Enrolled again';
    default:
      return event.action
        .toLowerCase()
        .replace(/_/g, ' ')
        .replace(/^./, (c) => c.toUpperCase());
  }
}
