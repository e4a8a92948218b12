import { expect, test, type Page } from '@playwright/test';
import { signInAs } from './fixtures';

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

// Chunks named after the admin screens and the libraries only they use.
const ADMIN_ONLY = /^(csv|course-form-fields|roster-|upload-|dropzone|charts|recharts)/i;

for (const path of ['/', '/auth/login']) {
  test(`${path} renders from the preloaded entry, without admin code or an eval probe`, async ({
    page,
  }) => {
    const violations = await recordCspViolations(page);
    const assets = recordAssets(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Landing and login are not split: no route chunk is fetched after the entry has run.
    const html = await (await page.request.get(path)).text();
    const preloaded = [...html.matchAll(/\/assets\/([^"]+)"/g)].map((m) => m[1]);
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
