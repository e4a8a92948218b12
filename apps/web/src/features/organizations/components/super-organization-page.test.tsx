import type { AppointAdminBody, OrganizationDetail } from '@teamup/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { api, fail, ok } from '@/testing/handlers';
import {
  createDirectoryUser,
  createOrganizationAdmin,
  createOrganizationCourse,
  createOrganizationDetail,
  pageOf,
  paginate,
} from '@/testing/organizations-data';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

// Searches are debounced and CI machines are slow: the 1 s default waits too little there.

const SUPERADMIN = { role: 'SUPERADMIN' as const, fullname: 'Grace Hopper' };

/** A small in-memory server for one organization: reads and writes go through `state`. */
function organizationBackend(overrides: Partial<OrganizationDetail> = {}) {
  const state = {
    org: createOrganizationDetail({
      name: 'Northfield University',
      slug: 'northfield',
      description: 'Computer science and engineering courses.',
      admins: [
        createOrganizationAdmin({ fullname: 'Alan Turing', email: 'alan.turing@northfield.edu' }),
        createOrganizationAdmin({
          fullname: 'new.admin@northfield.edu',
          email: 'new.admin@northfield.edu',
          hasSignedIn: false,
        }),
      ],
      ...overrides,
    }),
    calls: [] as string[],
  };
  const { id } = state.org;
  const withCounts = () => ({ ...state.org, adminCount: state.org.admins.length });
  server.use(
    http.get(api(`/organizations/super/${id}`), () => ok(withCounts())),
    http.put(api(`/organizations/${id}`), async ({ request }) => {
      const body = (await request.json()) as Partial<OrganizationDetail>;
      state.calls.push(`PUT ${JSON.stringify(body)}`);
      state.org = { ...state.org, ...body };
      return ok(withCounts());
    }),
    http.delete(api(`/organizations/${id}`), () => {
      state.calls.push('DELETE');
      state.org = { ...state.org, deletedAt: '2026-11-25T09:00:00.000Z' };
      return ok(withCounts());
    }),
    http.post(api(`/organizations/super/${id}/restore`), () => {
      state.calls.push('RESTORE');
      state.org = { ...state.org, deletedAt: null };
      return ok(withCounts());
    }),
    http.delete(api(`/organizations/super/${id}/admin`), ({ request }) => {
      const userId = new URL(request.url).searchParams.get('userId');
      state.calls.push(`REMOVE ${userId}`);
      state.org = { ...state.org, admins: state.org.admins.filter((a) => a.userId !== userId) };
      return ok(withCounts());
    }),
    http.post(api(`/organizations/super/${id}/admin`), async ({ request }) => {
      const body = (await request.json()) as AppointAdminBody;
      state.calls.push(`APPOINT ${JSON.stringify(body)}`);
      if (state.org.admins.some((a) => a.email === body.email)) {
        return fail(409, 'This user is already an admin of the organization', 'ALREADY_ADMIN');
      }
      const known = DIRECTORY.find((u) => u.email === body.email);
      state.org = {
        ...state.org,
        admins: [
          ...state.org.admins,
          createOrganizationAdmin({
            email: body.email,
            fullname: known?.fullname ?? body.fullname ?? body.email,
            hasSignedIn: Boolean(known),
            role: 'ORG_ADMIN',
          }),
        ],
      };
      return ok(withCounts(), { status: 201 });
    }),
  );
  return state;
}

const DIRECTORY = [
  createDirectoryUser({ fullname: 'Maya Chen', email: 'maya.chen@student.northfield.edu' }),
  createDirectoryUser({
    fullname: 'Ada Lovelace',
    email: 'ada.lovelace@riverside.edu',
    role: 'ORG_ADMIN',
    organizations: [{ id: '00000000-0000-4000-8000-0000000aaaaa', name: 'Riverside College' }],
  }),
  createDirectoryUser({
    fullname: 'Grace Hopper',
    email: 'grace.hopper@teamup.dev',
    role: 'SUPERADMIN',
  }),
];

