import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from './test';
import { call, createCourseWithStudents, signedIn, type Signed } from './fixtures';
import {
  colorSchemeOf,
  cutTexts,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  waitForNetworkQuiet,
} from './page-checks';

// Issue 36 (decision 152): the rules instructors know from gruepr and CATME, end to end. The
// organization's admin creates a course of six students and appoints an instructor by email (no
// organization admin). The instructor builds the survey in the browser: the gender preset (five
// options) with "do not isolate" on Woman only ("No “Woman” alone in a team"), and a teammates
// question whose "would like" is a rule for students who asked for each other. Each student
// answers through the API: one woman, five men; Mo and Nick ask for each other. The instructor
// previews a placement: Mo and Nick share a team, the rules are listed (required teammates
// kept, "would rather not" kept) and the broken one is named (the class's one woman cannot
// have another with her). The editor and the proposal at 1440 px light and 390 px dark, axe
// clean, no sideways scroll, screenshots in /tmp/shots/rules.

test.describe.configure({ timeout: 240_000 });

const ADMIN = 'alan.turing@northfield.edu';
const run = Date.now().toString(36);
const SHOTS = '/tmp/shots/rules';
const INSTRUCTOR = { email: `rules.inst.${run}@student.northfield.edu`, name: `Iris Rules ${run}` };

const STUDENTS = ['Wanda', 'Mo', 'Nick', 'Otto', 'Pat', 'Quin'].map((first, i) => ({
  email: `rules${i + 1}.${run}@student.northfield.edu`,
  name: `${first} Rules ${run}`,
  gender: i === 0 ? 'woman' : 'man',
}));

const VIEWS = [
  { name: 'desktop', width: 1440, height: 900, scheme: 'light' },
  { name: 'phone', width: 390, height: 844, scheme: 'dark' },
] as const;

/** At 1440 px light and 390 px dark: the scheme, no sideways scroll, axe clean, a screenshot. */
async function bothViews(page: Page, label: string, shoot: (file: string) => Promise<unknown>) {
  for (const view of VIEWS) {
    await test.step(`${label} at ${view.width} px, ${view.scheme}`, async () => {
      await page.emulateMedia({ colorScheme: view.scheme });
      await page.setViewportSize({ width: view.width, height: view.height });
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
      const where = `${label} at ${view.width} px, ${view.scheme}`;
      expect(await colorSchemeOf(page)).toBe(view.scheme);
      await expectNoSidewaysScroll(page, where);
      await expectNoAxeViolations(page, where);
      await shoot(`${SHOTS}/${label.replaceAll(' ', '-')}-${view.name}-${view.scheme}.png`);
    });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1440, height: 900 });
}

type SurveyView = {
  survey: { version: number; questions: { id: string; type: string }[] } | null;
};

