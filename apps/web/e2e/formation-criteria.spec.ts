import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { expect, test, type Locator, type Page } from './test';
import { call, createCourseWithStudents, signedIn, type Signed } from './fixtures';
import { checkEverywhere, waitForNetworkQuiet } from './page-checks';

// Issue 27 (decision 135), placement by the survey's criteria end to end, on a course of its own:
// the demo organization's admin creates a course (teams of 2 to 3), enrolls six new students
// (their first sign-in activates the enrollment) and puts a survey on it through the API: weekly
// availability (weight 5, 3 shared hours needed) and skills (weight 3, diverse). Each student
// answers through the API: three are free Monday 9–12, three Wednesday 15–18. In the browser the
// admin previews with "Use the course's survey" on: the class's lowest and mean team score, each
// team's score and shares by question, a sentence per student; the two teams split the class by
// schedule. The page with the proposal at 1440 and 375 px, light and dark (axe, no sideways
// scroll, screenshots in /tmp/shots/formation-criteria); then the admin applies it.

test.describe.configure({ timeout: 240_000 });

const ADMIN = 'alan.turing@northfield.edu';
const run = Date.now().toString(36);
const SHOTS = '/tmp/shots/formation-criteria';

const MONDAY_MORNING = [9, 10, 11];
const WEDNESDAY_AFTERNOON = [2 * 24 + 15, 2 * 24 + 16, 2 * 24 + 17];
const MORNING = ['Ada', 'Bo', 'Cy'].map((first, i) => ({
  email: `fc${i + 1}.${run}@student.northfield.edu`,
  name: `${first} Early ${run}`,
  hours: MONDAY_MORNING,
}));
const AFTERNOON = ['Di', 'Ed', 'Flo'].map((first, i) => ({
  email: `fc${i + 4}.${run}@student.northfield.edu`,
  name: `${first} Late ${run}`,
  hours: WEDNESDAY_AFTERNOON,
}));
const STUDENTS = [...MORNING, ...AFTERNOON];

const AVAILABILITY_ID = randomUUID();
const SKILLS_ID = randomUUID();
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
    id: SKILLS_ID,
    type: 'SKILLS',
    prompt: 'How well do you know these?',
    help: '',
    weight: 3,
    goal: 'DIVERSE',
    required: false,
    skills: ['React', 'SQL'],
  },
];

const formation = (page: Page) => page.getByRole('region', { name: 'Formation' });

/** The names of the students a proposed team's card lists as placed there. */
async function placedIn(team: Locator): Promise<string[]> {
  const labels = await team
    .getByRole('combobox', { name: /^Move .* to…$/ })
    .evaluateAll((selects) => selects.map((s) => s.getAttribute('aria-label') ?? ''));
  return labels.map((l) => l.replace(/^Move (.*) to…$/, '$1')).sort();
}

test('the admin places a class by its survey: scores, reasons, teams split by schedule', async ({
  browser,
}) => {
  mkdirSync(SHOTS, { recursive: true });

  // The course and its students, active after their first sign-in.
  const admin = await signedIn(browser, ADMIN);
  const course = await createCourseWithStudents(
    admin,
    { code: `CRIT-${run}`.toUpperCase(), title: `Criteria ${run}` },
    STUDENTS,
  );
  const students = new Map<string, Signed>();
  for (const s of STUDENTS) students.set(s.name, await signedIn(browser, s.email, s.name));

  // The survey, open since an hour ago for two days; everyone answers and submits.
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
        // The same levels for everyone: skills never pull a schedule group apart.
        [SKILLS_ID]: { type: 'SKILLS', levels: { React: 4, SQL: 2 } },
      },
      submit: true,
    });
  }

  // The admin previews with the survey.
  const page = admin.page;
  await page.goto(`/admin/courses/${course.id}/placement`);
  await expect(page).toHaveTitle(`Placement · ${course.code} · Course Management · Teamup`);
  const section = formation(page);
  await expect(section.getByRole('switch', { name: "Use the course's survey" })).toBeChecked();
  await section.getByRole('button', { name: 'Preview placement' }).click();
  const summary = section.getByRole('group', { name: 'Summary' });
  await expect(summary).toContainText('6 students placed');
  await expect(summary).toContainText('2 new teams');

  // The class: lowest and mean team score, everyone answered.
  const byCriteria = section.getByRole('group', { name: 'Survey criteria' });
  await expect(byCriteria).toContainText(/lowest team score \d+%, mean \d+%/);
  await expect(byCriteria).toContainText(/Answers: 6 submitted, 0 drafts, \d+ not started/);

  // Each team: its score in its line; opened, its shares by question and a sentence per student.
  const teams = section.getByRole('article');
  await expect(teams).toHaveCount(2);
  await section.getByRole('button', { name: 'Open every team' }).click();
  const groups: string[][] = [];
  for (let i = 0; i < 2; i += 1) {
    const team = teams.nth(i);
    await expect(team.getByTitle('Team score')).toHaveText(/^Score \d+%$/);
    const shares = team.getByRole('group', { name: /^Scores of .* by question$/ });
    await expect(
      shares.getByRole('progressbar', { name: /^When are you free to work with your team\?: / }),
    ).toBeVisible();
    await expect(
      shares.getByRole('progressbar', { name: /^How well do you know these\?: / }),
    ).toBeVisible();
    // Three shared free hours: everything this question asks for.
    await expect(shares).toContainText('When are you free to work with your team?100%');
    await expect(team.getByText('Shares 3 free hours a week with the team')).toHaveCount(3);
    groups.push(await placedIn(team));
  }
  // The morning three together, the afternoon three together.
  expect(groups.sort((a, b) => a[0]!.localeCompare(b[0]!))).toEqual([
    MORNING.map((s) => s.name).sort(),
    AFTERNOON.map((s) => s.name).sort(),
  ]);
  await waitForNetworkQuiet(page);

  // The page with the proposal (every team open) at both widths in both schemes: the section,
  // and the first team card on its own (its score bars on a phone).
  await checkEverywhere(page, SHOTS, 'proposal', (file) => section.screenshot({ path: file }));
  await checkEverywhere(page, SHOTS, 'team card', (file) =>
    teams.first().screenshot({ path: file }),
  );

  // Applied: the result in place, the two teams in the course's list.
  await section.getByRole('button', { name: 'Apply placement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Apply placement' });
  await expect(dialog).toContainText('Place 6 students');
  await dialog.getByRole('button', { name: 'Apply placement' }).click();
  const result = section.getByRole('region', { name: 'Placement applied' });
  await expect(result).toBeFocused();
  await expect(result).toContainText('6 students placed');
  await expect(summary).toHaveCount(0);
  await checkEverywhere(page, SHOTS, 'applied', (file) => section.screenshot({ path: file }));
  // Issue 35: the course's teams are its Teams section.
  await page.goto(`/admin/courses/${course.id}/teams`);
  const teamList = page.getByRole('region', { name: 'Teams', exact: true });
  await expect(teamList).toContainText(`${course.code} Team 1`);
  await expect(teamList).toContainText(`${course.code} Team 2`);
  await waitForNetworkQuiet(page);

  // A placed student finds the team on My Teams.
  const ada = students.get(MORNING[0]!.name)!.page;
  await ada.goto('/teams/my');
  await expect(ada.getByRole('list', { name: 'Your teams' })).toContainText(
    new RegExp(`${course.code} Team \\d`),
  );

  // The course is this test's own: archived afterwards, out of the demo lists.
  await call(admin, 'delete', `/courses/${course.id}`);
});
