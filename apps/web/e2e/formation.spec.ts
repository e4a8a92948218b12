import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { call, signedIn, type Signed } from './fixtures';
import {
  colorSchemeOf,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  SCHEMES,
  WIDTHS,
  waitForNetworkQuiet,
} from './page-checks';

// Issue 15 end to end, on a course of its own (the demo students stay as other specs expect
// them): the demo organization's admin creates a course, enrolls five new students (their first
// sign-in activates the enrollment) and one of them leads a team of one. In the browser the admin
// previews the placement on /admin/courses/{id} (axe and no sideways scroll on the page with the
// proposal, at 1440 and 375 px, light and dark; screenshots in /tmp/shots/formation), moves one
// placed student to another proposed team and applies. The moved student then sees the team on
// My Teams, the notification in the bell's panel and the period in their team history, which the
// admin sees too in the roster's enrollment panel.

test.describe.configure({ timeout: 240_000 });

const ADMIN = 'alan.turing@northfield.edu';
const run = Date.now().toString(36);
const STUDENTS = ['Ada', 'Bo', 'Cy', 'Di', 'Ed'].map((first, i) => ({
  email: `f${i + 1}.${run}@student.northfield.edu`,
  name: `${first} Placer ${run}`,
}));
const LEADER = STUDENTS[0]!;
const SEED_TEAM = `Seed ${run}`;
const SHOTS = '/tmp/shots/formation';

const formation = (page: Page) => page.getByRole('region', { name: 'Formation' });

/**
 * At 1440 and 375 px, light and dark: no sideways scroll, no axe violation, and a screenshot
 * (`shoot` gets the file) in SHOTS named after `label`.
 */
async function checkEverywhere(
  page: Page,
  label: string,
  shoot: (file: string) => Promise<unknown>,
) {
  for (const colorScheme of SCHEMES) {
    await page.emulateMedia({ colorScheme });
    for (const { name, width, height } of WIDTHS) {
      await test.step(`${label} at ${width} px, ${colorScheme}`, async () => {
        await page.setViewportSize({ width, height });
        const where = `${label} at ${width} px, ${colorScheme}`;
        await expectNoSidewaysScroll(page, where);
        await expectNoAxeViolations(page, where);
        await shoot(`${SHOTS}/${label.replaceAll(' ', '-')}-${name}-${colorScheme}.png`);
      });
    }
  }
}

