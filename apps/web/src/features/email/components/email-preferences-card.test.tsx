import {
  EMAIL_DEFAULTS,
  EMAIL_MODE_LABELS,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  type EmailPreferences,
  type UpdateEmailPreferences,
} from '@teamup/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { deviceTimeZone } from '@/lib/time-zone';
import { applyEmailUpdate, createEmailPreferences } from '@/testing/email-data';
import { api, fail, ok } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';
import {
  EMAIL_DELIVERY_RESUMED,
  EMAIL_PREFERENCES_SAVED,
  EMAIL_TEXTS,
} from './email-preferences-card';

const DEVICE = deviceTimeZone() ?? 'UTC';
/** A zone that is not this machine's. */
const ELSEWHERE = DEVICE === 'Pacific/Auckland' ? 'America/Lima' : 'Pacific/Auckland';

/** The email endpoints over one stored preferences object, recording every write. */
function serveEmail(initial: EmailPreferences = createEmailPreferences()) {
  let stored = initial;
  const puts: UpdateEmailPreferences[] = [];
  const zones: string[] = [];
  server.use(
    http.get(api('/profile/email-preferences'), () => ok(stored)),
    http.put(api('/profile/email-preferences'), async ({ request }) => {
      const body = (await request.json()) as UpdateEmailPreferences;
      puts.push(body);
      stored = applyEmailUpdate(stored, body);
      return ok(stored);
    }),
    http.put(api('/profile/time-zone'), async ({ request }) => {
      const { timeZone } = (await request.json()) as { timeZone: string };
      zones.push(timeZone);
      stored = { ...stored, timeZone, timeZoneIsMine: true };
      return ok(stored);
    }),
  );
  return { puts, zones };
}

async function openCard() {
  const view = renderApp('/profile', { user: { role: 'STUDENT' } });
  const card = await screen.findByRole('region', { name: 'Email' });
  await within(card).findByRole('switch', { name: 'All Teamup emails' });
  return { ...view, card };
}

const select = (card: HTMLElement, kind: keyof typeof NOTIFICATION_KIND_LABELS) =>
  within(card).getByRole('combobox', { name: NOTIFICATION_KIND_LABELS[kind] });

