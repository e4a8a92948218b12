import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from './test';
import { signInAs } from './fixtures';
import { expectNoAxeViolations, expectNoSidewaysScroll, SCHEMES, WIDTHS } from './page-checks';

// Issue 13, System Analytics: the demo superadmin opens their home (/s/dashboard: needs
// attention, totals, health, links) and /s/health (the analytics, then the health tab), switches
// the range and reads a chart as a table. Both pages pass axe and do not scroll sideways at 1440
// and 375 px, in the light and the dark scheme. Screenshots go to /tmp/shots/analytics.

test.describe.configure({ timeout: 240_000 });

const SUPERADMIN = 'grace.hopper@teamup.dev';
const SHOTS = '/tmp/shots/analytics';

const scheme = (page: Page) =>
  page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));

const PAGES = [
  {
    name: 'home',
    path: '/s/dashboard',
    ready: (page: Page) => page.getByRole('region', { name: 'Needs attention' }),
  },
  {
    name: 'analytics',
    path: '/s/health',
    ready: (page: Page) => page.getByRole('heading', { name: 'Usage over the last 30 days' }),
  },
  {
    name: 'health',
    path: '/s/health?tab=health',
    ready: (page: Page) => page.getByRole('tabpanel', { name: 'Health' }),
  },
] as const;

test('the superadmin reads their home and System Analytics, and switches the range', async ({
  browser,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  const page = await (await browser.newContext()).newPage();
  const user = await signInAs(page, SUPERADMIN);

  // Home: what needs attention, the totals, the health status, and the way on.
  await page.goto('/s/dashboard');
  await expect(page).toHaveTitle('Dashboard · Teamup');
  await expect(page.getByRole('region', { name: 'Needs attention' })).toBeVisible();
  const totals = page.getByRole('region', { name: 'Totals' });
  await expect(totals.getByText('Users', { exact: true })).toBeVisible();
  // In the singular where there is one (the demo has one superadmin: not "1 superadmins").
  const overview = await page.request.get('/api/v1/analytics/overview', {
    headers: { Authorization: `Bearer ${user.token}` },
  });
  const { users } = ((await overview.json()) as { data: { users: Record<string, number> } }).data;
  const count = (n: number, one: string) =>
    `${n.toLocaleString('en')} ${n === 1 ? one : `${one}s`}`;
  await expect(
    totals.getByText(
      [
        count(users.students!, 'student'),
        count(users.instructors!, 'instructor'),
        count(users.teachingAssistants!, 'teaching assistant'),
        count(users.orgAdmins!, 'org admin'),
        count(users.superadmins!, 'superadmin'),
      ].join(' · '),
      { exact: true },
    ),
  ).toBeVisible();
  expect(users.superadmins).toBe(1);
  const health = page.getByRole('region', { name: 'System health' });
  await expect(health.getByText(/^(ok|degraded|down)$/)).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Organizations' })).toHaveAttribute(
    'href',
    '/s/organizations',
  );
  await main.getByRole('link', { name: 'System Analytics' }).click();

  // System Analytics: the last 30 days by default.
  await expect(page).toHaveURL(/\/s\/health$/);
  await expect(page).toHaveTitle('System Analytics · Teamup');
  await expect(page.getByRole('heading', { name: 'Usage over the last 30 days' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Most active organizations' }).getByRole('link').first(),
  ).toBeVisible();

  await page.locator('label', { hasText: '7 days' }).click();
  await expect(page.getByRole('heading', { name: 'Usage over the last 7 days' })).toBeVisible();
  await expect(page).toHaveURL(/range=7/);
  const days = page.getByRole('region', { name: 'Sign-ins and active users' });
  await days.getByRole('button', { name: 'Show table' }).click();
  const table = days.getByRole('table', { name: 'Sign-ins and active users' });
  // A header row and the seven days.
  await expect(table.getByRole('row')).toHaveCount(8);
  await expect(table.getByRole('row').last().getByRole('cell').nth(1)).not.toHaveText('0');

  // The health section is a tab of the same page, with the same tab title.
  await page.getByRole('tab', { name: 'Health' }).click();
  await expect(page).toHaveURL(/tab=health/);
  await expect(page.getByRole('tabpanel', { name: 'Health' })).toBeVisible();
  await expect(page).toHaveTitle('System Analytics · Teamup');

  for (const colorScheme of SCHEMES) {
    await page.emulateMedia({ colorScheme });
    for (const { name: size, width, height } of WIDTHS) {
      await page.setViewportSize({ width, height });
      for (const shown of PAGES) {
        const label = `${shown.name} at ${width} px, ${colorScheme}`;
        await test.step(label, async () => {
          await page.goto(shown.path);
          await expect(shown.ready(page)).toBeVisible();
          expect(await scheme(page)).toBe(colorScheme);
          // The charts draw with an animation: axe looks at the colors once it is over.
          await page.waitForTimeout(300);
          await expectNoSidewaysScroll(page, label);
          await expectNoAxeViolations(page, label);
          await page.screenshot({
            path: `${SHOTS}/${shown.name}-${size}-${colorScheme}.png`,
            fullPage: true,
          });
        });
      }
    }
  }
});

// Issue 24, item 17: with the system degraded, the home's status badge was white on orange.9
// (4.29:1) and, in the dark scheme, its "Health details" link differed from the text beside it
// by color alone (1.49:1). The health call answers "degraded" here (the rest of its figures are
// the server's own); both pages pass axe at both widths in both schemes.
test('a degraded system reads in both schemes on the home and the health tab', async ({
  browser,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  const page = await (await browser.newContext()).newPage();
  await signInAs(page, SUPERADMIN);
  await page.route('**/api/v1/healthcheck/detailed', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as {
      data: { status: string; database: { latency: { status: string } } };
    };
    body.data.status = 'degraded';
    body.data.database.latency.status = 'degraded';
    await route.fulfill({ response, json: body });
  });
  for (const colorScheme of SCHEMES) {
    await page.emulateMedia({ colorScheme });
    for (const { name: size, width, height } of WIDTHS) {
      await page.setViewportSize({ width, height });
      const label = `degraded home at ${width} px, ${colorScheme}`;
      await test.step(label, async () => {
        await page.goto('/s/dashboard');
        const health = page.getByRole('region', { name: 'System health' });
        await expect(health.getByText('degraded', { exact: true })).toBeVisible();
        await expect(health.getByRole('link', { name: 'Health details' })).toBeVisible();
        await expect(page.getByRole('region', { name: 'Needs attention' })).toContainText(
          'The system is degraded.',
        );
        expect(await scheme(page)).toBe(colorScheme);
        await expectNoSidewaysScroll(page, label);
        await expectNoAxeViolations(page, label);
        await page.screenshot({
          path: `${SHOTS}/degraded-home-${size}-${colorScheme}.png`,
          fullPage: true,
        });
        await page.screenshot({
          path: `/tmp/shots/admin/degraded-home-${size}-${colorScheme}.png`,
        });
      });
      await test.step(`degraded health at ${width} px, ${colorScheme}`, async () => {
        await page.goto('/s/health?tab=health');
        await expect(
          page.getByRole('region', { name: 'System health' }).getByText('Degraded').first(),
        ).toBeVisible();
        await expectNoSidewaysScroll(page, `degraded health at ${width} px, ${colorScheme}`);
        await expectNoAxeViolations(page, `degraded health at ${width} px, ${colorScheme}`);
      });
    }
  }
});
