import { expect, test, type Page } from './test';
import { call, enrollInSeededCourse, signedIn, type Signed } from './fixtures';
import {
  colorSchemeOf,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  SCHEMES,
  WIDTHS,
  waitForNetworkQuiet,
} from './page-checks';

// Issue 27 (decision 135), the survey end to end on the web: an instructor builds a survey with
// an availability and a skills question, opens it, a student answers it (saved as they go) and
// submits, and the instructor sees the one response. Both pages at 1440 and 375 px, light and
// dark: axe, no sideways scroll, a screenshot in the test's output.

test.describe.configure({ timeout: 240_000 });

const run = Date.now().toString(36);
const NORTHFIELD_ADMIN = 'alan.turing@northfield.edu';
// A seeded course without a survey (CS301's is the demo's).
const COURSE = 'CS350';
const SAM = { email: `sam.survey.${run}@student.northfield.edu`, name: `Sam Survey ${run}` };

type View = { survey: { version: number; questions: unknown[] } | null };

/** Each width and scheme: scheme applied, no sideways scroll, axe, and a screenshot. */
async function everyLook(page: Page, name: string, open: (page: Page) => Promise<void>) {
  for (const colorScheme of SCHEMES) {
    await page.emulateMedia({ colorScheme });
    for (const { width, height } of WIDTHS) {
      const label = `${name} at ${width} px, ${colorScheme}`;
      await test.step(label, async () => {
        await page.setViewportSize({ width, height });
        await open(page);
        await waitForNetworkQuiet(page);
        expect(await colorSchemeOf(page)).toBe(colorScheme);
        await expectNoSidewaysScroll(page, label);
        await page.screenshot({
          path: test.info().outputPath(`${name}-${width}-${colorScheme}.png`),
          fullPage: true,
        });
        await expectNoAxeViolations(page, label);
      });
    }
  }
}

test('an instructor builds and opens a survey, a student answers it, the instructor sees it', async ({
  browser,
}) => {
  const admin: Signed = await signedIn(browser, NORTHFIELD_ADMIN);
  const courseId = await enrollInSeededCourse(admin, COURSE, [SAM]);
  const adminPage = admin.page;

  // The instructor builds the survey on the course page.
  await adminPage.goto(`/admin/courses/${courseId}/survey`);
  const section = adminPage.getByRole('region', { name: 'Survey', exact: true });
  await expect(section.getByText(/No questions yet/)).toBeVisible();
  await section.getByRole('combobox', { name: 'Question type' }).selectOption('AVAILABILITY');
  await section.getByRole('button', { name: 'Add question' }).click();
  await section.getByRole('textbox', { name: 'First hour shown for question 1' }).fill('9');
  await section.getByRole('textbox', { name: 'Last hour shown for question 1' }).fill('13');
  await section.getByRole('combobox', { name: 'Question type' }).selectOption('SKILLS');
  await section.getByRole('button', { name: 'Add question' }).click();
  const skills = section.getByRole('textbox', { name: 'Skills of question 2' });
  await skills.fill('React');
  await skills.press('Enter');
  await skills.fill('SQL');
  await skills.press('Enter');
  await section.getByRole('button', { name: 'Save survey' }).click();
  await expect(section.getByText('Saved.')).toBeVisible();
  await expect(section.getByRole('heading', { name: 'Results' })).toBeVisible();

  // Opened from now for a week (the date pickers are a calendar dialog each; the dates' own
  // behaviour is the server's, tested there).
  const view = await call<View>(admin, 'get', `/admin/courses/${courseId}/survey`);
  expect(view.survey?.questions).toHaveLength(2);
  await call(admin, 'put', `/admin/courses/${courseId}/survey`, {
    version: view.survey!.version,
    questions: view.survey!.questions,
    opensAt: new Date(Date.now() - 60_000).toISOString(),
    closesAt: new Date(Date.now() + 7 * 24 * 3_600_000).toISOString(),
  });
  await adminPage.reload();
  await expect(section.getByText('Open', { exact: true })).toBeVisible();

  // The student answers: the grid and the skills, saved as they go, then submits.
  const student = await signedIn(browser, SAM.email, SAM.name);
  const page = student.page;
  await page.goto(`/courses/${courseId}`);
  const card = page.getByRole('region', { name: 'Team formation survey' });
  await expect(card.getByText(/Other students never do\./)).toBeVisible();
  await card.getByRole('button', { name: 'Monday 9:00 to 10:00' }).click();
  await card.getByRole('button', { name: 'Monday 10:00 to 11:00' }).click();
  await card.getByRole('button', { name: 'Wednesday 11:00 to 12:00' }).click();
  await expect(card.getByRole('status')).toHaveText('Saved');
  await expect(card.getByText('Free: 3 h: Mon 9–11, Wed 11–12')).toBeVisible();
  await card.getByRole('radio', { name: 'React: 4 of 5' }).check();
  await card.getByRole('radio', { name: 'SQL: 2 of 5' }).check();
  await card.getByRole('button', { name: 'Submit' }).click();
  await expect(card.getByText(/^Submitted on /)).toBeVisible();

  await everyLook(page, 'survey-student', async (p) => {
    await p.goto(`/courses/${courseId}`);
    await expect(card.getByText(/^Submitted on /)).toBeVisible();
  });

  // The instructor sees the one response, in words.
  await everyLook(adminPage, 'survey-admin', async (p) => {
    await p.goto(`/admin/courses/${courseId}/survey`);
    const results = p.getByRole('region', { name: 'Results' });
    await expect(results.getByText(/^Submitted: 1 of /)).toBeVisible();
    // A table row on a desktop, a card on a phone (issue 35).
    const row = results
      .getByRole('row', { name: new RegExp(SAM.name) })
      .or(results.getByRole('listitem').filter({ hasText: SAM.name }));
    await expect(row).toContainText('3 h: Mon 9–11, Wed 11–12');
    await expect(row).toContainText('React 4, SQL 2');
    await expect(results.getByText('1 response', { exact: true })).toBeVisible();
  });
});
