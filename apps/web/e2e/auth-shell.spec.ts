import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './test';
import { colorSchemeOf, SCHEMES, WIDTHS } from './page-checks';

const STUDENT = { name: 'Maya Chen', email: 'maya.chen@student.northfield.edu' };

async function pickDemoUser(page: Page, name: string) {
  await page.getByRole('button', { name: `Sign in as ${name}` }).click();
  await expect(page.getByText('Signed in with the development sign-in.')).toBeVisible();
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

test('a student signs in through the picker, edits the profile and logs out', async ({ page }) => {
  await page.goto('/auth/login');
  await pickDemoUser(page, STUDENT.name);
  await expect(page).toHaveURL(/\/dashboard$/);

  const nav = page.getByRole('navigation', { name: /main/i });
  for (const label of ['My Enrollments', 'My Teams', 'All Teams', 'Community']) {
    await expect(nav.getByRole('link', { name: label })).toBeVisible();
  }
  await expect(nav.getByRole('link', { name: 'Organizations' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('dashboard-desktop.png'), fullPage: true });

  await page.getByRole('button', { name: /account menu/i }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText('Signed in as')).toBeVisible();
  await expect(menu.getByText(STUDENT.email)).toBeVisible();
  await expect(menu.getByText(STUDENT.name)).toBeVisible();
  await menu.getByRole('menuitem', { name: 'My Profile' }).click();
  await expect(page.getByText('Redirecting to your profile...')).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  // The demo student's numbers and the activity the demo data gave her.
  const numbers = page.getByRole('region', { name: 'At a glance' });
  await expect(numbers.getByRole('link', { name: /^Courses/ })).toBeVisible();
  await expect(numbers.getByRole('link', { name: /^Teams/ })).toBeVisible();
  const activity = page.getByRole('region', { name: 'Recent activity' });
  await expect(activity.getByText(/^Showing \d+ of \d+ events?$/)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('profile-1440.png'), fullPage: true });

  const bio = `Backend developer, likes databases ${Date.now()}`;
  await page.getByRole('button', { name: /edit profile/i }).click();
  await page.getByLabel('Bio').fill(bio);
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText(bio)).toBeVisible();
  await page.reload();
  await expect(page.getByText(bio)).toBeVisible();

  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(page.getByText('You have been logged out successfully.')).toBeVisible();
  await expect(page.getByText('Logged Out', { exact: true })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth\/login/);
});

test('a deep link while signed out goes to the login page and back after sign-in', async ({
  page,
}) => {
  await page.goto('/teams/my');
  await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
  await pickDemoUser(page, STUDENT.name);
  await expect(page).toHaveURL(/\/teams\/my$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Teams' })).toBeVisible();
});

test('an unknown page shows Page Not Found', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page
    .getByRole('button', { name: 'Return to Home' })
    .or(page.getByRole('link', { name: 'Return to Home' }))
    .click();
  await expect(page).toHaveURL(/\/$/);
});

test('below 1024 px the sidebar is a drawer opened from the header', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 900 });
  await page.goto('/auth/login');
  await pickDemoUser(page, STUDENT.name);
  const myTeams = page.getByRole('link', { name: 'My Teams' });
  await expect(myTeams).toBeHidden();
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await expect(myTeams).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('drawer-800.png') });
  await myTeams.click();
  await expect(page).toHaveURL(/\/teams\/my$/);
  await expect(myTeams).toBeHidden();
});

test('phone width: the dashboard fits and the drawer works', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/auth/login');
  await pickDemoUser(page, STUDENT.name);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('dashboard-375.png'), fullPage: true });
});

test('phone width: the profile page fits', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/auth/login');
  await pickDemoUser(page, STUDENT.name);
  await page.goto('/profile');
  await expect(page.getByRole('region', { name: 'Recent activity' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'At a glance' }).getByRole('link').first(),
  ).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('profile-375.png'), fullPage: true });
});

test('no axe violations on the landing page, the login page and the dashboard', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByText('Beta', { exact: true }).first()).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto('/auth/login');
  await expect(page.getByRole('button', { name: `Sign in as ${STUDENT.name}` })).toBeVisible();
  await expectNoAxeViolations(page);
  await pickDemoUser(page, STUDENT.name);
  await expect(page).toHaveURL(/\/dashboard$/);
  // The URL changes before the dashboard's chunk has rendered: wait for its own heading.
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
  await expectNoAxeViolations(page);
});

