import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from './test';
import { signInAs } from './fixtures';

// Issue 10, the shell: every page's tab title per role, the login page on a phone, the dark
// scheme (system preference, remembered choice, no light flash) with axe in both schemes, the
// skip link, and My Teams highlighted on a team of mine. Screenshots at 1440 and 375 px in both
// schemes land in test-results/ for a person to look at.

const SUPERADMIN = 'grace.hopper@teamup.dev';
const ORG_ADMIN = 'alan.turing@northfield.edu';
const STUDENT = 'maya.chen@student.northfield.edu';

test.describe.configure({ timeout: 240_000 });

const SCHEMES = ['light', 'dark'] as const;
const WIDTHS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 375, height: 812 },
] as const;

async function signedInPage(browser: Browser, email: string) {
  const page = await (await browser.newContext()).newPage();
  const user = await signInAs(page, email);
  return { page, user };
}

/** GET on the API with the user's token, for the ids the pages need. */
async function apiData<T>(page: Page, token: string, path: string): Promise<T> {
  const res = await page.request.get(`/api/v1${path}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.ok(), `${path} answered ${res.status()}`).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

/** Opens each path and expects its tab title once the page has its data. */
async function expectTitles(page: Page, titles: [path: string, title: string][]) {
  for (const [path, title] of titles) {
    await test.step(`${path} is titled ${title}`, async () => {
      await page.goto(path);
      await expect(page, `tab title of ${path}`).toHaveTitle(title);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  }
}

async function expectNoAxeViolations(page: Page, label: string) {
  // Mantine's transitions (menus, notifications) must finish before axe looks at colors.
  await page.waitForTimeout(300);
  const results = await new AxeBuilder({ page }).analyze();
  expect
    .soft(
      results.violations.map(
        (v) =>
          `${v.id}: ${v.help} → ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary ?? ''})`).join(', ')}`,
      ),
      `axe on ${label}`,
    )
    .toEqual([]);
}

/**
 * /dashboard arrives prerendered (decision 100): its account button is markup until the app has
 * taken the page over, which replaces the prerendered shell.
 */
const appStarted = (page: Page) =>
  expect(page.locator('[data-prerendered-session]')).toHaveCount(0);

/**
 * A prerendered page's markup is replaced at the app's first commit; an element focused before it
 * (a Tab pressed early) is replaced with it, so keyboard tests start once React owns `#root`.
 */
const appOwnsRoot = (page: Page) =>
  expect
    .poll(() =>
      page.evaluate(() =>
        // An element React has rendered carries its fiber; the prerendered markup does not.
        Object.keys(document.querySelector('#root h1') ?? {}).some((key) =>
          key.startsWith('__reactFiber'),
        ),
      ),
    )
    .toBe(true);

const scheme = (page: Page) =>
  page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));

type StudentWorld = { courseId: string; courseCode: string; teamId: string; userId: string };

async function studentWorld(page: Page, token: string, userId: string): Promise<StudentWorld> {
  const mine = await apiData<{ teams: { id: string; name: string; courseId: string }[] }>(
    page,
    token,
    '/student/me/teams',
  );
  const team = mine.teams.find((t) => t.name === 'Byte Club');
  expect(team, 'the demo student leads or belongs to Byte Club').toBeTruthy();
  const courses = await apiData<{ items: { course: { id: string; code: string } }[] }>(
    page,
    token,
    '/student/my-courses?page=1&limit=100',
  );
  const course = courses.items.find((e) => e.course.id === team!.courseId)!.course;
  return { courseId: course.id, courseCode: course.code, teamId: team!.id, userId };
}

