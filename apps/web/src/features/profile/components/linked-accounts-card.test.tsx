import type { LinkedIdentities, LoginResponse } from '@teamup/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { useAuthStore } from '@/lib/auth-store';
import { createAuthUser, createProfile, createToken } from '@/testing/data';
import { api, fail, ok } from '@/testing/handlers';
import { createLinkedIdentity } from '@/testing/identity-data';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

// Issue 34: the profile lists the LMS identities that open the account; an LMS-only account
// links itself to the person's Teamup account by signing in with it, here.

const MOODLE = createLinkedIdentity({
  platformName: 'Northfield Moodle',
  organizationName: 'Northfield University',
  lmsEmail: 'maya.chen@student.northfield.edu',
  source: 'VOUCHED_EMAIL',
});
const CANVAS = createLinkedIdentity({
  platformName: 'Riverside Canvas',
  organizationName: 'Riverside College',
  lmsEmail: 'mchen@gmail.com',
  source: 'PERSON',
});

function serveIdentities(first: LinkedIdentities) {
  let current = first;
  server.use(http.get(api('/profile/identities'), () => ok(current)));
  return (next: LinkedIdentities) => {
    current = next;
  };
}

async function openProfile(fullname = 'Maya Chen') {
  server.use(http.get(api('/auth/profile'), () => ok(createProfile({ fullname }))));
  const view = renderApp('/profile', { user: { fullname } });
  const card = await screen.findByRole('region', { name: 'Linked LMS accounts' });
  return { ...view, card };
}

