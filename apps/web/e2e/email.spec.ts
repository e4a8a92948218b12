import { expect, test, type Page } from './test';
import { call, enrollInSeededCourse, signedIn, type Signed } from './fixtures';
import {
  colorSchemeOf,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  SCHEMES,
  WIDTHS,
  waitForNetworkQuiet,
} from './page-checks';

// Issue 26 (decision 133), the web side of email end to end: the Email card on /profile (modes,
// every email off, the digest's time zone from this browser), the development mailbox showing an
// invitation within seconds, the unsubscribe page its link opens, and "Remind students without a
// team" on the admin course page. Each page at 1440 and 375 px, light and dark: axe, no sideways
// scroll, a screenshot in the test's output.

test.describe.configure({ timeout: 240_000 });
// The zone this browser reports: the digest should follow it.
const DEVICE_ZONE = 'Europe/Paris';
test.use({ timezoneId: DEVICE_ZONE });

const run = Date.now().toString(36);
const NORTHFIELD_ADMIN = 'alan.turing@northfield.edu';
const RIVERSIDE_ADMIN = 'ada.lovelace@riverside.edu';
const IVY = { email: `ivy.mail.${run}@student.northfield.edu`, name: `Ivy Mail ${run}` };
const LEO = { email: `leo.mail.${run}@student.northfield.edu`, name: `Leo Mail ${run}` };
const PAT = { email: `pat.mail.${run}@student.northfield.edu`, name: `Pat Mail ${run}` };
const RIA = { email: `ria.mail.${run}@student.riverside.edu`, name: `Ria Mail ${run}` };
const TEAM = `Mailers ${run}`;
const INVITED_LABEL = 'I am invited to a team';

/** The unsubscribe token of the invitation Ivy got, found by the mailbox test. */
let ivyToken: string | undefined;

const notice = (page: Page, text: string | RegExp) =>
  expect(
    page.locator('.mantine-Notification-root').filter({ hasText: text }).first(),
  ).toBeVisible();

/**
 * Opens the page afresh at each width and scheme (`open` navigates and waits for what the data
 * shows), then checks the scheme, sideways scroll and axe, and keeps a screenshot.
 */
async function everyLook(
  page: Page,
  name: string,
  open: (page: Page) => Promise<void>,
  {
    fullPage = true,
    beforeAxe,
  }: { fullPage?: boolean; beforeAxe?: (page: Page) => Promise<void> } = {},
) {
  for (const colorScheme of SCHEMES) {
    await page.emulateMedia({ colorScheme });
    for (const { width, height } of WIDTHS) {
      const label = `${name} at ${width} px, ${colorScheme}`;
      await test.step(label, async () => {
        await page.setViewportSize({ width, height });
        await open(page);
        await waitForNetworkQuiet(page);
        expect(await colorSchemeOf(page)).toBe(colorScheme);
        await expectNoSidewaysScroll(page, label);
        await page.screenshot({
          path: test.info().outputPath(`${name}-${width}-${colorScheme}.png`),
          fullPage,
        });
        await beforeAxe?.(page);
        await expectNoAxeViolations(page, label);
      });
    }
  }
}

type Prefs = {
  kinds: { kind: string; mode: string }[];
  allOff: boolean;
  timeZone: string;
  timeZoneIsMine: boolean;
};
const prefsOf = (who: Signed) => call<Prefs>(who, 'get', '/profile/email-preferences');
const modeOf = (prefs: Prefs, kind: string) => prefs.kinds.find((k) => k.kind === kind)?.mode;

/** A PUT as `who` (the fixture's `call` has no PUT). */
async function put(who: Signed, path: string, data: unknown) {
  const res = await who.page.request.put(`/api/v1${path}`, {
    headers: { Authorization: `Bearer ${who.token}` },
    data,
  });
  expect(res.ok(), `PUT ${path} answered ${res.status()}`).toBe(true);
}