test('an instructor sets identity and teammate rules, and sees them kept or named in a preview', async ({
  browser,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  const admin = await signedIn(browser, ADMIN);
  const course = await createCourseWithStudents(
    admin,
    { code: `RULE-${run}`.toUpperCase(), title: `Rules ${run}` },
    STUDENTS,
    [{ email: INSTRUCTOR.email, role: 'INSTRUCTOR' }],
  );
  const instructor = await signedIn(browser, INSTRUCTOR.email, INSTRUCTOR.name);
  const students = new Map<string, Signed>();
  for (const s of STUDENTS) students.set(s.name, await signedIn(browser, s.email, s.name));

  // The instructor builds the survey: the gender preset, then a teammates question.
  const page = instructor.page;
  await page.goto(`/admin/courses/${course.id}/survey`);
  const section = page.getByRole('region', { name: 'Survey', exact: true });
  await expect(section.getByText(/No questions yet/)).toBeVisible();
  await section.getByRole('button', { name: 'Add a gender question' }).click();
  for (const [i, label] of [
    'Woman',
    'Man',
    'Nonbinary',
    'Self-described',
    'Prefer not to say',
  ].entries())
    await expect(
      section.getByRole('textbox', { name: `Option ${i + 1} of question 1` }),
    ).toHaveValue(label);
  // "Do not isolate" on Woman only: no woman alone in a team.
  await section.getByRole('checkbox', { name: 'Do not isolate option 3 of question 1' }).uncheck();
  await expect(
    section.getByRole('checkbox', { name: 'Do not isolate option 1 of question 1' }),
  ).toBeChecked();
  const rules = section.getByRole('group', { name: 'Rules of question 1' });
  await expect(rules.getByRole('listitem')).toHaveText(['No “Woman” alone in a team']);

  await section.getByRole('combobox', { name: 'Question type' }).selectOption('TEAMMATES');
  await section.getByRole('button', { name: 'Add question' }).click();
  await section
    .getByRole('radio', { name: /A rule for students who asked for each other \(question 2\)/ })
    .check();
  await expect(
    section.getByText(/its rules “would rather not” and “required teammates”/),
  ).toBeVisible();
  await bothViews(page, 'survey editor', async (file) => {
    // The question's type name ("Background (with identity rules)") wraps, never cut, on a phone.
    expect.soft(await cutTexts(section.locator('.mantine-Badge-label'))).toEqual([]);
    await section.getByRole('article').first().screenshot({ path: file });
  });
  await bothViews(page, 'teammates rule', (file) =>
    section.getByRole('article').nth(1).screenshot({ path: file }),
  );
  await section.getByRole('button', { name: 'Save survey' }).click();
  await expect(section.getByText('Saved.')).toBeVisible();

  // Opened an hour ago for two days (the date pickers are the survey spec's).
  const view = await call<SurveyView>(instructor, 'get', `/admin/courses/${course.id}/survey`);
  const questions = view.survey!.questions;
  expect(questions.map((q) => q.type)).toEqual(['DEMOGRAPHIC', 'TEAMMATES']);
  expect(questions[0]).toMatchObject({ doNotIsolate: ['woman'], weight: 0 });
  expect(questions[1]).toMatchObject({ likeRule: 'REQUIRED_MUTUAL' });
  await call(instructor, 'put', `/admin/courses/${course.id}/survey`, {
    version: view.survey!.version,
    questions,
    opensAt: new Date(Date.now() - 3_600_000).toISOString(),
    closesAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
  });

  // The answers: one woman, five men; Mo and Nick ask for each other.
  const [genderId, matesId] = [questions[0]!.id, questions[1]!.id];
  const idOf = (first: string) =>
    students.get(STUDENTS.find((s) => s.name.startsWith(first))!.name)!.id;
  const likes: Record<string, string[]> = { Mo: [idOf('Nick')], Nick: [idOf('Mo')] };
  for (const s of STUDENTS) {
    const first = s.name.split(' ')[0]!;
    await call(students.get(s.name)!, 'put', `/student/courses/${course.id}/survey/response`, {
      answers: {
        [genderId]: { type: 'DEMOGRAPHIC', option: s.gender },
        [matesId]: { type: 'TEAMMATES', like: likes[first] ?? [], avoid: [] },
      },
      submit: true,
    });
  }

  // The preview: the pair together, the rules listed, the broken one named.
  await page.goto(`/admin/courses/${course.id}/placement`);
  const formation = page.getByRole('region', { name: 'Formation' });
  await expect(formation.getByRole('switch', { name: "Use the course's survey" })).toBeChecked();
  await formation.getByRole('button', { name: 'Preview placement' }).click();
  await expect(formation.getByRole('group', { name: 'Summary' })).toContainText(
    '6 students placed',
  );
  const teams = formation.getByRole('article');
  await formation.getByRole('button', { name: 'Open every team' }).click();
  const mo = STUDENTS[1]!.name;
  const nick = STUDENTS[2]!.name;
  const teamOf = async (name: string) => {
    const count = await teams.count();
    for (let i = 0; i < count; i += 1)
      if (
        await teams
          .nth(i)
          .getByRole('combobox', { name: `Move ${name} to…` })
          .count()
      )
        return i;
    return -1;
  };
  expect(await teamOf(mo)).toBeGreaterThanOrEqual(0);
  expect(await teamOf(mo)).toBe(await teamOf(nick));

  const criteria = formation.getByRole('group', { name: 'Survey criteria' });
  const alert = criteria.getByRole('alert');
  await expect(alert).toContainText('1 rule could not be kept');
  await expect(alert).toContainText(`${STUDENTS[0]!.name} is the only member of`);
  await expect(alert).toContainText(
    'who answered "Woman" to "What is your gender?" (not to be isolated), as they are the only student in the class with that answer',
  );
  await criteria.getByText('Scores by question, beside a random placement').click();
  const list = criteria.getByRole('list', { name: 'Rules of the survey' });
  await expect(list.getByRole('listitem')).toHaveText([
    '“What is your gender?”: do not isolate “Woman” (not scored; its rule still applies): not kept once',
    /^“Who would you like to work with, and who would you rather not\?”: “would rather not” pairs are kept apart \(.*\): kept$/,
    /^“Who would you like to work with, and who would you rather not\?”: students who asked for each other share a team \(.*\): kept$/,
  ]);
  await waitForNetworkQuiet(page);
  await bothViews(page, 'proposal rules', (file) => criteria.screenshot({ path: file }));
});
