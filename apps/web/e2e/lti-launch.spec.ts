import { mkdirSync } from 'node:fs';
import { expect, test, type Frame, type Page } from './test';
import { call, createCourseWithStudents, signedIn } from './fixtures';
import {
  checkEverywhere,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  SCHEMES,
  WIDTHS,
  waitForNetworkQuiet,
} from './page-checks';

// Issue 28, the LMS launch in a browser: the development LMS the server serves at /dev/lms (a
// small LTI 1.3 platform, registered by the demo seed with its CS301 linked to Teamup's) frames
// Teamup the way Moodle or Canvas does. An instructor's launch lands signed in on the course's
// admin page, a student's on the course page, inside the LMS page's iframe, at 1440 and 375 px:
// axe (which looks into the frame too), no sideways scroll, and a screenshot of each.

test.describe.configure({ timeout: 300_000 });

const SHOTS = '/tmp/shots/lti';
const COURSE = { code: 'CS301', title: 'Software Engineering Project' };
const LMS_COURSE = `${COURSE.code} · ${COURSE.title}`;

/** The LMS page's frame, once it shows `path` of the web app. */
async function frameAt(page: Page, path: RegExp): Promise<Frame> {
  await expect
    .poll(
      () => new URL(page.frame({ name: 'teamup' })?.url() || 'about:blank', 'http://x').pathname,
      {
        message: 'the launch lands in the frame',
        timeout: 30_000,
      },
    )
    .toMatch(path);
  return page.frame({ name: 'teamup' })!;
}

/** Opens the LMS and launches Teamup in its frame as `person` of CS301. */
async function launch(page: Page, person: string) {
  await page.goto('/dev/lms');
  await expect(page).toHaveTitle('Teamup development LMS');
  const course = page.getByRole('region', { name: LMS_COURSE });
  await course.getByRole('button', { name: `Launch as ${person}` }).click();
  await expect(page.getByRole('status')).toHaveText(new RegExp(`^Launched as ${person} \\(`));
}

async function checkAndShoot(page: Page, label: string, width: number) {
  await waitForNetworkQuiet(page);
  await expectNoSidewaysScroll(page, label);
  await expectNoAxeViolations(page, label);
  await page.screenshot({ path: `${SHOTS}/${label.replaceAll(' ', '-')}-${width}.png` });
}

test('launches from the development LMS land signed in on the right page, inside its frame', async ({
  browser,
  page,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  const admin = await signedIn(browser, 'alan.turing@northfield.edu');
  const courses = await call<{ items: { id: string; code: string }[] }>(
    admin,
    'get',
    '/courses?page=1&limit=100',
  );
  const courseId = courses.items.find((c) => c.code === COURSE.code)!.id;
  const app = page.frameLocator('iframe[name="teamup"]');

  for (const { width, height } of WIDTHS) {
    await test.step(`at ${width} px`, async () => {
      await page.setViewportSize({ width, height });
      await page.goto('/dev/lms');
      await checkAndShoot(page, 'lti lms page', width);

      // The instructor: the course's admin page, as its instructor.
      await launch(page, 'Barbara Liskov');
      const staffFrame = await frameAt(page, new RegExp(`^/admin/courses/${courseId}$`));
      await expect(
        app.getByRole('heading', { level: 1, name: new RegExp(COURSE.code) }),
      ).toBeVisible();
      await expect(app.getByRole('region', { name: 'What needs doing next' })).toBeVisible();
      // Signed in for real: the session is the app's own, stored as the app stores it.
      const stored = await staffFrame.evaluate(() => localStorage.getItem('auth-storage'));
      expect(JSON.parse(stored ?? '{}').state?.user?.email).toBe('barbara.liskov@northfield.edu');
      await checkAndShoot(page, 'lti instructor launch', width);

      // A student: the course page.
      await launch(page, 'Maya Chen');
      const studentFrame = await frameAt(page, new RegExp(`^/courses/${courseId}$`));
      await expect(
        app.getByRole('heading', { level: 1, name: new RegExp(COURSE.title) }),
      ).toBeVisible();
      const session = await studentFrame.evaluate(() => localStorage.getItem('auth-storage'));
      expect(JSON.parse(session ?? '{}').state?.user?.email).toBe(
        'maya.chen@student.northfield.edu',
      );
      await checkAndShoot(page, 'lti student launch', width);
    });
  }
});

test('without its login cookie, the launch proves its browser through the LMS page (platform storage)', async ({
  page,
}) => {
  // The cookie the tool set at login is gone when the LMS answers (as where a browser keeps no
  // cookie in a third-party frame): the tool's login state must come back from the LMS page,
  // by the LTI platform-storage messages it answers.
  await page.route('**/dev/lms/auth?**', async (route) => {
    await page.context().clearCookies({ name: /^lti_login_/ });
    await route.continue();
  });
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/lti/launch') {
      posts.push(r.postData() ?? '');
    }
  });
  const landed = page.waitForRequest((r) => new URL(r.url()).pathname === '/auth/lti');
  await launch(page, 'Noah Patel');
  expect(new URL((await landed).url()).searchParams.get('code')).toMatch(/^[\w-]{20,}$/);
  // The LMS's form, then the tool's own post with the value the LMS page kept.
  expect(posts).toHaveLength(2);
  expect(new URLSearchParams(posts[0]).has('lti_storage_binding')).toBe(false);
  expect(new URLSearchParams(posts[1]).get('lti_storage_binding')).toBeTruthy();
  expect(await page.context().cookies()).not.toContainEqual(
    expect.objectContaining({ name: expect.stringMatching(/^lti_login_/) }),
  );
});

