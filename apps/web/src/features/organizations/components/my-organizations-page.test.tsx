import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { api, fail, ok } from '@/testing/handlers';
import {
  createOrganizationAdmin,
  createOrganizationCourse,
  createOrganizationDetail,
  createOrganizationSummary,
  pageOf,
  paginate,
} from '@/testing/organizations-data';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

// Searches are debounced and CI machines are slow: the 1 s default waits too little there.

const ORG_ADMIN = { role: 'ORG_ADMIN' as const, fullname: 'Alan Turing' };

describe('organization admin: my organizations', () => {
  it('shows a card per organization with its counts, linking to its page', async () => {
    const north = createOrganizationSummary({
      name: 'Northfield University',
      slug: 'northfield',
      adminCount: 2,
      courseCount: 1,
      studentCount: 61,
    });
    server.use(http.get(api('/organizations/admin/my'), () => ok(paginate([north]))));
    renderApp('/admin/organizations', { user: ORG_ADMIN });

    const card = await screen.findByRole('article');
    expect(within(card).getByRole('link', { name: 'Northfield University' })).toHaveAttribute(
      'href',
      `/admin/organizations/${north.id}`,
    );
    expect(card).toHaveTextContent('northfield');
    expect(card).toHaveTextContent('2 admins');
    expect(card).toHaveTextContent('1 course');
    expect(card).toHaveTextContent('61 students');
  });

  it('explains that a superadmin appoints organization admins when there is none', async () => {
    server.use(http.get(api('/organizations/admin/my'), () => ok(paginate([]))));
    renderApp('/admin/organizations', { user: ORG_ADMIN });
    expect(
      await screen.findByText(/A superadmin appoints organization admins/),
    ).toBeInTheDocument();
  });

  it('shows an error state', async () => {
    server.use(
      http.get(api('/organizations/admin/my'), () =>
        fail(500, 'Database unavailable', 'INTERNAL_ERROR'),
      ),
    );
    renderApp('/admin/organizations', { user: ORG_ADMIN });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load your organizations');
    expect(alert).toHaveTextContent('Database unavailable');
  });
});

describe('organization admin: one organization', () => {
  function backend() {
    const state = {
      org: createOrganizationDetail({
        name: 'Northfield University',
        slug: 'northfield',
        admins: [
          createOrganizationAdmin({ fullname: 'Alan Turing' }),
          createOrganizationAdmin({ fullname: 'Omar Haddad', email: 'omar.haddad@northfield.edu' }),
        ],
      }),
      puts: [] as unknown[],
    };
    const id = state.org.id;
    const courses = Array.from({ length: 12 }, (_, i) =>
      createOrganizationCourse({
        organizationId: id,
        code: `CS-${100 + i}`,
        title: `Course ${String(i + 1).padStart(2, '0')}`,
      }),
    );
    server.use(
      http.get(api(`/organizations/admin/my/${id}`), () => ok(state.org)),
      http.put(api(`/organizations/${id}`), async ({ request }) => {
        const body = (await request.json()) as Record<string, string>;
        state.puts.push(body);
        state.org = { ...state.org, ...body };
        return ok(state.org);
      }),
      http.get(api(`/courses/organization/${id}/courses`), ({ request }) => {
        const { page, limit } = pageOf(request.url);
        return ok(paginate(courses, page, limit));
      }),
    );
    return { state, courses };
  }

  it('shows the details, read-only admins and the courses linking to their pages', async () => {
    const { state, courses } = backend();
    renderApp(`/admin/organizations/${state.org.id}`, { user: ORG_ADMIN });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Northfield University' }),
    ).toBeInTheDocument();

    const admins = screen.getByRole('region', { name: 'Admins' });
    expect(within(admins).getAllByRole('listitem')).toHaveLength(2);
    expect(within(admins).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete organization' })).not.toBeInTheDocument();
    expect(screen.queryByText('Appoint admin')).not.toBeInTheDocument();

    const region = screen.getByRole('region', { name: 'Courses' });
    expect(await within(region).findByRole('link', { name: 'Course 01' })).toHaveAttribute(
      'href',
      `/admin/courses/${courses[0]!.id}`,
    );
    expect(within(region).getByRole('link', { name: 'New course' })).toHaveAttribute(
      'href',
      `/admin/courses/create?organizationId=${state.org.id}`,
    );
  });

  it('pages through the courses', async () => {
    const { state } = backend();
    const { user } = renderApp(`/admin/organizations/${state.org.id}`, { user: ORG_ADMIN });
    const region = await screen.findByRole('region', { name: 'Courses' });
    await within(region).findByRole('link', { name: 'Course 01' });
    expect(within(region).getByText('1–10 of 12 courses')).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Page 2' }));
    expect(await within(region).findByRole('link', { name: 'Course 11' })).toBeInTheDocument();
    expect(within(region).queryByRole('link', { name: 'Course 01' })).not.toBeInTheDocument();
  });

  it('edits name, slug and description', async () => {
    const { state } = backend();
    const { user } = renderApp(`/admin/organizations/${state.org.id}`, { user: ORG_ADMIN });
    await user.click(await screen.findByRole('button', { name: 'Edit details' }));
    const description = screen.getByRole('textbox', { name: 'Description' });
    await user.clear(description);
    await user.type(description, 'Engineering only');
    const slug = screen.getByRole('textbox', { name: /^Slug/ });
    await user.clear(slug);
    await user.type(slug, 'northfield-eng');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Northfield University has been updated.')).toBeInTheDocument();
    expect(await screen.findByText('Engineering only')).toBeInTheDocument();
    expect(state.puts).toEqual([
      { name: 'Northfield University', slug: 'northfield-eng', description: 'Engineering only' },
    ]);
  });

  it('shows a failed save as a notification and keeps the form', async () => {
    const { state } = backend();
    server.use(
      http.put(api(`/organizations/${state.org.id}`), () =>
        fail(500, 'Database unavailable', 'INTERNAL_ERROR'),
      ),
    );
    const { user } = renderApp(`/admin/organizations/${state.org.id}`, { user: ORG_ADMIN });
    await user.click(await screen.findByRole('button', { name: 'Edit details' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.getAllByText('Database unavailable')).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeInTheDocument();
  });

  it('says when the organization is not one of mine', async () => {
    const other = '00000000-0000-4000-8000-00000000beef';
    server.use(
      http.get(api(`/organizations/admin/my/${other}`), () =>
        fail(404, 'Organization not found', 'NOT_FOUND'),
      ),
    );
    renderApp(`/admin/organizations/${other}`, { user: ORG_ADMIN });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Organization not found');
    expect(screen.getByRole('link', { name: 'My organizations' })).toHaveAttribute(
      'href',
      '/admin/organizations',
    );
  });
});