describe('linked LMS accounts, for a Teamup account', () => {
  it('lists each identity: platform, organization, LMS email, how linked, since, last launch', async () => {
    serveIdentities({ lmsOnly: false, google: true, items: [MOODLE, CANVAS] });
    const { card } = await openProfile();
    const items = await within(card).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Northfield Moodle · Northfield University');
    expect(items[0]).toHaveTextContent('LMS email maya.chen@student.northfield.edu');
    expect(items[0]).toHaveTextContent("Linked by an email inside the organization's domains");
    expect(items[0]).toHaveTextContent(/Since .* ago · last launch .* ago/);
    expect(items[1]).toHaveTextContent('Riverside Canvas · Riverside College');
    expect(items[1]).toHaveTextContent('Linked by you');
    expect(within(card).getAllByRole('button', { name: /^Unlink / })).toHaveLength(2);
    expect(within(card).queryByRole('button', { name: 'Link to my Teamup account' })).toBeNull();
  });

  it('unlinks after a confirmation that says what the next launch does', async () => {
    const next = serveIdentities({ lmsOnly: false, google: true, items: [MOODLE, CANVAS] });
    const deleted: string[] = [];
    server.use(
      http.delete(api('/profile/identities/:id'), ({ params }) => {
        deleted.push(String(params.id));
        next({ lmsOnly: false, google: true, items: [MOODLE] });
        return ok(null);
      }),
    );
    const { card, user } = await openProfile();
    await user.click(await within(card).findByRole('button', { name: 'Unlink Riverside Canvas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlink this LMS account?' });
    expect(dialog).toHaveTextContent(
      'Riverside Canvas (Riverside College) will no longer open your Teamup account.',
    );
    expect(dialog).toHaveTextContent(
      'The next launch from that LMS starts a separate LMS-only account',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toEqual([]);

    await user.click(within(card).getByRole('button', { name: 'Unlink Riverside Canvas' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Unlink' }),
    );
    expect(
      await screen.findByText('Riverside Canvas no longer opens your Teamup account.'),
    ).toBeInTheDocument();
    expect(deleted).toEqual([CANVAS.id]);
    await waitFor(() => expect(within(card).getAllByRole('listitem')).toHaveLength(1));
  });

  it('says so when no LMS opens the account', async () => {
    serveIdentities({ lmsOnly: false, google: true, items: [] });
    const { card } = await openProfile();
    expect(await within(card).findByText('No LMS account opens this account.')).toBeInTheDocument();
    expect(within(card).queryByRole('button')).toBeNull();
  });
});

describe('linked LMS accounts, for an LMS-only account', () => {
  const LMS_ONLY: LinkedIdentities = {
    lmsOnly: true,
    google: false,
    items: [createLinkedIdentity({ lmsEmail: 'mchen@gmail.com', source: 'NEW' })],
  };

  it('explains, and links by signing in as the Teamup account: the session becomes it', async () => {
    const next = serveIdentities(LMS_ONLY);
    const teamup = createAuthUser({
      fullname: 'Maya Chen',
      email: 'maya.chen@student.northfield.edu',
    });
    const token = createToken({ sub: teamup.id });
    const sent: { body: unknown; authorization: string | null }[] = [];
    server.use(
      http.post(api('/profile/identities/link'), async ({ request }) => {
        sent.push({
          body: await request.json(),
          authorization: request.headers.get('authorization'),
        });
        next({
          lmsOnly: false,
          google: true,
          items: [{ ...LMS_ONLY.items[0]!, source: 'PERSON' }],
        });
        const answer: LoginResponse = { user: teamup, token, activatedEnrollments: [] };
        return ok(answer);
      }),
    );
    const { card, user, sessionUser } = await openProfile('Maya (LMS)');
    expect(card).toHaveTextContent(
      'You signed in from your LMS. To use your Teamup account here too, link it.',
    );
    // Nothing else opens an LMS-only account: it has no Unlink.
    expect(within(card).queryByRole('button', { name: /^Unlink/ })).toBeNull();

    await user.click(within(card).getByRole('button', { name: 'Link to my Teamup account' }));
    // The login page's development picker (the test server has Google off, devLogin on).
    await user.click(await within(card).findByRole('button', { name: 'Sign in as Maya Chen' }));

    expect(await screen.findByText('Linked. You are signed in as Maya Chen.')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        body: { credential: 'dev-credential:maya.chen@student.northfield.edu' },
        authorization: `Bearer ${sessionUser!.token}`,
      },
    ]);
    expect(useAuthStore.getState().user).toMatchObject({ id: teamup.id, token });
    // The page is the Teamup account's now: its identity can be unlinked.
    const linked = await screen.findByRole('region', { name: 'Linked LMS accounts' });
    expect(await within(linked).findByText('Linked by you')).toBeInTheDocument();
    expect(within(linked).getByRole('button', { name: /^Unlink / })).toBeInTheDocument();
  });

  it("shows the server's refusal in place and stays signed in as before", async () => {
    serveIdentities(LMS_ONLY);
    server.use(
      http.post(api('/profile/identities/link'), () =>
        fail(403, 'A superadmin account cannot be opened from an LMS', 'LINK_REFUSED'),
      ),
    );
    const { card, user, sessionUser } = await openProfile('Maya (LMS)');
    await user.click(within(card).getByRole('button', { name: 'Link to my Teamup account' }));
    await user.click(await within(card).findByRole('button', { name: 'Sign in as Sam Root' }));
    const alert = await within(card).findByRole('alert');
    expect(alert).toHaveTextContent('Could not link the accounts');
    expect(alert).toHaveTextContent('A superadmin account cannot be opened from an LMS');
    expect(useAuthStore.getState().user?.id).toBe(sessionUser!.id);
    expect(screen.queryByText(/You are signed in as/)).toBeNull();
  });

  it('shows a refused Google credential in place without ending the session', async () => {
    serveIdentities(LMS_ONLY);
    server.use(
      http.post(api('/profile/identities/link'), () =>
        fail(401, 'Invalid Google credential', 'INVALID_TOKEN'),
      ),
    );
    const { card, user, router, sessionUser } = await openProfile('Maya (LMS)');
    await user.click(within(card).getByRole('button', { name: 'Link to my Teamup account' }));
    await user.click(await within(card).findByRole('button', { name: 'Sign in as Maya Chen' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('Invalid Google credential');
    expect(useAuthStore.getState().user?.id).toBe(sessionUser!.id);
    expect(router.state.location.pathname).toBe('/profile');
  });
});