test('the Email card on /profile: modes, all emails off and the digest time zone', async ({
  browser,
}) => {
  const pat = await signedIn(browser, PAT.email, PAT.name);
  const page = pat.page;
  const card = page.getByRole('region', { name: 'Email' });
  const zoneLine = card.getByText(/^Daily digest at 08:00 in/);

  // Signed in through the API, Pat's zone is nobody's yet: the card reports this browser's.
  const reported = page.waitForRequest(
    (r) => r.method() === 'PUT' && r.url().endsWith('/api/v1/profile/time-zone'),
  );
  await page.goto('/profile');
  expect((await reported).postDataJSON()).toEqual({ timeZone: DEVICE_ZONE });
  await expect(zoneLine).toHaveText(`Daily digest at 08:00 in ${DEVICE_ZONE}`);
  await expect(card.getByRole('button', { name: /time zone/ })).toHaveCount(0);
  expect((await prefsOf(pat)).timeZoneIsMine).toBe(true);

  // Kept in another zone (another device): the card offers this one and uses it on request.
  await put(pat, '/profile/time-zone', { timeZone: 'America/Lima' });
  await page.reload();
  await expect(zoneLine).toHaveText('Daily digest at 08:00 in America/Lima');
  await card.getByRole('button', { name: `Use this device's time zone (${DEVICE_ZONE})` }).click();
  await notice(page, 'Time zone saved');
  await expect(zoneLine).toHaveText(`Daily digest at 08:00 in ${DEVICE_ZONE}`);
  expect((await prefsOf(pat)).timeZone).toBe(DEVICE_ZONE);

  // A mode per kind, the default marked; saved and kept across a reload.
  const invited = card.getByRole('combobox', { name: INVITED_LABEL });
  await expect(invited).toHaveValue('IMMEDIATE');
  await expect(invited.locator('option[value="IMMEDIATE"]')).toHaveText('Immediately (default)');
  await invited.selectOption('DIGEST');
  await card.getByRole('button', { name: 'Save email settings' }).click();
  await notice(page, 'Email settings saved');
  expect(modeOf(await prefsOf(pat), 'INVITATION_RECEIVED')).toBe('DIGEST');
  await page.reload();
  await expect(invited).toHaveValue('DIGEST');

  // Every email off with one switch; the kinds keep their choice.
  const all = card.getByRole('switch', { name: 'All Teamup emails' });
  await expect(all).toBeChecked();
  await all.click({ force: true });
  await expect(invited).toBeDisabled();
  await card.getByRole('button', { name: 'Save email settings' }).click();
  await notice(page, 'Email settings saved');
  await page.reload();
  await expect(all).not.toBeChecked();
  await expect(invited).toHaveValue('DIGEST');
  expect((await prefsOf(pat)).allOff).toBe(true);

  await everyLook(page, 'profile-email', async (p) => {
    await p.goto('/profile');
    await expect(card.getByRole('switch', { name: 'All Teamup emails' })).toBeVisible();
  });
});

