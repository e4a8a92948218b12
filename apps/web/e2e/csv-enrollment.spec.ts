import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { signInAs } from './fixtures';

// Issue 4 end to end: an admin uploads a roster with two bad rows, watches it process, reads
// the summary, downloads the rejected rows, and a student from the file signs in to find the
// course activated.

const run = Date.now().toString(36);
const NEW_STUDENT = `roster.${run}@student.northfield.edu`;
// Enough rows that processing takes seconds on the embedded database, so the progress shows.
const FILLER = 9000;
const n = (value: number) => value.toLocaleString('en-US');

function roster(): string {
  const lines = ['Email;Full Name;Student ID'];
  lines.push(`${NEW_STUDENT};"Quinn, Roster";S-${run}`);
  lines.push('not-an-email;Bad Row;S-0');
  for (let i = 0; i < FILLER; i++)
    lines.push(`filler.${run}.${i}@student.northfield.edu;Filler ${i};`);
  lines.push(`${NEW_STUDENT.toUpperCase()};Quinn Again;`);
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

test('an admin uploads a roster, sees progress and the summary, and a student is activated', async ({
  page,
  browser,
}) => {
  await signInAs(page, 'alan.turing@northfield.edu');
  await page.goto('/admin/csv');
  await page.getByRole('textbox', { name: 'Course', exact: true }).click();
  await page.getByRole('option', { name: /^CS301 — Software Engineering Project/ }).click();

  await page.getByLabel('Roster file (CSV)').setInputFiles({
    name: `cs301-${run}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(roster(), 'utf8'),
  });
  // The preview reads the file in the browser before anything is sent.
  await expect(page.getByText('Detected columns')).toBeVisible();
  await expect(page.getByText('semicolon-separated')).toBeVisible();

  // The server can finish a roster faster than the page polls, so the first status answer is
  // held back until the progress bar has been seen; then the page follows the real job.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v1/csv/status/*', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByRole('progressbar')).toBeVisible();
  release();
  await expect(page.getByRole('heading', { name: 'Upload result' })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByText('COMPLETED').first()).toBeVisible();
  const counts = (label: string) =>
    page
      .getByText(label, { exact: true })
      .locator('..')
      .getByText(/^[\d,]+$/);
  await expect(counts('Rows read')).toHaveText(n(FILLER + 3));
  await expect(counts('Pending')).toHaveText(n(FILLER + 1));
  await expect(counts('Rejected')).toHaveText('2');
  await expect(page.getByRole('cell', { name: 'Not a valid email address' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Duplicate of row 2' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('csv-result-desktop.png'), fullPage: true });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download rejected rows' }).click(),
  ]);
  const report = readFileSync((await download.path())!, 'utf8');
  expect(report).toContain('not-an-email');
  expect(report).toContain('Duplicate of row 2');
  expect(report.split(/\r?\n/).filter(Boolean)).toHaveLength(3); // header + 2 rows

  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByRole('heading', { name: 'Upload result' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('csv-result-phone.png'), fullPage: true });

  // A student from the file signs in for the first time.
  const student = await (await browser.newContext()).newPage();
  await student.goto('/auth/login');
  await student.getByLabel('Email', { exact: true }).fill(NEW_STUDENT);
  await student.getByRole('button', { name: 'Sign in with this email' }).click();
  await expect(student.getByText(/Enrollments? activated/)).toBeVisible();
  await expect(
    student.getByText(/Software Engineering Project \(Northfield University\)/),
  ).toBeVisible();
  await student.goto('/courses');
  await expect(student.getByRole('link', { name: 'Software Engineering Project' })).toBeVisible();
});