// An organization admin links an LMS course to a course already in Teamup instead of the one
// its instructor's first launch made: the LMS page lists it, the link moves it, and the
// instructor's next launch lands in the chosen course.
test('an admin links an LMS course to an existing course; the next launch lands there', async ({
  browser,
  page,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  const admin = await signedIn(browser, 'alan.turing@northfield.edu');
  const stamp = Date.now().toString(36).slice(-5).toUpperCase();
  const chosen = await createCourseWithStudents(
    admin,
    { code: `DS${stamp}`, title: 'Distributed Systems (existing)' },
    [],
  );
  const { organizationId } = await call<{ organizationId: string }>(
    admin,
    'get',
    `/courses/${chosen.id}`,
  );

  // The instructor's first launch from CS410 makes a course for it (or finds the one it has).
  await page.goto('/dev/lms');
  await page
    .getByRole('region', { name: 'CS410 · Distributed Systems' })
    .getByRole('button', { name: 'Launch as Barbara Liskov' })
    .click();
  await frameAt(page, /^\/admin\/courses\/[0-9a-f-]{36}$/);

  const adminPage = admin.page;
  await adminPage.goto(`/admin/lms?organizationId=${organizationId}`);
  // The platform's Edit dialog (a deployment ID is added there), looked at and closed.
  await adminPage.getByRole('button', { name: 'Edit Teamup development LMS' }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Edit Teamup development LMS' });
  await expect(dialog.getByRole('textbox', { name: /Deployment IDs/ })).toBeVisible();
  await checkEverywhere(adminPage, SHOTS, 'lms platform edit', (file) =>
    adminPage.screenshot({ path: file }),
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  const card = adminPage.getByRole('region', { name: 'LMS courses' });
  const item = card.getByRole('article', { name: 'CS410 · Distributed Systems' });
  await expect(item).toBeVisible();
  await item.getByRole('button', { name: /to another course$/ }).click();
  await waitForNetworkQuiet(adminPage);
  await checkEverywhere(adminPage, SHOTS, 'lms courses card', async (file) => {
    await item.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await adminPage.screenshot({ path: file });
  });

  await item.getByRole('textbox', { name: 'Course in Teamup' }).fill(chosen.code);
  await adminPage
    .getByRole('option', { name: `${chosen.code} · Distributed Systems (existing)` })
    .click();
  await item.getByRole('button', { name: 'Link', exact: true }).click();
  await expect(
    adminPage.getByText(`CS410 · Distributed Systems now opens ${chosen.code}.`, { exact: false }),
  ).toBeVisible();
  await expect(
    item.getByRole('link', { name: `${chosen.code} · Distributed Systems (existing)` }),
  ).toBeVisible();

  // The instructor's next launch lands in the chosen course, as its instructor.
  await page.goto('/dev/lms');
  await page
    .getByRole('region', { name: 'CS410 · Distributed Systems' })
    .getByRole('button', { name: 'Launch as Barbara Liskov' })
    .click();
  await frameAt(page, new RegExp(`^/admin/courses/${chosen.id}$`));
  await expect(
    page
      .frameLocator('iframe[name="teamup"]')
      .getByRole('heading', { level: 1, name: new RegExp(chosen.code) }),
  ).toBeVisible();
});

// Decision 139: inside the LMS's frame a session that has ended lands on the login page, which
// says so and offers Teamup in a window of its own (Google's sign-in cannot work in the frame).
test('the login page inside the LMS frame says the session ended and offers a new window', async ({
  page,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.goto('/dev/lms');
  await page.evaluate(() => {
    // As the page's Launch does: the frame shown in place of its placeholder.
    document.getElementById('frame-empty')!.hidden = true;
    const frame = document.querySelector<HTMLIFrameElement>('iframe[name="teamup"]')!;
    frame.hidden = false;
    frame.src = '/auth/login';
  });
  const app = page.frameLocator('iframe[name="teamup"]');
  await expect(app.getByText('Signed out inside the LMS')).toBeVisible();
  const open = app.getByRole('link', { name: 'Open Teamup in a new window' });
  await expect(open).toHaveAttribute('target', '_blank');
  // The LMS page is not the app: the scheme in force is the frame's.
  const frame = page.frame({ name: 'teamup' })!;
  for (const colorScheme of SCHEMES) {
    await page.emulateMedia({ colorScheme });
    for (const { width, height } of WIDTHS) {
      await page.setViewportSize({ width, height });
      await expect
        .poll(() =>
          frame.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme')),
        )
        .toBe(colorScheme);
      const label = `lti framed login ${colorScheme}`;
      await expectNoSidewaysScroll(page, `${label} at ${width} px`);
      // Nor inside the frame.
      expect(
        await frame.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
        `sideways scroll in the frame, ${label} at ${width} px`,
      ).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page, `${label} at ${width} px`);
      await page.locator('iframe[name="teamup"]').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/${label.replaceAll(' ', '-')}-${width}.png` });
    }
  }
});
