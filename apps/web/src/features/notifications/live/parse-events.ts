import type { ChangedEvent, Notification, UnreadCount } from '@teamup/shared';
import { NOTIFICATION_KINDS } from '@teamup/shared';

/**
 * The stream's payloads, checked by hand: enough to use them safely without loading zod's
 * schemas with every signed-in page (the server's serializer already checked them).
 */
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function json(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const KINDS = new Set<string>(NOTIFICATION_KINDS);

export function parseNotification(text: string): Notification | null {
  const v = json(text);
  if (!isObject(v)) return null;
  if (typeof v.id !== 'string' || typeof v.seq !== 'number') return null;
  if (typeof v.kind !== 'string' || !KINDS.has(v.kind)) return null;
  if (typeof v.text !== 'string' || typeof v.link !== 'string') return null;
  return v as unknown as Notification;
}

const ids = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

export function parseChanged(text: string): ChangedEvent | null {
  const v = json(text);
  if (!isObject(v)) return null;
  return {
    teamIds: ids(v.teamIds),
    courseIds: ids(v.courseIds),
    enrollments: v.enrollments === true,
  };
}

export function parseUnread(text: string): UnreadCount | null {
  const v = json(text);
  if (isObject(v) && typeof v.unread === 'number' && v.unread >= 0) return { unread: v.unread };
  if (typeof v === 'number' && v >= 0) return { unread: v };
  return null;
}
