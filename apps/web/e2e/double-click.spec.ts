import { expect, test, type Page, type Request } from './test';
import { call, createCourseWithStudents, signedIn, type Signed } from './fixtures';

// Issue 35 item 12 (decision 149): every action that creates or applies something, double
// clicked, is done once and its true result told. Each action below is double clicked the way a
// person does it (Playwright's dblclick: two clicks a few milliseconds apart); the spec then
// checks what the server holds, that every call sent for it answered a success (a repeat that
// got through carries the same Idempotency-Key and is answered with the first answer), and that
// the page shows the success and no failure.

test.describe.configure({ timeout: 240_000 });

const ADMIN = 'alan.turing@northfield.edu';
const run = Date.now().toString(36);
const STUDENTS = ['Ana', 'Ben', 'Cat', 'Dan', 'Eve'].map((first, i) => ({
  email: `dbl${i + 1}.${run}@student.northfield.edu`,
  name: `${first} Twice ${run}`,
}));
const TEAM = `Once ${run}`;

/** Every POST/PUT/PATCH/DELETE to a path matching `path`, with its answer's status. */
function recordChanges(page: Page, path: RegExp) {
  const seen: { request: Request; status: Promise<number> }[] = [];
  page.on('request', (request) => {
    if (request.method() === 'GET' || !path.test(new URL(request.url()).pathname)) return;
    seen.push({
      request,
      status: request.response().then((r) => r?.status() ?? 0),
    });
  });
  return {
    async expectOneAction() {
      expect.soft(seen.length, 'the action was sent').toBeGreaterThan(0);
      const statuses = await Promise.all(seen.map((s) => s.status));
      expect
        .soft(
          statuses.every((s) => s >= 200 && s < 300),
          `answers: ${statuses.join(', ')}`,
        )
        .toBe(true);
      test.info().annotations.push({ type: 'calls sent', description: String(seen.length) });
      // A second call that got through (before the control was disabled) was the same action.
      if (seen.length > 1) {
        const keys = new Set(seen.map((s) => s.request.headers()['idempotency-key']));
        expect.soft([...keys].every((k) => typeof k === 'string' && k.length > 0)).toBe(true);
        expect.soft(keys.size, 'one Idempotency-Key for one action').toBe(1);
      }
    },
  };
}

const notices = (page: Page, text: string | RegExp) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text });

