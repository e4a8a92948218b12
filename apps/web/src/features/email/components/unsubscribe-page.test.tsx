import { NOTIFICATION_KIND_LABELS, type UnsubscribeBody } from '@teamup/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { createUnsubscribeInfo } from '@/testing/email-data';
import { api, fail, ok } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';
import { UNSUBSCRIBE_TEXTS } from './unsubscribe-page';

const TOKEN = 'tok-0123456789abcdef';
const LABEL = NOTIFICATION_KIND_LABELS.INVITATION_RECEIVED;

/** The unsubscribe endpoints, recording each call with its token. */
function serveUnsubscribe(info = createUnsubscribeInfo()) {
  const calls: { method: string; token: string | null; body?: UnsubscribeBody }[] = [];
  server.use(
    http.get(api('/email/unsubscribe'), ({ request }) => {
      calls.push({ method: 'GET', token: new URL(request.url).searchParams.get('token') });
      return ok(info);
    }),
    http.post(api('/email/unsubscribe'), async ({ request }) => {
      const body = (await request.json()) as UnsubscribeBody;
      calls.push({ method: 'POST', token: new URL(request.url).searchParams.get('token'), body });
      return ok({ ...info, ...(body.scope === 'ALL' ? { allOff: true } : { kindOff: true }) });
    }),
  );
  return calls;
}

const open = (token: string | null = TOKEN) =>
  renderApp(token === null ? '/email/unsubscribe' : `/email/unsubscribe?token=${token}`);

describe('unsubscribe page', () => {
  it('says what the link would stop, for which address, and changes nothing by itself', async () => {
    const calls = serveUnsubscribe();
    open();
    expect(
      await screen.findByRole('heading', { level: 1, name: `Stop emails about “${LABEL}”` }),
    ).toBeInTheDocument();
    expect(screen.getByText(/an address at student\.northfield\.edu/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: UNSUBSCRIBE_TEXTS.kindButton })).toBeEnabled();
    expect(screen.getByRole('button', { name: UNSUBSCRIBE_TEXTS.allButton })).toBeEnabled();
    expect(document.title).toBe(`Stop emails about “${LABEL}” · Unsubscribe · Teamup`);
    expect(calls).toEqual([{ method: 'GET', token: TOKEN }]);
  });

  it('unsubscribes from the kind, confirms it and links to the profile', async () => {
    const calls = serveUnsubscribe();
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: UNSUBSCRIBE_TEXTS.kindButton }));
    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent('You are unsubscribed');
    expect(done).toHaveTextContent(`You will get no more email about “${LABEL}”`);
    expect(within(done).getByRole('link', { name: /open your profile/ })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', token: TOKEN, body: { scope: 'KIND' } },
    ]);
    expect(screen.queryByRole('button', { name: UNSUBSCRIBE_TEXTS.kindButton })).toBeNull();
  });

  it('unsubscribes from every Teamup email', async () => {
    const calls = serveUnsubscribe();
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: UNSUBSCRIBE_TEXTS.allButton }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'You will get no more Teamup email',
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', token: TOKEN, body: { scope: 'ALL' } },
    ]);
  });

  it("names the daily digest for a digest's link", async () => {
    serveUnsubscribe(createUnsubscribeInfo({ kind: null, label: null }));
    open();
    expect(
      await screen.findByRole('heading', { level: 1, name: UNSUBSCRIBE_TEXTS.digestTitle }),
    ).toBeInTheDocument();
  });

  it('says when the emails are already off', async () => {
    serveUnsubscribe(createUnsubscribeInfo({ kindOff: true }));
    open();
    expect(await screen.findByText(/These emails are already off/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: UNSUBSCRIBE_TEXTS.kindButton })).toBeDisabled();
    expect(screen.getByRole('button', { name: UNSUBSCRIBE_TEXTS.allButton })).toBeEnabled();
  });

  it('explains an invalid or expired link, with a way to the profile', async () => {
    server.use(
      http.get(api('/email/unsubscribe'), () =>
        fail(400, 'The unsubscribe link is invalid or expired', 'INVALID_UNSUBSCRIBE_TOKEN'),
      ),
    );
    open();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(UNSUBSCRIBE_TEXTS.invalid);
    expect(within(alert).getByRole('link', { name: /open your profile/ })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(screen.queryByRole('button', { name: UNSUBSCRIBE_TEXTS.kindButton })).toBeNull();
  });

  it('says the same without asking the server when the link has no token', async () => {
    const calls = serveUnsubscribe();
    open(null);
    expect(await screen.findByRole('alert')).toHaveTextContent(UNSUBSCRIBE_TEXTS.invalid);
    expect(document.title).toBe('Unsubscribe · Teamup');
    expect(calls).toEqual([]);
  });

  it('shows the invalid-link message when the token is refused at the POST', async () => {
    serveUnsubscribe();
    server.use(
      http.post(api('/email/unsubscribe'), () =>
        fail(400, 'The unsubscribe link is invalid or expired', 'INVALID_UNSUBSCRIBE_TOKEN'),
      ),
    );
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: UNSUBSCRIBE_TEXTS.allButton }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(UNSUBSCRIBE_TEXTS.invalid),
    );
  });
});
