import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { expect, test, type Locator, type Page } from './test';
import { call, createCourseWithStudents, signedIn, type Signed } from './fixtures';
import { checkEverywhere, waitForNetworkQuiet } from './page-checks';

// Issue 36 (decision 155), proposals an instructor shapes, end to end on a course of its own: the
// demo admin creates a course (teams of 2 to 4) with six students, a survey (weekly availability,
// weight 5; a gender question whose "Woman" answer is not to be isolated) and appoints an
// instructor who administers no organization. The instructor previews twice with two proposal
// numbers, keeps both and compares them; edits the second by drag and drop at 1440 px, light (the
// scores change), then by the "Move to…" list at 390 px, dark (the rule the move breaks is named
// before it is made), applies the edited proposal, and the course's teams are the edited ones.
// Axe and no sideways scroll at both widths and schemes; screenshots in /tmp/shots/proposals.

test.describe.configure({ timeout: 300_000 });

const ADMIN = 'alan.turing@northfield.edu';
const run = Date.now().toString(36);
const SHOTS = '/tmp/shots/proposals';

const MONDAY_MORNING = [9, 10, 11];
const WEDNESDAY_AFTERNOON = [2 * 24 + 15, 2 * 24 + 16, 2 * 24 + 17];
const person = (first: string, n: number, hours: number[], gender: 'woman' | 'man') => ({
  email: `fe${n}.${run}@student.northfield.edu`,
  name: `${first} Edit ${run}`,
  hours,
  gender,
});
const ADA = person('Ada', 1, MONDAY_MORNING, 'woman');
const BEA = person('Bea', 2, MONDAY_MORNING, 'woman');
const CY = person('Cy', 3, MONDAY_MORNING, 'man');
const DI = person('Di', 4, WEDNESDAY_AFTERNOON, 'man');
const ED = person('Ed', 5, WEDNESDAY_AFTERNOON, 'man');
const FLO = person('Flo', 6, WEDNESDAY_AFTERNOON, 'man');
const STUDENTS = [ADA, BEA, CY, DI, ED, FLO];
const INSTRUCTOR = { email: `fe.instructor.${run}@northfield.edu`, name: `Ines Edit ${run}` };

const AVAILABILITY_ID = randomUUID();
const GENDER_ID = randomUUID();
const QUESTIONS = [
  {
    id: AVAILABILITY_ID,
    type: 'AVAILABILITY',
    prompt: 'When are you free to work with your team?',
    help: '',
    weight: 5,
    goal: 'SIMILAR',
    required: true,
    fromHour: 8,
    toHour: 20,
    hoursNeeded: 3,
  },
  {
    id: GENDER_ID,
    type: 'DEMOGRAPHIC',
    prompt: 'Gender',
    help: '',
    weight: 0,
    goal: 'SIMILAR',
    required: false,
    options: [
      { id: 'woman', label: 'Woman' },
      { id: 'man', label: 'Man' },
    ],
    doNotIsolate: ['woman'],
  },
];

const formation = (page: Page) => page.getByRole('region', { name: 'Formation' });
/** The proposed team a student is placed in. */
const teamOf = (section: Locator, name: string) =>
  section
    .getByRole('article')
    .filter({ has: section.page().getByRole('combobox', { name: `Move ${name} to…` }) });

async function previewNumber(page: Page, section: Locator, n: number) {
  const number = section.getByRole('textbox', { name: 'Proposal number' });
  if (!(await number.isVisible())) {
    await section.getByRole('button', { name: 'Advanced options' }).click();
  }
  await number.fill(String(n));
  await section.getByRole('button', { name: 'Preview placement' }).click();
  await section.getByRole('button', { name: 'About this proposal' }).click();
  await expect(section.getByText(`This is proposal number ${n}.`)).toBeVisible();
  await waitForNetworkQuiet(page);
}

