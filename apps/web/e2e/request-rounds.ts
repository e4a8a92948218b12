import { expect, type Page, type Request } from '@playwright/test';

// Decisions 093 and 128: a page asks for its data in one round. These record a page's API
// requests and check that none of them waited for another.

const SESSION_CALLS = /^\/api\/v1\/auth\/(refresh-token|login|logout)/;

export type Seen = { path: string; start: number; end?: number };

/**
 * Records the page's API requests from now on, with when each started and ended. Events are
 * numbered in the order the browser reports them, which is what "after" means here (timestamps
 * of two events can be equal). Left out: the shell's session calls (the token refresh runs on
 * the shell's own timer or on a 401, whatever page is open; sign-in and sign-out), not a read of
 * this page; none is expected during this navigation. The profile's reads under `/auth/profile`
 * and `/auth/session/all` are the page's own and are recorded. With `withoutStream`, the live stream
 * (`GET /events`) is left out too: it is no read of the page's data but the tab's channel for
 * changes, opened once the signed-in layout has rendered, and it stays open.
 */
export function recordPageRequests(
  page: Page,
  { withoutStream = false }: { withoutStream?: boolean } = {},
): Map<Request, Seen> {
  let clock = 0;
  const seen = new Map<Request, Seen>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/api/v1/') || SESSION_CALLS.test(url.pathname)) return;
    if (withoutStream && url.pathname === '/api/v1/events') return;
    const path = `${url.pathname.slice('/api/v1'.length)}${url.search}`;
    seen.set(request, { path: path.replace(/[0-9a-f-]{36}/g, ':id'), start: ++clock });
  });
  const finished = (request: Request) => {
    const entry = seen.get(request);
    if (entry) entry.end = ++clock;
  };
  page.on('requestfinished', finished);
  page.on('requestfailed', finished);
  return seen;
}

/**
 * Waits until every recorded request has answered and nothing more is asked for a moment, then
 * checks they were one round: no request started after another one had finished.
 */
export async function settled(page: Page, seen: Map<Request, Seen>): Promise<Seen[]> {
  await expect.poll(() => [...seen.values()].every((s) => s.end !== undefined)).toBe(true);
  const count = seen.size;
  await page.waitForTimeout(500);
  expect(seen.size).toBe(count);
  const requests = [...seen.values()];
  const firstEnd = Math.min(...requests.map((s) => s.end!));
  const late = requests.filter((s) => s.start > firstEnd).map((s) => s.path);
  expect(late, 'requests that started after another one had finished').toEqual([]);
  return requests;
}

/** The paths asked more than once. */
export const askedTwice = (paths: string[]) => paths.filter((p, i) => paths.indexOf(p) !== i);
