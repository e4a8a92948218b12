import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from './test';
import { call, enrollInSeededCourse, signedIn } from './fixtures';
import {
  colorSchemeOf as scheme,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  SCHEMES,
  WIDTHS,
} from './page-checks';

// Issue 12 end to end, three new students of CS350 (enrolled here by the organization admin, so
// no other spec's team changes reach them): A lists a skill and says they are looking for a team
// in CS350; B, who leads a team there, finds A on /community by that skill, opens A's profile and
// invites with a message, which A reads on My Teams before accepting. Issue 24: C, teamless, opens
// B's profile, follows the team's link to its page and back, and asks to join from the profile.
// The community pages pass axe and do not scroll sideways at 1440 and 375 px, in the light and
// the dark scheme; screenshots go to /tmp/shots/community.

test.describe.configure({ timeout: 240_000 });

const ADMIN = 'alan.turing@northfield.edu';
const COURSE_CODE = 'CS350';
const run = Date.now().toString(36);
const A = { email: `ana.${run}@student.northfield.edu`, name: `Ana Quill ${run}` };
const B = { email: `ben.${run}@student.northfield.edu`, name: `Ben Rook ${run}` };
const C = { email: `cy.${run}@student.northfield.edu`, name: `Cy Lark ${run}` };
const INVITE_MESSAGE = `We need someone for the Elm UI (${run})`;
const SKILL = `Elm${run}`;
const TEAM = `Rooks ${run}`;
const SHOTS = '/tmp/shots/community';

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
  const courseId = await enrollInSeededCourse(admin, COURSE_CODE, [A, B, C]);
  const a = await signedIn(browser, A.email, A.name);
  const b = await signedIn(browser, B.email, B.name);
  const c = await signedIn(browser, C.email, C.name);
  // B leads a team with open seats in CS350 (the team pages have their own end-to-end test).
  const team = await call<{ id: string }>(b, 'post', `/student/courses/${courseId}/teams`, {
    name: TEAM,
    maxSize: 3,
  });

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
    .getByRole('button', { name: `Invite to my team (${COURSE_CODE}): ${A.name} to ${TEAM}` })
    .click();
  // Issue 24: the invitation goes with a message, written in a dialog.
  const dialog = b.page.getByRole('dialog', { name: `Invite ${A.name} to ${TEAM}` });
  await dialog.getByRole('textbox', { name: /Message to/ }).fill(INVITE_MESSAGE);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await notice(b.page, 'Invitation sent');
  await expect(b.page.getByText(`Invited to ${TEAM}`, { exact: true })).toBeVisible();
  // Back to the directory as it was, in one click.
  await b.page.getByRole('link', { name: 'Back', exact: true }).click();
  await expect(b.page).toHaveURL(directoryUrl);

  // A reads the message on My Teams and accepts; looking switches off by itself.
  await a.page.goto('/teams/my');
  await expect(
    a.page.getByRole('listitem', { name: `Invitation to ${TEAM}` }).getByText(INVITE_MESSAGE),
  ).toBeVisible();
  await a.page.getByRole('button', { name: `Accept invitation to ${TEAM}` }).click();
  await notice(a.page, `You joined ${TEAM}`);
  await a.page.goto('/profile');
  await expect(
    a.page
      .getByRole('region', { name: 'Looking for a team' })
      .getByRole('switch', { name: new RegExp(`^${COURSE_CODE}`) }),
  ).toHaveCount(0);

  // Issue 24: C, teamless in CS350, opens B's profile: the team is a link to its page, and one
  // click goes back; from the profile C asks to join, with a message B reads.
  await c.page.goto(`/community/${b.id}`);
  const courses = c.page.getByRole('region', { name: 'Courses in common' });
  await expect(courses).toContainText(`Leads ${TEAM} (2/3)`);
  await courses.getByRole('link', { name: TEAM }).click();
  await expect(c.page).toHaveURL(new RegExp(`/teams/${team.id}$`));
  await expect(c.page.getByRole('heading', { level: 1, name: TEAM })).toBeVisible();
  await c.page.goBack();
  await expect(c.page.getByRole('heading', { level: 1, name: B.name })).toBeVisible();
  await expect(courses.getByRole('link', { name: COURSE_CODE })).toHaveAttribute(
    'href',
    `/courses/${courseId}`,
  );
  await courses.getByRole('button', { name: `Ask to join ${TEAM}` }).click();
  const ask = c.page.getByRole('dialog', { name: `Ask to join ${TEAM}` });
  await ask.getByRole('textbox', { name: /Message to the leader/ }).fill('I can test the UI');
  await ask.getByRole('button', { name: 'Send request' }).click();
  await notice(c.page, `Request sent to ${TEAM}`);
  await expect(courses.getByText(`Request sent to ${TEAM}`, { exact: true })).toBeVisible();
  await b.page.goto(`/teams/${team.id}`);
  await expect(
    b.page.getByRole('region', { name: 'Join requests' }).getByText('I can test the UI'),
  ).toBeVisible();

  // The community pages at both widths in both schemes: axe, no sideways scroll, screenshots.
  const pages: [label: string, who: Page, url: string, ready: (p: Page) => Promise<void>][] = [
    [
      'community',
      b.page,
      directoryUrl,
      (p) => expect(p.getByRole('listitem', { name: A.name })).toBeVisible(),
    ],
    [
      'community-profile',
      b.page,
      `/community/${a.id}`,
      (p) => expect(p.getByRole('heading', { level: 1, name: A.name })).toBeVisible(),
    ],
    [
      'community-profile-leader',
      c.page,
      `/community/${b.id}`,
      (p) => expect(p.getByRole('link', { name: TEAM })).toBeVisible(),
    ],
  ];
  for (const colorScheme of SCHEMES) {
    for (const { name, width, height } of WIDTHS) {
      for (const [label, who, url, ready] of pages) {
        await test.step(`${label} at ${width} px, ${colorScheme}`, async () => {
          await who.emulateMedia({ colorScheme });
          await who.setViewportSize({ width, height });
          await who.goto(url);
          await ready(who);
          expect(await scheme(who)).toBe(colorScheme);
          await expectNoSidewaysScroll(who, `${label} at ${width} px, ${colorScheme}`);
          await expectNoAxeViolations(who, `${label} at ${width} px, ${colorScheme}`);
          const file = `${label}-${name}-${colorScheme}.png`;
          await who.screenshot({ path: test.info().outputPath(file), fullPage: true });
          await who.screenshot({ path: `${SHOTS}/${file}`, fullPage: true });
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