test('double clicks create one team, send one request and one invitation, add one student, send one reminder, apply one placement, create one course, upload one roster', async ({
  browser,
}) => {
  const admin = await signedIn(browser, ADMIN);
  const course = await createCourseWithStudents(
    admin,
    { code: `DBL-${run}`.toUpperCase(), title: `Double clicks ${run}` },
    STUDENTS,
  );
  const students: Signed[] = [];
  for (const s of STUDENTS) students.push(await signedIn(browser, s.email, s.name));
  const [ana, ben] = students as [Signed, Signed];

  await test.step('create a team', async () => {
    const page = ana.page;
    await page.goto(`/courses/${course.id}`);
    const changes = recordChanges(page, new RegExp(`/student/courses/${course.id}/teams$`));
    await page.getByRole('button', { name: 'Create team' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Team name').fill(TEAM);
    await dialog.getByRole('button', { name: 'Create team' }).dblclick();
    await expect(notices(page, TEAM).first()).toBeVisible();
    await expect(page.getByText(`You lead ${TEAM}`)).toBeVisible();
    await expect(notices(page, /could not/i)).toHaveCount(0);
    const teams = await call<{ total: number }>(ana, 'get', `/student/courses/${course.id}/teams`);
    expect(teams.total).toBe(1);
    await changes.expectOneAction();
  });

  await test.step('ask to join', async () => {
    const page = ben.page;
    await page.goto(`/courses/${course.id}`);
    const changes = recordChanges(page, /\/join-requests$/);
    await page.getByRole('button', { name: `Apply to ${TEAM}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Send request' }).dblclick();
    await expect(notices(page, 'Request sent').first()).toBeVisible();
    await expect(notices(page, /could not/i)).toHaveCount(0);
    const teams = await call<{ items: { id: string }[] }>(
      ana,
      'get',
      `/student/courses/${course.id}/teams`,
    );
    const pending = await call<{ total: number }>(
      ana,
      'get',
      `/student/teams/${teams.items[0]!.id}/join-requests`,
    );
    expect(pending.total).toBe(1);
    await changes.expectOneAction();
  });

  await test.step('invite a classmate', async () => {
    const page = ana.page;
    const teams = await call<{ items: { id: string }[] }>(
      ana,
      'get',
      `/student/courses/${course.id}/teams`,
    );
    const teamId = teams.items[0]!.id;
    await page.goto(`/teams/${teamId}`);
    const changes = recordChanges(page, /\/invite$/);
    await page.getByRole('button', { name: 'Invite a classmate' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Classmate' }).fill('Cat');
    await dialog.getByRole('option', { name: new RegExp(STUDENTS[2]!.name) }).click();
    await dialog.getByRole('button', { name: 'Send invitation' }).dblclick();
    await expect(notices(page, STUDENTS[2]!.name).first()).toBeVisible();
    await expect(notices(page, /could not/i)).toHaveCount(0);
    const invitations = await call<{ total: number }>(
      ana,
      'get',
      `/student/teams/${teamId}/invitations`,
    );
    expect(invitations.total).toBe(1);
    await changes.expectOneAction();
  });

  await test.step('add a student', async () => {
    const page = admin.page;
    await page.goto(`/admin/courses/${course.id}/roster`);
    const changes = recordChanges(page, /\/manual-add$/);
    await page.getByRole('button', { name: 'Add student' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(`added.${run}@student.northfield.edu`);
    await dialog.getByLabel('Full name').fill(`Added Twice ${run}`);
    await dialog.getByRole('button', { name: 'Add student' }).dblclick();
    await expect(page.getByText(/pending until (their )?first sign-in/i).first()).toBeVisible();
    await expect(notices(page, /could not|already/i)).toHaveCount(0);
    await changes.expectOneAction();
  });

  await test.step('remind students without a team', async () => {
    const page = admin.page;
    await page.goto(`/admin/courses/${course.id}/roster`);
    const changes = recordChanges(page, /\/reminders\/teamless$/);
    await page.getByRole('button', { name: 'Remind students without a team' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remind students without a team' });
    await dialog.getByRole('button', { name: 'Send reminder' }).dblclick();
    await expect(notices(page, /Reminder sent to \d+ students?\./).first()).toBeVisible();
    await expect(notices(page, /could not|too soon/i)).toHaveCount(0);
    await changes.expectOneAction();
  });

  await test.step('apply a placement', async () => {
    const page = admin.page;
    await page.goto(`/admin/courses/${course.id}/placement`);
    const section = page.getByRole('region', { name: 'Formation' });
    await section.getByRole('button', { name: 'Preview placement' }).click();
    await expect(section.getByRole('group', { name: 'Summary' })).toBeVisible();
    const changes = recordChanges(page, /\/formation\/apply$/);
    await section.getByRole('button', { name: 'Apply placement' }).click();
    const dialog = page.getByRole('dialog', { name: 'Apply placement' });
    await dialog.getByRole('button', { name: 'Apply placement' }).dblclick();
    await expect(page.getByText(/placed/i).first()).toBeVisible();
    await expect(page.getByText(/changed since this preview/i)).toHaveCount(0);
    // Everyone has a team now, each in exactly one.
    const teams = await call<{ items: { memberCount: number }[] }>(
      ana,
      'get',
      `/student/courses/${course.id}/teams?page=1&limit=50`,
    );
    expect(teams.items.reduce((n, t) => n + t.memberCount, 0)).toBe(STUDENTS.length);
    await changes.expectOneAction();
  });

  await test.step('create a course', async () => {
    const page = admin.page;
    const code = `DBL2-${run}`.toUpperCase();
    await page.goto('/admin/courses/create');
    const changes = recordChanges(page, /\/api\/v1\/courses$/);
    await page.getByLabel('Code').fill(code);
    await page.getByLabel('Title').fill(`Double clicked ${run}`);
    await page.getByLabel('Term').fill('Spring 2027');
    await page.getByRole('button', { name: 'Create course' }).dblclick();
    await expect(page).toHaveURL(/\/admin\/courses\/[0-9a-f-]{36}$/);
    await expect(notices(page, /could not|taken/i)).toHaveCount(0);
    const courses = await call<{ items: { code: string }[] }>(
      admin,
      'get',
      '/courses?page=1&limit=100',
    );
    expect(courses.items.filter((c) => c.code === code)).toHaveLength(1);
    await changes.expectOneAction();
  });

  await test.step('upload a roster', async () => {
    const page = admin.page;
    await page.goto('/admin/csv');
    await page.getByRole('textbox', { name: 'Course', exact: true }).click();
    await page.getByRole('option', { name: new RegExp(`^${course.code} — `) }).click();
    const csv = ['Email,Full Name']
      .concat([1, 2].map((i) => `csvdbl${i}.${run}@student.northfield.edu,Roster Twice ${i}`))
      .join('\r\n');
    await page.getByLabel('Roster file (CSV)').setInputFiles({
      name: `double-${run}.csv`,
      mimeType: 'text/csv',
      buffer: Buffer.from(`${csv}\r\n`, 'utf8'),
    });
    await expect(page.getByText('Detected columns')).toBeVisible();
    const changes = recordChanges(page, /\/csv\/upload$/);
    await page.getByRole('button', { name: 'Upload', exact: true }).dblclick();
    await expect(page.getByRole('heading', { name: 'Upload result' })).toBeVisible();
    const counts = (label: string) =>
      page
        .getByText(label, { exact: true })
        .locator('..')
        .getByText(/^[\d,]+$/);
    await expect(counts('Pending sign-in')).toHaveText('2', { timeout: 30_000 });
    const uploads = await call<{ items: { fileName: string }[] }>(
      admin,
      'get',
      `/csv/course/${course.id}?page=1&limit=50`,
    );
    expect(uploads.items.filter((u) => u.fileName === `double-${run}.csv`)).toHaveLength(1);
    await changes.expectOneAction();
  });
});