test('an instructor keeps two previews, compares them, edits one and applies it', async ({
  browser,
}) => {
  mkdirSync(SHOTS, { recursive: true });

  // The course (teams of 2 to 4), its students, its survey, answered; its instructor.
  const admin = await signedIn(browser, ADMIN);
  const course = await createCourseWithStudents(
    admin,
    { code: `EDIT-${run}`.toUpperCase(), title: `Editing ${run}` },
    STUDENTS,
  );
  await call(admin, 'patch', `/courses/${course.id}/update`, { teamSizeMax: 4 });
  const students = new Map<string, Signed>();
  for (const s of STUDENTS) students.set(s.name, await signedIn(browser, s.email, s.name));
  await call(admin, 'put', `/admin/courses/${course.id}/survey`, {
    version: 0,
    questions: QUESTIONS,
    opensAt: new Date(Date.now() - 3_600_000).toISOString(),
    closesAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
  });
  for (const s of STUDENTS) {
    await call(students.get(s.name)!, 'put', `/student/courses/${course.id}/survey/response`, {
      answers: {
        [AVAILABILITY_ID]: { type: 'AVAILABILITY', hours: s.hours },
        [GENDER_ID]: { type: 'DEMOGRAPHIC', option: s.gender },
      },
      submit: true,
    });
  }
  await call(admin, 'post', `/admin/courses/${course.id}/staff`, {
    email: INSTRUCTOR.email,
    role: 'INSTRUCTOR',
  });
  const instructor = await signedIn(browser, INSTRUCTOR.email, INSTRUCTOR.name);

  // Two previews, two proposal numbers, both kept.
  const page = instructor.page;
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/admin/courses/${course.id}/placement`);
  const section = formation(page);
  await previewNumber(page, section, 11);
  await section.getByRole('button', { name: 'Keep this preview' }).click();
  await expect(
    section.getByText('Kept proposal 11: compare it under “Kept previews”.'),
  ).toBeVisible();
  await previewNumber(page, section, 22);
  await section.getByRole('button', { name: 'Keep this preview' }).click();

  // Compared side by side: lowest and mean team score, rules, students placed.
  const kept = section.getByRole('region', { name: 'Kept previews (2)' });
  const table = kept.getByRole('table', { name: 'Kept previews side by side' });
  await expect(table.getByRole('row', { name: /^Proposal 11/ })).toContainText(/\d+%/);
  await expect(table.getByRole('row', { name: /^Proposal 22/ })).toContainText('All kept');
  await expect(table.getByRole('row', { name: /^Proposal 22/ })).toContainText('6');
  await waitForNetworkQuiet(page);
  await checkEverywhere(page, SHOTS, 'compare', (file) => kept.screenshot({ path: file }));

  // The schedules split the class: the morning three together.
  const byCriteria = section.getByRole('group', { name: 'Survey criteria' });
  const before = (await byCriteria.textContent()) ?? '';
  expect(before).toMatch(/lowest team score 100%, mean 100%/);
  await section.getByRole('button', { name: 'Open every team' }).click();
  const morning = teamOf(section, ADA.name);
  await expect(morning).toContainText(BEA.name);
  await expect(morning).toContainText(CY.name);

  // At 1440 px, light: Di is dragged onto the morning team; the scores follow.
  await page.emulateMedia({ colorScheme: 'light' });
  // Tall enough that both teams are on screen: the drag needs no scrolling between press and drop.
  await page.setViewportSize({ width: 1440, height: 2400 });
  const di = section.locator(`[data-student="${DI.name}"]`);
  await di.getByText(DI.name).dragTo(morning);
  await expect(section.getByText(`Moving ${DI.name} to`)).toBeVisible();
  await expect(teamOf(section, DI.name)).toContainText(ADA.name);
  await expect(byCriteria).not.toContainText('lowest team score 100%, mean 100%');
  await expect(byCriteria).toContainText(/lowest team score \d+%, mean \d+%/);
  await expect(section.getByRole('group', { name: 'Summary' })).toContainText('Edited');
  await waitForNetworkQuiet(page);
  await section.screenshot({ path: `${SHOTS}/edited-by-drag-desktop-light.png` });

  // At 390 px, dark: Ada moved by the list to the afternoon team would leave Bea the only woman
  // of hers: said before anything moves.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  const afternoonKey = await teamOf(section, ED.name)
    .getByRole('combobox', { name: `Move ${ED.name} to…` })
    .inputValue();
  await section.getByRole('combobox', { name: `Move ${ADA.name} to…` }).selectOption(afternoonKey);
  const dialog = page.getByRole('dialog', { name: 'This change breaks a rule' });
  await expect(dialog).toContainText(`Moving ${ADA.name} to`);
  await expect(dialog).toContainText(`${BEA.name} is the only member of`);
  await expect(dialog).toContainText('who answered “Woman” to “Gender” (not to be isolated)');
  await expect(dialog).toContainText('Nothing has moved yet.');
  await expect(teamOf(section, ADA.name)).toContainText(BEA.name);
  await waitForNetworkQuiet(page);
  await dialog.screenshot({ path: `${SHOTS}/rule-named-phone-dark.png` });
  await dialog.getByRole('button', { name: 'Move anyway' }).click();
  await expect(teamOf(section, ADA.name)).toContainText(ED.name);
  await expect(byCriteria).toContainText(/rules? could not be kept/);
  await waitForNetworkQuiet(page);
  await section.screenshot({ path: `${SHOTS}/edited-by-menu-phone-dark.png` });
  await checkEverywhere(page, SHOTS, 'edited proposal', (file) =>
    section.screenshot({ path: file }),
  );

  // Applied as edited: the course's teams are the edited ones.
  await section.getByRole('button', { name: 'Apply placement' }).click();
  const confirm = page.getByRole('dialog', { name: 'Apply placement' });
  await expect(confirm).toContainText('Place 6 students');
  await confirm.getByRole('button', { name: 'Apply placement' }).click();
  await expect(section.getByRole('region', { name: 'Placement applied' })).toContainText(
    '6 students placed',
  );
  const csv = await (
    await page.request.get(`/api/v1/admin/courses/${course.id}/teams.csv`, {
      headers: { Authorization: `Bearer ${instructor.token}` },
    })
  ).text();
  const teamIn = (name: string) =>
    csv
      .split('\n')
      .find((line) => line.includes(name))!
      .split(',')[0];
  expect(teamIn(ADA.name)).toBe(teamIn(ED.name));
  expect(teamIn(ADA.name)).toBe(teamIn(FLO.name));
  expect(teamIn(DI.name)).toBe(teamIn(BEA.name));
  expect(teamIn(DI.name)).toBe(teamIn(CY.name));
  expect(teamIn(ADA.name)).not.toBe(teamIn(BEA.name));
  // Kept previews of a course that changed are gone.
  await expect(section.getByRole('region', { name: /Kept previews/ })).toHaveCount(0);

  await call(admin, 'delete', `/courses/${course.id}`);
});
