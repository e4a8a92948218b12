import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { call, createCourseWithStudents, signedIn, type Signed } from './fixtures';
import { checkEverywhere, waitForNetworkQuiet } from './page-checks';

// Issue 35 (items 2, 5, 6, 11): each role its own menu and words. A teaching assistant and an
// instructor who are no organization admins see the Teaching group and not the student entries;
// someone who assists in one course and studies in another sees both groups; an organization
// admin finds the LMS page in the menu. The team formation dashboard of a TA names the survey
// closing and the placement waiting, with links to their sections; the teamless reminder takes
// a message. At 1440 and 390 px (the phone menu), light and dark, with axe.

test.describe.configure({ timeout: 300_000 });

const SHOTS = '/tmp/shots/menus';
const run = Date.now().toString(36);
const NORTHFIELD_ADMIN = 'alan.turing@northfield.edu';
const QUESTION = {
  id: '3f1b8c2e-6a4d-4e9f-8b7a-1c2d3e4f5a60',
  type: 'AVAILABILITY',
  prompt: 'When are you free to work with your team?',
  help: '',
  weight: 5,
  goal: 'SIMILAR',
  required: true,
  fromHour: 8,
  toHour: 20,
  hoursNeeded: 3,
};
const TA = { email: `menus.ta.${run}@student.northfield.edu`, name: `Tia Assistant ${run}` };
const INSTRUCTOR = { email: `menus.ins.${run}@northfield.edu`, name: `Ivo Instructor ${run}` };
const BOTH = { email: `menus.both.${run}@student.northfield.edu`, name: `Bo Both ${run}` };
const PUPIL = { email: `menus.pupil.${run}@student.northfield.edu`, name: `Pia Pupil ${run}` };

const TEACHING = ['Courses I teach', 'Team formation'];
const STUDYING = ['My Enrollments', 'My Teams', 'All Teams'];

/** The menu's entries, in order, and its groups' names. */
async function menuOf(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Community' })).toBeVisible();
  const links = await nav.getByRole('link').allTextContents();
  const groups = await nav
    .locator('ul[aria-labelledby]')
    .evaluateAll((lists) =>
      lists.map((l) => document.getElementById(l.getAttribute('aria-labelledby')!)?.textContent),
    );
  return { links, groups };
}

async function appoint(admin: Signed, courseId: string, email: string, role: string) {
  await call(admin, 'post', `/admin/courses/${courseId}/staff`, { email, role });
}

