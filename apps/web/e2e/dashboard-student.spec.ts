import { mkdirSync } from 'node:fs';
import { expect, test } from './test';
import { call, enrollInSeededCourse, signedIn } from './fixtures';
import {
  colorSchemeOf,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  SCHEMES,
  WIDTHS,
} from './page-checks';

// Issue 13, the student's /dashboard end to end, with two new students of CS301 (enrolled here by
// the organization admin, so no other spec's changes reach them): Leo leads a team, posts a notice
// and invites Ivy. Ivy's dashboard lists the invitation and the course where she has no team; it
// passes axe and does not scroll sideways at 1440 and 375 px, light and dark. She accepts from the
// dashboard and the lists change without a reload; the team's notice is then new to her until she
// has seen the board.

test.describe.configure({ timeout: 240_000 });

const ADMIN = 'alan.turing@northfield.edu';
const COURSE_CODE = 'CS301';
const run = Date.now().toString(36);
const IVY = { email: `ivy.${run}@student.northfield.edu`, name: `Ivy Dash ${run}` };
const LEO = { email: `leo.${run}@student.northfield.edu`, name: `Leo Dash ${run}` };
const TEAM = `Lions ${run}`;
const SHOTS = '/tmp/shots/student-dashboard';

test('a student answers an invitation from /dashboard and the lists update without a reload', async ({
  browser,
}) => {
  mkdirSync(SHOTS, { recursive: true });

  const admin = await signedIn(browser, ADMIN);
  const courseId = await enrollInSeededCourse(admin, COURSE_CODE, [IVY, LEO]);
  const ivy = await signedIn(browser, IVY.email, IVY.name);
  const leo = await signedIn(browser, LEO.email, LEO.name);
  const team = await call<{ id: string }>(leo, 'post', `/student/courses/${courseId}/teams`, {
    name: TEAM,
    maxSize: 3,
  });
  await call(leo, 'post', `/student/teams/${team.id}/notices`, { body: 'Kick-off on Monday' });
  await call(leo, 'post', `/student/teams/${team.id}/invite`, { userId: ivy.id });

  const page = ivy.page;
  await page.goto('/dashboard');
  await expect(page).toHaveTitle('Dashboard · Teamup');
  const needs = page.getByRole('region', { name: 'Needs you' });
  const invitation = needs.getByRole('listitem', { name: `Invitation to ${TEAM}` });
  await expect(invitation).toBeVisible();
  await expect(invitation.getByText(`Invited by ${LEO.name}`)).toBeVisible();
  const teamless = needs.getByRole('listitem', {
    name: new RegExp(`No team yet in ${COURSE_CODE}`),
  });
  await expect(teamless).toBeVisible();
  await expect(teamless.getByRole('link', { name: TEAM })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'My teams' }).getByText('You are not in a team yet.'),
  ).toBeVisible();

  // The dashboard at both widths in both schemes: axe, no sideways scroll, screenshots.
  for (const colorScheme of SCHEMES) {
    await page.emulateMedia({ colorScheme });
    for (const { name, width, height } of WIDTHS) {
      await page.setViewportSize({ width, height });
      await test.step(`dashboard at ${width} px, ${colorScheme}`, async () => {
        await page.goto('/dashboard');
        await expect(invitation).toBeVisible();
        expect(await colorSchemeOf(page)).toBe(colorScheme);
        const label = `dashboard at ${width} px, ${colorScheme}`;
        await expectNoSidewaysScroll(page, label);
        await expectNoAxeViolations(page, label);
        const file = `dashboard-student-${name}-${colorScheme}.png`;
        await page.screenshot({ path: test.info().outputPath(file), fullPage: true });
        await page.screenshot({ path: `${SHOTS}/${file}`, fullPage: true });
      });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/dashboard');

  // Accept right there: a marker on the window proves the page was not reloaded.
  await page.evaluate(
    () => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true),
  );
  await invitation.getByRole('button', { name: `Accept invitation to ${TEAM}` }).click();
  await expect(
    page
      .locator('.mantine-Notification-root')
      .filter({ hasText: `You joined ${TEAM}` })
      .first(),
  ).toBeVisible();
  await expect(invitation).toHaveCount(0);
  await expect(teamless).toHaveCount(0);
  const myTeams = page.getByRole('region', { name: 'My teams' });
  await expect(myTeams.getByRole('link', { name: TEAM })).toBeVisible();
  await expect(myTeams.getByText('2/3 members')).toBeVisible();
  const news = needs.getByRole('listitem', { name: `1 new notice in ${TEAM}` });
  await expect(news).toBeVisible();
  await expect(news.getByText('Kick-off on Monday')).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
  ).toBe(true);
  await page.screenshot({ path: `${SHOTS}/dashboard-student-after-accept.png`, fullPage: true });

  // Reading the board clears the entry.
  await news.getByRole('link', { name: `Read the notices of ${TEAM}` }).click();
  const board = page.getByRole('region', { name: 'Notice board' });
  await board.scrollIntoViewIfNeeded();
  await expect(board.getByText('Kick-off on Monday')).toBeVisible();
  await expect
    .poll(async () => {
      const d = await call<{ unreadNotices: unknown[] }>(ivy, 'get', '/student/dashboard');
      return d.unreadNotices.length;
    })
    .toBe(0);
  await page.goto('/dashboard');
  await expect(
    page.getByRole('region', { name: 'My teams' }).getByRole('link', { name: TEAM }),
  ).toBeVisible();
  await expect(
    needs.getByRole('listitem', { name: new RegExp(`new notices? in ${TEAM}`) }),
  ).toHaveCount(0);
});
