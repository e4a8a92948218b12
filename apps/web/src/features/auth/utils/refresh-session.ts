import { notifications } from '@mantine/notifications';
import { AUTH_STORAGE_KEY, msUntilExpiry, useAuthStore, type SessionUser } from '@/lib/auth-store';
import { ERROR_MESSAGES, NOTIFICATION_TEXTS } from '@/lib/notification-texts';
import { validateToken } from '@/lib/token';
import { refreshToken } from '../api/refresh-token';

/** Refresh this long before the access token expires (15 min lifetime, so about a minute early). */
export const REFRESH_MARGIN_MS = 60_000;
export const REFRESH_LOCK_NAME = 'teamup-token-refresh';

export function needsRefresh(user: Pick<SessionUser, 'expiresAt'>, now = Date.now()): boolean {
  return msUntilExpiry(user, now) <= REFRESH_MARGIN_MS;
}

function withRefreshLock<T>(fn: () => Promise<T>): Promise<T> {
  // Web Locks serialise refreshes across tabs: the refresh token rotates, and a replayed one
  // revokes the whole session (decision 031).
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks?.request) return locks.request(REFRESH_LOCK_NAME, fn) as Promise<T>;
  return fn();
}

/** One refresh call, its token checked like a login token (SPEC §5). */
export async function refreshAccessToken() {
  const data = await refreshToken();
  const check = validateToken(data.token);
  if (!check.valid || !check.expiresAt) throw new Error(ERROR_MESSAGES.invalidRefreshToken);
  return { user: data.user, token: data.token, expiresAt: check.expiresAt };
}

let inFlight: Promise<boolean> | null = null;

async function refreshUnderLock(): Promise<boolean> {
  // Another tab may have refreshed (or logged out) while this one waited for the lock.
  if (localStorage.getItem(AUTH_STORAGE_KEY) === null) {
    useAuthStore.getState().clear();
    return false;
  }
  await useAuthStore.persist.rehydrate();
  const user = useAuthStore.getState().user;
  if (!user) return false;
  if (!needsRefresh(user)) return true;
  // A sign-in while the call was out (an LMS launch's, say) replaced the session it was for:
  // its answer, success or failure, must not overwrite or clear the new one.
  const replaced = () => useAuthStore.getState().user?.token !== user.token;
  try {
    const { user: fresh, token, expiresAt } = await refreshAccessToken();
    if (replaced()) return useAuthStore.getState().isAuthenticated;
    useAuthStore.getState().setAuth(fresh, token, expiresAt);
    return true;
  } catch {
    if (replaced()) return useAuthStore.getState().isAuthenticated;
    // SPEC §4: a failed refresh clears the session; the caller sends the user to the login page.
    useAuthStore.getState().clear();
    notifications.show({ color: 'red', ...NOTIFICATION_TEXTS.sessionExpired });
    return false;
  }
}

/**
 * Refreshes the access token, at most one call at a time in this tab (callers share the promise)
 * and across tabs (Web Lock). Resolves true when a usable session remains.
 */
export function refreshSession(): Promise<boolean> {
  inFlight ??= withRefreshLock(refreshUnderLock).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** The session to use for a protected page: refreshed first when it is about to expire. */
export async function ensureFreshSession(): Promise<SessionUser | null> {
  const user = useAuthStore.getState().user;
  if (!user || !useAuthStore.getState().isAuthenticated) return null;
  if (needsRefresh(user) && !(await refreshSession())) return null;
  return useAuthStore.getState().user;
}
