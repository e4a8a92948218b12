import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from './test';
import { call, signedIn, type Signed } from './fixtures';
import { colorSchemeOf, expectNoAxeViolations, waitForNetworkQuiet } from './page-checks';

// Issue 35 (items 1 and 4, decision 145): the course admin page in sections, each its own URL.
// Walked as an instructor and a teaching assistant who are no organization admins (appointed
// here by email, as the LMS or an admin makes them) and as the organization's admin, on the demo
// course with a survey, answers and teams (CS301), at 1440 px light and 390 px dark. In each
// section: no API answer of 4xx or 5xx (the Teams section answered 404 to staff), no error
// state, no sideways scroll, its first action within two screens, its tab title, axe clean, a
// screenshot. One sign-in per role; the page goes from section to section by its tabs on a
// desktop and by its menu on a phone.

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const SHOTS = '/tmp/shots/workspace';
const run = Date.now().toString(36);
const ADMIN = 'alan.turing@northfield.edu';
const CODE = 'CS301';
const INSTRUCTOR = { email: `inst.${run}@student.northfield.edu`, name: `Ines Instructor ${run}` };
const TA = { email: `ta.${run}@student.northfield.edu`, name: `Tomas Assistant ${run}` };

const SECTIONS = [
  { label: 'Overview', path: '' },
  { label: 'Roster', path: '/roster' },
  { label: 'Survey', path: '/survey' },
  { label: 'Placement', path: '/placement' },
  { label: 'Teams', path: '/teams' },
  { label: 'Health & history', path: '/health' },
  { label: 'Staff', path: '/staff' },
  { label: 'LMS', path: '/lms' },
] as const;

const VIEWS = [
  { name: 'desktop', width: 1440, height: 900, scheme: 'light' },
  { name: 'phone', width: 390, height: 844, scheme: 'dark' },
] as const;

type View = (typeof VIEWS)[number];
type StaffMember = { id: string; email: string | null };

async function openSection(page: Page, label: string, view: View) {
  if (view.name === 'desktop') {
    await page
      .getByRole('navigation', { name: 'Course sections' })
      .getByRole('link', { name: label, exact: true })
      .click();
  } else {
    // On a phone, the menu naming the current section.
    await page.getByRole('textbox', { name: 'Section', exact: true }).click();
    await page.getByRole('option', { name: label, exact: true }).click();
  }
}

/** Every section at every view as `who`; `area` is the tab title's last part before the app. */
async function walk(who: Signed, role: string, courseId: string, area: string) {
  const page = who.page;
  const refused: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/') && response.status() >= 400) {
      refused.push(`${response.status()} ${response.request().method()} ${url.pathname}`);
    }
  });
  await page.setViewportSize({ width: VIEWS[0].width, height: VIEWS[0].height });
  await page.goto(`/admin/courses/${courseId}`);
  await expect(
    page.getByRole('heading', { level: 1, name: new RegExp(`^${CODE} · `) }),
  ).toBeVisible();
  for (const view of VIEWS) {
    await page.emulateMedia({ colorScheme: view.scheme });
    await page.setViewportSize({ width: view.width, height: view.height });
    for (const section of SECTIONS) {
      const where = `${role}: ${section.label} at ${view.width} px, ${view.scheme}`;
      await test.step(where, async () => {
        await openSection(page, section.label, view);
        await expect(page).toHaveURL(new RegExp(`/admin/courses/${courseId}${section.path}$`));
        await expect(page).toHaveTitle(
          section.path
            ? `${section.label} · ${CODE} · ${area} · Teamup`
            : `${CODE} · ${area} · Teamup`,
        );
        await waitForNetworkQuiet(page, 300);
        await expect(page.locator('[data-course-section]')).toBeVisible();
        await expect(page.getByText(/Could not load/)).toHaveCount(0);
        expect(await colorSchemeOf(page)).toBe(view.scheme);
        const measured = await page.evaluate(() => {
          const root = document.querySelector('[data-course-section]')!;
          const first = [
            ...root.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea'),
          ].find((el) => el.getClientRects().length > 0 && el.getAttribute('type') !== 'hidden');
          return {
            scrollWidth: document.scrollingElement!.scrollWidth,
            innerWidth: window.innerWidth,
            innerHeight: window.innerHeight,
            firstTop: first ? first.getBoundingClientRect().top + window.scrollY : null,
            first: first
              ? `${first.tagName} "${(first.textContent ?? '').trim().slice(0, 40)}"`
              : '',
            bottom: root.getBoundingClientRect().bottom + window.scrollY,
          };
        });
        expect
          .soft(measured.scrollWidth, `sideways scroll on ${where}`)
          .toBeLessThanOrEqual(measured.innerWidth);
        // A section with nothing to do (the staff list of a non-admin) is short itself.
        expect
          .soft(
            measured.firstTop ?? measured.bottom,
            `${measured.first ? `first action (${measured.first})` : 'the section (no action)'} on ${where}`,
          )
          .toBeLessThanOrEqual(2 * measured.innerHeight);
        // The survey's editor and answers are the same for every role and take axe 20 s on
        // a loaded machine: checked as the admin, at both views.
        if (section.path !== '/survey' || role === 'admin')
          await expectNoAxeViolations(page, where);
        const slug = section.path.slice(1) || 'overview';
        await page.screenshot({
          path: `${SHOTS}/${role}-${slug}-${view.name}-${view.scheme}.png`,
        });
      });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  expect(refused, `API refusals met by the ${role}`).toEqual([]);
}

let admin: Signed;
let courseId: string;

test.beforeAll(async ({ browser }) => {
  mkdirSync(SHOTS, { recursive: true });
  admin = await signedIn(browser, ADMIN);
  const courses = await call<{ items: { id: string; code: string }[] }>(
    admin,
    'get',
    '/courses?page=1&limit=100',
  );
  courseId = courses.items.find((c) => c.code === CODE)!.id;
  // Staff by appointment: no organization admins, signed in with a student's global role.
  for (const [person, role] of [
    [INSTRUCTOR, 'INSTRUCTOR'],
    [TA, 'TEACHING_ASSISTANT'],
  ] as const) {
    await call(admin, 'post', `/admin/courses/${courseId}/staff`, { email: person.email, role });
  }
});

test.afterAll(async () => {
  // The appointments are this spec's own.
  const { items } = await call<{ items: StaffMember[] }>(
    admin,
    'get',
    `/admin/courses/${courseId}/staff`,
  );
  for (const member of items.filter((m) => m.email === INSTRUCTOR.email || m.email === TA.email)) {
    await call(admin, 'delete', `/admin/courses/${courseId}/staff/${member.id}`);
  }
});

test('every section as the course instructor, who is no organization admin', async ({
  browser,
}) => {
  const instructor = await signedIn(browser, INSTRUCTOR.email, INSTRUCTOR.name);
  await walk(instructor, 'instructor', courseId, 'Courses I teach');
});

test('every section as the course TA, who is no organization admin', async ({ browser }) => {
  const ta = await signedIn(browser, TA.email, TA.name);
  await walk(ta, 'ta', courseId, 'Courses I teach');
});

test("every section as the course organization's admin", async () => {
  await walk(admin, 'admin', courseId, 'Course Management');
});