test('every page of a student has its tab title, and a team of mine is under My Teams', async ({
  browser,
}) => {
  const { page, user } = await signedInPage(browser, STUDENT);
  const w = await studentWorld(page, user.token, user.id);
  await expectTitles(page, [
    ['/dashboard', 'Dashboard · Teamup'],
    ['/courses', 'My Enrollments · Teamup'],
    [`/courses/${w.courseId}`, `${w.courseCode} · My Enrollments · Teamup`],
    ['/teams', 'All Teams · Teamup'],
    ['/teams/my', 'My Teams · Teamup'],
    [`/teams/${w.teamId}`, 'Team Byte Club · Teamup'],
    ['/community', 'Community · Teamup'],
    [`/community/${w.userId}`, 'Maya Chen · Community · Teamup'],
    ['/profile', 'My Profile · Teamup'],
    ['/teams/not-a-team', 'Page Not Found · Teamup'],
  ]);

  await page.goto(`/teams/${w.teamId}`);
  await expect(page).toHaveTitle('Team Byte Club · Teamup');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'My Teams' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'All Teams' })).not.toHaveAttribute('aria-current');

  // A team that is not mine stays under All Teams.
  const all = await apiData<{ items: { id: string; relation: string }[] }>(
    page,
    user.token,
    '/student/teams?page=1&limit=50',
  );
  const other = all.items.find((t) => t.relation !== 'LEADER' && t.relation !== 'MEMBER');
  if (other) {
    await page.goto(`/teams/${other.id}`);
    await expect(page).toHaveTitle(/^Team .+ · Teamup$/);
    await expect(nav.getByRole('link', { name: 'All Teams' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(nav.getByRole('link', { name: 'My Teams' })).not.toHaveAttribute('aria-current');
  }
});

test('every page of an organization admin and of a superadmin has its tab title', async ({
  browser,
}) => {
  const admin = await signedInPage(browser, ORG_ADMIN);
  const orgs = await apiData<{ items: { id: string; name: string }[] }>(
    admin.page,
    admin.user.token,
    '/organizations/admin/my?limit=1',
  );
  const courses = await apiData<{ items: { id: string; code: string }[] }>(
    admin.page,
    admin.user.token,
    '/courses?limit=1',
  );
  const org = orgs.items[0]!;
  const course = courses.items[0]!;
  await expectTitles(admin.page, [
    ['/admin/dashboard', 'Dashboard · Teamup'],
    ['/admin/organizations', 'Organizations · Teamup'],
    [`/admin/organizations/${org.id}`, `${org.name} · Organizations · Teamup`],
    ['/admin/students', 'Student Management · Teamup'],
    [`/admin/students/course/${course.id}`, `${course.code} · Student Management · Teamup`],
    ['/admin/courses', 'Course Management · Teamup'],
    ['/admin/courses/create', 'New course · Course Management · Teamup'],
    [`/admin/courses/${course.id}`, `${course.code} · Course Management · Teamup`],
    ['/admin/csv', 'Enroll Students · Teamup'],
    ['/community', 'Community · Teamup'],
    ['/profile', 'My Profile · Teamup'],
  ]);

  const su = await signedInPage(browser, SUPERADMIN);
  const all = await apiData<{ items: { id: string; name: string }[] }>(
    su.page,
    su.user.token,
    '/organizations/super/list?limit=1',
  );
  const superOrg = all.items[0]!;
  await expectTitles(su.page, [
    ['/s/dashboard', 'Dashboard · Teamup'],
    ['/s/health', 'System Analytics · Teamup'],
    ['/s/organizations', 'Organizations · Teamup'],
    ['/s/organizations/create', 'New organization · Organizations · Teamup'],
    [`/s/organizations/${superOrg.id}`, `${superOrg.name} · Organizations · Teamup`],
  ]);
});

test('the public pages have their tab titles', async ({ page }) => {
  await expectTitles(page, [
    ['/', 'Teamup'],
    ['/auth/login', 'Sign in · Teamup'],
    ['/auth/register', 'Create your account · Teamup'],
    ['/no/such/page', 'Page Not Found · Teamup'],
  ]);
});

test('the login page fits a 375 px phone, demo picker included, in both schemes', async ({
  page,
}) => {
  for (const colorScheme of SCHEMES) {
    await page.emulateMedia({ colorScheme });
    for (const { name, width, height } of WIDTHS) {
      await page.setViewportSize({ width, height });
      await page.goto('/auth/login');
      const buttons = page.getByRole('button', { name: /^Sign in as / });
      await expect(buttons.first()).toBeVisible();
      expect(await buttons.count()).toBeGreaterThan(5);
      expect(await scheme(page)).toBe(colorScheme);

      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `horizontal overflow at ${width} px`).toBeLessThanOrEqual(0);
      // Nothing in the picker is cut: every button and role badge shows its whole label.
      const cut = await page.evaluate(() => {
        const picker = [...document.querySelectorAll('li')].filter((li) =>
          li.querySelector('button[aria-label^="Sign in as "]'),
        );
        const clipped: string[] = [];
        for (const li of picker) {
          for (const el of li.querySelectorAll<HTMLElement>(
            'button, button *, .mantine-Badge-root, .mantine-Badge-label',
          )) {
            if (el.scrollWidth > el.clientWidth && el.clientWidth > 0) {
              clipped.push(`${el.className}: ${el.textContent ?? ''}`);
            }
          }
          const box = li.getBoundingClientRect();
          if (box.right > document.documentElement.clientWidth) {
            clipped.push(`row past the viewport: ${li.textContent ?? ''}`);
          }
        }
        return clipped;
      });
      expect(cut, `cut labels at ${width} px`).toEqual([]);
      await expectNoAxeViolations(page, `/auth/login at ${width} px, ${colorScheme}`);
      await page.screenshot({
        path: test.info().outputPath(`login-${name}-${colorScheme}.png`),
        fullPage: true,
      });
    }
  }
});

test('the dark scheme is there before the app script runs (no light flash)', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  // Without the app's bundle only index.html and public/color-scheme.js run.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/auth/login');
  expect(await scheme(page)).toBe('dark');
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).not.toBe('rgb(255, 255, 255)');
});

