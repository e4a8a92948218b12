import { expect, test, type Browser, type Page } from './test';
import { signInAs } from './fixtures';

// Issue 5 end to end, three students in three browser contexts in CS350 (seeded; none of them
// has a team there): A creates a team, B applies, A accepts and B sees the membership; A invites
// C and C accepts; B leaves; A disbands.

const COURSE = 'Human-Computer Interaction';
const A = { email: 'maya.chen@student.northfield.edu', name: 'Maya Chen' };
const B = { email: 'tariq.romero@student.northfield.edu', name: 'Tariq Romero' };
const C = { email: 'freya.nguyen@student.northfield.edu', name: 'Freya Nguyen' };
const TEAM = `Studio ${Date.now().toString(36)}`;

async function studentPage(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInAs(page, email);
  return page;
}

async function openCourse(page: Page) {
  await page.goto('/courses');
  await page.getByRole('link', { name: COURSE }).click();
  await expect(page).toHaveURL(/\/courses\/[0-9a-f-]{36}$/);
}

const notice = (page: Page, text: string | RegExp) =>
  expect(
    page.locator('.mantine-Notification-root').filter({ hasText: text }).first(),
  ).toBeVisible();

test('create, apply, accept, invite, accept, leave, disband across three students', async ({
  browser,
}) => {
  const a = await studentPage(browser, A.email);
  const b = await studentPage(browser, B.email);
  const c = await studentPage(browser, C.email);

  // A creates a team from the course page.
  await openCourse(a);
  await a.getByRole('button', { name: 'Create team' }).first().click();
  const create = a.getByRole('dialog');
  await create.getByLabel('Team name').fill(TEAM);
  await create.getByRole('button', { name: 'Create team' }).click();
  await notice(a, TEAM);
  await expect(a.getByText(`You lead ${TEAM}`)).toBeVisible();

  // B finds it among the course's teams and applies.
  await openCourse(b);
  await b.getByRole('button', { name: `Apply to ${TEAM}` }).click();
  await b.getByRole('dialog').getByRole('button', { name: 'Send request' }).click();
  await notice(b, TEAM);

  // A opens the team page, sees the request and accepts it.
  await a.getByRole('link', { name: TEAM }).first().click();
  await expect(a).toHaveURL(/\/teams\/[0-9a-f-]{36}$/);
  const teamUrl = a.url();
  await a.getByRole('button', { name: `Accept ${B.name}'s request` }).click();
  await notice(a, B.name);
  const members = a.getByRole('region', { name: /members/i });
  await expect(members.getByText(B.name)).toBeVisible();
  await a.screenshot({ path: test.info().outputPath('team-page-desktop.png'), fullPage: true });

  // B sees the membership under My Teams.
  await b.goto('/teams/my');
  await expect(b.getByRole('link', { name: TEAM }).first()).toBeVisible();

  // C, a classmate outside the team, sees it without its activity: the page does not even ask.
  const auditCalls: string[] = [];
  c.on('request', (request) => {
    if (request.url().includes('/audit-logs')) auditCalls.push(request.url());
  });
  await c.goto(teamUrl);
  await expect(c.getByText("The team's activity is visible to its members.")).toBeVisible();
  await expect(c.getByRole('button', { name: 'Ask to join' })).toBeEnabled();
  expect(auditCalls).toEqual([]);

  // A invites C; C sees the invitation on the team page and accepts from My Teams.
  await a.getByRole('button', { name: 'Invite a classmate' }).click();
  const invite = a.getByRole('dialog');
  await invite.getByRole('textbox', { name: 'Classmate' }).fill('Freya');
  await invite.getByRole('option', { name: new RegExp(C.name) }).click();
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await notice(a, C.name);

  await c.reload();
  await expect(c.getByText(`${TEAM} has invited you to join.`)).toBeVisible();
  // In no team of the course: nothing stands in the way of accepting.
  await expect(c.getByRole('button', { name: 'Accept invitation' })).toBeEnabled();
  await expect(c.getByText(/already in a team/)).toHaveCount(0);

  await c.goto('/teams/my');
  await c.getByRole('button', { name: `Accept invitation to ${TEAM}` }).click();
  await notice(c, `You joined ${TEAM}`);
  await c.goto(teamUrl);
  await expect(c.getByRole('region', { name: /members/i }).getByText(C.name)).toBeVisible();
  await c.setViewportSize({ width: 375, height: 812 });
  await c.screenshot({ path: test.info().outputPath('team-page-phone.png'), fullPage: true });

  // B leaves (confirmed).
  await b.goto(teamUrl);
  await b.getByRole('button', { name: 'Leave team' }).click();
  await b.getByRole('dialog').getByRole('button', { name: 'Leave team' }).click();
  await notice(b, `You left ${TEAM}`);

  // A disbands (confirmed); the page turns read-only with its history.
  await a.reload();
  await expect(members.getByText(B.name)).toHaveCount(0);
  await a.getByRole('button', { name: 'Disband team' }).click();
  await a.getByRole('dialog').getByRole('button', { name: 'Disband team' }).click();
  await expect(a.getByText('This team has been disbanded')).toBeVisible();
  await expect(a.getByRole('button', { name: 'Invite a classmate' })).toHaveCount(0);
});
