import { pageHeaders as htmlPageHeaders } from '../../lib/html-page.js';
import { LtiError, type Fetch, type LtiErrorCode } from './types.js';

// Small helpers for talking to platforms and for the few HTML pages the protocol needs.

export { cspNonce, escapeHtml, jsonForScript } from '../../lib/html-page.js';

export const DEFAULT_TIMEOUT_MS = 10_000;
/** A JWKS, a token answer or one NRPS page of 250 members is far below this. */
export const DEFAULT_MAX_BYTES = 2 * 1024 * 1024;

export interface PlatformResponse {
  status: number;
  headers: Headers;
  text: string;
}

/**
 * One request to a platform: bounded in time and in size (a platform URL is configuration an
 * organization admin typed, so it is treated as untrusted), never following redirects to
 * another place silently. Network failures become an LtiError with the given code.
 */
export async function platformRequest(
  fetchImpl: Fetch,
  url: string,
  init: RequestInit,
  options: { code: LtiErrorCode; what: string; timeoutMs?: number; maxBytes?: number },
): Promise<PlatformResponse> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  let response: Response;
  const attempt = () =>
    fetchImpl(url, {
      ...init,
      redirect: 'error',
      signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
  try {
    try {
      response = await attempt();
    } catch (first) {
      // A kept-alive connection the platform closed while idle fails at once, before anything
      // was sent: one more try on a fresh one. A timeout is not tried again.
      if (first instanceof Error && first.name === 'TimeoutError') throw first;
      response = await attempt();
    }
  } catch (error) {
    throw new LtiError(
      options.code,
      'unreachable',
      `The LMS could not be reached for ${options.what}. Try again in a moment.`,
      { cause: error },
    );
  }
  const text = await readLimited(response, maxBytes).catch((error: unknown) => {
    throw new LtiError(
      options.code,
      'response_unreadable',
      `The LMS sent an answer for ${options.what} that could not be read.`,
      { cause: error },
    );
  });
  return { status: response.status, headers: response.headers, text };
}

async function readLimited(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new Error(`response larger than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A platform's words in one of our messages: one line, printable, short. */
export function quote(value: unknown, max = 200): string {
  const text = typeof value === 'string' ? value : '';
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}

/**
 * The headers of our small protocol pages: only the one nonce'd script runs, nothing loads
 * from elsewhere, and the page may sit in any LMS's iframe (that is where LTI runs).
 * `referrer-policy: same-origin` keeps the browser's Origin header on the page's own form
 * posts (under `no-referrer`, a POST says `Origin: null`), which the launch relies on.
 */
export function pageHeaders(nonce: string, formAction?: string): Record<string, string> {
  return htmlPageHeaders({ nonce, ...(formAction ? { formAction } : {}), frameAncestors: '*' });
}
