import { mkdirSync } from 'node:fs';
import { expect, test } from './test';
import { call, signedIn, type Signed } from './fixtures';
import { checkEverywhere, waitForNetworkQuiet } from './page-checks';

// Issue 28, course staff on the web: the demo's organization admin appoints a new address as a
// teaching assistant of a seeded course on its page; that person signs in, finds the course under
// "Courses I teach", opens its admin page and roster, and has no course settings to change. Each
// page at 1440 and 375 px, light and dark: axe, no sideways scroll, a screenshot.

test.describe.configure({ timeout: 300_000 });

const SHOTS = '/tmp/shots/course-staff';
const run = Date.now().toString(36);
const NORTHFIELD_ADMIN = 'alan.turing@northfield.edu';
// A seeded course with a roster that no other spec changes.
const COURSE = { code: 'CS210', title: 'Data Structures Lab' };
const TA = { email: `ta.${run}@student.northfield.edu`, name: `Tara Assistant ${run}` };

type StaffMember = { id: string; email: string | null; status: string };

test('an admin appoints a teaching assistant, who then runs the course without its settings', async ({
  browser,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  const admin: Signed = await signedIn(browser, NORTHFIELD_ADMIN);
  const courses = await call<{ items: { id: string; code: string }[] }>(
    admin,
    'get',
    '/courses?page=1&limit=100',
  );
  const courseId = courses.items.find((c) => c.code === COURSE.code)!.id;

  // The admin appoints the address on the course page; it waits for its first sign-in.
  const adminPage = admin.page;
  await adminPage.goto(`/admin/courses/${courseId}/staff`);
  const staff = adminPage.getByRole('region', { name: 'Staff', exact: true });
  await staff.getByRole('textbox', { name: 'Email' }).fill(TA.email);
  await expect(staff.getByRole('combobox', { name: 'Role' })).toHaveValue('TEACHING_ASSISTANT');
  await staff.getByRole('button', { name: 'Appoint' }).click();
  await expect(adminPage.getByText('Staff appointed')).toBeVisible();
  const row = staff.getByRole('listitem').filter({ hasText: TA.email });
  await expect(row.getByText('Pending', { exact: true })).toBeVisible();
  await expect(row.getByText('Teaching assistant')).toBeVisible();
  await waitForNetworkQuiet(adminPage);
  // The section in the middle of the screen, clear of the fixed header.
  await checkEverywhere(adminPage, SHOTS, 'admin staff section', async (file) => {
    await staff.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await adminPage.screenshot({ path: file });
  });

  // The assistant signs in: "Courses I teach" is in their menu (a student's, otherwise).
  const ta = await signedIn(browser, TA.email, TA.name);
  const page = ta.page;
  await page.goto('/dashboard');
  await expect(
    page
      .getByRole('region', { name: 'Courses you teach' })
      .getByRole('link', { name: `${COURSE.code} · ${COURSE.title}` }),
  ).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link', { name: 'Courses I teach' }).click();
  await expect(page).toHaveURL(/\/teaching$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Courses I teach' })).toBeVisible();
  await expect(page).toHaveTitle('Courses I teach · Teamup');
  const card = page.getByRole('article', { name: COURSE.title });
  await expect(card.getByText('Teaching assistant')).toBeVisible();
  await expect(card.getByText(COURSE.code, { exact: true })).toBeVisible();
  await waitForNetworkQuiet(page);
  await checkEverywhere(page, SHOTS, 'courses I teach', (file) =>
    page.screenshot({ path: file, fullPage: true }),
  );

  // The course's admin page: its tools and staff, no settings to edit, archive or restore.
  await card.getByRole('link', { name: COURSE.title }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/courses/${courseId}$`));
  await expect(
    page.getByRole('heading', { level: 1, name: new RegExp(COURSE.code) }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Course details' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit course' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Archive course|Restore course/ })).toHaveCount(0);
  // Issue 35: the staff list is the Staff section's.
  await page.goto(`/admin/courses/${courseId}/staff`);
  const ownStaff = page.getByRole('region', { name: 'Staff', exact: true });
  await expect(ownStaff.getByText(TA.name)).toBeVisible();
  await expect(ownStaff.getByText('Pending', { exact: true })).toHaveCount(0);
  await expect(ownStaff.getByRole('button', { name: 'Appoint' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Courses I teach' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await waitForNetworkQuiet(page);
  await checkEverywhere(page, SHOTS, 'course page of a TA', (file) =>
    page.screenshot({ path: file }),
  );

  // The roster of the course (its Roster section, issue 35).
  await page.goto(`/admin/courses/${courseId}/roster`);
  await page
    .getByRole('region', { name: 'Enrollments' })
    .getByRole('link', { name: 'Students' })
    .click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Students of ${COURSE.code}` }),
  ).toBeVisible();
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  await waitForNetworkQuiet(page);
  await checkEverywhere(page, SHOTS, 'roster of a TA', (file) => page.screenshot({ path: file }));

  // The organization's pages stay the admins': the assistant is sent to their own dashboard.
  await page.goto('/admin/courses');
  await expect(page).toHaveURL(/\/dashboard$/);

  // The appointment is this test's own: removed afterwards.
  const { items } = await call<{ items: StaffMember[] }>(
    admin,
    'get',
    `/admin/courses/${courseId}/staff`,
  );
  const appointed = items.find((m) => m.email === TA.email)!;
  expect(appointed.status).toBe('ACTIVE');
  await call(admin, 'delete', `/admin/courses/${courseId}/staff/${appointed.id}`);
});
