import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test } from './test';
import { signInAs } from './fixtures';
import {
  colorSchemeOf,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  SCHEMES,
  WIDTHS,
} from './page-checks';

// Issue 13, the organization admin's formation dashboard: the demo admin opens /admin/dashboard,
// sees the figures of the seeded courses (the same as the stats call answers), the needs-attention
// list and the progress chart with its table, filters by term, and downloads the CSV. The page
// passes axe and does not scroll sideways at 1440 and 375 px, in the light and the dark scheme;
// screenshots go to /tmp/shots/admin-dashboard.

test.describe.configure({ timeout: 240_000 });

const ADMIN = 'alan.turing@northfield.edu';
const SHOTS = '/tmp/shots/admin-dashboard';

type Stats = {
  filters: { terms: string[] };
  courses: {
    id: string;
    code: string;
    title: string;
    placed: number;
    students: { active: number };
  }[];
  attention: { courseId: string }[];
};

test('the admin sees the formation figures, filters by term and downloads the CSV', async ({
  page,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  const user = await signInAs(page, ADMIN);
  const res = await page.request.get('/api/v1/admin/dashboard/stats', {
    headers: { Authorization: `Bearer ${user.token}` },
  });
  expect(res.ok()).toBe(true);
  const stats = ((await res.json()) as { data: Stats }).data;
  expect(stats.courses.length, 'the demo admin has courses').toBeGreaterThan(0);

  await page.goto('/admin/dashboard');
  await expect(page).toHaveTitle('Dashboard · Teamup');
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
  // Each course's card shows what the call counted.
  for (const course of stats.courses) {
    const card = page.getByRole('article', { name: `${course.code} · ${course.title}` });
    await expect(card).toBeVisible();
    await expect(
      card.getByText(`${course.placed} of ${course.students.active}`, { exact: false }),
    ).toBeVisible();
  }
  const attention = page.getByRole('region', { name: 'Needs attention' });
  await expect(attention).toBeVisible();
  await expect(attention.getByRole('listitem')).toHaveCount(stats.attention.length);
  if (stats.attention.length > 0) {
    // Issue 35: each item leads to the course's section where it is dealt with.
    await expect(attention.getByRole('link').first()).toHaveAttribute(
      'href',
      new RegExp(`^/admin/courses/${stats.attention[0]!.courseId}/(placement|roster|health)$`),
    );
  }
  const progress = page.getByRole('region', { name: 'Formation progress' });
  // The chart loads as it nears the screen (decision 131).
  await progress.scrollIntoViewIfNeeded();
  await expect(progress.locator('.recharts-line').first()).toBeVisible();
  // The axis writes days as the rest of the app does ("Oct 28, 2026"), not "2026-10-28".
  const ticks = await progress
    .locator('.recharts-xAxis .recharts-cartesian-axis-tick-value')
    .allTextContents();
  expect(ticks.length, 'the chart has day ticks').toBeGreaterThan(0);
  for (const tick of ticks) expect(tick).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  await progress.getByRole('button', { name: 'Show as table' }).click();
  await expect(progress.getByRole('table')).toBeVisible();
  await expect(progress.getByRole('table').getByRole('rowheader').first()).toHaveText(
    /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/,
  );

  // The CSV, with the page's filter.
  const term = stats.filters.terms[0]!;
  await page.getByRole('textbox', { name: 'Term' }).click();
  await page.getByRole('option', { name: term }).click();
  await expect(page).toHaveURL(/term=/);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^team-formation-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync((await file.path())!, 'utf8');
  expect(text.startsWith('\uFEFForganization,code,title,term,deadline')).toBe(true);
  const lines = text.trim().split('\r\n');
  expect(lines.length).toBeGreaterThan(1);

  for (const colorScheme of SCHEMES) {
    await page.emulateMedia({ colorScheme });
    for (const { name, width, height } of WIDTHS) {
      await page.setViewportSize({ width, height });
      const label = `admin dashboard at ${width} px, ${colorScheme}`;
      await test.step(label, async () => {
        await page.goto('/admin/dashboard');
        await expect(page.getByRole('region', { name: 'Needs attention' })).toBeVisible();
        await progress.scrollIntoViewIfNeeded();
        await expect(progress.locator('.recharts-line').first()).toBeVisible();
        expect(await colorSchemeOf(page)).toBe(colorScheme);
        await expectNoSidewaysScroll(page, label);
        await expectNoAxeViolations(page, label);
        const shot = `admin-dashboard-${name}-${colorScheme}.png`;
        await page.screenshot({ path: test.info().outputPath(shot), fullPage: true });
        await page.screenshot({ path: `${SHOTS}/${shot}`, fullPage: true });
      });
    }
  }
});
