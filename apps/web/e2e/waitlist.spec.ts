import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from './test';
import { call, signedIn, type Signed } from './fixtures';
import {
  colorSchemeOf as scheme,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  SCHEMES,
  WIDTHS,
} from './page-checks';

// Issue 15, the waitlist end to end, on a course of its own (created through the admin API; no
// seeded student is touched): a full team's page offers "Join waitlist"; the student joins and
// sees their place (team page, My Teams, dashboard); the leader sees the Waitlist part; a member
// leaves, and the first in line becomes a pending request the leader accepts. The pages pass axe and do not scroll sideways at
// 1440 and 375 px, light and dark; screenshots go to /tmp/shots/waitlist.

test.describe.configure({ timeout: 240_000 });

const ADMIN = 'alan.turing@northfield.edu';
const run = Date.now().toString(36);
const person = (first: string) => ({
  email: `${first.toLowerCase()}.${run}@student.northfield.edu`,
  name: `${first} Wait ${run}`,
});
const LEADER = person('Lena');
const MEMBER = person('Milo');
const FIRST = person('Fay');
const SECOND = person('Sam');
const TEAM = `Rockets ${run}`;
const SHOTS = '/tmp/shots/waitlist';

async function checkAndShoot(who: Signed, label: string, ready: (p: Page) => Promise<void>) {
  for (const colorScheme of SCHEMES) {
    await who.page.emulateMedia({ colorScheme });
    for (const { name, width, height } of WIDTHS) {
      await who.page.setViewportSize({ width, height });
      await test.step(`${label} at ${width} px, ${colorScheme}`, async () => {
        await who.page.reload();
        await ready(who.page);
        expect(await scheme(who.page)).toBe(colorScheme);
        await expectNoSidewaysScroll(who.page, `${label} at ${width} px, ${colorScheme}`);
        await expectNoAxeViolations(who.page, `${label} at ${width} px, ${colorScheme}`);
        await who.page.screenshot({
          path: `${SHOTS}/${label}-${name}-${colorScheme}.png`,
          fullPage: true,
        });
      });
    }
  }
  await who.page.emulateMedia({ colorScheme: 'light' });
  await who.page.setViewportSize({ width: 1440, height: 900 });
}

test('a student joins a full team’s waitlist, a seat opens, the leader accepts', async ({
  browser,
}) => {
  mkdirSync(SHOTS, { recursive: true });

  const admin = await signedIn(browser, ADMIN);
  const existing = await call<{ items: { organizationId: string }[] }>(
    admin,
    'get',
    '/courses?page=1&limit=1',
  );
  const course = await call<{ id: string }>(admin, 'post', '/courses', {
    organizationId: existing.items[0]!.organizationId,
    code: `WAIT-${run}`.toUpperCase(),
    title: `Waitlist ${run}`,
    term: 'Fall 2026',
    teamSizeMin: 2,
    teamSizeMax: 2,
    teamFormationDeadline: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  });
  for (const s of [LEADER, MEMBER, FIRST, SECOND]) {
    await call(admin, 'post', '/admin/students/manual-add', {
      courseId: course.id,
      email: s.email,
      fullname: s.name,
    });
  }
  const lena = await signedIn(browser, LEADER.email, LEADER.name);
  const milo = await signedIn(browser, MEMBER.email, MEMBER.name);
  const fay = await signedIn(browser, FIRST.email, FIRST.name);
  const sam = await signedIn(browser, SECOND.email, SECOND.name);
  // A full team of two: Lena leads, Milo joined through a request she accepted.
  const team = await call<{ id: string }>(lena, 'post', `/student/courses/${course.id}/teams`, {
    name: TEAM,
    maxSize: 2,
  });
  const miloAsk = await call<{ id: string }>(
    milo,
    'post',
    `/student/teams/${team.id}/join-requests`,
    {},
  );
  await call(lena, 'post', `/student/join-requests/${miloAsk.id}/accept`, {});
  // Sam is first in line (through the API); Fay joins the waitlist on the page.
  const samAsk = await call<{ id: string; status: string; waitlistPosition: number }>(
    sam,
    'post',
    `/student/teams/${team.id}/join-requests`,
    {},
  );
  expect(samAsk).toMatchObject({ status: 'WAITLISTED', waitlistPosition: 1 });

  await fay.page.goto(`/teams/${team.id}`);
  await expect(fay.page.getByText(`${TEAM} is full. You can join its waitlist`)).toBeVisible();
  await expect(fay.page.getByRole('button', { name: 'Ask to join' })).toHaveCount(0);
  await checkAndShoot(fay, 'team-full', (p) =>
    expect(p.getByRole('button', { name: 'Join waitlist' })).toBeVisible(),
  );
  await fay.page.getByRole('button', { name: 'Join waitlist' }).click();
  const dialog = fay.page.getByRole('dialog', { name: `Join the waitlist of ${TEAM}` });
  await dialog.getByRole('textbox').fill('I can write the tests.');
  await dialog.getByRole('button', { name: 'Join waitlist' }).click();
  await expect(
    fay.page.locator('.mantine-Notification-root').filter({
      hasText: `${TEAM} is full; you are number 2 on its waitlist`,
    }),
  ).toBeVisible();
  await checkAndShoot(fay, 'team-waitlisted', (p) =>
    expect(p.getByText(/You are number 2 on the waitlist/)).toBeVisible(),
  );
  await fay.page.goto('/teams/my');
  await checkAndShoot(fay, 'my-teams', (p) =>
    expect(p.getByText(/you are number 2 on the waitlist/)).toBeVisible(),
  );
  // The dashboard lists it under her requests, with her place and a way to leave the line.
  await fay.page.goto('/dashboard');
  await checkAndShoot(fay, 'dashboard', async (p) => {
    await expect(
      p.getByText(`${TEAM} is full: you are number 2 on its waitlist`, { exact: false }),
    ).toBeVisible();
    await expect(p.getByRole('button', { name: `Leave waitlist of ${TEAM}` })).toBeVisible();
  });

  // The leader sees the waitlist in order.
  await lena.page.goto(`/teams/${team.id}`);
  const waitlist = lena.page.getByRole('list', { name: 'Waitlist' });
  await checkAndShoot(lena, 'leader-waitlist', () => expect(waitlist).toBeVisible());
  await expect(waitlist.getByRole('listitem')).toHaveCount(2);
  await expect(waitlist.getByRole('listitem').first()).toContainText(SECOND.name);
  await expect(waitlist.getByRole('button', { name: /^Accept/ })).toHaveCount(0);

  // Milo leaves: Sam's request leaves the waitlist and waits for Lena, who accepts.
  await call(milo, 'post', `/student/teams/${team.id}/leave`);
  await lena.page.reload();
  await lena.page.getByRole('button', { name: `Accept ${SECOND.name}'s request` }).click();
  await expect(lena.page.getByRole('list', { name: 'Waitlist' }).getByRole('listitem')).toHaveCount(
    1,
  );
  await fay.page.goto(`/teams/${team.id}`);
  await expect(fay.page.getByText(/You are number 1 on the waitlist/)).toBeVisible();
});
