import { notifications } from '@mantine/notifications';
import type { ErrorDetail } from '@teamup/shared';
import { useAuthStore } from './auth-store';
import { forgetEarlyReads, takeEarlyRead } from './early-reads';
import { callFingerprint, idempotencyFor } from './idempotency';
import { ERROR_MESSAGES, NOTIFICATION_TEXTS } from './notification-texts';

export const API_BASE_URL = import.meta.env.VITE_API_URL ?? '/api/v1';

export const LOGIN_PATH = '/auth/login/google';
/** The one-time code of an LMS launch (issue 28). */
export const LTI_LOGIN_PATH = '/auth/login/lti';
export const REFRESH_PATH = '/auth/refresh-token';

/** Calls that authenticate by other means and report their own failures (decision 032). */
const SELF_AUTHENTICATING = [LOGIN_PATH, LTI_LOGIN_PATH, REFRESH_PATH];

/** The client's own messages when the response carries none (the wording axios used). */
const NETWORK_ERROR = 'Network Error';
const CANCELED = 'canceled';
const statusMessage = (status: number) => `Request failed with status code ${status}`;

export class ApiError extends Error {
  readonly status: number;
  readonly data: unknown;

  constructor(message: string, status = 500, data: unknown = undefined) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.data = data;
  }

  get code(): string | undefined {
    const code = (this.data as { code?: unknown } | undefined)?.code;
    return typeof code === 'string' ? code : undefined;
  }

  /** Field issues of a 400 VALIDATION_ERROR (`details: [{ path, message }]`). */
  get details(): ErrorDetail[] {
    const details = (this.data as { details?: unknown } | undefined)?.details;
    return Array.isArray(details) ? (details as ErrorDetail[]) : [];
  }
}

/** A non-2xx answer before the 401 rule and the message precedence are applied. */
class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly data: unknown,
  ) {
    super(statusMessage(status));
    this.name = 'HttpError';
  }
}

function isSelfAuthenticating(url: string | undefined): boolean {
  if (!url) return false;
  const path = url.split('?')[0] ?? '';
  return SELF_AUTHENTICATING.some((p) => path === p || path.endsWith(p));
}

type Navigate = (href: string) => void;

// The router registers itself here (app/router.tsx); lib cannot import the app without a cycle.
let navigate: Navigate = (href) => window.location.assign(href);

export function setApiNavigator(fn: Navigate): void {
  navigate = fn;
}

let sessionExpiryHandled = false;

// A new sign-in re-arms the 401 handler, so the next expiry is announced again.
useAuthStore.subscribe((state, prev) => {
  if (state.isAuthenticated && !prev.isAuthenticated) sessionExpiryHandled = false;
});

export function loginRedirectHref(): string {
  const { pathname, search, hash } = window.location;
  const current = `${pathname}${search}${hash}`;
  if (pathname.startsWith('/auth/login')) return '/auth/login';
  return `/auth/login?redirect=${encodeURIComponent(current)}`;
}

/** SPEC §4/§8: clear user and profile, drop the persisted key, tell the user once, go to login. */
function handleSessionExpired(): void {
  if (sessionExpiryHandled) return;
  sessionExpiryHandled = true;
  const href = loginRedirectHref();
  useAuthStore.getState().clear();
  notifications.show({ color: 'red', ...NOTIFICATION_TEXTS.sessionExpired });
  navigate(href);
}

/** Message precedence: the response's message, then the client's, then the generic one. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof HttpError) {
    const responseMessage = (error.data as { message?: unknown } | undefined)?.message;
    const message =
      (typeof responseMessage === 'string' && responseMessage) ||
      error.message ||
      ERROR_MESSAGES.unexpected;
    return new ApiError(message, error.status, error.data);
  }
  if (error instanceof Error) return new ApiError(error.message || ERROR_MESSAGES.unexpected);
  return new ApiError(ERROR_MESSAGES.unexpected);
}

export type RequestConfig = {
  /** Query string values; `undefined` and `null` are left out. */
  params?: object;
  headers?: Record<string, string>;
  /** `'text'` keeps the body as text; otherwise a JSON body is parsed (kept as text if not JSON). */
  responseType?: 'json' | 'text';
  /** Cancels the request (TanStack Query hands one to every query function). */
  signal?: AbortSignal;
  /**
   * Lets the request outlive the page (`fetch`'s `keepalive`): for a save sent as the page is
   * hidden or closed. The browser caps such a body at 64 KiB.
   */
  keepalive?: boolean;
  /**
   * The body carries a credential of its own (an ID token, as linking an LMS-only account to a
   * Teamup account sends): its 401 INVALID_TOKEN refuses that credential, not the session, so the
   * session stays and the caller shows the message.
   */
  carriesCredential?: boolean;
  /**
   * A call that changes something carries an `Idempotency-Key` (decision 149), one per user
   * action (lib/idempotency.ts); a caller that knows better passes its own, or `false` for none.
   */
  idempotencyKey?: string | false;
};

/** Waits before the client's own retries of a change that got no answer (same key). */
export const LOST_ANSWER_RETRY_MS = [400, 1_200] as const;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type ApiResponse<T> = {
  data: T;
  status: number;
  /** Response headers, names in lower case. */
  headers: Record<string, string>;
};

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const defaults = {
  baseURL: API_BASE_URL,
  withCredentials: true,
  headers: { 'Content-Type': 'application/json', Accept: 'application/json' } as Readonly<
    Record<string, string>
  >,
};