function directoryBackend(users = DIRECTORY) {
  const requests: URLSearchParams[] = [];
  server.use(
    http.get(api('/organizations/super/users/list'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      requests.push(params);
      const search = params.get('search')?.toLowerCase() ?? '';
      const role = params.get('role');
      const items = users.filter(
        (u) =>
          (!role || u.role === role) &&
          (u.fullname.toLowerCase().includes(search) || u.email.includes(search)),
      );
      const { page, limit } = pageOf(request.url);
      return ok(paginate(items, page, limit));
    }),
  );
  return requests;
}

async function openOrganization(state: { org: OrganizationDetail }, search = '') {
  const view = renderApp(`/s/organizations/${state.org.id}${search}`, { user: SUPERADMIN });
  await screen.findByRole('heading', { level: 1, name: state.org.name });
  return view;
}

describe('superadmin organization page', () => {
  it('shows details, admins (with the not-signed-in badge) and courses', async () => {
    const state = organizationBackend();
    server.use(
      http.get(api(`/courses/organization/${state.org.id}/courses`), ({ request }) => {
        expect(new URL(request.url).searchParams.get('archived')).toBe('all');
        return ok(
          paginate([
            createOrganizationCourse({
              code: 'CS-401',
              title: 'Software Engineering Project',
              term: 'Fall 2026',
              enrollmentCounts: { active: 24, pending: 3, inactive: 1 },
              sections: [],
            }),
            createOrganizationCourse({
              code: 'CS-101',
              title: 'Intro to Programming',
              archivedAt: '2026-10-01T00:00:00.000Z',
            }),
          ]),
        );
      }),
    );
    await openOrganization(state);
    // The heading names the organization; its details card does not repeat the name.
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 2, name: 'Details' })).toBeInTheDocument();
    expect(screen.getAllByText(state.org.name)).toHaveLength(1);
    expect(screen.getByText('northfield')).toBeInTheDocument();
    expect(screen.getByText('Computer science and engineering courses.')).toBeInTheDocument();

    const admins = screen.getByRole('region', { name: 'Admins' });
    const items = within(admins).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Alan Turing');
    expect(items[0]).toHaveTextContent('alan.turing@northfield.edu');
    expect(items[0]).not.toHaveTextContent('Not signed in yet');
    expect(items[1]).toHaveTextContent('Not signed in yet');

    const courses = screen.getByRole('region', { name: 'Courses' });
    const row = await within(courses).findByRole('row', { name: /Software Engineering Project/ });
    expect(row).toHaveTextContent('CS-401');
    expect(row).toHaveTextContent('Fall 2026');
    expect(row).toHaveTextContent('24 active · 3 pending · 1 inactive');
    // Superadmins have no course pages: titles are plain text.
    expect(within(row).queryByRole('link')).not.toBeInTheDocument();
    const archived = within(courses).getByRole('row', { name: /Intro to Programming/ });
    expect(within(archived).getByText('Archived')).toBeInTheDocument();
  });

  it('edits the details and shows the saved values', async () => {
    const state = organizationBackend();
    const { user } = await openOrganization(state);
    await user.click(screen.getByRole('button', { name: 'Edit details' }));
    const form = screen.getByRole('form', { name: 'Edit organization' });
    const name = within(form).getByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'Northfield Tech');
    // Editing the name of an existing organization never rewrites its slug.
    expect(within(form).getByRole('textbox', { name: /^Slug/ })).toHaveValue('northfield');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Northfield Tech has been updated.')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Northfield Tech' }),
    ).toBeInTheDocument();
    expect(state.calls).toEqual([
      `PUT ${JSON.stringify({
        name: 'Northfield Tech',
        slug: 'northfield',
        description: 'Computer science and engineering courses.',
      })}`,
    ]);
  });

  it('shows a taken slug on the slug field when editing', async () => {
    const state = organizationBackend();
    server.use(
      http.put(api(`/organizations/${state.org.id}`), () =>
        fail(409, 'That slug is already taken', 'SLUG_TAKEN'),
      ),
    );
    const { user } = await openOrganization(state);
    await user.click(screen.getByRole('button', { name: 'Edit details' }));
    const slug = screen.getByRole('textbox', { name: /^Slug/ });
    await user.clear(slug);
    await user.type(slug, 'riverside');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(slug).toHaveAccessibleDescription(
        expect.stringContaining('That slug is already taken'),
      ),
    );
    expect(screen.getByText('Could not save the organization')).toBeInTheDocument();
  });

  it('deletes after a confirmation that says the data is kept, then restores', async () => {
    const state = organizationBackend();
    const { user } = await openOrganization(state);
    await user.click(screen.getByRole('button', { name: 'Delete organization' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this organization?' });
    expect(dialog).toHaveTextContent('Nothing is erased');
    expect(dialog).toHaveTextContent('restore the organization');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(state.calls).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete organization' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Delete organization',
      }),
    );
    expect(
      await screen.findByText(
        'Northfield University is hidden from its admins. Its data is kept and you can restore it.',
      ),
    ).toBeInTheDocument();
    expect(state.calls).toEqual(['DELETE']);
    const banner = await screen.findByRole('status', { name: 'This organization is deleted' });
    expect(banner).toHaveTextContent('restoring brings everything back');
    expect(screen.queryByRole('button', { name: 'Delete organization' })).not.toBeInTheDocument();
    expect(screen.getByText('Restore the organization to appoint admins.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove .* as admin$/ })).not.toBeInTheDocument();
    expect(
      screen.getByText('Its courses are kept and come back when you restore the organization.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Restore organization' }));
    expect(
      await screen.findByText('Northfield University is available again.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByText('This organization is deleted')).not.toBeInTheDocument(),
    );
    expect(state.calls).toEqual(['DELETE', 'RESTORE']);
  });

  it('opens a deleted organization read-only, without asking for its courses', async () => {
    const state = organizationBackend({ deletedAt: '2026-11-01T09:00:00.000Z' });
    let courseCalls = 0;
    server.use(
      http.get(api(`/courses/organization/${state.org.id}/courses`), () => {
        courseCalls += 1;
        return fail(404, 'Organization not found', 'NOT_FOUND');
      }),
    );
    await openOrganization(state);
    expect(
      screen.getByRole('status', { name: 'This organization is deleted' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit details' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Delete organization' })).not.toBeInTheDocument();
    expect(
      screen.getByText('Its courses are kept and come back when you restore the organization.'),
    ).toBeInTheDocument();
    expect(courseCalls).toBe(0);
  });

  it('removes an admin after confirmation', async () => {
    const state = organizationBackend();
    const alan = state.org.admins[0]!;
    const { user } = await openOrganization(state);
    await user.click(screen.getByRole('button', { name: 'Remove Alan Turing as admin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this admin?' });
    expect(dialog).toHaveTextContent('they become a student again');
    await user.click(within(dialog).getByRole('button', { name: 'Remove admin' }));

    expect(
      await screen.findByText('Alan Turing no longer administers Northfield University.'),
    ).toBeInTheDocument();
    expect(state.calls).toEqual([`REMOVE ${alan.userId}`]);
    const admins = screen.getByRole('region', { name: 'Admins' });
    await waitFor(() => expect(within(admins).queryByText('Alan Turing')).not.toBeInTheDocument());
  });

  it('appoints an admin picked from the user directory', async () => {
    const state = organizationBackend();
    const requests = directoryBackend();
    const { user } = await openOrganization(state);
    const email = screen.getByRole('textbox', { name: /^Email/ });
    await user.type(email, 'maya');
    await user.click(await screen.findByRole('option', { name: /Maya Chen/ }));
    expect(email).toHaveValue('maya.chen@student.northfield.edu');
    // A known user has a name already.
    expect(screen.queryByRole('textbox', { name: /Full name/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Appoint admin' }));

    expect(
      await screen.findByText('Maya Chen now administers Northfield University.'),
    ).toBeInTheDocument();
    expect(state.calls).toEqual([
      `APPOINT ${JSON.stringify({ email: 'maya.chen@student.northfield.edu' })}`,
    ]);
    expect(requests.some((p) => p.get('search') === 'maya')).toBe(true);
    const admins = screen.getByRole('region', { name: 'Admins' });
    expect(await within(admins).findByText('Maya Chen')).toBeInTheDocument();
    expect(email).toHaveValue('');
  });

  it('appoints an email that has never signed in, with an optional name', async () => {
    const state = organizationBackend();
    directoryBackend();
    const { user } = await openOrganization(state);
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveAccessibleDescription(
      expect.stringContaining('becomes an admin at their first Google sign-in'),
    );
    await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'Lin.Park@Northfield.edu');
    await user.type(screen.getByRole('textbox', { name: /Full name/ }), 'Lin Park');
    await user.click(screen.getByRole('button', { name: 'Appoint admin' }));

    expect(
      await screen.findByText(
        'lin.park@northfield.edu will administer Northfield University from their first sign-in.',
      ),
    ).toBeInTheDocument();
    expect(state.calls).toEqual([
      `APPOINT ${JSON.stringify({ email: 'lin.park@northfield.edu', fullname: 'Lin Park' })}`,
    ]);
    const admins = screen.getByRole('region', { name: 'Admins' });
    const row = (await within(admins).findByText('Lin Park')).closest('li')!;
    expect(row).toHaveTextContent('Not signed in yet');
  });

  it('shows "already an admin" on the email field', async () => {
    const state = organizationBackend();
    directoryBackend([]);
    const { user } = await openOrganization(state);
    const email = screen.getByRole('textbox', { name: /^Email/ });
    await user.type(email, 'alan.turing@northfield.edu');
    await user.click(screen.getByRole('button', { name: 'Appoint admin' }));
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription(
        expect.stringContaining('This user is already an admin of the organization'),
      ),
    );
    expect(screen.getByText('Could not appoint the admin')).toBeInTheDocument();
  });

  it('rejects a malformed email before sending', async () => {
    const state = organizationBackend();
    directoryBackend([]);
    const { user } = await openOrganization(state);
    await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Appoint admin' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(state.calls).toEqual([]);
  });

  it('shows the user directory with search and role filter, and makes someone admin from it', async () => {
    const state = organizationBackend();
    const requests = directoryBackend();
    const { user, router } = await openOrganization(state);
    await user.click(screen.getByRole('tab', { name: 'User directory' }));
    expect(router.state.location.search).toEqual({ tab: 'users' });

    const table = await screen.findByRole('table', { name: 'Users' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    const ada = within(table).getByRole('row', { name: /Ada Lovelace/ });
    expect(ada).toHaveTextContent('Organization admin');
    expect(ada).toHaveTextContent('Riverside College');

    await user.click(screen.getByRole('textbox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Superadmin' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).getByText('Grace Hopper')).toBeInTheDocument();
    expect(requests.at(-1)?.get('role')).toBe('SUPERADMIN');

    await user.click(screen.getByRole('textbox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'All roles' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'maya');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(requests.at(-1)?.get('search')).toBe('maya');
    expect(requests.at(-1)?.get('role')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Make admin: Maya Chen' }));
    expect(
      await screen.findByText('Maya Chen now administers Northfield University.'),
    ).toBeInTheDocument();
    expect(state.calls).toEqual([
      `APPOINT ${JSON.stringify({ email: 'maya.chen@student.northfield.edu' })}`,
    ]);
  });

  it('says when the organization does not exist', async () => {
    const missing = '00000000-0000-4000-8000-00000000dead';
    server.use(
      http.get(api(`/organizations/super/${missing}`), () =>
        fail(404, 'Organization not found', 'NOT_FOUND'),
      ),
    );
    renderApp(`/s/organizations/${missing}`, { user: SUPERADMIN });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load this organization');
    expect(alert).toHaveTextContent('Organization not found');
    expect(within(alert).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All organizations' })).toBeInTheDocument();
  });

  it('shows the not-found page for an id that is not a UUID', async () => {
    renderApp('/s/organizations/not-an-id', { user: SUPERADMIN });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });

  it('explains an organization without courses', async () => {
    const state = organizationBackend();
    server.use(
      http.get(api(`/courses/organization/${state.org.id}/courses`), () => ok(paginate([]))),
    );
    await openOrganization(state);
    expect(await screen.findByText('No courses yet. Its admins create them.')).toBeInTheDocument();
  });
});