describe('email preferences card', () => {
  it('shows every kind with its mode, the default marked, and the digest time', async () => {
    serveEmail(createEmailPreferences({}, { NOTICE_PINNED: 'OFF' }));
    const { card } = await openCard();
    expect(within(card).getAllByRole('combobox')).toHaveLength(NOTIFICATION_KINDS.length);
    expect(select(card, 'NOTICE_PINNED')).toHaveValue('OFF');
    expect(select(card, 'INVITATION_RECEIVED')).toHaveValue(EMAIL_DEFAULTS.INVITATION_RECEIVED);
    const options = within(select(card, 'INVITATION_RECEIVED')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      `${EMAIL_MODE_LABELS.IMMEDIATE} (default)`,
      EMAIL_MODE_LABELS.DIGEST,
      EMAIL_MODE_LABELS.OFF,
    ]);
    expect(within(card).getByRole('switch', { name: 'All Teamup emails' })).toBeChecked();
    expect(within(card).getByText(/^Daily digest at 08:00 in/)).toHaveTextContent(DEVICE);
    // This device's zone is the one kept: nothing to offer, no warning.
    expect(within(card).queryByRole('button', { name: /time zone/ })).toBeNull();
    expect(within(card).queryByText(EMAIL_TEXTS.undeliverable)).toBeNull();
    expect(within(card).queryByText(EMAIL_TEXTS.disabled)).toBeNull();
    expect(within(card).getByRole('button', { name: 'Save email settings' })).toBeDisabled();
  });

  it("shows a student only a student's kinds, grouped, and keeps the others' modes (issue 35)", async () => {
    const { puts } = serveEmail(
      createEmailPreferences({ audiences: ['STUDENT', 'EVERYONE'] }, { CSV_UPLOAD_FAILED: 'OFF' }),
    );
    const { card, user } = await openCard();
    const groups = within(card).getAllByRole('group');
    expect(groups.map((g) => g.querySelector('legend')?.textContent)).toEqual([
      'Your teams',
      'Invitations and requests',
      'Your courses and surveys',
      'Your account',
    ]);
    expect(
      within(card).queryByRole('combobox', { name: NOTIFICATION_KIND_LABELS.CSV_UPLOAD_FINISHED }),
    ).toBeNull();
    expect(within(card).getAllByRole('combobox')).toHaveLength(NOTIFICATION_KINDS.length - 2);
    expect(
      within(within(card).getByRole('group', { name: 'Invitations and requests' })).getByRole(
        'combobox',
        { name: NOTIFICATION_KIND_LABELS.JOIN_REQUEST_RECEIVED },
      ),
    ).toBeInTheDocument();
    await user.selectOptions(select(card, 'NOTICE_PINNED'), 'OFF');
    await user.click(within(card).getByRole('button', { name: 'Save email settings' }));
    expect(await screen.findByText(EMAIL_PREFERENCES_SAVED.title)).toBeInTheDocument();
    expect(puts).toHaveLength(1);
    expect(puts[0]).toEqual({ modes: [{ kind: 'NOTICE_PINNED', mode: 'OFF' }] });
  });

  it('shows course staff the roster uploads and their account only', async () => {
    serveEmail(createEmailPreferences({ audiences: ['COURSE_STAFF', 'EVERYONE'] }));
    const { card } = await openCard();
    const groups = within(card).getAllByRole('group');
    expect(groups.map((g) => g.querySelector('legend')?.textContent)).toEqual([
      'Courses you teach or run',
      'Your account',
    ]);
    expect(within(card).getAllByRole('combobox')).toHaveLength(4);
    expect(select(card, 'CSV_UPLOAD_FINISHED')).toBeInTheDocument();
  });

  it('saves only the kinds changed, in the server order, and says so', async () => {
    const { puts } = serveEmail();
    const { card, user } = await openCard();
    await user.selectOptions(select(card, 'TEAM_DISBANDED'), 'OFF');
    await user.selectOptions(select(card, 'INVITATION_RECEIVED'), 'DIGEST');
    await user.click(within(card).getByRole('button', { name: 'Save email settings' }));
    expect(await screen.findByText(EMAIL_PREFERENCES_SAVED.title)).toBeInTheDocument();
    expect(puts).toEqual([
      {
        modes: [
          { kind: 'INVITATION_RECEIVED', mode: 'DIGEST' },
          { kind: 'TEAM_DISBANDED', mode: 'OFF' },
        ],
      },
    ]);
    await waitFor(() =>
      expect(within(card).getByRole('button', { name: 'Save email settings' })).toBeDisabled(),
    );
    expect(select(card, 'TEAM_DISBANDED')).toHaveValue('OFF');
  });

  it('turns every email off with one switch, the kinds kept but disabled', async () => {
    const { puts } = serveEmail();
    const { card, user } = await openCard();
    await user.click(within(card).getByRole('switch', { name: 'All Teamup emails' }));
    expect(select(card, 'INVITATION_RECEIVED')).toBeDisabled();
    await user.click(within(card).getByRole('button', { name: 'Save email settings' }));
    expect(await screen.findByText(EMAIL_PREFERENCES_SAVED.title)).toBeInTheDocument();
    expect(puts).toEqual([{ allOff: true }]);
    expect(within(card).getByRole('switch', { name: 'All Teamup emails' })).not.toBeChecked();
    expect(within(card).getByText(EMAIL_TEXTS.allOff)).toBeInTheDocument();
  });

  it('undoes unsaved changes and keeps them when saving fails', async () => {
    serveEmail();
    server.use(
      http.put(api('/profile/email-preferences'), () =>
        fail(500, 'Database unavailable', 'INTERNAL_ERROR'),
      ),
    );
    const { card, user } = await openCard();
    await user.selectOptions(select(card, 'NOTICE_PINNED'), 'IMMEDIATE');
    await user.click(within(card).getByRole('button', { name: 'Save email settings' }));
    expect(await screen.findByText('Could not save')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    expect(select(card, 'NOTICE_PINNED')).toHaveValue('IMMEDIATE');
    await user.click(within(card).getByRole('button', { name: 'Undo changes' }));
    expect(select(card, 'NOTICE_PINNED')).toHaveValue(EMAIL_DEFAULTS.NOTICE_PINNED);
  });

  it("reports this device's zone once when the kept one is a default, without a word", async () => {
    const { zones } = serveEmail(
      createEmailPreferences({ timeZone: ELSEWHERE, timeZoneIsMine: false }),
    );
    const { card } = await openCard();
    await waitFor(() => expect(zones).toEqual([DEVICE]));
    await waitFor(() =>
      expect(within(card).getByText(/^Daily digest at 08:00 in/)).toHaveTextContent(
        `Daily digest at 08:00 in ${DEVICE}`,
      ),
    );
    expect(within(card).queryByRole('button', { name: /time zone/ })).toBeNull();
    expect(screen.queryByText('Time zone saved')).toBeNull();
    expect(zones).toHaveLength(1);
  });

  it("offers this device's zone when the kept one is another, and uses it on request", async () => {
    const { zones } = serveEmail(
      createEmailPreferences({ timeZone: ELSEWHERE, timeZoneIsMine: true }),
    );
    const { card, user } = await openCard();
    expect(within(card).getByText(/^Daily digest at 08:00 in/)).toHaveTextContent(ELSEWHERE);
    // The zone is the user's own: nothing is sent until they ask.
    expect(zones).toEqual([]);
    await user.click(
      within(card).getByRole('button', { name: `Use this device's time zone (${DEVICE})` }),
    );
    expect(await screen.findByText('Time zone saved')).toBeInTheDocument();
    expect(zones).toEqual([DEVICE]);
    await waitFor(() =>
      expect(within(card).queryByRole('button', { name: /time zone/ })).toBeNull(),
    );
  });

  it('warns when the address refused mail and when the server sends none', async () => {
    serveEmail(createEmailPreferences({ undeliverable: true, emailEnabled: false }));
    const { card } = await openCard();
    expect(within(card).getByRole('alert')).toHaveTextContent(EMAIL_TEXTS.undeliverable);
    expect(within(card).getByText(EMAIL_TEXTS.disabled)).toBeInTheDocument();
  });

  it('resumes delivery when the user says their mailbox works again', async () => {
    const { puts } = serveEmail(createEmailPreferences({ undeliverable: true }));
    const { card, user } = await openCard();
    await user.click(within(card).getByRole('button', { name: 'My mailbox works again' }));
    expect(await screen.findByText(EMAIL_DELIVERY_RESUMED.title)).toBeInTheDocument();
    expect(puts).toEqual([{ resumeDelivery: true }]);
    await waitFor(() => expect(within(card).queryByText(EMAIL_TEXTS.undeliverable)).toBeNull());
  });

  it('shows an error with a working retry when the preferences cannot be loaded', async () => {
    let failing = true;
    server.use(
      http.get(api('/profile/email-preferences'), () =>
        failing
          ? fail(500, 'Database unavailable', 'INTERNAL_ERROR')
          : ok(createEmailPreferences()),
      ),
    );
    const { user } = renderApp('/profile', { user: { role: 'ORG_ADMIN' } });
    const card = await screen.findByRole('region', { name: 'Email' });
    const alert = await within(card).findByRole('alert');
    expect(alert).toHaveTextContent('Could not load email preferences');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(card).findAllByRole('combobox')).toHaveLength(NOTIFICATION_KINDS.length);
  });
});
