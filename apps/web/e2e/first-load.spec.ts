import { expect, test, type Page } from './test';
import { signInAs } from './fixtures';
import { waitForNetworkQuiet } from './page-checks';

// Decision 091: what the first pages load, and that zod never probes `eval` under the CSP.

/** Every script and stylesheet the page requests from then on, by file name. */
function recordAssets(page: Page): string[] {
  const files: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/assets/')) files.push(path.slice('/assets/'.length));
  });
  return files;
}

/** The Content-Security-Policy violations the page reports, as `directive: blocked-uri`. */
async function recordCspViolations(page: Page) {
  await page.addInitScript(() => {
    const store: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = store;
    document.addEventListener('securitypolicyviolation', (event) =>
      store.push(`${event.effectiveDirective}: ${event.blockedURI}`),
    );
  });
  return () =>
    page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
}

/**
 * The assets a page's HTML names: its own tags and, for a prerendered page (decision 100), the
 * files its boot script adds after the first paint.
 */
async function listedAssets(page: Page, path: string): Promise<string[]> {
  const named = (text: string) => [...text.matchAll(/\/assets\/([^"]+)"/g)].map((m) => m[1]!);
  const html = await (await page.request.get(path)).text();
  const files = named(html);
  for (const boot of files.filter((file) => file.startsWith('boot-'))) {
    files.push(...named(await (await page.request.get(`/assets/${boot}`)).text()));
  }
  return files;
}

/**
 * Watches a page the app takes over (decision 100): its console warnings and errors and its
 * layout shifts from the first paint on. `appOwnsRoot` waits until React owns #root;
 * `expectCalm` checks that nothing moved and nothing was logged.
 */
async function watchTakeOver(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { __shifts: number[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return {
    appOwnsRoot: () =>
      expect
        .poll(() =>
          page.evaluate(() =>
            Object.keys(document.getElementById('root') ?? {}).some((key) =>
              key.startsWith('__reactContainer'),
            ),
          ),
        )
        .toBe(true),
    expectCalm: async () => {
      const shift = await page.evaluate(() =>
        (window as unknown as { __shifts: number[] }).__shifts.reduce((a, b) => a + b, 0),
      );
      expect(shift).toBeLessThan(0.05);
      expect(problems).toEqual([]);
    },
  };
}

// Chunks named after the admin screens and the libraries only they use, and the chunks of code
// that only staff screens share (decision 127).
const ADMIN_ONLY =
  /^(csv|course-form-fields|roster-|upload-|dropzone|charts|recharts|staff-|admin-|superadmin-)/i;

for (const path of ['/', '/auth/login']) {
  test(`${path} renders from the preloaded entry, without admin code or an eval probe`, async ({
    page,
  }) => {
    const violations = await recordCspViolations(page);
    const assets = recordAssets(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Landing and login are not split: no route chunk is fetched after the entry has run.
    const preloaded = await listedAssets(page, path);
    const late = assets.filter((file) => !preloaded.includes(file));
    expect(late).toEqual([]);
    expect(assets.filter((file) => ADMIN_ONLY.test(file))).toEqual([]);
    expect(await violations()).toEqual([]);
  });
}

test('a student page loads no admin screen and no CSV or date-picker code', async ({ page }) => {
  await signInAs(page, 'maya.chen@student.northfield.edu', 'Maya Chen');
  const violations = await recordCspViolations(page);
  const assets = recordAssets(page);
  await page.goto('/teams');
  await expect(page.getByRole('heading', { name: 'All Teams', level: 1 })).toBeVisible();
  expect(assets.filter((file) => ADMIN_ONLY.test(file))).toEqual([]);
  expect(await violations()).toEqual([]);
});

// Decision 100: / and /auth/login arrive prerendered; the app replaces that markup with its own
// first render, the same boxes, so nothing moves and nothing is reported.
for (const [path, heading] of [
  ['/', 'Every student in a good team, before the deadline.'],
  ['/auth/login', 'Sign in to Teamup'],
] as const) {
  test(`${path} is painted from its HTML, and the app takes it over without a shift`, async ({
    page,
  }) => {
    const html = await (await page.request.get(path)).text();
    expect(html).toContain(`>${heading}</h1>`);
    expect(html).not.toMatch(/<script type="module"/);

    const watch = await watchTakeOver(page);
    // With scripts off, the page is already there.
    const context = await page.context().browser()!.newContext({ javaScriptEnabled: false });
    const still = await context.newPage();
    await still.goto(path);
    await expect(still.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await context.close();

    await page.goto(path);
    // The app has taken over: React owns #root.
    await watch.appOwnsRoot();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await watch.expectCalm();
  });
}

// Decision 100 (and issue 25 for the course page and the staff homes): a signed-in page arrives as
// its role's shell; the head script puts the visitor's own name and initials in it before the first
// paint, and hides it from anyone else.
const SIGNED_IN_PAGES = [
  {
    path: '/dashboard',
    email: 'maya.chen@student.northfield.edu',
    name: 'Maya Chen',
    initials: 'MC',
    shell: ['>My courses</h2>', 'Welcome, <span data-prerender-text="name"></span></h1>'],
    heading: 'Welcome, Maya Chen',
    otherRole: 'alan.turing@northfield.edu',
  },
  {
    // The course page of a team leader's first course (any id gets the same shell).
    path: 'course',
    email: 'amara.okafor@student.riverside.edu',
    name: 'Amara Okafor',
    initials: 'AO',
    shell: ['>Course</h1>'],
    heading: /^ENG420/,
    otherRole: 'grace.hopper@teamup.dev',
  },
  {
    path: '/admin/dashboard',
    email: 'alan.turing@northfield.edu',
    name: 'Alan Turing',
    initials: 'AT',
    shell: ['Welcome, <span data-prerender-text="name"></span></h1>'],
    heading: 'Welcome, Alan Turing',
    otherRole: 'maya.chen@student.northfield.edu',
  },
  {
    path: '/s/dashboard',
    email: 'grace.hopper@teamup.dev',
    name: 'Grace Hopper',
    initials: 'GH',
    shell: ['Welcome, <span data-prerender-text="name"></span></h1>', 'System health</h2>'],
    heading: 'Welcome, Grace Hopper',
    otherRole: 'alan.turing@northfield.edu',
  },
] as const;

/** The page's path, for the course page the leader's first course. */
async function pathOf(page: Page, spec: (typeof SIGNED_IN_PAGES)[number], token: string) {
  if (spec.path !== 'course') return spec.path;
  const res = await page.request.get('/api/v1/student/me/teams', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const { teams } = ((await res.json()) as { data: { teams: { courseId: string }[] } }).data;
  return `/courses/${teams[0]!.courseId}`;
}

for (const spec of SIGNED_IN_PAGES) {
  const label = spec.path === 'course' ? '/courses/{id}' : spec.path;
  test.describe(`${label} prerendered`, () => {
    const APP_START = '**/assets/boot-*.js';
    // The page's path for a visitor it is not for (no course of theirs needed: any id).
    const anyPath =
      spec.path === 'course' ? '/courses/7f0c4a52-6a8e-4d0b-9c55-0d9e1f7a3b21' : spec.path;

    test('is painted with the visitor’s name from the stored session, before any app code', async ({
      page,
    }) => {
      const user = await signInAs(page, spec.email, spec.name);
      const path = await pathOf(page, spec, user.token);
      const html = await (await page.request.get(path)).text();
      for (const part of spec.shell) expect(html).toContain(part);
      expect(html).not.toMatch(/<script type="module"|\u03d8/);

      await page.route(APP_START, (route) => route.abort());
      await page.goto(path);
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toBeVisible();
      const shown = (selector: string) =>
        page.evaluate(
          (s) => getComputedStyle(document.querySelector(s)!, '::after').content,
          selector,
        );
      if (spec.path !== 'course') {
        expect(await shown('h1 [data-prerender-text="name"]')).toBe(`"${spec.name}"`);
      }
      expect(await shown('header [data-prerender-text="initials"]')).toBe(`"${spec.initials}"`);
      // Captured at a desktop width: the sidebar shows there, and on a phone (where the app's menu
      // is a drawer) it is hidden, not covering the page (decision 131).
      await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
      await page.setViewportSize({ width: 375, height: 812 });
      await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
      await expect(heading).toBeInViewport();
    });

    test('starts the page’s reads from its head, and the app asks for none of them again', async ({
      page,
    }) => {
      const user = await signInAs(page, spec.email, spec.name);
      const path = await pathOf(page, spec, user.token);
      const asked: string[] = [];
      page.on('request', (request) => {
        const { pathname, search } = new URL(request.url());
        if (request.method() !== 'GET' || !pathname.startsWith('/api/')) return;
        if (pathname !== '/api/v1/events') asked.push(`${pathname}${search}`);
      });
      // With the app's code held back the reads are sent all the same: the head sent them, and the
      // course page's heading is the course's own before any app code has run (decision 132).
      await page.route(APP_START, (route) => route.abort());
      await page.goto(path);
      await expect.poll(() => asked.length).toBeGreaterThan(1);
      if (spec.path === 'course') {
        await expect(page.getByRole('heading', { level: 1, name: spec.heading })).toBeVisible();
      }
      await page.unroute(APP_START);
      asked.length = 0;
      const watch = await watchTakeOver(page);
      await page.goto(path);
      await watch.appOwnsRoot();
      await expect(page.getByRole('heading', { level: 1, name: spec.heading })).toBeVisible();
      await waitForNetworkQuiet(page);
      expect(asked.length).toBeGreaterThan(1);
      expect(asked.filter((read, i) => asked.indexOf(read) !== i)).toEqual([]);
      await watch.expectCalm();
    });

    test('is hidden from a signed-out visitor, whom the app sends to the login page', async ({
      page,
    }) => {
      await page.route(APP_START, (route) => route.abort());
      await page.goto(anyPath);
      await expect(page.locator('[data-prerendered-session]')).toBeHidden();
      await page.unroute(APP_START);
      await page.goto(anyPath);
      await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Sign in to Teamup' }),
      ).toBeVisible();
    });

    test('is hidden from a visitor of another role', async ({ page }) => {
      await signInAs(page, spec.otherRole);
      await page.route(APP_START, (route) => route.abort());
      await page.goto(anyPath);
      await expect(page.locator('[data-prerendered-session]')).toBeHidden();
    });

    test('the app takes it over on a phone without a shift, a warning or an error', async ({
      page,
    }) => {
      await page.setViewportSize({ width: 375, height: 812 });
      const user = await signInAs(page, spec.email, spec.name);
      const path = await pathOf(page, spec, user.token);
      const watch = await watchTakeOver(page);
      const assets = recordAssets(page);
      await page.goto(path);
      await watch.appOwnsRoot();
      await expect(page.getByRole('heading', { level: 1, name: spec.heading })).toBeVisible();
      await expect(page.locator('[data-prerender-text]')).toHaveCount(0);
      await waitForNetworkQuiet(page);
      // The page's chunks come with the entry, after the paint: none is fetched late, and a chart
      // below the fold only once it nears the screen (decision 131).
      const preloaded = await listedAssets(page, path);
      expect(assets.filter((file) => !preloaded.includes(file))).toEqual([]);
      if (spec.path === '/admin/dashboard') {
        await page.getByRole('region', { name: 'Formation progress' }).scrollIntoViewIfNeeded();
        await expect(page.locator('.recharts-line').first()).toBeVisible();
        expect(assets.filter((file) => !preloaded.includes(file))).toEqual(
          expect.arrayContaining([expect.stringMatching(/^charts-.*\.js$/)]),
        );
      }
      await watch.expectCalm();
    });
  });
}
