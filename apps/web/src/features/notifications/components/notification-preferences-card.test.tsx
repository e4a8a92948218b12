import { NOTIFICATION_KINDS, NOTIFICATION_KIND_LABELS } from '@teamup/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { api, fail, ok } from '@/testing/handlers';
import { createNotificationPreferences } from '@/testing/notifications-data';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';
import { PREFERENCES_SAVED } from './notification-preferences-card';

async function openCard() {
  const view = renderApp('/profile', { user: { role: 'STUDENT' } });
  const card = await screen.findByRole('region', { name: 'Notifications' });
  return { ...view, card };
}

describe('notification preferences card', () => {
  it('lists every kind with its label and a switch, muted kinds off', async () => {
    server.use(
      http.get(api('/notifications/preferences'), () =>
        ok(createNotificationPreferences(['DEADLINE_SOON'])),
      ),
    );
    const { card } = await openCard();
    const switches = await within(card).findAllByRole('switch');
    expect(switches).toHaveLength(NOTIFICATION_KINDS.length);
    for (const kind of NOTIFICATION_KINDS) {
      const toggle = within(card).getByRole('switch', { name: NOTIFICATION_KIND_LABELS[kind] });
      if (kind === 'DEADLINE_SOON') expect(toggle).not.toBeChecked();
      else expect(toggle).toBeChecked();
    }
    expect(within(card).getByRole('button', { name: 'Save preferences' })).toBeDisabled();
  });

  it("shows each person the kinds of their roles, grouped, and keeps a hidden kind's mute (issue 35)", async () => {
    let sent: unknown;
    server.use(
      http.get(api('/notifications/preferences'), () =>
        ok(createNotificationPreferences(['SURVEY_OPENED'], ['COURSE_STAFF', 'EVERYONE'])),
      ),
      http.put(api('/notifications/preferences'), async ({ request }) => {
        sent = await request.json();
        return ok(
          createNotificationPreferences((sent as { muted: string[] }).muted, [
            'COURSE_STAFF',
            'EVERYONE',
          ]),
        );
      }),
    );
    const { card, user } = await openCard();
    await within(card).findAllByRole('switch');
    const groups = within(card).getAllByRole('group');
    expect(groups.map((g) => g.querySelector('legend')?.textContent)).toEqual([
      'Courses you teach or run',
      'Your account',
    ]);
    expect(within(card).getAllByRole('switch')).toHaveLength(4);
    expect(
      within(card).queryByRole('switch', { name: NOTIFICATION_KIND_LABELS.SURVEY_OPENED }),
    ).toBeNull();
    await user.click(
      within(card).getByRole('switch', { name: NOTIFICATION_KIND_LABELS.CSV_UPLOAD_FINISHED }),
    );
    await user.click(within(card).getByRole('button', { name: 'Save preferences' }));
    expect(await screen.findByText(PREFERENCES_SAVED.title)).toBeInTheDocument();
    // The mute of a kind this person is not shown goes back as it was.
    expect(sent).toEqual({ muted: ['CSV_UPLOAD_FINISHED', 'SURVEY_OPENED'] });
  });

  it("a student sees a student's groups, never the CSV upload kinds", async () => {
    server.use(
      http.get(api('/notifications/preferences'), () =>
        ok(createNotificationPreferences([], ['STUDENT', 'EVERYONE'])),
      ),
    );
    const { card } = await openCard();
    await within(card).findAllByRole('switch');
    expect(
      within(card)
        .getAllByRole('group')
        .map((g) => g.querySelector('legend')?.textContent),
    ).toEqual([
      'Your teams',
      'Invitations and requests',
      'Your courses and surveys',
      'Your account',
    ]);
    expect(
      within(card).queryByRole('switch', { name: NOTIFICATION_KIND_LABELS.CSV_UPLOAD_FAILED }),
    ).toBeNull();
    expect(within(card).getAllByRole('switch')).toHaveLength(NOTIFICATION_KINDS.length - 2);
  });

  it('saves the muted kinds and says so', async () => {
    let sent: unknown;
    server.use(
      http.put(api('/notifications/preferences'), async ({ request }) => {
        sent = await request.json();
        const { muted } = sent as { muted: string[] };
        return ok(createNotificationPreferences(muted));
      }),
    );
    const { card, user } = await openCard();
    await user.click(
      await within(card).findByRole('switch', { name: NOTIFICATION_KIND_LABELS.NOTICE_PINNED }),
    );
    await user.click(
      within(card).getByRole('switch', { name: NOTIFICATION_KIND_LABELS.JOIN_REQUEST_RECEIVED }),
    );
    await user.click(within(card).getByRole('button', { name: 'Save preferences' }));
    expect(await screen.findByText(PREFERENCES_SAVED.title)).toBeInTheDocument();
    expect(sent).toEqual({ muted: ['JOIN_REQUEST_RECEIVED', 'NOTICE_PINNED'] });
    await waitFor(() =>
      expect(within(card).getByRole('button', { name: 'Save preferences' })).toBeDisabled(),
    );
    expect(
      within(card).getByRole('switch', { name: NOTIFICATION_KIND_LABELS.NOTICE_PINNED }),
    ).not.toBeChecked();
  });

  it('tells when saving failed and keeps the choice', async () => {
    server.use(
      http.put(api('/notifications/preferences'), () =>
        fail(500, 'Database unavailable', 'INTERNAL_ERROR'),
      ),
    );
    const { card, user } = await openCard();
    const toggle = await within(card).findByRole('switch', {
      name: NOTIFICATION_KIND_LABELS.DEADLINE_SOON,
    });
    await user.click(toggle);
    await user.click(within(card).getByRole('button', { name: 'Save preferences' }));
    expect(await screen.findByText('Could not save')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
    expect(within(card).getByRole('button', { name: 'Save preferences' })).toBeEnabled();
  });

  it('shows an error with a working retry when the preferences cannot be loaded', async () => {
    let failing = true;
    server.use(
      http.get(api('/notifications/preferences'), () =>
        failing
          ? fail(500, 'Database unavailable', 'INTERNAL_ERROR')
          : ok(createNotificationPreferences()),
      ),
    );
    const { card, user } = await openCard();
    const alert = await within(card).findByRole('alert');
    expect(alert).toHaveTextContent('Could not load notification preferences');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(card).findAllByRole('switch')).toHaveLength(NOTIFICATION_KINDS.length);
  });
});
