import { expect, test, type Locator, type Page } from './test';
import { call, createCourseWithStudents, signedIn } from './fixtures';
import {
  colorSchemeOf,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  SCHEMES,
  waitForNetworkQuiet,
} from './page-checks';

// Issue 35 (items 9, 13, 14; decision 148), the survey for a student and an edit of an answered
// survey: a submit with a missing answer names it and moves the focus to it; a drag marks the
// rectangle; the grid's cells are a finger tall on a phone; the submitted confirmation is in view
// and focused; a ranked project keeps the focus; the editor says what an edit does to the answers
// before saving it. At 1440 and 390 px, light and dark, with axe.

test.describe.configure({ timeout: 300_000 });

const run = Date.now().toString(36);
const NORTHFIELD_ADMIN = 'alan.turing@northfield.edu';
const SAM = { email: `sam.grid.${run}@student.northfield.edu`, name: `Sam Grid ${run}` };
const SHOTS = '/tmp/shots/survey';
const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

const Q = {
  hours: '7a000000-0000-4000-8000-000000000001',
  language: '7a000000-0000-4000-8000-000000000002',
  project: '7a000000-0000-4000-8000-000000000003',
};
const base = { help: '', weight: 3, goal: 'SIMILAR' } as const;
const QUESTIONS = [
  {
    ...base,
    id: Q.hours,
    type: 'AVAILABILITY',
    prompt: 'When are you free?',
    required: true,
    fromHour: 9,
    toHour: 13,
    hoursNeeded: 4,
  },
  {
    ...base,
    id: Q.language,
    type: 'SINGLE_CHOICE',
    prompt: 'Preferred language',
    required: true,
    options: [
      { id: 'ts', label: 'TypeScript' },
      { id: 'py', label: 'Python' },
    ],
  },
  {
    ...base,
    id: Q.project,
    type: 'PROJECT',
    prompt: 'Which projects?',
    required: false,
    projects: [
      { id: 'atlas', name: 'Atlas', capacity: 2 },
      { id: 'beacon', name: 'Beacon', capacity: 2 },
      { id: 'comet', name: 'Comet', capacity: 2 },
    ],
  },
];

/** The accessible name (aria-label or label text) of the focused element. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return null;
    const label = el.getAttribute('aria-label');
    if (label) return label;
    const id = el.id;
    const byFor = id ? document.querySelector(`label[for="${id}"]`)?.textContent : null;
    return byFor ?? el.textContent?.trim() ?? null;
  });

async function inViewport(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box, 'the element has a box').not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
}

/** Each width and scheme: the scheme applied, no sideways scroll, axe, a screenshot looked at. */
async function everyLook(page: Page, name: string, check: (page: Page) => Promise<void>) {
  for (const colorScheme of SCHEMES) {
    await page.emulateMedia({ colorScheme });
    for (const { width, height } of WIDTHS) {
      const label = `${name} at ${width} px, ${colorScheme}`;
      await test.step(label, async () => {
        await page.setViewportSize({ width, height });
        await check(page);
        await waitForNetworkQuiet(page);
        expect(await colorSchemeOf(page)).toBe(colorScheme);
        await expectNoSidewaysScroll(page, label);
        await page.screenshot({ path: `${SHOTS}/${name}-${width}-${colorScheme}.png` });
        await expectNoAxeViolations(page, label);
      });
    }
  }
}

