// What a page loads before it is usable (decision 127), measured in a real browser by
// `npm run bench:web` and by e2e/budget.spec.ts alike.
//
// "Usable" is page-specific and ignores the live stream (GET /api/v1/events, open for the
// page's life, so `networkidle` never comes on a signed-in page):
//   - the app has taken over: React owns #root (a prerendered page is on screen before that);
//   - the page's own heading is rendered (`main h1` with the page's name), no prerender marker
//     is left, and no loader or skeleton is visible in `main`: its main content is there;
//   - every API call but the stream has answered, and none has started for QUIET_MS.
// The moment is the later of the first two and the last answer. Requests counted are those that
// started before it.
import {
  COMPRESS_FROM_BYTES,
  MAX_JS_BYTES,
  MAX_JS_FILES,
  MAX_SMALL_FILES,
  MAX_UNCOMPRESSED_OVER_1KB,
} from './web-budget.mjs';

/** How long the API must stay quiet before the page counts as settled. */
export const QUIET_MS = 500;
const STREAM = '/api/v1/events';

/** Lighthouse's own slow-4G figures (its "devtools" throttling constants), for CDP. */
export const SLOW_4G = {
  latency: 150 * 3.75,
  downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadThroughput: (750 * 1024 * 0.9) / 8,
};

/**
 * The pages measured: `who` names the demo user (null: signed out), `budget` the key of
 * MAX_JS_BYTES, `heading` the page's h1. The course page's path is found at run time.
 */
export const PAGES = [
  { key: '/', path: '/', who: null, heading: /^Every student in a good team/ },
  { key: '/auth/login', path: '/auth/login', who: null, heading: /^Sign in to Teamup$/ },
  {
    key: 'student',
    path: '/dashboard',
    who: 'student',
    heading: /^Welcome, /,
    label: '/dashboard (student)',
  },
  {
    key: 'course',
    path: null,
    who: 'teamLeader',
    heading: /./,
    label: '/courses/{id} (student)',
  },
  {
    key: 'admin',
    path: '/admin/dashboard',
    who: 'orgAdmin',
    heading: /^Welcome, /,
    label: '/admin/dashboard (org admin)',
  },
  {
    key: 'superadmin',
    path: '/s/dashboard',
    who: 'superadmin',
    heading: /./,
    label: '/s/dashboard (superadmin)',
  },
];

/** Demo users of the seed (apps/server/src/db/seed.ts), as the e2e specs use them. */
export const USERS = {
  student: 'maya.chen@student.northfield.edu',
  // Leads Circuit Breakers (ENG420) with a pending request: her course page makes every call a
  // course page can make.
  teamLeader: 'amara.okafor@student.riverside.edu',
  orgAdmin: 'alan.turing@northfield.edu',
  superadmin: 'grace.hopper@teamup.dev',
};

/** Whether the page's main content is rendered (see the file's head). */
async function contentReady(page, heading) {
  return page.evaluate(
    ([source, flags]) => {
      const { document, getComputedStyle } = globalThis;
      const root = document.getElementById('root');
      if (!root || !Object.keys(root).some((key) => key.startsWith('__reactContainer'))) {
        return false;
      }
      if (document.querySelector('[data-prerender-text], [data-prerendered-session]')) return false;
      const visible = (el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
      };
      const h1 = [...document.querySelectorAll('main h1')].find(visible);
      if (!h1 || !new RegExp(source, flags).test(h1.textContent?.trim() ?? '')) return false;
      const busy = document.querySelectorAll(
        'main .mantine-Loader-root, main .mantine-Skeleton-root[data-visible], main [aria-busy="true"]',
      );
      return ![...busy].some(visible);
    },
    [heading.source, heading.flags],
  );
}

/**
 * Opens `url` in `page` (a fresh context: nothing cached) and returns every response that
 * started before the page was usable, the API calls with their rounds, and the usable time.
 * `throttle`: emulate Lighthouse's slow 4G over CDP (Chromium).
 */
