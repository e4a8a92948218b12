/**
 * The `Idempotency-Key` of each call that changes something (DESIGN §5, issue 35, decision 149).
 *
 * One user action is one key. The server does a key's call once and answers a repeat with the
 * first answer, so the key must stay the same for what is one action to the person, and change
 * for what is a new one:
 *
 * - the same call (method, address and body) sent again while the first is under way (a double
 *   click, a second tap), or within REPEAT_MS of its answer, is the same action;
 * - the same call sent again after the first got no answer at all (the network failed, so the
 *   person cannot know whether it was done) is the same action, for LOST_MS;
 * - anything else, or any call in between, is a new action: adding a skill, removing it and
 *   adding it again are three actions.
 *
 * The client itself retries a call that got no answer (see api-client.ts) with the same key.
 */
export const IDEMPOTENCY_REPEAT_MS = 3_000;
export const IDEMPOTENCY_LOST_MS = 10 * 60_000;

interface LastCall {
  fingerprint: string;
  key: string;
  inFlight: number;
  answeredAt: number | null;
  lostAt: number | null;
}

let last: LastCall | null = null;

/** A random key: `crypto.randomUUID` needs a secure context, `getRandomValues` does not. */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function describeBody(body: unknown): string {
  if (body === undefined) return '';
  if (typeof FormData !== 'undefined' && body instanceof FormData) {
    const parts: string[] = [];
    body.forEach((value, name) => {
      parts.push(
        typeof value === 'string'
          ? `${name}=${value}`
          : `${name}=file:${value.name}:${value.size}:${(value as File).lastModified ?? ''}`,
      );
    });
    return `form:${parts.join('&')}`;
  }
  return JSON.stringify(body);
}

export function callFingerprint(method: string, url: string, body: unknown): string {
  return `${method} ${url}\n${describeBody(body)}`;
}

/** The key for this call, and what to tell once its answer (or its lack of one) is known. */
export function idempotencyFor(fingerprint: string, now = Date.now()) {
  const previous = last;
  const sameAction =
    previous !== null &&
    previous.fingerprint === fingerprint &&
    (previous.inFlight > 0 ||
      (previous.answeredAt !== null && now - previous.answeredAt < IDEMPOTENCY_REPEAT_MS) ||
      (previous.lostAt !== null && now - previous.lostAt < IDEMPOTENCY_LOST_MS));
  const call: LastCall = sameAction
    ? previous
    : { fingerprint, key: newIdempotencyKey(), inFlight: 0, answeredAt: null, lostAt: null };
  call.inFlight += 1;
  last = call;
  return {
    key: call.key,
    /** The server answered (whatever it said). */
    answered(at = Date.now()) {
      call.inFlight -= 1;
      call.answeredAt = at;
      call.lostAt = null;
    },
    /** No answer came: the call may or may not have been done. */
    lost(at = Date.now()) {
      call.inFlight -= 1;
      if (call.answeredAt === null) call.lostAt = at;
    },
  };
}

/** Tests: forget the last call. */
export function resetIdempotency(): void {
  last = null;
}