function queryString(params: object | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params) as [string, unknown][]) {
    if (value === undefined || value === null) continue;
    search.append(key, value instanceof Date ? value.toISOString() : String(value as string));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Relative to the page, as the browser resolves it (the tests' jsdom page included). */
function requestUrl(url: string, params: object | undefined): string {
  const full = /^https?:\/\//.test(url) ? url : `${defaults.baseURL.replace(/\/$/, '')}${url}`;
  return new URL(`${full}${queryString(params)}`, window.location.href).toString();
}

function requestHeaders(url: string, body: unknown, config: RequestConfig): Headers {
  const headers = new Headers(defaults.headers);
  for (const [name, value] of Object.entries(config.headers ?? {})) headers.set(name, value);
  // Without a body there is no content type (Fastify refuses an empty JSON body); a form sets its
  // own multipart type with the boundary.
  if (body === undefined || body instanceof FormData) headers.delete('Content-Type');
  if (isSelfAuthenticating(url)) {
    headers.delete('Authorization');
  } else if (!headers.has('Authorization')) {
    const token = useAuthStore.getState().user?.token;
    if (token) headers.set('Authorization', `Bearer ${token}`);
  }
  return headers;
}

function parseBody(text: string, responseType: RequestConfig['responseType']): unknown {
  if (responseType === 'text' || text === '') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function send<T>(
  method: Method,
  url: string,
  body: unknown,
  config: RequestConfig = {},
): Promise<ApiResponse<T>> {
  let response: Response | undefined;
  if (method !== 'GET') forgetEarlyReads();
  const target = requestUrl(url, config.params);
  const sent = requestHeaders(url, body, config);
  const action =
    method !== 'GET' && config.idempotencyKey !== false && !isSelfAuthenticating(url)
      ? config.idempotencyKey
        ? null
        : idempotencyFor(callFingerprint(method, target, body))
      : null;
  const key = config.idempotencyKey || action?.key;
  if (key && method !== 'GET') sent.set('Idempotency-Key', key);
  // A change with a key may be sent again when no answer came: the server does it once.
  const retries = key && method !== 'GET' && !config.keepalive ? LOST_ANSWER_RETRY_MS : [];
  for (let attempt = 0; ; attempt++) {
    try {
      // A read the page's head already sent with the same token (decision 132); should it have
      // failed or been refused, the read is sent again as usual.
      const early = method === 'GET' ? takeEarlyRead(target, sent.get('Authorization')) : undefined;
      if (early) {
        const answer = await early.catch(() => undefined);
        if (answer && answer.status !== 401) response = answer;
      }
      response ??= await fetch(target, {
        method,
        headers: sent,
        body:
          body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
        credentials: defaults.withCredentials ? 'include' : 'same-origin',
        signal: config.signal,
        ...(config.keepalive ? { keepalive: true } : {}),
      });
      break;
    } catch (error) {
      const aborted = config.signal?.aborted || (error as { name?: unknown }).name === 'AbortError';
      const delay = retries[attempt];
      if (!aborted && delay !== undefined) {
        await wait(delay);
        if (!config.signal?.aborted) continue;
      }
      action?.lost();
      throw new ApiError(aborted || config.signal?.aborted ? CANCELED : NETWORK_ERROR);
    }
  }

  let text: string;
  try {
    text = await response.text();
  } catch {
    action?.lost();
    throw new ApiError(config.signal?.aborted ? CANCELED : NETWORK_ERROR, response.status);
  }
  action?.answered();
  const data = parseBody(text, config.responseType);

  if (!response.ok) {
    const refusedCredential =
      config.carriesCredential === true &&
      (data as { code?: unknown } | undefined)?.code === 'INVALID_TOKEN';
    if (response.status === 401 && !isSelfAuthenticating(url) && !refusedCredential) {
      // Only a request made with a session can expire one; later failures of the same burst find
      // the store already cleared and only reject.
      if (useAuthStore.getState().isAuthenticated) handleSessionExpired();
      throw new ApiError(ERROR_MESSAGES.sessionExpired, 401, data);
    }
    throw toApiError(new HttpError(response.status, data));
  }

  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return { data: data as T, status: response.status, headers };
}

export const apiClient = {
  defaults,
  get: <T = unknown>(url: string, config?: RequestConfig) => send<T>('GET', url, undefined, config),
  delete: <T = unknown>(url: string, config?: RequestConfig) =>
    send<T>('DELETE', url, undefined, config),
  post: <T = unknown>(url: string, body?: unknown, config?: RequestConfig) =>
    send<T>('POST', url, body, config),
  put: <T = unknown>(url: string, body?: unknown, config?: RequestConfig) =>
    send<T>('PUT', url, body, config),
  patch: <T = unknown>(url: string, body?: unknown, config?: RequestConfig) =>
    send<T>('PATCH', url, body, config),
  /** A multipart body: the browser writes the content type with its boundary. */
  postForm: <T = unknown>(url: string, form: FormData, config?: RequestConfig) =>
    send<T>('POST', url, form, config),
};
