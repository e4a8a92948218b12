import { notifications } from '@mantine/notifications';
import type { ErrorDetail } from '@teamup/shared';
import axios, { AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { useAuthStore } from './auth-store';
import { ERROR_MESSAGES, NOTIFICATION_TEXTS } from './notification-texts';

export const API_BASE_URL = import.meta.env.VITE_API_URL ?? '/api/v1';

export const LOGIN_PATH = '/auth/login/google';
export const REFRESH_PATH = '/auth/refresh-token';

/** Calls that authenticate by other means and report their own failures (decision 032). */
const SELF_AUTHENTICATING = [LOGIN_PATH, REFRESH_PATH];

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

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (axios.isAxiosError(error)) {
    const data: unknown = error.response?.data;
    const responseMessage = (data as { message?: unknown } | undefined)?.message;
    const message =
      (typeof responseMessage === 'string' && responseMessage) ||
      error.message ||
      ERROR_MESSAGES.unexpected;
    return new ApiError(message, error.response?.status ?? 500, data);
  }
  if (error instanceof Error) return new ApiError(error.message || ERROR_MESSAGES.unexpected);
  return new ApiError(ERROR_MESSAGES.unexpected);
}

export const apiClient = axios.create({
  baseURL: API_BASE_URL,
  withCredentials: true,
  headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
});

apiClient.interceptors.request.use((config: InternalAxiosRequestConfig) => {
  const headers = AxiosHeaders.from(config.headers);
  if (isSelfAuthenticating(config.url)) {
    headers.delete('Authorization');
  } else if (!headers.has('Authorization')) {
    const token = useAuthStore.getState().user?.token;
    if (token) headers.set('Authorization', `Bearer ${token}`);
  }
  config.headers = headers;
  return config;
});

apiClient.interceptors.response.use(
  (response) => response,
  (error: unknown) => {
    if (
      error instanceof AxiosError &&
      error.response?.status === 401 &&
      !isSelfAuthenticating(error.config?.url)
    ) {
      // Only a request made with a session can expire one; later failures of the same burst find
      // the store already cleared and only reject.
      if (useAuthStore.getState().isAuthenticated) handleSessionExpired();
      return Promise.reject(new ApiError(ERROR_MESSAGES.sessionExpired, 401, error.response.data));
    }
    return Promise.reject(toApiError(error));
  },
);