test('each role its own menu, words, dashboard and reminder', async ({ browser }) => {
  mkdirSync(SHOTS, { recursive: true });
  const admin = await signedIn(browser, NORTHFIELD_ADMIN);

  // Two new courses: SURVEY's survey closes in two days (Bo has not answered), PLACE's closed
  // an hour ago with Pia still without a team. Tia assists in both; Ivo teaches PLACE; Bo
  // studies in SURVEY and assists in PLACE.
  const survey = await createCourseWithStudents(
    admin,
    { code: `MS${run}`.slice(0, 12), title: 'Menus survey course' },
    [BOTH],
  );
  const place = await createCourseWithStudents(
    admin,
    { code: `MP${run}`.slice(0, 12), title: 'Menus placement course' },
    [PUPIL],
  );
  await appoint(admin, survey.id, TA.email, 'TEACHING_ASSISTANT');
  await appoint(admin, place.id, TA.email, 'TEACHING_ASSISTANT');
  await appoint(admin, place.id, INSTRUCTOR.email, 'INSTRUCTOR');
  await appoint(admin, place.id, BOTH.email, 'TEACHING_ASSISTANT');
  const hours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
  await call(admin, 'put', `/admin/courses/${survey.id}/survey`, {
    version: 0,
    questions: [QUESTION],
    opensAt: hours(-1),
    closesAt: hours(48),
  });
  await call(admin, 'put', `/admin/courses/${place.id}/survey`, {
    version: 0,
    questions: [QUESTION],
    opensAt: hours(-48),
    closesAt: hours(-1),
  });
  // First sign-ins make the enrollments ACTIVE and the appointments theirs.
  await signedIn(browser, PUPIL.email, PUPIL.name);
  const both = await signedIn(browser, BOTH.email, BOTH.name);
  const ta = await signedIn(browser, TA.email, TA.name);
  const instructor = await signedIn(browser, INSTRUCTOR.email, INSTRUCTOR.name);

  // The organization admin: SPEC's entries, then the LMS page (item 5).
  await admin.page.goto('/admin/dashboard');
  expect((await menuOf(admin.page)).links).toEqual([
    'Dashboard',
    'Organizations',
    'Student Management',
    'Course Management',
    'Enroll Students',
    'LMS connections',
    'Community',
  ]);
  await admin.page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'LMS connections' })
    .click();
  await expect(admin.page).toHaveURL(/\/admin\/lms/);

  // The TA who studies nothing: the Teaching group, no student entries.
  const page = ta.page;
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Courses you teach' })).toBeVisible();
  expect(await menuOf(page)).toEqual({
    links: ['Dashboard', ...TEACHING, 'Community'],
    groups: ['Teaching'],
  });

  // Their team formation dashboard: the survey and the placement, deep links with the counts.
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link', { name: 'Team formation' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(nav.getByRole('link', { name: 'Team formation' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const attention = page.getByRole('region', { name: 'Needs attention' });
  await expect(
    attention.getByRole('link', { name: 'Survey closes within 72 h: 1 student has not answered' }),
  ).toHaveAttribute('href', `/admin/courses/${survey.id}/survey`);
  await expect(
    attention.getByRole('link', { name: 'Survey closed: 1 student still without a team' }),
  ).toHaveAttribute('href', `/admin/courses/${place.id}/placement`);
  await waitForNetworkQuiet(page);
  // The pointer left over a chart from the clicks above would hold its tooltip open, drawn where
  // the chart was at the previous width: a person's pointer is never over a page being resized.
  await page.mouse.move(0, 0);
  await checkEverywhere(page, SHOTS, 'team formation of a TA', (file) =>
    page.screenshot({ path: file, fullPage: true }),
  );

  // The phone menu (390 px): the same groups in the drawer, light and dark.
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(drawer.getByRole('list', { name: 'Teaching' })).toBeVisible();
    expect((await menuOf(page)).links).toEqual(['Dashboard', ...TEACHING, 'Community']);
    await page.screenshot({ path: `${SHOTS}/phone-menu-of-a-TA-${colorScheme}.png` });
    await page.getByRole('button', { name: 'Close navigation' }).click();
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1440, height: 900 });

  // On the course page the TA is told as what they are, never "as an admin".
  await page.goto(`/admin/courses/${place.id}/teams`);
  await expect(
    page.getByText(/^As a teaching assistant of this course you can change any team’s members/),
  ).toBeVisible();
  await expect(page.getByText(/As an admin/)).toHaveCount(0);

  // The teamless reminder with a message of their own (item 11), on the course's roster.
  await page.goto(`/admin/courses/${place.id}/roster`);
  await page.getByRole('button', { name: 'Remind students without a team' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remind students without a team' });
  await expect(dialog.getByText('1 student without a team')).toBeVisible();
  await dialog
    .getByRole('textbox', { name: 'Your message (optional)' })
    .fill('Teams are due Friday; ask me in the lab.');
  await expect(
    dialog.getByText(/no team in .+ yet: Teams are due Friday; ask me in the lab\.$/),
  ).toBeVisible();
  await waitForNetworkQuiet(page);
  await checkEverywhere(page, SHOTS, 'reminder with a message', (file) =>
    page.screenshot({ path: file }),
  );
  await dialog.getByRole('button', { name: 'Send reminder' }).click();
  await expect(page.getByText('Reminder sent to 1 student.')).toBeVisible();
  const pupil = await signedIn(browser, PUPIL.email, PUPIL.name);
  const notes = await call<{ items: { text: string }[] }>(pupil, 'get', '/notifications');
  expect(notes.items.map((n) => n.text)).toContainEqual(
    expect.stringMatching(/no team in .+ yet: Teams are due Friday; ask me in the lab\.$/),
  );

  // The instructor who studies nothing: the same Teaching group; their own words.
  await instructor.page.goto(`/admin/courses/${place.id}/teams`);
  expect(await menuOf(instructor.page)).toEqual({
    links: ['Dashboard', ...TEACHING, 'Community'],
    groups: ['Teaching'],
  });
  await expect(
    instructor.page.getByText(/^As an instructor of this course you can change any team’s members/),
  ).toBeVisible();

  // Staff in one course and a student in another: both groups.
  await both.page.goto('/dashboard');
  await expect
    .poll(async () => (await menuOf(both.page)).links)
    .toEqual(['Dashboard', ...TEACHING, ...STUDYING, 'Community']);
  expect((await menuOf(both.page)).groups).toEqual(['Teaching', 'Studying']);
  await waitForNetworkQuiet(both.page);
  await checkEverywhere(both.page, SHOTS, 'dashboard of a TA who studies', (file) =>
    both.page.screenshot({ path: file }),
  );
  await both.page.setViewportSize({ width: 390, height: 844 });
  await both.page.getByRole('button', { name: 'Open navigation' }).click();
  await expect(
    both.page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('list', { name: 'Studying' }),
  ).toBeVisible();
  expect((await menuOf(both.page)).links).toEqual([
    'Dashboard',
    ...TEACHING,
    ...STUDYING,
    'Community',
  ]);
  // The drawer has finished sliding in.
  await expect(both.page.getByRole('dialog')).toBeInViewport({ ratio: 1 });
  await both.page.screenshot({ path: `${SHOTS}/phone-menu-of-a-TA-who-studies.png` });
});
