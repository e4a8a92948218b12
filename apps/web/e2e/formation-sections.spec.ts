import { mkdirSync } from 'node:fs';
import { expect, test } from './test';
import { call, createCourseWithStudents, signedIn } from './fixtures';
import {
  checkEverywhere,
  colorSchemeOf,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  waitForNetworkQuiet,
} from './page-checks';

// Issue 36 (decision 154) end to end: the demo organization's admin creates a course (teams of
// 2–3) and appoints an instructor who is no organization admin. The instructor uploads a roster
// with a section column (7 students in A, 6 in B; the roster upload by the API, as the CSV page
// is the organization admins'), the students sign in (their enrollments become active), and on
// the course's roster the instructor filters by section. On the Placement section, "Place within
// sections" is on by itself; the instructor plans one team of 4 (in each section), previews,
// applies, and every student's team is of their own section. The placement section with its
// proposal and the roster at 1440 and 375 px, light and dark (axe, no sideways scroll), and at
// 390 px dark; screenshots in /tmp/shots/sections.

test.describe.configure({ timeout: 300_000 });

const ADMIN = 'alan.turing@northfield.edu';
const SHOTS = '/tmp/shots/sections';
const run = Date.now().toString(36);
const INSTRUCTOR = { email: `sec.instr.${run}@northfield.edu`, name: `Ivo Instructor ${run}` };
const STUDENTS = [
  ...Array.from({ length: 7 }, (_, i) => ({ section: 'A', first: `Anna${i}` })),
  ...Array.from({ length: 6 }, (_, i) => ({ section: 'B', first: `Bert${i}` })),
].map((s, i) => ({
  ...s,
  email: `sec${i + 1}.${run}@student.northfield.edu`,
  name: `${s.first} Sectioned ${run}`,
}));

test('an instructor places each section into its own teams, with a team of 4 in each', async ({
  browser,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  const admin = await signedIn(browser, ADMIN);
  const code = `SEC-${run}`.toUpperCase();
  const course = await createCourseWithStudents(
    admin,
    { code, title: `Sections ${run}` },
    [],
    [{ email: INSTRUCTOR.email, role: 'INSTRUCTOR' }],
  );
  const instructor = await signedIn(browser, INSTRUCTOR.email, INSTRUCTOR.name);

  // The instructor uploads the roster with its section column.
  const csv = [
    'email,fullname,section',
    ...STUDENTS.map((s) => `${s.email},${s.name},${s.section}`),
  ]
    .join('\r\n')
    .concat('\r\n');
  const uploaded = await instructor.page.request.post('/api/v1/csv/upload', {
    headers: { Authorization: `Bearer ${instructor.token}` },
    multipart: {
      courseId: course.id,
      file: { name: 'sections.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) },
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(202);
  const uploadId = ((await uploaded.json()) as { data: { id: string } }).data.id;
  await expect
    .poll(
      async () =>
        (await call<{ status: string }>(instructor, 'get', `/csv/status/${uploadId}`)).status,
      { timeout: 60_000 },
    )
    .toBe('COMPLETED');

  // Each student's first sign-in activates the enrollment (one context for all of them).
  const students = await (await browser.newContext()).newPage();
  for (const s of STUDENTS) {
    const token = await students.request.post('/api/v1/dev/id-token', {
      data: { email: s.email, fullname: s.name },
    });
    const { credential } = ((await token.json()) as { data: { credential: string } }).data;
    const login = await students.request.post('/api/v1/auth/login/google', {
      data: { credential },
    });
    expect(login.ok()).toBe(true);
  }

  // The roster shows the sections and filters by one.
  const page = instructor.page;
  await page.goto(`/admin/courses/${course.id}/roster`);
  const sections = page.getByRole('region', { name: 'Sections' });
  await expect(sections.getByRole('link', { name: 'A (7 active)' })).toBeVisible();
  await sections.getByRole('link', { name: 'B (6 active)' }).click();
  await expect(page).toHaveURL(/\/admin\/students\/course\/.*section=B/);
  await expect(page.getByRole('textbox', { name: 'Section' })).toHaveValue('B (6 active)');
  await expect(
    page
      .getByRole('cell', { name: STUDENTS[7]!.name })
      .or(page.getByRole('button', { name: `Open enrollment of ${STUDENTS[7]!.name}` }))
      .first(),
  ).toBeVisible();
  await expect(
    page.getByRole('button', { name: `Open enrollment of ${STUDENTS[0]!.name}` }),
  ).toHaveCount(0);
  await waitForNetworkQuiet(page);
  await checkEverywhere(page, SHOTS, 'roster filtered by section', (file) =>
    page.screenshot({ path: file, fullPage: true }),
  );
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });

  // Placement: within sections by default; one team of 4 planned.
  await page.goto(`/admin/courses/${course.id}/placement`);
  const formation = page.getByRole('region', { name: 'Formation' });
  const within = formation.getByRole('checkbox', { name: /Place within sections \(2 sections\)/ });
  await expect(within).toBeChecked();
  await formation.getByRole('button', { name: 'Add team sizes' }).click();
  await formation.getByRole('textbox', { name: 'Number of teams, row 1' }).fill('1');
  await formation.getByRole('textbox', { name: 'Team size, row 1' }).fill('4');
  await formation.getByRole('button', { name: 'Preview placement' }).click();
  const summary = formation.getByRole('group', { name: 'Summary' });
  await expect(summary).toContainText('13 students placed');
  await expect(formation).toContainText('Placed within 2 sections');
  await expect(formation).toContainText('Team sizes asked for: 1 team of 4 in each section');
  await expect(
    formation.getByRole('article', { name: new RegExp(`^${code} · Section A · Team \\d+$`) }),
  ).toHaveCount(2);
  await expect(
    formation.getByRole('article', { name: new RegExp(`^${code} · Section B · Team \\d+$`) }),
  ).toHaveCount(2);
  await waitForNetworkQuiet(page);
  await checkEverywhere(page, SHOTS, 'placement within sections', async (file) => {
    await formation.screenshot({ path: file });
  });
  // 390 px, dark, as a phone of the brief.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await colorSchemeOf(page)).toBe('dark');
  await expectNoSidewaysScroll(page, 'placement within sections at 390 px, dark');
  await expectNoAxeViolations(page, 'placement within sections at 390 px, dark');
  await formation.screenshot({ path: `${SHOTS}/placement-390-dark.png` });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1440, height: 900 });

  await formation.getByRole('button', { name: 'Apply placement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Apply placement' });
  await dialog.getByRole('button', { name: 'Apply placement' }).click();
  await expect(page.getByText(/13 students placed/).first()).toBeVisible();

  // Every student's team is of their section; the team of 4 exists in each.
  for (const section of ['A', 'B']) {
    const roster = await call<{ items: { team: { name: string } | null }[] }>(
      instructor,
      'get',
      `/admin/course/${course.id}/students?section=${section}&limit=50`,
    );
    expect(roster.items).toHaveLength(section === 'A' ? 7 : 6);
    const names = roster.items.map((e) => e.team?.name ?? '');
    for (const n of names) expect(n).toMatch(new RegExp(`· Section ${section} · Team \\d+$`));
    const sizes = [...new Set(names)].map((n) => names.filter((x) => x === n).length).sort();
    expect(sizes).toContain(4);
  }
});