export async function measurePage(page, url, { heading, throttle = false, timeoutMs = 60_000 }) {
  if (throttle) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
  }
  let clock = 0;
  const seen = new Map();
  let lastApiActivity = Date.now();
  const isApi = (path) => path.startsWith('/api/');
  page.on('request', (request) => {
    const { pathname, search } = new URL(request.url());
    if (pathname === STREAM) return;
    seen.set(request, { path: pathname, search, start: ++clock, startedAt: Date.now() });
    if (isApi(pathname)) lastApiActivity = Date.now();
  });
  const finished = (request) => {
    const entry = seen.get(request);
    if (!entry) return;
    entry.end = ++clock;
    entry.endedAt = Date.now();
    if (isApi(entry.path)) lastApiActivity = Date.now();
  };
  page.on('requestfinished', finished);
  page.on('requestfailed', (request) => {
    finished(request);
    const entry = seen.get(request);
    if (entry) entry.failed = request.failure()?.errorText ?? 'failed';
  });

  const began = Date.now();
  await page.goto(url, { waitUntil: 'commit', timeout: timeoutMs });
  let contentAt = null;
  for (;;) {
    if (Date.now() - began > timeoutMs) {
      throw new Error(
        `${url} was not usable within ${timeoutMs} ms (content ${contentAt ? 'rendered' : 'not rendered'})`,
      );
    }
    // From when the content last appeared: an answer may replace it by a loader again.
    if (await contentReady(page, heading).catch(() => false)) contentAt ??= Date.now();
    else contentAt = null;
    const apiPending = [...seen.values()].some((s) => isApi(s.path) && s.end === undefined);
    if (contentAt !== null && !apiPending && Date.now() - lastApiActivity >= QUIET_MS) break;
    await page.waitForTimeout(50);
  }
  const apiEnds = [...seen.values()].filter((s) => isApi(s.path)).map((s) => s.endedAt);
  const usableAt = Math.max(contentAt, ...apiEnds);

  const rows = [];
  for (const [request, entry] of seen) {
    if (entry.startedAt > usableAt) continue;
    const response = await request.response().catch(() => null);
    if (!response) continue;
    const headers = await response.allHeaders();
    const sizes = await request.sizes().catch(() => null);
    const body = await response.body().catch(() => null);
    rows.push({
      path: entry.path,
      search: entry.search,
      type: request.resourceType(),
      method: request.method(),
      status: response.status(),
      start: entry.start,
      end: entry.end,
      startedAt: entry.startedAt - began,
      endedAt: (entry.endedAt ?? usableAt) - began,
      encoded: sizes?.responseBodySize ?? 0,
      raw: body?.length ?? 0,
      encoding: headers['content-encoding'] ?? 'none',
      cacheControl: headers['cache-control'] ?? '(none)',
    });
  }
  return { rows, usableMs: usableAt - began, api: rounds(rows.filter((r) => isApi(r.path))) };
}

/** A call that starts after another call has answered belongs to a later round. */
export function rounds(calls) {
  const out = [];
  for (const call of [...calls].sort((a, b) => a.start - b.start)) {
    const before = out.filter((other) => other.end !== undefined && other.end < call.start);
    out.push({ ...call, round: 1 + Math.max(0, ...before.map((other) => other.round)) });
  }
  return out;
}

/** The figures of one measured page, and its budget checks (name, figure, limit, ok). */
export function summarize(key, { rows, usableMs, api }) {
  const sum = (list, field) => list.reduce((total, row) => total + row[field], 0);
  const js = rows.filter((row) => row.type === 'script');
  const small = rows.filter((row) => row.raw < COMPRESS_FROM_BYTES);
  const smallFiles = small.filter((row) => !row.path.startsWith('/api/'));
  const uncompressed = rows.filter(
    (row) => row.raw >= COMPRESS_FROM_BYTES && !['br', 'gzip'].includes(row.encoding),
  );
  const figures = {
    usableMs,
    requests: rows.length,
    jsFiles: js.length,
    jsEncoded: sum(js, 'encoded'),
    jsRaw: sum(js, 'raw'),
    small: small.map((row) => `${row.path} (${row.raw} B)`),
    smallFiles: smallFiles.length,
    uncompressed: uncompressed.map((row) => `${row.path}${row.search} (${row.raw} B)`),
    apiCalls: api.length,
    apiRounds: Math.max(0, ...api.map((call) => call.round)),
    api,
  };
  const signedIn = !key.startsWith('/');
  const checks = [
    ...(signedIn
      ? [{ name: 'JS files before usable', figure: js.length, limit: MAX_JS_FILES }]
      : []),
    {
      name: 'JS bytes before usable (as sent)',
      figure: figures.jsEncoded,
      limit: MAX_JS_BYTES[key],
    },
    {
      name: `responses of ${COMPRESS_FROM_BYTES} B or more sent uncompressed`,
      figure: uncompressed.length,
      limit: MAX_UNCOMPRESSED_OVER_1KB,
    },
    {
      name: `files (not API answers) under ${COMPRESS_FROM_BYTES} B`,
      figure: smallFiles.length,
      limit: MAX_SMALL_FILES,
    },
  ].map((check) => ({ ...check, ok: check.figure <= check.limit }));
  return { figures, checks };
}