test('the admin previews, moves a student and applies; the placed student sees team and notice', async ({
  browser,
}) => {
  mkdirSync(SHOTS, { recursive: true });

  // The course, its students (active after their first sign-in) and a team of one.
  const admin = await signedIn(browser, ADMIN);
  const existing = await call<{ items: { organizationId: string }[] }>(
    admin,
    'get',
    '/courses?page=1&limit=1',
  );
  const organizationId = existing.items[0]!.organizationId;
  const course = await call<{ id: string; code: string }>(admin, 'post', '/courses', {
    organizationId,
    code: `FORM-${run}`.toUpperCase(),
    title: `Formation ${run}`,
    term: 'Fall 2026',
    teamSizeMin: 2,
    teamSizeMax: 3,
    teamFormationDeadline: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  });
  for (const s of STUDENTS) {
    await call(admin, 'post', '/admin/students/manual-add', {
      courseId: course.id,
      email: s.email,
      fullname: s.name,
    });
  }
  const students = new Map<string, Signed>();
  for (const s of STUDENTS) students.set(s.name, await signedIn(browser, s.email, s.name));
  await call(students.get(LEADER.name)!, 'post', `/student/courses/${course.id}/teams`, {
    name: SEED_TEAM,
    maxSize: 3,
  });

  // The admin previews with the default options.
  const page = admin.page;
  await page.goto(`/admin/courses/${course.id}`);
  const title = `${course.code} · Course Management · Teamup`;
  await expect(page).toHaveTitle(title);
  const section = formation(page);
  await expect(section.getByRole('switch', { name: /Leave teams closed/ })).toBeChecked();
  await section.getByRole('button', { name: 'Preview placement' }).click();
  const summary = section.getByRole('group', { name: 'Summary' });
  await expect(summary).toContainText('4 students placed');
  await expect(section.getByRole('article', { name: SEED_TEAM })).toContainText(LEADER.name);
  await waitForNetworkQuiet(page);
  await expect(page).toHaveTitle(title);

  // The page with the proposal at both widths in both schemes.
  for (const colorScheme of SCHEMES) {
    await page.emulateMedia({ colorScheme });
    for (const { name, width, height } of WIDTHS) {
      await test.step(`proposal at ${width} px, ${colorScheme}`, async () => {
        await page.setViewportSize({ width, height });
        await expect(summary).toBeVisible();
        expect(await colorSchemeOf(page)).toBe(colorScheme);
        const label = `formation proposal at ${width} px, ${colorScheme}`;
        await expectNoSidewaysScroll(page, label);
        await expectNoAxeViolations(page, label);
        const file = `formation-${name}-${colorScheme}.png`;
        await section.screenshot({ path: test.info().outputPath(file) });
        await section.screenshot({ path: `${SHOTS}/${file}` });
        await page
          .getByRole('region', { name: 'Team health' })
          .screenshot({ path: `${SHOTS}/health-${name}-${colorScheme}.png` });
      });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1440, height: 900 });

  // Move one placed student to another proposed team that has a seat (keyboard-usable select).
  const selects = section.getByRole('combobox', { name: /^Move .* to…$/ });
  let moved: { student: string; team: string } | null = null;
  for (let i = 0; i < (await selects.count()) && !moved; i += 1) {
    const select = selects.nth(i);
    const target = select.locator('option:not([disabled]):not(:checked)').first();
    if ((await target.count()) === 0) continue;
    const label = await select.getAttribute('aria-label');
    const value = (await target.getAttribute('value'))!;
    const team = (await target.textContent())!.replace(/ \(\d+\/\d+(, full)?\)$/, '');
    await select.focus();
    await select.selectOption(value);
    moved = { student: label!.replace(/^Move (.*) to…$/, '$1'), team };
  }
  expect(moved, 'a placed student can move to another proposed team').not.toBeNull();
  const { student, team } = moved!;
  await expect(section.getByRole('article', { name: team })).toContainText(student);

  await section.getByRole('button', { name: 'Apply placement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Apply placement' });
  await expect(dialog).toContainText('Place 4 students');
  await dialog.getByRole('button', { name: 'Apply placement' }).click();
  await expect(
    page.locator('.mantine-Notification-root').filter({ hasText: 'Placement applied' }).first(),
  ).toBeVisible();
  await expect(summary).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Teams' })).toContainText(team);

  // The moved student: the team on My Teams, the notification in the bell, the history.
  const placed = students.get(student)!.page;
  await placed.goto('/teams/my');
  await expect(placed.getByRole('list', { name: 'Your teams' })).toContainText(team);
  await placed.getByRole('button', { name: /^Notifications(, .* unread)?$/ }).click();
  await expect(placed.getByRole('dialog', { name: 'Notifications' })).toContainText(
    `The course's team formation placed you in ${team}`,
  );
  await placed.keyboard.press('Escape');
  await placed.goto(`/courses/${course.id}`);
  const history = placed.getByRole('region', { name: 'Your team history' });
  await expect(history.getByRole('link', { name: team })).toBeVisible();
  await expect(history).toContainText('Current');
  await waitForNetworkQuiet(placed);
  await checkEverywhere(placed, 'team history', (file) => history.screenshot({ path: file }));

  // The admin sees the same history in the roster's enrollment panel of that student.
  await page.goto(`/admin/students/course/${course.id}`);
  await page.getByRole('button', { name: `Open enrollment of ${student}` }).click();
  const panel = page.getByRole('dialog', { name: 'Enrollment' });
  const adminHistory = panel.getByRole('region', { name: 'Team history' });
  await expect(adminHistory.getByRole('link', { name: team })).toBeVisible();
  await expect(adminHistory).toContainText('Current');
  await waitForNetworkQuiet(page);
  await checkEverywhere(page, 'admin-history', (file) => page.screenshot({ path: file }));

  // The course is this test's own: archived afterwards, out of the demo lists.
  await call(admin, 'delete', `/courses/${course.id}`);
});
