import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

const STUDENT = { name: 'Maya Chen', email: 'maya.chen@student.northfield.edu' };

async function pickDemoUser(page: Page, name: string) {
  await page.getByRole('button', { name: `Sign in as ${name}` }).click();
  await expect(page.getByText('Google login successful!')).toBeVisible();
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
