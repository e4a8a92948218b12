import { pageHeaders as htmlPageHeaders } from '../../lib/html-page.js';
import { loggableUrl, type Outbound } from './outbound.js';
import { LtiError, type LtiErrorCode } from './types.js';

// Small helpers for talking to platforms and for the few HTML pages the protocol needs.

export { cspNonce, escapeHtml, jsonForScript } from '../../lib/html-page.js';

/** A JWKS, a token answer or a platform's configuration is far below this. */
export const DEFAULT_MAX_BYTES = 1024 * 1024;

/**
 * The one text for every request to a platform that gave no usable answer: no connection, a
 * refused address, a timeout, an answer too big, a redirect or a server error alike. Saying
 * which (or echoing the status) would turn Teamup into a probe of whatever the URL names; the
 * server log has the detail.
 */
export const UNREACHABLE = 'Teamup could not reach the platform at that address.';

export interface PlatformResponse {
  status: number;
  headers: Headers;
  text: string;
}

/**
 * One request to a platform through the outbound guard (outbound.ts: https and public
 * addresses in production, the resolved address checked and connected to, no redirects,
 * bounded in time and size). Any failure, and any status the caller does not `accept`
 * (default: below 500), becomes an LtiError with the given code and the one UNREACHABLE text.
 */
export async function platformRequest(
  outbound: Outbound,
  url: string,
  init: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string },
  options: {
    code: LtiErrorCode;
    what: string;
    timeoutMs?: number;
    maxBytes?: number;
    accept?: (status: number) => boolean;
  },
): Promise<PlatformResponse> {
  let response: PlatformResponse;
  try {
    response = await outbound.request(url, {
      ...init,
      maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
      ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    });
  } catch (error) {
    throw new LtiError(options.code, 'unreachable', UNREACHABLE, { cause: error });
  }
  const accept = options.accept ?? ((status: number) => status < 500);
  if (!accept(response.status)) {
    outbound.log?.warn(
      { outbound: 'status', status: response.status, url: loggable(url), what: options.what },
      'LMS request failed',
    );
    throw new LtiError(options.code, 'unreachable', UNREACHABLE);
  }
  return response;
}

function loggable(url: string): string {
  try {
    return loggableUrl(new URL(url));
  } catch {
    return 'an unreadable URL';
  }
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
 * A short excerpt of what a platform answered, JSON or not: the OAuth `error_description` or
 * `error` of a JSON answer, else the page's text without its markup (Moodle answers a refused
 * registration with an HTML page), so an admin reads the LMS's own words (decision 143).
 */
export function answerExcerpt(text: string, max = 200): string {
  const json = parseJson(text);
  if (json && typeof json === 'object' && !Array.isArray(json)) {
    const said = quote(
      (json as Record<string, unknown>).error_description ??
        (json as Record<string, unknown>).error,
      max,
    );
    if (said) return said;
  }
  const body = /<body[^>]*>([\s\S]*)/i.exec(text)?.[1] ?? text;
  const words = body
    .replace(/<(script|style|head|title)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
  return quote(words, max);
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