// The unsubscribe test opens the link the mailbox test found: one after the other.
test.describe('an invitation email and its unsubscribe link', () => {
  test.describe.configure({ mode: 'serial' });

  test('the development mailbox shows an invitation within seconds, HTML sandboxed', async ({
    browser,
    page,
  }) => {
    const admin = await signedIn(browser, NORTHFIELD_ADMIN);
    const courseId = await enrollInSeededCourse(admin, 'CS301', [IVY, LEO]);
    const ivy = await signedIn(browser, IVY.email, IVY.name);
    const leo = await signedIn(browser, LEO.email, LEO.name);
    const team = await call<{ id: string }>(leo, 'post', `/student/courses/${courseId}/teams`, {
      name: TEAM,
      maxSize: 3,
    });

    // From the login page's development sign-in, signed out.
    await page.goto('/auth/login');
    await page.getByRole('link', { name: 'Development mailbox' }).click();
    await expect(page).toHaveURL(/\/dev\/mail$/);
    await expect(page).toHaveTitle('Development mailbox · Teamup');
    await page.getByRole('searchbox', { name: 'To' }).fill(IVY.email);
    await expect(page).toHaveURL(new RegExp(`\\?to=${encodeURIComponent(IVY.email)}`));
    await expect(page.getByText(`No mail to ${IVY.email} yet.`)).toBeVisible();

    // Leo invites Ivy; the page shows the email without a reload.
    await call(leo, 'post', `/student/teams/${team.id}/invite`, { userId: ivy.id });
    const list = page.getByRole('list', { name: 'Messages' });
    const item = list.getByRole('button', { name: new RegExp(TEAM) }).first();
    await expect(item).toBeVisible({ timeout: 20_000 });
    await expect(item).toContainText(`To ${IVY.email}`);
    await item.click();

    const message = page.getByRole('region', { name: 'Message' });
    const frame = message.locator('iframe');
    // No script, no form; links open a new tab.
    await expect(frame).toHaveAttribute('sandbox', 'allow-popups allow-popups-to-escape-sandbox');
    // (The email's hidden preview line says it too: the first visible mention.)
    await expect(
      frame.contentFrame().getByText(new RegExp(TEAM)).filter({ visible: true }).first(),
    ).toBeVisible();
    // The email's button opens the invitation (Ivy's invitations, after signing in).
    const [opened] = await Promise.all([
      page.waitForEvent('popup'),
      frame.contentFrame().getByRole('link', { name: 'Open the invitation' }).click(),
    ]);
    await expect(opened).toHaveURL(/\/teams\/my|\/auth\/login/);
    expect(decodeURIComponent(opened.url())).toContain('/teams/my');
    await opened.close();

    // The one-click unsubscribe a mail client sends (RFC 8058), no session: the kind is off.
    await message.getByRole('button', { name: 'One-click unsubscribe' }).click();
    await expect(message.getByRole('status')).toHaveText('You will get no more of these emails');
    expect(modeOf(await prefsOf(ivy), 'INVITATION_RECEIVED')).toBe('OFF');
    // Back on, for the unsubscribe page's test.
    await call(ivy, 'put', '/profile/email-preferences', {
      modes: [{ kind: 'INVITATION_RECEIVED', mode: 'IMMEDIATE' }],
    });
    await message.getByRole('tab', { name: 'Text' }).click();
    await expect(message.getByText(new RegExp(TEAM)).first()).toBeVisible();
    await message.getByRole('tab', { name: 'Headers' }).click();
    await expect(
      message
        .getByRole('row', { name: /list-unsubscribe-post/i })
        .getByText('List-Unsubscribe=One-Click'),
    ).toBeVisible();

    // The link the email carries, for the next test.
    const summaries = await (
      await page.request.get(`/api/v1/dev/mail?to=${encodeURIComponent(IVY.email)}`)
    ).json();
    const [newest] = (summaries as { data: { id: string; subject: string }[] }).data;
    const mail = (await (await page.request.get(`/api/v1/dev/mail/${newest!.id}`)).json()) as {
      data: { headers: Record<string, string> };
    };
    const header = Object.entries(mail.data.headers).find(
      ([name]) => name.toLowerCase() === 'list-unsubscribe',
    )?.[1];
    ivyToken = /[?&]token=([^&>\s]+)/.exec(header ?? '')?.[1];
    expect(ivyToken, `List-Unsubscribe: ${header}`).toBeTruthy();
    ivyToken = decodeURIComponent(ivyToken!);

    // The screenshot shows the HTML; axe reads the page with the Text tab open: the email's own
    // markup is the templates' (tested on the server), and axe cannot run inside a frame that
    // runs no script.
    await everyLook(
      page,
      'dev-mail',
      async (p) => {
        await p.goto(`/dev/mail?to=${encodeURIComponent(IVY.email)}`);
        await expect(message.getByRole('heading', { level: 2 })).toBeVisible();
        await expect(
          frame.contentFrame().getByText(new RegExp(TEAM)).filter({ visible: true }).first(),
        ).toBeVisible();
      },
      {
        beforeAxe: async () => {
          await message.getByRole('tab', { name: 'Text' }).click();
          await expect(message.locator('iframe')).toHaveCount(0);
        },
      },
    );
  });

  test('the unsubscribe page: says what it stops, changes nothing until asked', async ({
    browser,
    page,
  }) => {
    expect(ivyToken, 'the mailbox test found the link').toBeTruthy();
    const ivy = await signedIn(browser, IVY.email, IVY.name);
    const url = `/email/unsubscribe?token=${encodeURIComponent(ivyToken!)}`;
    const title = `Stop emails about “${INVITED_LABEL}”`;

    await everyLook(page, 'unsubscribe', async (p) => {
      await p.goto(url);
      await expect(p.getByRole('heading', { level: 1, name: title })).toBeVisible();
    });
    await expect(page).toHaveTitle(`${title} · Unsubscribe · Teamup`);
    await expect(page.getByText(/an address at student\.northfield\.edu/)).toBeVisible();
    // Every GET above changed nothing.
    expect(modeOf(await prefsOf(ivy), 'INVITATION_RECEIVED')).toBe('IMMEDIATE');

    await page.getByRole('button', { name: 'Unsubscribe from these emails' }).click();
    const done = page.getByRole('status').filter({ hasText: 'You are unsubscribed' });
    await expect(done).toContainText(`You will get no more email about “${INVITED_LABEL}”`);
    await expect(done.getByRole('link', { name: /open your profile/ })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(modeOf(await prefsOf(ivy), 'INVITATION_RECEIVED')).toBe('OFF');
    expect((await prefsOf(ivy)).allOff).toBe(false);
    await expectNoAxeViolations(page, 'the unsubscribe confirmation');
    await page.screenshot({ path: test.info().outputPath('unsubscribe-done.png'), fullPage: true });

    // The same link again: every Teamup email.
    await page.goto(url);
    await expect(page.getByText(/These emails are already off/)).toBeVisible();
    await page.getByRole('button', { name: 'Unsubscribe from all Teamup emails' }).click();
    await expect(page.getByRole('status')).toContainText('You will get no more Teamup email');
    expect((await prefsOf(ivy)).allOff).toBe(true);

    // A forged or expired link.
    await page.goto('/email/unsubscribe?token=not-a-real-token-at-all');
    await expect(page.getByRole('alert')).toContainText(
      'This unsubscribe link is invalid or has expired. Sign in and choose your email settings on your profile.',
    );
    await expectNoAxeViolations(page, 'an invalid unsubscribe link');
    await page.screenshot({
      path: test.info().outputPath('unsubscribe-invalid.png'),
      fullPage: true,
    });
  });
});

test('remind students without a team: preview, send once, then wait', async ({ browser }) => {
  const admin = await signedIn(browser, RIVERSIDE_ADMIN);
  // A student of ENG305 sure to have no team (no other spec reminds this course).
  const courseId = await enrollInSeededCourse(admin, 'ENG305', [RIA]);
  await signedIn(browser, RIA.email, RIA.name);
  const page = admin.page;
  const coursePath = `/admin/courses/${courseId}/roster`;
  const button = page.getByRole('button', { name: 'Remind students without a team' });
  const dialog = page.getByRole('dialog', { name: 'Remind students without a team' });

  // Issue 35: the page's first load reads the preview once (the button is not offered when
  // nobody is left to remind); the dialog reads it afresh.
  const previews: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/reminders/teamless')) previews.push(r.method());
  });
  await page.goto(coursePath);
  await expect(button).toBeEnabled();
  await waitForNetworkQuiet(page);
  expect(previews).toEqual(['GET']);

  const openDialog = async (p: Page) => {
    await p.goto(coursePath);
    await button.click();
    await expect(dialog.getByText(/^\d+ students? without a team$/)).toBeVisible();
  };
  // A dialog over the page: the viewport, as the user sees it.
  await everyLook(page, 'teamless-reminder', openDialog, { fullPage: false });
  await expect(dialog.getByText(RIA.email)).toBeVisible();
  await expect(dialog.getByText('No reminder has been sent for this course yet.')).toBeVisible();
  const { subject } = await call<{ subject: string }>(
    admin,
    'get',
    `/admin/courses/${courseId}/reminders/teamless`,
  );
  await expect(dialog.getByText(subject, { exact: true })).toBeVisible();

  await dialog.getByRole('button', { name: 'Send reminder' }).click();
  await notice(page, /Reminder sent to \d+ students?\./);
  await expect(dialog).toHaveCount(0);

  // Sent: Ria's email is in the development mailbox.
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/v1/dev/mail?to=${encodeURIComponent(RIA.email)}`);
        return ((await res.json()) as { data: { subject: string }[] }).data.map((m) => m.subject);
      },
      { timeout: 20_000 },
    )
    .toContain(subject);

  // Within 24 h: the dialog says when, and the button waits; the API refuses too.
  await button.click();
  await expect(dialog.getByText(/^You can send the next reminder at /)).toBeVisible();
  await expect(dialog.getByText(/^Last sent /)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Send reminder' })).toBeDisabled();
  await expectNoAxeViolations(page, 'the reminder dialog, too soon');
  await page.screenshot({ path: test.info().outputPath('teamless-reminder-too-soon.png') });
  const again = await page.request.post(`/api/v1/admin/courses/${courseId}/reminders/teamless`, {
    headers: { Authorization: `Bearer ${admin.token}` },
  });
  expect(again.status()).toBe(409);
  expect(((await again.json()) as { code: string }).code).toBe('REMINDER_TOO_SOON');
});
