import type { LtiLinkEvent } from '@teamup/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { api, ok } from '@/testing/handlers';
import { createLinkEvent } from '@/testing/identity-data';
import { createLtiToolConfig } from '@/testing/lti-data';
import {
  createOrganizationDetail,
  createOrganizationSummary,
  pageOf,
  paginate,
} from '@/testing/organizations-data';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

// Issue 34: the LMS page shows the organization's email domains (read-only) and every account
// link, unlink and refused link.

const ORG_ADMIN = { role: 'ORG_ADMIN' as const, fullname: 'Alan Turing' };
const NORTH = createOrganizationSummary({ name: 'Northfield University' });

function serve({ domains = ['northfield.edu'], events = [] as LtiLinkEvent[] } = {}) {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get(api('/organizations/admin/my'), () => ok(paginate([NORTH]))),
    http.get(api('/organizations/admin/my/:id'), ({ params }) =>
      ok(createOrganizationDetail({ ...NORTH, id: String(params.id), domains })),
    ),
    http.get(api('/admin/lti/tool'), () => ok(createLtiToolConfig())),
    http.get(api('/admin/lti/platforms'), () => ok({ items: [] })),
    http.get(api('/admin/lti/contexts'), () => ok({ items: [] })),
    http.get(api('/admin/lti/link-events'), ({ request }) => {
      asked.push(new URL(request.url).searchParams);
      const { page, limit } = pageOf(request.url);
      return ok(paginate(events, page, limit));
    }),
  );
  return asked;
}

const open = () => renderApp(`/admin/lms?organizationId=${NORTH.id}`, { user: ORG_ADMIN });

describe('the LMS page: domains and account links', () => {
  it('lists the link events in words: when, what, who, the LMS email, the platform, why', async () => {
    const asked = serve({
      events: [
        createLinkEvent({
          action: 'LTI_LINK_REFUSED',
          fullname: 'Grace Hopper',
          lmsEmail: 'grace.hopper@teamup.dev',
          platformName: 'Riverside Canvas',
          via: 'LAUNCH_EMAIL',
          reason: 'A launch never opens a superadmin account.',
        }),
        createLinkEvent({ action: 'LTI_IDENTITY_LINKED', via: 'PERSON' }),
        createLinkEvent({
          action: 'LTI_IDENTITY_UNLINKED',
          fullname: null,
          lmsEmail: null,
          platformName: null,
          via: 'SOMETHING_NEW',
        }),
        createLinkEvent({ action: 'LTI_IDENTITY_UNLINKED', via: 'PERSON' }),
        createLinkEvent({ action: 'LTI_IDENTITY_UNLINKED', via: 'GOOGLE_SIGN_IN' }),
      ],
    });
    open();
    const card = await screen.findByRole('region', { name: 'Account links' });
    const items = await within(card).findAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(items[0]).toHaveTextContent('Link refused');
    expect(items[0]).toHaveTextContent('By the email the LMS sent');
    expect(items[0]).toHaveTextContent('Grace Hopper');
    expect(items[0]).toHaveTextContent('grace.hopper@teamup.dev');
    expect(items[0]).toHaveTextContent('Riverside Canvas');
    expect(items[0]).toHaveTextContent('Why: A launch never opens a superadmin account.');
    expect(within(items[0]!).getByText(/2026/).closest('time')).toHaveAttribute(
      'datetime',
      '2026-11-20T14:00:00.000Z',
    );
    expect(items[1]).toHaveTextContent('Linked');
    expect(items[1]).toHaveTextContent('By the person, signed in on both sides');
    expect(items[1]).toHaveTextContent('Maya Chen');
    expect(items[1]).not.toHaveTextContent('Why:');
    expect(items[2]).toHaveTextContent('Unlinked');
    expect(items[2]).toHaveTextContent('No account');
    expect(items[2]).toHaveTextContent('None sent');
    expect(items[2]).toHaveTextContent('Removed platform');
    // A way the page does not know is left out, not shown as a code.
    expect(items[2]).not.toHaveTextContent('SOMETHING_NEW');
    expect(items[3]).toHaveTextContent('By the person, on their profile');
    expect(items[3]).not.toHaveTextContent('signed in on both sides');
    expect(items[4]).toHaveTextContent("At the person's first Google sign-in");
    expect(asked[0]?.get('organizationId')).toBe(NORTH.id);
  });

  it('pages through the events', async () => {
    const events = Array.from({ length: 12 }, (_, i) =>
      createLinkEvent({ fullname: `Student ${i + 1}` }),
    );
    const asked = serve({ events });
    const { user } = open();
    const card = await screen.findByRole('region', { name: 'Account links' });
    expect(await within(card).findAllByRole('listitem')).toHaveLength(10);
    expect(card).toHaveTextContent('1–10 of 12 events');
    await user.click(within(card).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(within(card).getAllByRole('listitem')).toHaveLength(2));
    expect(card).toHaveTextContent('Student 12');
    expect(asked.at(-1)?.get('page')).toBe('2');
    expect(asked.at(-1)?.get('limit')).toBe('10');
  });

  it('says when there are none yet', async () => {
    serve();
    open();
    const card = await screen.findByRole('region', { name: 'Account links' });
    expect(
      await within(card).findByText(
        'No account links yet. They appear here as people launch from the LMS.',
      ),
    ).toBeInTheDocument();
  });

  it("shows the organization's domains, set by a superadmin", async () => {
    serve({ domains: ['northfield.edu', 'student.northfield.edu'] });
    open();
    const card = await screen.findByRole('region', { name: 'Email domains' });
    expect(card).toHaveTextContent('Set by a Teamup superadmin.');
    expect(within(card).getByRole('list', { name: 'Domains' })).toHaveTextContent(
      'northfield.edustudent.northfield.edu',
    );
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  });

  it('warns that every launch gets a separate LMS-only account while there are no domains', async () => {
    serve({ domains: [] });
    open();
    const card = await screen.findByRole('region', { name: 'Email domains' });
    expect(within(card).getByRole('status', { name: 'No email domains yet' })).toHaveTextContent(
      'Every LMS launch gets a separate LMS-only account until a Teamup superadmin sets',
    );
  });
});
