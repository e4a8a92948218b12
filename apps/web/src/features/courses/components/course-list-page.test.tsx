import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { createCourse, inDays, pageOfItems } from '@/testing/courses-data';
import { api, fail, ok } from '@/testing/handlers';
import { createOrganizationSummary } from '@/testing/organizations-data';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

// Pages load through the router and MSW; on a loaded CI machine that takes over 1 s.

const ORG_A = { id: '10000000-0000-4000-8000-000000000001', name: 'Northfield University' };
const ORG_B = { id: '10000000-0000-4000-8000-000000000002', name: 'Riverside College' };

function organizationsHandler() {
  return http.get(api('/organizations/admin/my'), () =>
    ok(pageOfItems([ORG_A, ORG_B].map((o) => ({ ...o, slug: 'x', description: '' })))),
  );
}

/** Answers GET /courses and records each query string it was called with. */
function coursesHandler(items = [createCourse()], total = items.length) {
  const calls: URLSearchParams[] = [];
  server.use(
    organizationsHandler(),
    http.get(api('/courses'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      calls.push(params);
      return ok(pageOfItems(items, Number(params.get('page') ?? 1), 20, total));
    }),
  );
  return calls;
}

const admin = { role: 'ORG_ADMIN' as const, fullname: 'Alan Turing' };

describe('course management list', () => {
  it('shows each course with organization, term, deadline, team size and counts', async () => {
    coursesHandler([
      createCourse({ code: 'CS-401', title: 'Software Engineering Project' }),
      createCourse({
        code: 'DB-210',
        title: 'Databases',
        organizationName: 'Riverside College',
        term: 'Spring 2026',
        teamFormationDeadline: inDays(-3),
        teamSizeMin: 2,
        teamSizeMax: 2,
        archivedAt: '2026-10-01T10:00:00.000Z',
        enrollmentCounts: { active: 7, pending: 2, inactive: 0 },
        sections: [],
      }),
    ]);
    renderApp('/admin/courses', { user: admin });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Course Management' }),
    ).toBeVisible();
    const table = await screen.findByRole('table', { name: 'Courses' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const db = rows[2]!;
    expect(within(db).getByRole('link', { name: 'DB-210' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/admin\/courses\/[0-9a-f-]{36}$/),
    );
    expect(within(db).getByText('Riverside College')).toBeInTheDocument();
    expect(within(db).getByText('Spring 2026')).toBeInTheDocument();
    expect(within(db).getByText('passed')).toBeInTheDocument();
    expect(within(db).getByText('Archived')).toBeInTheDocument();
    expect(within(db).getByText(/7 active/)).toBeInTheDocument();
    expect(within(db).getByText(/2 pending · 0 inactive/)).toBeInTheDocument();
    // The course whose deadline is ahead has no "passed" badge, and shows its size range.
    expect(within(rows[1]!).queryByText('passed')).not.toBeInTheDocument();
    expect(within(rows[1]!).getByText('3–5')).toBeInTheDocument();
    expect(screen.getByText('1–2 of 2 courses')).toBeInTheDocument();
  });

  it('filters by organization and archived state through the URL', async () => {
    const calls = coursesHandler();
    const { user, router } = renderApp('/admin/courses', { user: admin });
    await screen.findByRole('table', { name: 'Courses' });
    expect(calls.at(-1)?.get('archived')).toBe('active');

    await user.click(screen.getByRole('textbox', { name: 'Organization' }));
    await user.click(await screen.findByRole('option', { name: 'Riverside College' }));
    await waitFor(() => expect(calls.at(-1)?.get('organizationId')).toBe(ORG_B.id));
    expect(router.state.location.search).toMatchObject({ organizationId: ORG_B.id });

    await user.click(screen.getByRole('radio', { name: 'Archived' }));
    await waitFor(() => expect(calls.at(-1)?.get('archived')).toBe('archived'));
    expect(router.state.location.search).toMatchObject({ archived: 'archived' });
    // "New course" carries the organization over to the form.
    expect(screen.getByRole('link', { name: 'New course' })).toHaveAttribute(
      'href',
      `/admin/courses/create?organizationId=${ORG_B.id}`,
    );
  });

  it('searches organizations on the server when there are more than one page of them', async () => {
    const calls = coursesHandler();
    const orgCalls: URLSearchParams[] = [];
    const many = Array.from({ length: 100 }, (_, i) =>
      createOrganizationSummary({ name: `Academy ${i + 1}` }),
    );
    server.use(
      http.get(api('/organizations/admin/my'), ({ request }) => {
        const params = new URL(request.url).searchParams;
        orgCalls.push(params);
        return params.get('search') === 'River'
          ? ok(pageOfItems([createOrganizationSummary(ORG_B)], 1, 100))
          : ok(pageOfItems(many, 1, 100, 101));
      }),
    );
    const { user } = renderApp('/admin/courses', { user: admin });
    const organization = await screen.findByRole('textbox', { name: 'Organization' });
    await waitFor(() =>
      expect(organization).toHaveAccessibleDescription(
        'Showing 100 of 101 organizations; type to search.',
      ),
    );
    await user.type(organization, 'River');
    await waitFor(() => expect(orgCalls.at(-1)?.get('search')).toBe('River'));
    await user.click(await screen.findByRole('option', { name: 'Riverside College' }));
    await waitFor(() => expect(calls.at(-1)?.get('organizationId')).toBe(ORG_B.id));
  });

  it('searches after typing stops and pages through results', async () => {
    const calls = coursesHandler([createCourse()], 45);
    const { user } = renderApp('/admin/courses', { user: admin });
    await screen.findByRole('table', { name: 'Courses' });

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'data');
    await waitFor(() => expect(calls.at(-1)?.get('search')).toBe('data'));

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(calls.at(-1)?.get('page')).toBe('3'));
  });

  it('explains an empty list', async () => {
    coursesHandler([]);
    renderApp('/admin/courses', { user: admin });
    expect(await screen.findByText(/No courses yet/)).toBeInTheDocument();
  });

  it('shows an error state when courses cannot be loaded', async () => {
    server.use(
      organizationsHandler(),
      http.get(api('/courses'), () => fail(500, 'Database unavailable', 'INTERNAL_ERROR')),
    );
    renderApp('/admin/courses', { user: admin });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load courses');
    expect(alert).toHaveTextContent('Database unavailable');
  });
});
