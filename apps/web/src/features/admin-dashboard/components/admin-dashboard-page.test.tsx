import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import {
  DASHBOARD_COURSE_ID,
  DASHBOARD_ORG_ID,
  createAdminDashboardStats,
  createAttentionItem,
  createDashboardCourse,
  otherOrganization,
} from '@/testing/admin-dashboard-data';
import { api, fail, heldResponse, ok } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

const admin = { role: 'ORG_ADMIN' as const, fullname: 'Alan Turing' };

/** Serves the dashboard and records the query string of every request. */
function serveStats(stats = createAdminDashboardStats()) {
  const queries: Record<string, string>[] = [];
  server.use(
    http.get(api('/admin/dashboard/stats'), ({ request }) => {
      queries.push(Object.fromEntries(new URL(request.url).searchParams.entries()));
      return ok(stats);
    }),
  );
  return queries;
}

describe('admin formation dashboard', () => {
  it('shows a loading state, then the totals, attention list, course figures and progress', async () => {
    const held = heldResponse();
    server.use(
      http.get(api('/admin/dashboard/stats'), async () => {
        await held.released;
        return ok(
          createAdminDashboardStats({
            attention: [
              createAttentionItem(),
              createAttentionItem({ kind: 'STALE_JOIN_REQUESTS', count: 3, at: null }),
            ],
          }),
        );
      }),
    );
    const { user } = renderApp('/admin/dashboard', { user: admin });
    expect(
      await screen.findByRole('status', { name: 'Loading the dashboard' }),
    ).toBeInTheDocument();
    held.release();
    expect(await screen.findByRole('heading', { level: 1, name: /^Welcome/ })).toBeInTheDocument();

    const attention = await screen.findByRole('region', { name: 'Needs attention' });
    const items = within(attention).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(
      within(items[0]!).getByRole('link', {
        name: 'Deadline within 72 h: 10 students without a team',
      }),
    ).toHaveAttribute('href', `/admin/courses/${DASHBOARD_COURSE_ID}/placement`);
    // Issue 35: each item leads to the course's section where it is dealt with.
    expect(
      within(items[1]!).getByRole('link', {
        name: '3 join requests unanswered for more than 48 h',
      }),
    ).toHaveAttribute('href', `/admin/courses/${DASHBOARD_COURSE_ID}/health`);

    const card = screen.getByRole('article', { name: 'CS-401 · Software Engineering Project' });
    expect(within(card).getByText('30 of 40 (75%)')).toBeInTheDocument();
    expect(within(card).getByText('Without a team').nextSibling).toHaveTextContent('10');
    expect(within(card).getByText('Full / open').nextSibling).toHaveTextContent('5 / 3');
    expect(within(card).getByText('Pending sign-in').nextSibling).toHaveTextContent('2');
    expect(within(card).getByText('Join requests').nextSibling).toHaveTextContent('4');
    expect(within(card).getByText('Invitations').nextSibling).toHaveTextContent('2');
    expect(within(card).getByText(/in 2 days|in a day/)).toBeInTheDocument();
    expect(screen.getByText('Placed in a team', { selector: 'dt' }).nextSibling).toHaveTextContent(
      '75%',
    );

    // The chart's figures as a table, on demand.
    const progress = screen.getByRole('region', { name: 'Formation progress' });
    await user.click(within(progress).getByRole('button', { name: 'Show as table' }));
    const table = within(progress).getByRole('table');
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['DayCS-401', 'Nov 23, 202650%', 'Nov 24, 202665%', 'Nov 25, 202675%']);
  });

  it('says what happens next when there is no course', async () => {
    serveStats(createAdminDashboardStats({ courses: [], progress: [], attention: [] }));
    renderApp('/admin/dashboard', { user: admin });
    expect(await screen.findByText(/No courses yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create a course' })).toHaveAttribute(
      'href',
      '/admin/courses/create',
    );
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
    expect(screen.queryByRole('region', { name: 'Formation progress' })).not.toBeInTheDocument();
  });

  it('says when nothing needs attention', async () => {
    serveStats(createAdminDashboardStats({ attention: [] }));
    renderApp('/admin/dashboard', { user: admin });
    expect(await screen.findByText('Nothing needs you right now.')).toBeInTheDocument();
  });

  it('shows an error with a retry', async () => {
    let calls = 0;
    server.use(
      http.get(api('/admin/dashboard/stats'), () => {
        calls += 1;
        return calls === 1
          ? fail(500, 'Something went wrong', 'INTERNAL_ERROR')
          : ok(createAdminDashboardStats());
      }),
    );
    const { user } = renderApp('/admin/dashboard', { user: admin });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The dashboard could not be loaded');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('article', { name: 'CS-401 · Software Engineering Project' }),
    ).toBeInTheDocument();
  });

  it('keeps the filters in the URL and sends them with the request', async () => {
    const other = otherOrganization();
    const queries = serveStats(
      createAdminDashboardStats({
        filters: {
          organizations: [{ id: DASHBOARD_ORG_ID, name: 'Northfield University' }, other],
          terms: ['Fall 2026', 'Spring 2027'],
        },
      }),
    );
    const { user, router } = renderApp(
      `/admin/dashboard?term=${encodeURIComponent('"Fall 2026"')}`,
      {
        user: admin,
      },
    );
    await screen.findByRole('article', { name: 'CS-401 · Software Engineering Project' });
    expect(queries.at(-1)).toEqual({ term: 'Fall 2026' });

    await user.click(screen.getByRole('textbox', { name: 'Organization' }));
    await user.click(await screen.findByRole('option', { name: 'Riverside College' }));
    // Another organization clears the term: its courses have their own.
    await waitFor(() => expect(router.state.location.search).toEqual({ organizationId: other.id }));
    await waitFor(() => expect(queries.at(-1)).toEqual({ organizationId: other.id }));

    await user.click(screen.getByRole('textbox', { name: 'Term' }));
    await user.click(await screen.findByRole('option', { name: 'Spring 2027' }));
    await waitFor(() =>
      expect(queries.at(-1)).toEqual({ organizationId: other.id, term: 'Spring 2027' }),
    );
    expect(router.state.location.search).toEqual({ organizationId: other.id, term: 'Spring 2027' });
  });

  it('drops a bad organization id from the URL instead of failing', async () => {
    const queries = serveStats();
    renderApp('/admin/dashboard?organizationId=not-an-id', { user: admin });
    await screen.findByRole('article', { name: 'CS-401 · Software Engineering Project' });
    expect(queries.at(-1)).toEqual({});
  });

  it('says that no course matches the filters', async () => {
    serveStats(createAdminDashboardStats({ courses: [], progress: [], attention: [] }));
    renderApp(`/admin/dashboard?term=${encodeURIComponent('"Spring 2027"')}`, { user: admin });
    expect(await screen.findByText('No course matches these filters.')).toBeInTheDocument();
  });

  it('downloads the CSV with the filters, and says so when it fails', async () => {
    serveStats(createAdminDashboardStats({ courses: [createDashboardCourse()] }));
    const csvQueries: Record<string, string>[] = [];
    let failNext = false;
    server.use(
      http.get(api('/admin/dashboard/stats.csv'), ({ request }) => {
        csvQueries.push(Object.fromEntries(new URL(request.url).searchParams.entries()));
        if (failNext) return fail(404, 'Organization not found', 'NOT_FOUND');
        return new HttpResponse('\uFEFForganization,code\r\nNorthfield University,CS-401\r\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="team-formation-2026-11-25.csv"',
          },
        });
      }),
    );
    const saved: string[] = [];
    const createObjectURL = vi.fn(() => 'blob:dashboard');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const { user } = renderApp(`/admin/dashboard?term=${encodeURIComponent('"Fall 2026"')}`, {
      user: admin,
    });
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toEqual(['team-formation-2026-11-25.csv']));
    expect(csvQueries).toEqual([{ term: 'Fall 2026' }]);

    failNext = true;
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Organization not found');
    click.mockRestore();
  });
});