test('main pages pass axe in the light and the dark scheme', async ({ browser }) => {
  const student = await signedInPage(browser, STUDENT);
  const w = await studentWorld(student.page, student.user.token, student.user.id);
  const admin = await signedInPage(browser, ORG_ADMIN);
  const courses = await apiData<{ items: { id: string }[] }>(
    admin.page,
    admin.user.token,
    '/courses?limit=1',
  );
  const su = await signedInPage(browser, SUPERADMIN);
  const anonymous = await (await browser.newContext()).newPage();

  const pages: [Page, string][] = [
    [anonymous, '/'],
    [anonymous, '/auth/register'],
    [student.page, '/dashboard'],
    [student.page, '/courses'],
    [student.page, `/courses/${w.courseId}`],
    [student.page, '/teams'],
    [student.page, '/teams/my'],
    [student.page, `/teams/${w.teamId}`],
    [student.page, '/profile'],
    [admin.page, '/admin/courses'],
    [admin.page, `/admin/courses/${courses.items[0]!.id}`],
    [admin.page, '/admin/csv'],
    [su.page, '/s/health'],
    [su.page, '/s/organizations'],
  ];
  for (const colorScheme of SCHEMES) {
    for (const [page, path] of pages) {
      await test.step(`${path} in the ${colorScheme} scheme`, async () => {
        await page.emulateMedia({ colorScheme });
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('status', { name: /loading/i })).toHaveCount(0);
        expect(await scheme(page)).toBe(colorScheme);
        await expectNoAxeViolations(page, `${path} (${colorScheme})`);
      });
    }
  }

  // Screenshots of a busy page and the shell for a person to look at, both widths and schemes.
  for (const colorScheme of SCHEMES) {
    await student.page.emulateMedia({ colorScheme });
    for (const { name, width, height } of WIDTHS) {
      await student.page.setViewportSize({ width, height });
      for (const [label, path] of [
        ['team', `/teams/${w.teamId}`],
        ['dashboard', '/dashboard'],
      ] as const) {
        await student.page.goto(path);
        await expect(student.page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(student.page.getByRole('status', { name: /loading/i })).toHaveCount(0);
        await student.page.screenshot({
          path: test.info().outputPath(`${label}-${name}-${colorScheme}.png`),
          fullPage: true,
        });
      }
    }
  }
});

test('the scheme chosen in the profile menu is remembered across a reload', async ({ browser }) => {
  const { page } = await signedInPage(browser, STUDENT);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await appStarted(page);
  expect(await scheme(page)).toBe('light');

  const openMenu = async () => {
    await page.getByRole('button', { name: 'Account menu' }).click();
    return page.getByRole('menu');
  };
  let menu = await openMenu();
  await expect(menu.getByRole('menuitemradio', { name: 'Follow system' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  // The email wraps only where an address may break, never cut mid-word.
  await expect(menu.getByText(STUDENT)).toBeVisible();
  await expectNoAxeViolations(page, 'the open profile menu (light)');
  await menu.getByRole('menuitemradio', { name: 'Dark' }).click();
  await expect.poll(() => scheme(page)).toBe('dark');
  await expect(menu.getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expectNoAxeViolations(page, 'the open profile menu (dark)');
  await page.screenshot({ path: test.info().outputPath('profile-menu-dark.png') });

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await appStarted(page);
  expect(await scheme(page)).toBe('dark');
  menu = await openMenu();
  await expect(menu.getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute(
    'aria-checked',
    'true',
  );

  // Back to following the system: the scheme follows the emulated preference again.
  await menu.getByRole('menuitemradio', { name: 'Follow system' }).click();
  await expect.poll(() => scheme(page)).toBe('light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => scheme(page)).toBe('dark');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await appStarted(page);
  expect(await scheme(page)).toBe('dark');
});

test('"Skip to content" is the first Tab stop and moves focus to the main region', async ({
  browser,
}) => {
  const { page } = await signedInPage(browser, STUDENT);
  for (const path of ['/dashboard', '/teams/my']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await appStarted(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    // The next Tab stop is inside the page, past the header and the sidebar.
    await page.keyboard.press('Tab');
    const insideMain = await page.evaluate(
      () => document.querySelector('main')?.contains(document.activeElement) ?? false,
    );
    expect(insideMain, `Tab after the skip link stays in the main region on ${path}`).toBe(true);
  }

  const anonymous = await (await browser.newContext()).newPage();
  await anonymous.goto('/auth/login');
  await expect(anonymous.getByRole('heading', { level: 1 })).toBeVisible();
  await appOwnsRoot(anonymous);
  await anonymous.keyboard.press('Tab');
  await expect(anonymous.getByRole('link', { name: 'Skip to content' })).toBeFocused();
});
