// Secrets out of the logs (issue 34 item 12, decision 144). Some URLs carry a credential: the
// organization's registration link (`/lti/register?t=`), the LMS's one-hour
// `registration_token`, the one-time sign-in code of `/auth/lti?code=` and its `frame`, an email's
// unsubscribe `?token=`. A log line keeps the URL's shape (path, which parameters came) and
// loses those values. Every place that logs a URL goes through here: the request serializer,
// the error serializer and the logger's message hook (app.ts).
import type { FastifyRequest } from 'fastify';

/** What a redacted value reads as. */
export const REDACTED_VALUE = '[redacted]';

/**
 * Query parameters whose value is a credential, or opaque to Teamup and of no use in a log
 * (decision 144 says why each is here). Compared lower-cased, after percent-decoding.
 */
export const SECRET_PARAMS: ReadonlySet<string> = new Set([
  // Teamup's own: the registration link, the launch's sign-in code and its frame token, the
  // email unsubscribe token.
  't',
  'code',
  'frame',
  'token',
  // LTI 1.3 and dynamic registration: what a platform sends.
  'registration_token',
  'id_token',
  'state',
  'login_hint',
  'lti_message_hint',
  // OAuth 2 names, should a client ever send them in a URL.
  'access_token',
  'refresh_token',
  'client_assertion',
  'client_secret',
]);

/** Any other name that says what it holds (`reset_token`, `api_key`, `password`). */
const SECRET_NAME = /token|secret|password|passwd|assertion|signature|api_?key/i;

/** Parameters whose value is a URL: kept to its origin and path, its own query dropped. */
const URL_PARAMS: ReadonlySet<string> = new Set(['openid_configuration']);

/**
 * A path segment this long made of token characters, and not a UUID, is a token: no route has
 * one in its path today, but a link that ever does (`/unsubscribe/<token>`) stays out of the
 * log. Asset names (`index-BdK3j2aQ.js`) and ids are far shorter or UUIDs.
 */
const TOKEN_SEGMENT = /^[A-Za-z0-9_\-.~%+=]{40,}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

export function isSecretParam(name: string): boolean {
  const key = decoded(name).trim().toLowerCase();
  return SECRET_PARAMS.has(key) || SECRET_NAME.test(key);
}

/** A URL parameter's value, as `URL_PARAMS` keep it: `https://lms.example/path`, no query. */
function urlValue(value: string): string {
  const text = decoded(value);
  try {
    const url = new URL(text);
    const cut = url.search || url.hash ? `?${REDACTED_VALUE}` : '';
    return encodeURIComponent(`${url.protocol}//${url.host}${redactPath(url.pathname)}`) + cut;
  } catch {
    return REDACTED_VALUE;
  }
}

/** `a=1&t=secret` → `a=1&t=[redacted]`: every secret parameter's value, each time it comes. */
function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return pair;
      const name = pair.slice(0, eq);
      if (isSecretParam(name)) return `${name}=${REDACTED_VALUE}`;
      if (URL_PARAMS.has(decoded(name).toLowerCase())) {
        return `${name}=${urlValue(pair.slice(eq + 1))}`;
      }
      return pair;
    })
    .join('&');
}

function redactPath(path: string): string {
  return path
    .split('/')
    .map((segment) =>
      TOKEN_SEGMENT.test(segment) && !UUID.test(segment) ? REDACTED_VALUE : segment,
    )
    .join('/');
}

/**
 * A URL as it may be logged: absolute (`https://host/p?q`) or as a request line has it
 * (`/p?q#f`). Its path, host and harmless parameters stay as they were; a secret parameter's
 * value, a token-like path segment and user info become `[redacted]`. A fragment is read as a
 * query (an implicit grant puts `access_token` there).
 */
export function redactUrl(url: string): string {
  let rest = url;
  let fragment = '';
  const hash = rest.indexOf('#');
  if (hash !== -1) {
    fragment = `#${redactQuery(rest.slice(hash + 1))}`;
    rest = rest.slice(0, hash);
  }
  let query = '';
  const mark = rest.indexOf('?');
  if (mark !== -1) {
    query = `?${redactQuery(rest.slice(mark + 1))}`;
    rest = rest.slice(0, mark);
  }
  // scheme://user:password@host/path: the user part goes, the host stays.
  const origin = /^([a-z][a-z0-9+.-]*:\/\/)([^/]*@)?([^/]*)/i.exec(rest);
  const head = origin ? `${origin[1]}${origin[2] ? `${REDACTED_VALUE}@` : ''}${origin[3]}` : '';
  const path = origin ? rest.slice(origin[0].length) : rest;
  return head + redactPath(path) + query + fragment;
}

/** Every URL and `name=value` pair in free text (an error's message, a log message) redacted. */
export function redactSecretsInText(text: string): string {
  if (!text.includes('=') && !text.includes('://')) return text;
  return text
    .replace(/\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>`]+/gi, (url) => redactUrl(url))
    .replace(
      /(^|[\s?&#;,('"{])([A-Za-z0-9_.%-]+)=([^\s&#;,)'"}]+)/g,
      (whole, before: string, name: string) =>
        isSecretParam(name) ? `${before}${name}=${REDACTED_VALUE}` : whole,
    );
}

/**
 * Every string of a serialized error (message, stack, causes, text fields) redacted: an error
 * may quote the URL it failed on.
 */
export function redactLoggedError<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return redactSecretsInText(value) as T;
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redactLoggedError(v, depth + 1)) as T;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) out[key] = redactLoggedError(inner, depth + 1);
  return out as T;
}

/**
 * The logger's `logMethod` hook: a message text, and the text fields of the object logged with
 * it, redacted (a line that names a URL in words or in a field of its own).
 */
export function redactLogArguments(args: unknown[]): unknown[] {
  return args.map((arg) => {
    if (typeof arg === 'string') return redactSecretsInText(arg);
    if (arg === null || typeof arg !== 'object' || arg instanceof Error) return arg;
    let copy: Record<string, unknown> | null = null;
    for (const [key, value] of Object.entries(arg)) {
      if (typeof value !== 'string') continue;
      const redacted = redactSecretsInText(value);
      if (redacted === value) continue;
      copy ??= { ...(arg as Record<string, unknown>) };
      copy[key] = redacted;
    }
    return copy ?? arg;
  });
}

/** The logger's `req` serializer: Fastify's fields, with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: [request.headers?.['accept-version'] ?? []].flat()[0],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket ? request.socket.remotePort : undefined,
  };
}
