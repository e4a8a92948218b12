import type { DevMailSummary } from '@teamup/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { createDevMail, createDevMailSummary } from '@/testing/email-data';
import { api, fail, ok } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';
import { DEV_MAIL_REFRESH_MS } from '../api/get-dev-mail';
import { DEV_MAILBOX_OFF } from './dev-mailbox-page';

const INVITATION = createDevMailSummary({
  to: 'sam.okafor@student.northfield.edu',
  subject: 'Maya Chen invited you to Byte Club',
});
const REQUEST = createDevMailSummary({
  to: 'maya.chen@student.northfield.edu',
  subject: 'Sam Okafor asked to join Byte Club',
});

/** The mailbox over a list the test can grow, recording each list query's `to`. */
function serveMailbox(initial: DevMailSummary[]) {
  let mail = initial;
  const queries: (string | null)[] = [];
  server.use(
    http.get(api('/dev/mail'), ({ request }) => {
      const to = new URL(request.url).searchParams.get('to');
      queries.push(to);
      return ok(mail.filter((m) => !to || m.to === to));
    }),
    http.get(api('/dev/mail/:id'), ({ params }) => {
      const found = mail.find((m) => m.id === params.id);
      return found
        ? ok(createDevMail({ ...found, html: `<p>Hello from ${found.subject}</p>` }))
        : fail(404, 'No such message', 'NOT_FOUND');
    }),
  );
  return {
    queries,
    deliver: (m: DevMailSummary) => {
      mail = [m, ...mail];
    },
  };
}

describe('development mailbox', () => {
  it('lists the mail newest first and opens the newest, its HTML sandboxed', async () => {
    serveMailbox([INVITATION, REQUEST]);
    renderApp('/dev/mail');
    const list = await screen.findByRole('list', { name: 'Messages' });
    const items = within(list).getAllByRole('button');
    expect(items.map((b) => b.textContent)).toEqual([
      expect.stringContaining(INVITATION.subject),
      expect.stringContaining(REQUEST.subject),
    ]);
    expect(items[0]).toHaveTextContent(`To ${INVITATION.to}`);
    expect(items[0]).toHaveAttribute('aria-current', 'true');
    const message = screen.getByRole('region', { name: 'Message' });
    expect(
      await within(message).findByRole('heading', { level: 2, name: INVITATION.subject }),
    ).toBeInTheDocument();
    const frame = within(message).getByTitle(`HTML of “${INVITATION.subject}”`);
    expect(frame.tagName).toBe('IFRAME');
    // No script, no form; the email's links open a new tab.
    expect(frame).toHaveAttribute('sandbox', 'allow-popups allow-popups-to-escape-sandbox');
    expect(frame.getAttribute('srcdoc')).toBe(
      `<base target="_blank"><p>Hello from ${INVITATION.subject}</p>`,
    );
    expect(document.title).toBe('Development mailbox · Teamup');
  });

  it('shows the text and the headers of the message picked', async () => {
    serveMailbox([INVITATION, REQUEST]);
    const { user } = renderApp('/dev/mail');
    const list = await screen.findByRole('list', { name: 'Messages' });
    await user.click(within(list).getByRole('button', { name: new RegExp(REQUEST.subject) }));
    const message = screen.getByRole('region', { name: 'Message' });
    expect(
      await within(message).findByRole('heading', { level: 2, name: REQUEST.subject }),
    ).toBeInTheDocument();

    await user.click(within(message).getByRole('tab', { name: 'Text' }));
    expect(within(message).getByText(/Open Teamup to answer:/)).toBeInTheDocument();
    expect(within(message).queryByTitle(/^HTML of/)).toBeNull();

    await user.click(within(message).getByRole('tab', { name: 'Headers' }));
    const headers = within(message).getByRole('table', { name: 'Headers' });
    const row = within(headers).getByRole('row', { name: /list-unsubscribe-post/ });
    expect(row).toHaveTextContent('List-Unsubscribe=One-Click');
  });

  it('filters by recipient', async () => {
    const { queries } = serveMailbox([INVITATION, REQUEST]);
    const { user, router } = renderApp('/dev/mail');
    await screen.findByRole('list', { name: 'Messages' });
    await user.type(screen.getByRole('searchbox', { name: 'To' }), REQUEST.to);
    await waitFor(() => expect(router.state.location.search).toEqual({ to: REQUEST.to }));
    const list = await screen.findByRole('list', { name: 'Messages' });
    await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(1));
    expect(within(list).getByRole('button')).toHaveTextContent(REQUEST.subject);
    expect(queries).toContain(REQUEST.to);
  });

  it('shows new mail within seconds', async () => {
    const { deliver } = serveMailbox([REQUEST]);
    renderApp('/dev/mail');
    const list = await screen.findByRole('list', { name: 'Messages' });
    deliver(INVITATION);
    expect(
      await within(list).findByRole(
        'button',
        { name: new RegExp(INVITATION.subject) },
        { timeout: DEV_MAIL_REFRESH_MS + 3000 },
      ),
    ).toBeInTheDocument();
  });

  it('says so when the mailbox is off on this server', async () => {
    let asked = 0;
    server.use(
      http.get(api('/dev/mail'), () => {
        asked += 1;
        return fail(404, 'There is no such API route', 'NOT_FOUND');
      }),
    );
    renderApp('/dev/mail');
    expect(await screen.findByText(DEV_MAILBOX_OFF)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Messages' })).toBeNull();
    expect(asked).toBe(1);
  });

  it('says when there is no mail yet', async () => {
    serveMailbox([]);
    renderApp('/dev/mail');
    expect(await screen.findByText('No mail yet.')).toBeInTheDocument();
    expect(screen.getByText('Pick a message to read it.')).toBeInTheDocument();
  });
});