// Issue 24: each role's Dashboard comes first in its menu and is the current entry only there;
// after sign-in the toasts leave the header's bell and account menu free, the Beta badge is whole,
// and "Profile / Redirecting…" shows as the redirect starts.
const SHOTS = '/tmp/shots/community';
const ROLES = [
  { name: 'Maya Chen', home: '/dashboard', next: 'My Enrollments' },
  { name: 'Alan Turing', home: '/admin/dashboard', next: 'Organizations' },
  { name: 'Grace Hopper', home: '/s/dashboard', next: 'System Analytics' },
] as const;

test("Dashboard is first in each role's menu, the current entry on the dashboard only", async ({
  page,
}) => {
  for (const role of ROLES) {
    await test.step(role.name, async () => {
      await page.context().clearCookies();
      await page.goto('/auth/login');
      await page.evaluate(() => window.localStorage.clear());
      await page.goto('/auth/login');
      await pickDemoUser(page, role.name);
      await expect(page).toHaveURL(new RegExp(`${role.home}$`));
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      const links = nav.getByRole('link');
      await expect(links.first()).toHaveAccessibleName('Dashboard');
      await expect(links.nth(1)).toHaveAccessibleName(role.next);
      await expect(links.first()).toHaveAttribute('aria-current', 'page');
      await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
      await links.nth(1).click();
      await expect(page).not.toHaveURL(new RegExp(`${role.home}$`));
      await expect(nav.locator('[aria-current="page"]')).toHaveAccessibleName(role.next);
      await expect(links.first()).not.toHaveAttribute('aria-current', 'page');
      await links.first().click();
      await expect(page).toHaveURL(new RegExp(`${role.home}$`));
      await expect(links.first()).toHaveAttribute('aria-current', 'page');
    });
  }
});

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

for (const { name: widthName, width, height } of WIDTHS) {
  for (const colorScheme of SCHEMES) {
    test(`after sign-in at ${width} px, ${colorScheme}: toasts clear of the header, Beta whole, Dashboard first`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ viewport: { width, height }, colorScheme });
      const page = await context.newPage();
      await page.goto('/auth/login');
      await pickDemoUser(page, STUDENT.name);
      await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
      expect(await colorSchemeOf(page)).toBe(colorScheme);

      const header = page.getByRole('banner');
      const bell = header.getByRole('button', { name: /^Notifications/ });
      const account = header.getByRole('button', { name: 'Account menu' });
      // Issue 35: the sign-in notice is in the page's flow now; it still covers neither.
      const toasts = page.locator('.mantine-Notification-root, [data-testid="page-notices"] > *');
      await expect(page.getByRole('status', { name: 'Signed in' })).toBeVisible();
      const covered = [await bell.boundingBox(), await account.boundingBox()];
      for (const toast of await toasts.all()) {
        // Null: the toast closed (3.5 s) between listing and measuring; it covers nothing.
        const box = await toast.boundingBox();
        for (const target of covered) {
          expect(target).not.toBeNull();
          expect(
            box !== null && overlaps(box, target!),
            `a toast covers ${JSON.stringify(target)}`,
          ).toBe(false);
        }
      }
      await page.screenshot({ path: `${SHOTS}/shell-toast-${widthName}-${colorScheme}.png` });

      // The Beta badge shows its whole word.
      const beta = header.locator('.mantine-Badge-root').filter({ hasText: 'Beta' });
      await expect(beta).toBeVisible();
      const clipped = await beta.evaluate((badge) =>
        [badge, ...badge.querySelectorAll('*')].some((el) => el.scrollWidth > el.clientWidth),
      );
      expect(clipped, 'the Beta badge is cut').toBe(false);

      // Dashboard first and current, in the sidebar or (phone) the drawer.
      if (width < 1024) await page.getByRole('button', { name: 'Open navigation' }).click();
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      await expect(nav.getByRole('link').first()).toHaveAccessibleName('Dashboard');
      await expect(nav.getByRole('link').first()).toHaveAttribute('aria-current', 'page');
      await page.screenshot({ path: `${SHOTS}/shell-menu-${widthName}-${colorScheme}.png` });
      if (width < 1024) await page.keyboard.press('Escape');
      await expectNoAxeViolations(page);
      await context.close();
    });
  }
}

test('"Profile / Redirecting…" shows as the redirect starts, before the profile has loaded', async ({
  page,
}) => {
  await page.goto('/auth/login');
  await pickDemoUser(page, STUDENT.name);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
  // Hold the profile's answer: the toast must not wait for it.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let answered = false;
  await page.route(
    (url) => url.pathname === '/api/v1/auth/profile',
    async (route) => {
      await held;
      answered = true;
      await route.continue();
    },
  );
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'My Profile' }).click();
  await expect(page.getByText('Redirecting to your profile...')).toBeVisible({ timeout: 2_000 });
  expect(answered).toBe(false);
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
});
