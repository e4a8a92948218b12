import type { OrganizationDetail, OrganizationDomainsBody } from '@teamup/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { api, fail, heldResponse, ok } from '@/testing/handlers';
import { createOrganizationDetail, paginate } from '@/testing/organizations-data';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

// Issue 34: an organization owns email domains; a superadmin sets them on its page, its admins
// read them on theirs.

const SUPERADMIN = { role: 'SUPERADMIN' as const, fullname: 'Grace Hopper' };
const ORG_ADMIN = { role: 'ORG_ADMIN' as const, fullname: 'Alan Turing' };

/** One organization whose domains PUT keeps; returns the bodies it was sent. */
function serve(overrides: Partial<OrganizationDetail> = {}, answer?: () => Promise<Response>) {
  let org = createOrganizationDetail({ domains: ['northfield.edu'], ...overrides });
  const sent: OrganizationDomainsBody[] = [];
  server.use(
    http.get(api(`/organizations/super/${org.id}`), () => ok(org)),
    http.get(api(`/organizations/admin/my/${org.id}`), () => ok(org)),
    http.get(api(`/courses/organization/${org.id}/courses`), () => ok(paginate([]))),
    http.put(api(`/organizations/super/${org.id}/domains`), async ({ request }) => {
      const body = (await request.json()) as OrganizationDomainsBody;
      sent.push(body);
      if (answer) return answer();
      org = { ...org, domains: body.domains };
      return ok({ organizationId: org.id, domains: org.domains });
    }),
  );
  return { org, sent };
}

async function openAsSuperadmin(org: OrganizationDetail) {
  const view = renderApp(`/s/organizations/${org.id}`, { user: SUPERADMIN });
  const card = await screen.findByRole('region', { name: 'Email domains' });
  return { ...view, card };
}

const domainsOf = (card: HTMLElement) =>
  within(within(card).getByRole('list', { name: 'Domains' }))
    .getAllByRole('listitem')
    .map((li) => within(li).getByText(/\./).textContent);

