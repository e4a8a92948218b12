import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { call, enrollInSeededCourse, signedIn } from './fixtures';
import {
  colorSchemeOf as scheme,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  SCHEMES,
  WIDTHS,
} from './page-checks';

// Issue 12 end to end, two new students of CS350 (enrolled here by the organization admin, so no
// other spec's team changes reach them): A lists a skill and says they are looking for a team in
// CS350; B, who leads a team there, finds A on /community by that skill, opens A's profile and
// invites; A accepts from My Teams. Both community pages pass axe and do not scroll sideways at
// 1440 and 375 px, in the light and the dark scheme; screenshots go to /tmp/shots too.

test.describe.configure({ timeout: 240_000 });

const ADMIN = 'alan.turing@northfield.edu';
const COURSE_CODE = 'CS350';
const run = Date.now().toString(36);
const A = { email: `ana.${run}@student.northfield.edu`, name: `Ana Quill ${run}` };
const B = { email: `ben.${run}@student.northfield.edu`, name: `Ben Rook ${run}` };
const SKILL = `Elm${run}`;
const TEAM = `Rooks ${run}`;
const SHOTS = '/tmp/shots';

const notice = (page: Page, text: string | RegExp) =>
  expect(
    page.locator('.mantine-Notification-root').filter({ hasText: text }).first(),
  ).toBeVisible();

test('A lists a skill and looks for a team; B finds A by that skill and invites; A accepts', async ({
  browser,
}) => {
  mkdirSync(SHOTS, { recursive: true });

  // The organization admin enrolls both new students in CS350; their first sign-in activates it.
  const admin = await signedIn(browser, ADMIN);
  const courseId = await enrollInSeededCourse(admin, COURSE_CODE, [A, B]);
  const a = await signedIn(browser, A.email, A.name);
  const b = await signedIn(browser, B.email, B.name);
  // B leads a team with open seats in CS350 (the team pages have their own end-to-end test).
  await call(b, 'post', `/student/courses/${courseId}/teams`, { name: TEAM, maxSize: 3 });

  // A adds the skill on /profile and switches "looking" on in CS350, with a note.
  await a.page.goto('/profile');
  await a.page.getByRole('button', { name: 'Edit profile' }).click();
  const form = a.page.getByRole('form', { name: 'Edit profile' });
  await form.getByRole('textbox', { name: 'Headline' }).fill('Functional programmer');
  const skills = form.getByRole('textbox', { name: /Skills/ });
  await skills.fill(SKILL);
  await skills.press('Enter');
  await form.getByRole('button', { name: 'Save profile' }).click();
  await notice(a.page, 'Your profile has been updated.');
  const looking = a.page.getByRole('region', { name: 'Looking for a team' });
  const toggle = looking.getByRole('switch', { name: new RegExp(`^${COURSE_CODE}`) });
  await toggle.click({ force: true });
  await expect(toggle).toBeChecked();
  const note = looking.getByRole('textbox', { name: `Note for ${COURSE_CODE} (optional)` });
  await note.fill('UI in Elm, free Tue/Thu');
  await looking.getByRole('button', { name: 'Save note' }).click();
  await notice(a.page, /looking for a team/);

  // B finds A on /community by the skill (typed in another case) and opens the profile.
  await b.page.goto('/community');
  await expect(b.page).toHaveTitle('Community · Teamup');
  const skillFilter = b.page.getByRole('textbox', { name: /Skills/ });
  await skillFilter.fill(SKILL.toLowerCase());
  await skillFilter.press('Enter');
  await expect(b.page).toHaveURL(/skills=/);
  const card = b.page.getByRole('listitem', { name: A.name });
  await expect(card).toBeVisible();
  // Only A lists that skill.
  await expect(b.page.getByRole('list', { name: 'Students' }).locator(':scope > li')).toHaveCount(
    1,
  );
  await expect(card.getByText('Functional programmer')).toBeVisible();
  await expect(card.getByText('Looking for a team')).toBeVisible();
  await expect(card.getByText(/UI in Elm, free Tue\/Thu/)).toBeVisible();
  // A did not opt in: no email on the card.
  await expect(card.getByText(A.email)).toHaveCount(0);
  const directoryUrl = b.page.url();

  await card.getByRole('link', { name: `View profile of ${A.name}` }).click();
  await expect(b.page).toHaveURL(new RegExp(`/community/${a.id}$`));
  await expect(b.page.getByRole('heading', { level: 1, name: A.name })).toBeVisible();
  await expect(b.page).toHaveTitle(`${A.name} · Community · Teamup`);
  await expect(b.page.getByText(A.email)).toHaveCount(0);
  await b.page
    .getByRole('button', { name: `Invite ${A.name} to ${TEAM} (${COURSE_CODE})` })
    .click();
  await notice(b.page, 'Invitation sent');
  await expect(b.page.getByText(`Invited to ${TEAM}`, { exact: true })).toBeVisible();

  // A accepts from My Teams; looking switches off by itself.
  await a.page.goto('/teams/my');
  await a.page.getByRole('button', { name: `Accept invitation to ${TEAM}` }).click();
  await notice(a.page, `You joined ${TEAM}`);
  await a.page.goto('/profile');
  await expect(
    a.page
      .getByRole('region', { name: 'Looking for a team' })
      .getByRole('switch', { name: new RegExp(`^${COURSE_CODE}`) }),
  ).toHaveCount(0);

  // Both community pages at both widths in both schemes: axe, no sideways scroll, screenshots.
  const pages: [label: string, url: string, ready: (p: Page) => Promise<void>][] = [
    [
      'community',
      directoryUrl,
      (p) => expect(p.getByRole('listitem', { name: A.name })).toBeVisible(),
    ],
    [
      'community-profile',
      `/community/${a.id}`,
      (p) => expect(p.getByRole('heading', { level: 1, name: A.name })).toBeVisible(),
    ],
  ];
  for (const colorScheme of SCHEMES) {
    await b.page.emulateMedia({ colorScheme });
    for (const { name, width, height } of WIDTHS) {
      await b.page.setViewportSize({ width, height });
      for (const [label, url, ready] of pages) {
        await test.step(`${label} at ${width} px, ${colorScheme}`, async () => {
          await b.page.goto(url);
          await ready(b.page);
          expect(await scheme(b.page)).toBe(colorScheme);
          await expectNoSidewaysScroll(b.page, `${label} at ${width} px, ${colorScheme}`);
          await expectNoAxeViolations(b.page, `${label} at ${width} px, ${colorScheme}`);
          const file = `${label}-${name}-${colorScheme}.png`;
          await b.page.screenshot({ path: test.info().outputPath(file), fullPage: true });
          await b.page.screenshot({ path: `${SHOTS}/${file}`, fullPage: true });
        });
      }
    }
  }
});

test('a student who may not be seen answers "not found or not visible"', async ({ browser }) => {
  // A Riverside student shares no course and no organization with a Northfield student.
  const riverside = await signedIn(browser, 'yuki.tanaka@student.riverside.edu');
  const maya = await signedIn(browser, 'maya.chen@student.northfield.edu');
  await maya.page.goto(`/community/${riverside.id}`);
  await expect(maya.page.getByRole('heading', { name: 'Not found or not visible' })).toBeVisible();
  await expect(maya.page).toHaveTitle('Student profile · Community · Teamup');
  await expectNoAxeViolations(maya.page, 'the not-visible profile');
});
