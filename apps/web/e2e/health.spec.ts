import { mkdirSync } from 'node:fs';
import { expect, test } from './test';
import { signInAs } from './fixtures';
import {
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  colorSchemeOf as scheme,
  SCHEMES,
  WIDTHS,
} from './page-checks';

// Issue 13, health: the demo superadmin opens the health section of /s/health and sees the
// database, CSV jobs and process figures with their limits and the overall status; the section
// passes axe and does not scroll sideways at 1440 and 375 px, in the light and the dark scheme.
// Screenshots go to /tmp/shots/health-and-metrics.

test.describe.configure({ timeout: 180_000 });

const SUPERADMIN = 'grace.hopper@teamup.dev';
const SHOTS = '/tmp/shots/health-and-metrics';

test('the superadmin reads the system health on /s/health', async ({ browser }) => {
  mkdirSync(SHOTS, { recursive: true });
  const page = await (await browser.newContext()).newPage();
  await signInAs(page, SUPERADMIN);

  await page.goto('/s/health?tab=health');
  await expect(page).toHaveTitle('System Analytics · Teamup');
  const section = page.getByRole('region', { name: 'System health' });
  await expect(section.getByText(/^(All systems normal|Degraded|Down)$/).first()).toBeVisible();
  await expect(section.getByText(/^Updated (just now|\d+ s ago)$/)).toBeVisible();

  const database = section.getByRole('region', { name: 'Database' });
  await expect(database.getByText('Reachable', { exact: true })).toBeVisible();
  await expect(database.getByText('Round trip now')).toBeVisible();
  await expect(database.getByText('Degraded above 100 ms')).toBeVisible();
  // The e2e server runs on the embedded database.
  await expect(database.getByText(/^(PGlite|PostgreSQL)$/)).toBeVisible();
  await expect(database.getByText(/^\d+ of \d+ applied$/)).toBeVisible();

  const processGroup = section.getByRole('region', { name: 'Process' });
  await expect(processGroup.getByText('Event-loop delay p99')).toBeVisible();
  await expect(processGroup.getByText(/^\d+\.\d+\.\d+/)).toBeVisible();
  await expect(processGroup.getByText(/^\d+(\.\d)? MB$/)).toBeVisible();
  await expect(processGroup.getByText('Requests per minute')).toBeVisible();
  await expect(section.getByRole('region', { name: 'CSV jobs' }).getByText('Queued')).toBeVisible();

  for (const colorScheme of SCHEMES) {
    await page.emulateMedia({ colorScheme });
    for (const { name, width, height } of WIDTHS) {
      await page.setViewportSize({ width, height });
      const label = `health at ${width} px, ${colorScheme}`;
      await test.step(label, async () => {
        await page.goto('/s/health?tab=health');
        await expect(
          page.getByRole('region', { name: 'Process' }).getByText('Event-loop delay p99'),
        ).toBeVisible();
        expect(await scheme(page)).toBe(colorScheme);
        await expectNoSidewaysScroll(page, label);
        await expectNoAxeViolations(page, label);
        await page.screenshot({
          path: `${SHOTS}/health-${name}-${colorScheme}.png`,
          fullPage: true,
        });
      });
    }
  }
});