test('a student answers with a drag, is told the first problem, submits; the editor warns before an edit', async ({
  browser,
}) => {
  const admin = await signedIn(browser, NORTHFIELD_ADMIN);
  const course = await createCourseWithStudents(
    admin,
    { code: `SV${run}`.slice(0, 12).toUpperCase(), title: 'Survey walk' },
    [SAM],
  );
  await call(admin, 'put', `/admin/courses/${course.id}/survey`, {
    version: 0,
    questions: QUESTIONS,
    opensAt: new Date(Date.now() - 60_000).toISOString(),
    closesAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  });

  const student = await signedIn(browser, SAM.email, SAM.name);
  const page = student.page;
  await page.setViewportSize(WIDTHS[0]);
  await page.goto(`/courses/${course.id}`);
  const card = page.getByRole('region', { name: 'Team formation survey' });
  const cell = (name: string) => card.getByRole('button', { name });
  await expect(cell('Monday 9:00 to 10:00')).toBeVisible({ timeout: 45_000 });

  // A drag from Monday 9:00 to Wednesday 11:00 marks the 3 × 3 rectangle, not a staircase.
  await test.step('drag a rectangle', async () => {
    const from = (await cell('Monday 9:00 to 10:00').boundingBox())!;
    const to = (await cell('Wednesday 11:00 to 12:00').boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 4 });
    await page.mouse.up();
    for (const day of ['Monday', 'Tuesday', 'Wednesday']) {
      for (const h of [9, 10, 11]) {
        await expect(cell(`${day} ${h}:00 to ${h + 1}:00`)).toHaveAttribute('aria-pressed', 'true');
      }
    }
    await expect(cell('Thursday 9:00 to 10:00')).toHaveAttribute('aria-pressed', 'false');
    await expect(card.getByText('Free: 9 h: Mon 9–12, Tue 9–12, Wed 9–12')).toBeVisible();
  });

  // Submit without the language: the problem is named and has the focus.
  await test.step('a failed submit focuses the first problem', async () => {
    await card.getByRole('button', { name: 'Submit' }).click();
    const alert = card.getByRole('alert');
    await expect(alert).toContainText('Question 2, Preferred language: choose an option');
    await expect.poll(() => focusedName(page)).toBe('TypeScript');
    await page.screenshot({ path: `${SHOTS}/student-problem-1440-light.png` });
  });

  // The keyboard moves Beacon to the top and keeps the focus on it.
  await test.step('keyboard ranking keeps the focus', async () => {
    await card.getByRole('button', { name: 'Move Beacon up' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedName(page)).toBe('Move Beacon down');
    await expect(card.getByRole('list', { name: 'Ranking: Which projects?' })).toContainText(
      '1. Beacon',
    );
  });

  await test.step('the submitted confirmation is in view and focused', async () => {
    await card.getByRole('radio', { name: 'TypeScript' }).check();
    await expect(card.getByRole('status')).toHaveText('Saved');
    await card.getByRole('button', { name: 'Submit' }).click();
    const confirmation = card.getByTestId('survey-submitted');
    await expect(confirmation).toContainText(/^Submitted on /);
    await expect(confirmation).toBeFocused();
    await inViewport(page, confirmation);
    await expect(card.getByRole('button', { name: /Submit/ })).toHaveCount(0);
    await expect(card).toContainText('Changes you make now save as you go and stay submitted.');
  });

  await everyLook(page, 'student-survey', async (p) => {
    await p.goto(`/courses/${course.id}`);
    await card.getByRole('button', { name: 'Change your answers' }).click();
    const monday = cell('Monday 9:00 to 10:00');
    await expect(monday).toBeVisible();
    const box = (await monday.boundingBox())!;
    // A finger's height on a phone.
    if ((p.viewportSize()?.width ?? 0) < 700) expect(box.height).toBeGreaterThanOrEqual(44);
    await monday.scrollIntoViewIfNeeded();
  });

  // The instructor renames the option Sam chose: told before saving that the answer is kept.
  const adminPage = admin.page;
  await everyLook(adminPage, 'survey-edit-warning', async (p) => {
    await p.goto(`/admin/courses/${course.id}/survey`);
    const editor = p
      .getByRole('heading', { name: 'Questions', exact: true })
      .locator('xpath=ancestor::section[1]');
    const option = editor.getByRole('textbox', { name: 'Option 1 of question 2' });
    await option.fill('TypeScript (any version)');
    await p.getByRole('button', { name: 'Save survey' }).click();
    const dialog = p.getByRole('dialog', { name: 'Students have answered this survey' });
    await expect(dialog).toContainText('1 student has answered');
    await expect(dialog).toContainText(
      'Renaming “TypeScript” to “TypeScript (any version)” keeps its 1 answer.',
    );
  });
  await adminPage.getByRole('dialog').getByRole('button', { name: 'Save changes' }).click();
  await expect(adminPage.getByText('Saved.')).toBeVisible();
  const view = await call<{
    survey: { questions: { id: string; options?: { label: string }[] }[] };
  }>(admin, 'get', `/admin/courses/${course.id}/survey`);
  expect(view.survey.questions.find((q) => q.id === Q.language)?.options?.[0]?.label).toBe(
    'TypeScript (any version)',
  );
  // Sam's answer kept its option: the answers view shows the new name.
  const results = adminPage.getByRole('region', { name: 'Results' });
  await expect(
    results
      .getByRole('row', { name: new RegExp(SAM.name) })
      .or(results.getByRole('listitem').filter({ hasText: SAM.name })),
  ).toContainText('TypeScript (any version)');
});
