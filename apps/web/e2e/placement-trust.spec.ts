import { mkdirSync } from 'node:fs';
import { expect, test, type Locator, type Page } from './test';
import { call, enrollInSeededCourse, signedIn } from './fixtures';
import {
  colorSchemeOf,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  waitForNetworkQuiet,
} from './page-checks';

// Issue 35 (items 7, 8, 10; decision 147), placement an instructor can trust, on the seeded CS301
// (its survey answered by most of the class, some answers drafts; "Gender" at weight 0 with "do
// not isolate" for "Woman"). The organization admin previews a placement (nothing is written):
// the scale, the class's scores beside a random placement, one count of answers (the results'
// numbers), the rules kept whatever the weight, and per team what each criterion measured. The
// survey editor says a weight-0 question's rule still applies, and the selected weight and goal
// stand out at 3:1 or more in both schemes (computed styles). At 1440 and 390 px, light and dark:
// axe, no sideways scroll, screenshots in /tmp/shots/placement. Nothing is saved or applied.

test.describe.configure({ timeout: 420_000 });

const ADMIN = 'alan.turing@northfield.edu';
const SHOTS = '/tmp/shots/placement';
const SIZES = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const SCHEMES = ['light', 'dark'] as const;

/** The course's Placement section (decision 145). */
async function openPlacement(page: Page, courseId: string): Promise<Locator> {
  const region = page.getByRole('region', { name: /^(Formation|Placement)$/ });
  await page.goto(`/admin/courses/${courseId}/placement`);
  await waitForNetworkQuiet(page);
  await expect(region).toBeVisible();
  return region;
}

/** Every look: both widths and schemes, with axe, no sideways scroll and a screenshot. */
async function everyLook(page: Page, shots: Record<string, Locator>, check?: () => Promise<void>) {
  const label = Object.keys(shots).join(' and ');
  for (const colorScheme of SCHEMES) {
    await page.emulateMedia({ colorScheme });
    for (const { name, width, height } of SIZES) {
      await test.step(`${label} at ${width} px, ${colorScheme}`, async () => {
        await page.setViewportSize({ width, height });
        await page.evaluate(
          () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
        );
        const where = `${label} at ${width} px, ${colorScheme}`;
        expect(await colorSchemeOf(page)).toBe(colorScheme);
        await expectNoSidewaysScroll(page, where);
        await expectNoAxeViolations(page, where);
        if (check) await check();
        for (const [shot, locator] of Object.entries(shots)) {
          // The viewport from the element's top: an element screenshot of a part of this long
          // page came out as another part of it at 390 px.
          await locator.evaluate((el) => el.scrollIntoView({ block: 'start' }));
          await page.evaluate(() => window.scrollBy(0, -72));
          await page.screenshot({ path: `${SHOTS}/${shot}-${name}-${colorScheme}.png` });
        }
      });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1440, height: 900 });
}

const percentOf = (text: string) => [...text.matchAll(/(\d+)%/g)].map((m) => Number(m[1]));

