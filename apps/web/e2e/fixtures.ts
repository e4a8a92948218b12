import type { APIRequestContext, Page } from '@playwright/test';
import type { AuthUser, LoginResponse } from '@teamup/shared';

const AUTH_STORAGE_KEY = 'auth-storage';

async function data<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  if (!response.ok()) {
    throw new Error(`${response.url()} answered ${response.status()}: ${await response.text()}`);
  }
  return ((await response.json()) as { data: T }).data;
}

/**
 * Signs in through the development identity provider and the real login call, then stores the
 * session the way the web app persists it, so a test starts signed in without clicking through
 * the login page. The refresh cookie lands in the page's context too, since page.request shares
 * its cookie jar.
 */
export async function signInAs(
  page: Page,
  email: string,
  fullname?: string,
): Promise<AuthUser & { token: string }> {
  const { credential } = await data<{ credential: string }>(
    await page.request.post('/api/v1/dev/id-token', { data: { email, fullname } }),
  );
  const login = await data<LoginResponse>(
    await page.request.post('/api/v1/auth/login/google', { data: { credential } }),
  );
  const user = { ...login.user, token: login.token };
  const persisted = {
    state: { user, isAuthenticated: true, userProfile: null },
    version: 0,
  };
  // Written once from a same-origin page that runs no app code (an init script would put the
  // session back after every navigation, undoing a logout under test).
  await page.goto('/api/v1/healthcheck');
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
    AUTH_STORAGE_KEY,
    JSON.stringify(persisted),
  ] as const);
  return user;
}
