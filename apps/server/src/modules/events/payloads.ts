import { z } from 'zod';

/**
 * The payloads of EVENTS_CHANNEL (migration 0016's header, decision 111), checked before use:
 * the channel is the database's, and a payload the hub does not understand is logged and dropped.
 */
const uuid = z.string().regex(/^[0-9a-f-]{36}$/i);

const notificationsPayload = z.object({
  t: z.literal('n'),
  /** [user id, seq] of each new notification. */
  n: z.array(z.tuple([uuid, z.number().int().nonnegative()])),
});

const changedPayload = z.object({
  t: z.literal('c'),
  o: uuid,
  c: uuid,
  /** The teams that changed; null: too many to name (all of the course's). */
  tm: z.array(uuid).nullable(),
  /** The users whose own enrollments changed; null: too many (everyone in the course). */
  u: z.array(uuid).nullable(),
});

const sessionPayload = z.object({ t: z.literal('s'), s: uuid });

/** Users some of whose notifications were marked read (migration 0018). */
const readPayload = z.object({ t: z.literal('r'), u: z.array(uuid) });

const payloadSchema = z.discriminatedUnion('t', [
  notificationsPayload,
  changedPayload,
  sessionPayload,
  readPayload,
]);

export type ChangedPayload = z.infer<typeof changedPayload>;
export type EventPayload = z.infer<typeof payloadSchema>;

export function parsePayload(text: string): EventPayload | null {
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