test('the proposal says what each score measured, beside a random placement, with one count', async ({
  browser,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  const admin = await signedIn(browser, ADMIN);
  const courseId = await enrollInSeededCourse(admin, 'CS301', []);
  const counts = await call<{ activeStudents: number; submitted: number; drafts: number }>(
    admin,
    'get',
    `/admin/courses/${courseId}/survey`,
  );
  expect(counts.drafts, 'the seed has drafts').toBeGreaterThan(0);
  const notStarted = counts.activeStudents - counts.submitted - counts.drafts;
  const page = admin.page;
  const section = await openPlacement(page, courseId);
  await expect(section.getByRole('switch', { name: "Use the course's survey" })).toBeChecked();
  await section.getByRole('button', { name: 'Preview placement' }).click();
  const byCriteria = section.getByRole('group', { name: 'Survey criteria' });
  await expect(byCriteria).toBeVisible();

  // The scale, said once.
  await expect(byCriteria).toContainText(
    'Scores run from 0% (the worst a question can be for a team) to 100% (fully met)',
  );
  // The class's scores beside a random placement of the same class.
  await expect(byCriteria).toContainText(/mean \d+% \(a random placement: \d+% and \d+%\)/);
  // The table and the rules are behind one disclosure (the teams stay near the top on a phone).
  await byCriteria.getByText('Scores by question, beside a random placement').click();
  const table = byCriteria.getByRole('table', { name: 'Scores beside a random placement' });
  const mean = percentOf(await table.getByRole('row', { name: /^Mean of the teams/ }).innerText());
  expect(mean).toHaveLength(2);
  expect(mean[0]!, 'the proposal beats a random placement').toBeGreaterThan(mean[1]!);
  await expect(
    table.getByRole('row', { name: /^When are you free to meet your team outside class\?/ }),
  ).toContainText(/\d+%\s*\d+%/);
  await expect(byCriteria).toContainText(/the mean of 30 random placements/);
  // One count of answers, the results' own numbers; drafts said to be used.
  await expect(byCriteria).toContainText(
    `Answers: ${counts.submitted} submitted, ${counts.drafts} draft${counts.drafts === 1 ? '' : 's'}, ${notStarted} not started (of ${counts.activeStudents} active students). Placement uses the answers saved in drafts too`,
  );
  await expect(byCriteria).not.toContainText('everyone did');
  const results = page.getByRole('region', { name: 'Results' });
  if ((await results.count()) > 0)
    await expect(results).toContainText(
      `${counts.submitted} submitted, ${counts.drafts} draft${counts.drafts === 1 ? '' : 's'}, ${notStarted} not started`,
    );
  // The rule of a weight-0 question, said to apply.
  await expect(byCriteria).toContainText(
    '“Gender”: do not isolate “Woman” (not scored; its rule still applies)',
  );

  // Each team: what each criterion measured, in words.
  await section.getByRole('button', { name: 'Open every team' }).click();
  const teams = section.getByRole('article');
  expect(await teams.count()).toBeGreaterThan(1);
  const first = teams.first().getByRole('group', { name: /^Scores of .* by question$/ });
  await expect(first).toContainText('By question (0% = the worst for a team, 100% = fully met)');
  await expect(first).toContainText(
    /shared free hours needed|free hours? a week shared by all|No hour of the week when all/,
  );
  await expect(first).toContainText(/Skills at level 4 or more: React by (none|\d+)/);
  await expect(first).toContainText(/Project .*: ranked /);

  await everyLook(page, { proposal: byCriteria, 'proposed-team': teams.first() });
});

test('the editor: a weight scores, a rule applies whatever the weight; the selected choice stands out', async ({
  browser,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  const admin = await signedIn(browser, ADMIN);
  const courseId = await enrollInSeededCourse(admin, 'CS301', []);
  const page = admin.page;
  await page.goto(`/admin/courses/${courseId}/survey`);
  await waitForNetworkQuiet(page);
  const survey = page.getByRole('region', { name: /^Survey$/ });
  const gender = survey.getByRole('article', { name: 'Question 6' });
  await expect(gender.getByRole('textbox', { name: 'Prompt of question 6' })).toHaveValue('Gender');
  await expect(gender).toContainText('Not scored; its rule “do not isolate” still applies');
  await expect(gender).not.toContainText('asked but not used for placement');
  await expect(gender).toContainText(/These are rules, not scores, kept whatever the question’s weight/);
  const hours = survey.getByRole('article', { name: 'Question 1' });
  await expect(hours).toContainText("Counts 5 in a team's score (0 = not scored)");
  const mates = survey.getByRole('article', { name: 'Question 5' });
  await expect(mates).toContainText(
    "Counts 1 in a team's score; its rule “would rather not” applies whatever the weight",
  );

  // The selected weight and goal against the unselected segments and the card: 3:1 or more.
  const contrast = (control: Locator) =>
    control.evaluate((root) => {
      const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
      const lum = (c: string) => {
        const [r, g, b] = rgb(c).map((v) => {
          const s = v / 255;
          return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      };
      const ratio = (a: string, b: string) => {
        const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
        return (x! + 0.05) / (y! + 0.05);
      };
      const indicator = root.querySelector('.mantine-SegmentedControl-indicator');
      const active = root.querySelector('.mantine-SegmentedControl-label[data-active]');
      const selected = getComputedStyle(indicator!).backgroundColor;
      const unselected = getComputedStyle(root).backgroundColor;
      let card: Element | null = root.parentElement;
      while (card && /rgba\(0, 0, 0, 0\)|transparent/.test(getComputedStyle(card).backgroundColor))
        card = card.parentElement;
      const cardColor = getComputedStyle(card!).backgroundColor;
      return {
        againstUnselected: ratio(selected, unselected),
        againstCard: ratio(selected, cardColor),
        label: ratio(getComputedStyle(active!).color, selected),
        weight: getComputedStyle(active!).fontWeight,
      };
    });
  const weight = gender.getByRole('radiogroup', { name: 'Weight of question 6' });
  const goal = survey
    .getByRole('article', { name: 'Question 3' })
    .getByRole('radiogroup', { name: 'Goal of question 3' });
  await expect(weight.getByRole('radio', { name: '0' })).toBeChecked();
  const shots = {
    'editor-weight': survey.getByRole('article', { name: 'Question 6' }),
    'editor-goal': survey.getByRole('article', { name: 'Question 3' }),
  };
  await everyLook(page, shots, async () => {
    for (const control of [weight, goal]) {
      // Mantine moves the indicator after a frame; its transition is 200 ms.
      await page.waitForTimeout(250);
      const c = await contrast(control);
      expect.soft(c.againstUnselected, 'selected vs unselected').toBeGreaterThanOrEqual(3);
      expect.soft(c.againstCard, 'selected vs card').toBeGreaterThanOrEqual(3);
      expect.soft(c.label, 'selected label').toBeGreaterThanOrEqual(4.5);
      expect.soft(c.weight).toBe('700');
    }
  });
});