describe("an organization's email domains", () => {
  it('adds and removes domains, then saves the whole list once, with a toast', async () => {
    const { org, sent } = serve();
    const { card, user } = await openAsSuperadmin(org);
    expect(card).toHaveTextContent('vouch for emails inside these domains only');
    expect(card).toHaveTextContent('separate LMS-only account');
    const save = within(card).getByRole('button', { name: 'Save domains' });
    // Nothing changed yet: nothing to save.
    expect(save).toBeDisabled();

    const input = within(card).getByRole('textbox', { name: 'Add a domain' });
    await user.type(input, '  Student.Northfield.EDU ');
    await user.click(within(card).getByRole('button', { name: 'Add' }));
    expect(input).toHaveValue('');
    // Enter adds too.
    await user.type(input, 'cs.northfield.edu{Enter}');
    expect(domainsOf(card)).toEqual([
      'northfield.edu',
      'student.northfield.edu',
      'cs.northfield.edu',
    ]);
    await user.click(within(card).getByRole('button', { name: 'Remove cs.northfield.edu' }));
    expect(domainsOf(card)).toEqual(['northfield.edu', 'student.northfield.edu']);
    expect(sent).toEqual([]);

    await user.click(save);
    expect(
      await screen.findByText(
        "Northfield University's LMS platforms vouch for emails in northfield.edu, student.northfield.edu.",
      ),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ domains: ['northfield.edu', 'student.northfield.edu'] }]);
    await waitFor(() => expect(save).toBeDisabled());
  });

  it('checks a domain with the shared rule before adding it, and each domain once', async () => {
    const { org, sent } = serve();
    const { card, user } = await openAsSuperadmin(org);
    const input = within(card).getByRole('textbox', { name: 'Add a domain' });
    await user.type(input, 'https://northfield.edu');
    await user.click(within(card).getByRole('button', { name: 'Add' }));
    expect(input).toHaveAccessibleDescription(
      expect.stringContaining('Enter a domain such as northfield.edu (no @, no https://)'),
    );
    await user.clear(input);
    await user.type(input, 'maya@northfield.edu{Enter}');
    expect(input).toHaveAccessibleDescription(expect.stringContaining('no @'));
    await user.clear(input);
    await user.type(input, 'NORTHFIELD.edu{Enter}');
    expect(input).toHaveAccessibleDescription(
      expect.stringContaining('northfield.edu is in the list already'),
    );
    expect(domainsOf(card)).toEqual(['northfield.edu']);
    expect(within(card).getByRole('button', { name: 'Save domains' })).toBeDisabled();
    expect(sent).toEqual([]);
  });

  it("shows the server's field error on its domain and a taken domain in place", async () => {
    let answer = () =>
      Promise.resolve(
        fail(400, 'Invalid request', 'VALIDATION_ERROR', [
          { path: 'domains.1', message: 'That domain is not allowed' },
        ]),
      );
    const { org, sent } = serve({}, () => answer());
    const { card, user } = await openAsSuperadmin(org);
    const input = within(card).getByRole('textbox', { name: 'Add a domain' });
    await user.type(input, 'riverside.edu{Enter}');
    await user.click(within(card).getByRole('button', { name: 'Save domains' }));
    const remove = within(card).getByRole('button', { name: 'Remove riverside.edu' });
    await waitFor(() => expect(remove).toHaveAccessibleDescription('That domain is not allowed'));
    expect(
      within(card).getByRole('button', { name: 'Remove northfield.edu' }),
    ).not.toHaveAccessibleDescription();

    answer = () =>
      Promise.resolve(
        fail(
          409,
          'riverside.edu belongs to another organization: a domain has one owner',
          'DOMAIN_TAKEN',
        ),
      );
    await user.click(within(card).getByRole('button', { name: 'Save domains' }));
    const alert = await within(card).findByRole('alert');
    expect(alert).toHaveTextContent('Could not save the email domains');
    expect(alert).toHaveTextContent('riverside.edu belongs to another organization');
    // The list stays as it was, to fix and save again.
    expect(domainsOf(card)).toEqual(['northfield.edu', 'riverside.edu']);
    expect(sent).toHaveLength(2);
  });

  it('sends one request under a double click on Save', async () => {
    const held = heldResponse();
    const { org, sent } = serve({}, async () => {
      await held.released;
      return ok({ organizationId: org.id, domains: sent[0]!.domains });
    });
    const { card, user } = await openAsSuperadmin(org);
    await user.type(within(card).getByRole('textbox', { name: 'Add a domain' }), 'a.edu{Enter}');
    const save = within(card).getByRole('button', { name: 'Save domains' });
    // Two clicks in one task, as a fast double click lands before anything has rendered.
    fireEvent.click(save);
    fireEvent.click(save);
    await user.click(save);
    await waitFor(() => expect(sent).toHaveLength(1));
    held.release();
    expect(await screen.findByText(/vouch for emails in northfield.edu, a.edu/)).toBeVisible();
    expect(sent).toHaveLength(1);
  });

  it("shows them read-only on the organization admin's page, set by a superadmin", async () => {
    const { org } = serve({ domains: ['northfield.edu', 'student.northfield.edu'] });
    renderApp(`/admin/organizations/${org.id}`, { user: ORG_ADMIN });
    const card = await screen.findByRole('region', { name: 'Email domains' });
    expect(card).toHaveTextContent('Set by a Teamup superadmin.');
    const list = within(card).getByRole('list', { name: 'Domains' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['northfield.edu', 'student.northfield.edu']);
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
    expect(within(card).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('warns the organization admin when there are none yet', async () => {
    const { org } = serve({ domains: [] });
    renderApp(`/admin/organizations/${org.id}`, { user: ORG_ADMIN });
    const card = await screen.findByRole('region', { name: 'Email domains' });
    const warning = within(card).getByRole('status', { name: 'No email domains yet' });
    expect(warning).toHaveTextContent(
      'Every LMS launch gets a separate LMS-only account until a Teamup superadmin sets',
    );
  });
});
