import { expect, test, type Browser, type Page } from './test';
import { signInAs } from './fixtures';

// Issue 3 end to end: a superadmin creates an organization and appoints an admin by email; the
// admin signs in for the first time, creates a course and adds a student by hand; the student
// signs in, is told the course was activated, and finds it under My Enrollments.

const run = Date.now().toString(36);
const ORG = `Lakeside Institute ${run}`;
const ADMIN_EMAIL = `admin.${run}@lakeside.example.edu`;
const STUDENT_EMAIL = `student.${run}@lakeside.example.edu`;
const COURSE_CODE = `LK${run.slice(-4).toUpperCase()}`;
const COURSE_TITLE = 'Team Project Studio';

async function signInWithEmail(browser: Browser, email: string, name: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/auth/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Name (optional)').fill(name);
  await page.getByRole('button', { name: 'Sign in with this email' }).click();
  await expect(page.getByText('Signed in with the development sign-in.')).toBeVisible();
  return page;
}

test('superadmin → admin → student: organization, course, manual enrollment, activation', async ({
  page,
  browser,
}) => {
  await signInAs(page, 'grace.hopper@teamup.dev');
  await page.goto('/s/organizations/create');
  await page.getByLabel('Name').fill(ORG);
  await expect(page.getByLabel('Slug')).toHaveValue(/lakeside-institute-/);
  await page.getByRole('button', { name: 'Create organization' }).click();
  await expect(page).toHaveURL(/\/s\/organizations\/[0-9a-f-]{36}/);
  await expect(page.getByRole('heading', { name: ORG })).toBeVisible();

  await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN_EMAIL);
  await page.getByRole('button', { name: 'Appoint admin' }).click();
  await expect(page.getByText(ADMIN_EMAIL, { exact: true })).toBeVisible();
  await expect(page.getByText('Not signed in yet')).toBeVisible();

  // The appointed admin's first sign-in lands in the admin area.
  const admin = await signInWithEmail(browser, ADMIN_EMAIL, 'Lee Admin');
  await expect(admin).toHaveURL(/\/admin\/dashboard$/);
  await admin.goto('/admin/courses/create');
  await expect(admin.getByRole('textbox', { name: 'Organization' })).toHaveValue(ORG);
  await admin.getByLabel('Code').fill(COURSE_CODE);
  await admin.getByLabel('Title').fill(COURSE_TITLE);
  await admin.getByLabel('Term').fill('Spring 2027');
  await admin.getByRole('button', { name: 'Create course' }).click();
  await expect(admin).toHaveURL(/\/admin\/courses\/[0-9a-f-]{36}$/);

  // Issue 35: students are added on the course's Roster section.
  await admin.getByRole('link', { name: 'Roster', exact: true }).click();
  await admin.getByRole('button', { name: 'Add student' }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByLabel('Email').fill(STUDENT_EMAIL);
  await dialog.getByLabel('Full name').fill('Robin Student');
  await dialog.getByRole('button', { name: 'Add student' }).click();
  await expect(admin.getByText(/pending until (their )?first sign-in/i)).toBeVisible();

  // The student signs in, lands on My Enrollments with the course there, and is told about the
  // activation by a notice that stays until closed.
  const student = await signInWithEmail(browser, STUDENT_EMAIL, 'Robin Student');
  await expect(student).toHaveURL(/\/courses$/);
  const notice = student.getByRole('status', { name: /Enrollments? activated/ });
  await expect(notice).toBeVisible();
  await expect(notice.getByText(new RegExp(`${COURSE_TITLE} \\(${ORG}\\)`))).toBeVisible();
  const card = student.getByRole('link', { name: COURSE_TITLE });
  await expect(card).toBeVisible();
  // Longer than any toast lasts: the notice is still there.
  await student.waitForTimeout(11_000);
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Close notification' }).click();
  await expect(notice).toHaveCount(0);
  await expect(
    student
      .getByRole('navigation', { name: /main/i })
      .getByRole('link', { name: 'My Enrollments' }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(student.getByRole('main').getByText(`${ORG} · Spring 2027`)).toBeVisible();
  await expect(student.getByRole('main').getByText('Active', { exact: true })).toBeVisible();
  await student.screenshot({ path: test.info().outputPath('my-enrollments-desktop.png') });
  await student.setViewportSize({ width: 375, height: 812 });
  await expect(card).toBeVisible();
  await student.screenshot({ path: test.info().outputPath('my-enrollments-phone.png') });
});
