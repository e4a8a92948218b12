/**
 * The reads a prerendered page started from its head (decision 132): its session script sends the
 * page's GETs while the app's code downloads, and leaves them here. The app takes each answer once,
 * instead of asking again, when the request would be the same: the same URL, the same token, and
 * within {@link EARLY_READ_MAX_AGE_MS} of the page's start (an answer older than that is left
 * unused, and asked for afresh).
 */
export type EarlyReads = {
  token: string;
  /** Date.now() when the reads were sent. */
  at: number;
  /** Absolute URL → the fetch's response. */
  reads: Record<string, Promise<Response> | undefined>;
};

declare global {
  interface Window {
    __teamupEarlyReads?: EarlyReads;
  }
}

export const EARLY_READ_MAX_AGE_MS = 30_000;

/**
 * Drops every early answer not taken yet. They are for the page's first round only: after a write
 * (api-client) or once the app has started (main.tsx), a read of the same URL may follow a change
 * the early answer predates, so it is asked afresh.
 */
export function forgetEarlyReads(): void {
  if (typeof window !== 'undefined') delete window.__teamupEarlyReads;
}

/**
 * The early answer to a GET of `url` (absolute, as the client builds it) sent with the
 * `authorization` header, once: a second call for the same URL finds nothing.
 */
export function takeEarlyRead(
  url: string,
  authorization: string | null,
  now = Date.now(),
): Promise<Response> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.__teamupEarlyReads;
  const read = early?.reads[url];
  if (!early || !read) return undefined;
  delete early.reads[url];
  if (authorization !== `Bearer ${early.token}`) return undefined;
  if (now - early.at > EARLY_READ_MAX_AGE_MS) return undefined;
  return read;
}
