import { http } from 'msw';
import { AUTH_STORAGE_KEY, useAuthStore } from '@/lib/auth-store';
import { createAuthUser, createToken } from '@/testing/data';
import { api, fail, heldResponse, ok } from '@/testing/handlers';
import { signInAs } from '@/testing/render';
import { server } from '@/testing/server';
import {
  REFRESH_LOCK_NAME,
  ensureFreshSession,
  refreshAccessToken,
  refreshSession,
} from './refresh-session';

const inSeconds = (s: number) => Math.floor(Date.now() / 1000) + s;

/** Counts refresh calls and answers each with a token valid for 15 minutes. */
function countRefreshes() {
  const calls: { authorization: string | null }[] = [];
  server.use(
    http.get(api('/auth/refresh-token'), ({ request }) => {
      calls.push({ authorization: request.headers.get('authorization') });
      return ok({ token: createToken({ exp: inSeconds(900) }), user: createAuthUser() });
    }),
  );
  return calls;
}

function signInExpiringIn(seconds: number) {
  const exp = inSeconds(seconds);
  return signInAs({ token: createToken({ exp }), expiresAt: new Date(exp * 1000).toISOString() });
}

describe('token refresh', () => {
  it('makes one call for many concurrent callers, without an Authorization header', async () => {
    const calls = countRefreshes();
    signInExpiringIn(30);
    const results = await Promise.all([refreshSession(), refreshSession(), ensureFreshSession()]);
    expect(calls).toEqual([{ authorization: null }]);
    expect(results[0]).toBe(true);
    expect(results[2]?.token).toBe(useAuthStore.getState().user?.token);
    expect(Date.parse(useAuthStore.getState().user!.expiresAt)).toBeGreaterThan(
      Date.now() + 800_000,
    );
  });

  it('does not refresh a token that is still fresh', async () => {
    const calls = countRefreshes();
    const user = signInExpiringIn(600);
    expect(await ensureFreshSession()).toMatchObject({ token: user.token });
    expect(calls).toHaveLength(0);
  });

  it('skips the call when another tab refreshed while this one waited', async () => {
    const calls = countRefreshes();
    signInExpiringIn(30);
    // The other tab's refresh landed in storage; this tab's memory still holds the old token.
    const fresh = { ...createAuthUser(), token: createToken({ exp: inSeconds(900) }) };
    fresh.expiresAt = new Date(inSeconds(900) * 1000).toISOString();
    localStorage.setItem(
      AUTH_STORAGE_KEY,
      JSON.stringify({
        state: { user: fresh, isAuthenticated: true, userProfile: null },
        version: 0,
      }),
    );
    expect(await refreshSession()).toBe(true);
    expect(calls).toHaveLength(0);
    expect(useAuthStore.getState().user?.token).toBe(fresh.token);
  });

  it('treats a logout in another tab as the end of this session', async () => {
    const calls = countRefreshes();
    signInExpiringIn(30);
    localStorage.removeItem(AUTH_STORAGE_KEY);
    expect(await refreshSession()).toBe(false);
    expect(calls).toHaveLength(0);
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });

  it('holds the cross-tab Web Lock while refreshing', async () => {
    countRefreshes();
    const request = vi.fn((_name: string, fn: () => Promise<unknown>) => fn());
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });
    try {
      signInExpiringIn(30);
      await refreshSession();
      expect(request).toHaveBeenCalledOnce();
      expect(request.mock.calls[0]?.[0]).toBe(REFRESH_LOCK_NAME);
      expect(REFRESH_LOCK_NAME).toBe('teamup-token-refresh');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("rejects a refreshed token that does not validate with 'Invalid refresh token received'", async () => {
    server.use(
      http.get(api('/auth/refresh-token'), () =>
        ok({ token: createToken({ exp: inSeconds(-10) }), user: createAuthUser() }),
      ),
    );
    await expect(refreshAccessToken()).rejects.toThrow('Invalid refresh token received');
  });

  it('clears the session when the refresh fails', async () => {
    server.use(
      http.get(api('/auth/refresh-token'), () => fail(401, 'Session revoked', 'SESSION_REVOKED')),
    );
    signInExpiringIn(30);
    expect(await ensureFreshSession()).toBeNull();
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });

  it('clears the session when the refreshed token is invalid', async () => {
    server.use(
      http.get(api('/auth/refresh-token'), () => ok({ token: 'garbage', user: createAuthUser() })),
    );
    signInExpiringIn(30);
    expect(await refreshSession()).toBe(false);
    expect(useAuthStore.getState().user).toBeNull();
  });

  // Issue 28: an LMS launch signs in on a page where an old session's refresh may be under way
  // (in the LMS's frame the refresh cookie is not even sent, so it fails).
  it.each([
    ['fails', () => fail(401, 'No refresh cookie', 'UNAUTHENTICATED')],
    ['succeeds', () => ok({ token: createToken({ exp: inSeconds(900) }), user: createAuthUser() })],
  ])('a sign-in while a refresh is out wins when the refresh %s', async (_, answer) => {
    const held = heldResponse();
    let reached!: () => void;
    const called = new Promise<void>((resolve) => {
      reached = resolve;
    });
    server.use(
      http.get(api('/auth/refresh-token'), async () => {
        reached();
        await held.released;
        return answer();
      }),
    );
    signInExpiringIn(30);
    const refreshing = refreshSession();
    await called;
    const launched = signInAs({ email: 'launched@lms.example.edu' });
    held.release();
    expect(await refreshing).toBe(true);
    expect(useAuthStore.getState().user).toMatchObject({
      email: 'launched@lms.example.edu',
      token: launched.token,
    });
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toContain('launched@lms.example.edu');
  });
});
