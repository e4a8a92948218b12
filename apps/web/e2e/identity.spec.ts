import { mkdirSync } from 'node:fs';
import type { OrganizationDetail, OrganizationSummary, Paginated } from '@teamup/shared';
import { expect, test } from './test';
import { call, signedIn } from './fixtures';
import { checkEverywhere, waitForNetworkQuiet } from './page-checks';

// Issue 34, who someone is, on the web: the demo's superadmin sets Northfield's email domains on
// its organization page; Northfield's admin reads them on the LMS page, beside the account
// links; a student's profile lists the LMS accounts that open theirs. Each page at 1440 and
// 375 px, light and dark: axe, no sideways scroll, a screenshot.

test.describe.configure({ timeout: 300_000 });

const SHOTS = '/tmp/shots/identity';
const SUPERADMIN = 'grace.hopper@teamup.dev';
const NORTHFIELD_ADMIN = 'alan.turing@northfield.edu';
const STUDENT = 'maya.chen@student.northfield.edu';
const DOMAINS = ['northfield.edu', 'student.northfield.edu'];

test('a superadmin sets the domains, the organization admin reads them on the LMS page', async ({
  browser,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  const grace = await signedIn(browser, SUPERADMIN);
  const list = await call<Paginated<OrganizationSummary>>(
    grace,
    'get',
    '/organizations/super/list?search=Northfield&page=1&limit=10',
  );
  const northfield = list.items.find((o) => o.name.startsWith('Northfield'))!;
  const before = await call<OrganizationDetail>(
    grace,
    'get',
    `/organizations/super/${northfield.id}`,
  );
  // One domain to start from, whatever the demo holds: the page adds the other.
  await call(grace, 'put', `/organizations/super/${northfield.id}/domains`, {
    domains: [DOMAINS[0]],
  });

  try {
    const page = grace.page;
    await page.goto(`/s/organizations/${northfield.id}`);
    const card = page.getByRole('region', { name: 'Email domains' });
    await expect(card.getByText('vouch for emails inside these domains only')).toBeVisible();
    const input = card.getByRole('textbox', { name: 'Add a domain' });
    // The shared rule refuses a URL before anything is sent.
    await input.fill('https://student.northfield.edu');
    await card.getByRole('button', { name: 'Add' }).click();
    await expect(card.getByText('Enter a domain such as northfield.edu')).toBeVisible();
    await input.fill(DOMAINS[1]!);
    await input.press('Enter');
    await card.getByRole('button', { name: 'Save domains' }).click();
    await expect(
      page.getByText(`LMS platforms vouch for emails in ${DOMAINS.join(', ')}.`),
    ).toBeVisible();
    await expect(card.getByRole('button', { name: 'Save domains' })).toBeDisabled();
    const saved = await call<OrganizationDetail>(
      grace,
      'get',
      `/organizations/super/${northfield.id}`,
    );
    expect(saved.domains).toEqual(DOMAINS);
    await waitForNetworkQuiet(page);
    await checkEverywhere(page, SHOTS, 'superadmin organization domains', async (file) => {
      await card.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await page.screenshot({ path: file });
    });

    // Northfield's admin: the same domains on the LMS page, read-only, and the account links.
    const alan = await signedIn(browser, NORTHFIELD_ADMIN);
    const lms = alan.page;
    await lms.goto(`/admin/lms?organizationId=${northfield.id}`);
    const domains = lms.getByRole('region', { name: 'Email domains' });
    await expect(domains.getByText('Set by a Teamup superadmin.')).toBeVisible();
    const items = domains.getByRole('list', { name: 'Domains' }).getByRole('listitem');
    await expect(items).toHaveText(DOMAINS);
    await expect(domains.getByRole('button')).toHaveCount(0);
    const links = lms.getByRole('region', { name: 'Account links' });
    await expect(links.getByRole('heading', { name: 'Account links' })).toBeVisible();
    await expect(links.getByRole('status', { name: 'Loading the account links' })).toHaveCount(0);
    await waitForNetworkQuiet(lms);
    await checkEverywhere(lms, SHOTS, 'lms page domains and account links', (file) =>
      lms.screenshot({ path: file, fullPage: true }),
    );

    // The organization admin's own page shows them too.
    await lms.goto(`/admin/organizations/${northfield.id}`);
    const own = lms.getByRole('region', { name: 'Email domains' });
    await expect(own.getByRole('list', { name: 'Domains' }).getByRole('listitem')).toHaveText(
      DOMAINS,
    );
    await waitForNetworkQuiet(lms);
    await checkEverywhere(lms, SHOTS, 'admin organization domains', async (file) => {
      await own.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await lms.screenshot({ path: file });
    });
  } finally {
    // The rest of the run finds the domains as the demo had them.
    await call(grace, 'put', `/organizations/super/${northfield.id}/domains`, {
      domains: before.domains,
    });
  }
});

test("a student's profile lists the LMS accounts that open theirs", async ({ browser }) => {
  mkdirSync(SHOTS, { recursive: true });
  const maya = await signedIn(browser, STUDENT);
  const { page } = maya;
  const identities = await call<{ lmsOnly: boolean; items: unknown[] }>(
    maya,
    'get',
    '/profile/identities',
  );
  // A Google (development) account: nothing to link it to, whatever LMS opened it before.
  expect(identities.lmsOnly).toBe(false);
  await page.goto('/profile');
  const card = page.getByRole('region', { name: 'Linked LMS accounts' });
  await expect(card.getByRole('heading', { name: 'Linked LMS accounts' })).toBeVisible();
  if (identities.items.length === 0) {
    await expect(card.getByText('No LMS account opens this account.')).toBeVisible();
  } else {
    await expect(card.getByRole('button', { name: /^Unlink / })).toHaveCount(
      identities.items.length,
    );
  }
  await expect(card.getByRole('button', { name: 'Link to my Teamup account' })).toHaveCount(0);
  await waitForNetworkQuiet(page);
  await checkEverywhere(page, SHOTS, 'profile linked lms accounts', async (file) => {
    await card.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: file });
  });
});
