import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import {
  NORTHFIELD_ID,
  createEmptyUsageAnalytics,
  createUsageAnalytics,
} from '@/testing/analytics-data';
import { createDetailedHealth } from '@/testing/data';
import { api, fail, ok } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

const superadmin = { role: 'SUPERADMIN' as const, fullname: 'Sofia Admin' };

/** Serves the usage call (per range) and the organization filter; records each query. */
function serveUsage(build = (range: 7 | 30 | 90) => createUsageAnalytics(range)) {
  const queries: Record<string, string>[] = [];
  server.use(
    http.get(api('/analytics/usage'), ({ request }) => {
      const params = Object.fromEntries(new URL(request.url).searchParams);
      queries.push(params);
      return ok(build(Number(params.range) as 7 | 30 | 90));
    }),
    http.get(api('/organizations/super/list'), () =>
      ok({ items: [], page: 1, limit: 100, total: 0 }),
    ),
  );
  return queries;
}

describe('System Analytics (/s/health)', () => {
  it('loads the last 30 days: totals, the four charts with their tables, and the organizations by activity', async () => {
    const queries = serveUsage();
    const { user } = renderApp('/s/health', { user: superadmin });

    expect(await screen.findByRole('status', { name: 'Loading analytics' })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Usage over the last 30 days' }),
    ).toBeVisible();
    expect(document.title).toBe('System Analytics · Teamup');
    expect(queries).toEqual([{ range: '30' }]);
    expect(screen.getByRole('heading', { level: 1, name: 'System Analytics' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Analytics' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Sign-ins').nextSibling).toHaveTextContent('90');
    // How fresh today's figures are (the time of the rollup the server used, in UTC).
    expect(screen.getByText(/Today's figures as of 17:58 UTC\./)).toBeVisible();
    for (const name of ['Sign-ins and active users', 'Teams formed', 'New users', 'CSV uploads']) {
      expect(screen.getByRole('region', { name })).toBeInTheDocument();
    }

    // Each chart's figures read as a table.
    const uploads = screen.getByRole('region', { name: 'CSV uploads' });
    await user.click(within(uploads).getByRole('button', { name: 'Show table' }));
    const table = within(uploads).getByRole('table', { name: 'CSV uploads' });
    const header = within(table)
      .getAllByRole('columnheader')
      .map((c) => c.textContent);
    expect(header).toEqual(['Week', 'Uploads', 'Failed', 'Rows processed', 'Failure rate']);
    const firstRow = within(table).getAllByRole('row')[1]!;
    expect(
      within(firstRow)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Oct 27 – Nov 1', '2', '1', '240', '50%']);

    const most = screen.getByRole('region', { name: 'Most active organizations' });
    expect(within(most).getByRole('link', { name: 'Northfield University' })).toHaveAttribute(
      'href',
      `/s/organizations/${NORTHFIELD_ID}`,
    );
    expect(within(most).getByText(/48 of 120 people active · 160 sign-ins/)).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Least active organizations' })).getByRole('link', {
        name: 'Hillcrest Academy',
      }),
    ).toBeInTheDocument();
  });

  it('switches the range: a new request, the URL keeps it, the days follow', async () => {
    const queries = serveUsage();
    const { router, user } = renderApp('/s/health', { user: superadmin });
    await screen.findByRole('heading', { name: 'Usage over the last 30 days' });

    await user.click(screen.getByRole('radio', { name: '7 days' }));
    expect(
      await screen.findByRole('heading', { name: 'Usage over the last 7 days' }),
    ).toBeVisible();
    expect(queries.at(-1)).toEqual({ range: '7' });
    expect(router.state.location.search).toEqual({ range: 7 });
    const days = screen.getByRole('region', { name: 'Sign-ins and active users' });
    await user.click(within(days).getByRole('button', { name: 'Show table' }));
    expect(within(days).getAllByRole('row')).toHaveLength(8);

    await user.click(screen.getByRole('radio', { name: '90 days' }));
    expect(
      await screen.findByRole('heading', { name: 'Usage over the last 90 days' }),
    ).toBeVisible();
    expect(router.state.location.search).toEqual({ range: 90 });
    // Back to the default: it leaves the URL.
    await user.click(screen.getByRole('radio', { name: '30 days' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it('opens with the range and organization of the URL, and names the organization', async () => {
    const queries = serveUsage((range) =>
      createUsageAnalytics(range, {
        organization: { id: NORTHFIELD_ID, name: 'Northfield University' },
      }),
    );
    renderApp(`/s/health?range=90&organizationId=${NORTHFIELD_ID}`, { user: superadmin });
    expect(
      await screen.findByRole('heading', { name: 'Usage over the last 90 days' }),
    ).toBeVisible();
    expect(queries).toEqual([{ range: '90', organizationId: NORTHFIELD_ID }]);
    expect(screen.getByText(/^Northfield University: /)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Organization' })).toHaveValue(
      'Northfield University',
    );
  });

  it('says so when nothing happened in the range', async () => {
    serveUsage((range) => createEmptyUsageAnalytics(range));
    renderApp('/s/health?range=7', { user: superadmin });
    expect(
      await screen.findByText(/No activity in the last 7 days: no sign-ins, new users, teams/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Teams formed' })).not.toBeInTheDocument();
    expect(screen.getByText('Upload failure rate').nextSibling).toHaveTextContent('–');
  });

  it('shows the error with a retry that loads the figures', async () => {
    let calls = 0;
    serveUsage();
    server.use(
      http.get(api('/analytics/usage'), () =>
        ++calls === 1
          ? fail(500, 'Something broke', 'INTERNAL_ERROR')
          : ok(createUsageAnalytics(30)),
      ),
    );
    const { user } = renderApp('/s/health', { user: superadmin });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load analytics');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('heading', { name: 'Usage over the last 30 days' }),
    ).toBeVisible();
  });

  it('has the health section as a tab reachable by URL, with the same tab title', async () => {
    const queries = serveUsage();
    let healthCalls = 0;
    server.use(
      http.get(api('/healthcheck/detailed'), () => {
        healthCalls++;
        return ok(createDetailedHealth());
      }),
    );
    const { user, router } = renderApp('/s/health?tab=health', { user: superadmin });
    await waitFor(() => expect(healthCalls).toBeGreaterThan(0));
    expect(await screen.findByRole('tab', { name: 'Health' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(document.title).toBe('System Analytics · Teamup');
    expect(queries).toEqual([]);

    await user.click(screen.getByRole('tab', { name: 'Analytics' }));
    expect(
      await screen.findByRole('heading', { name: 'Usage over the last 30 days' }),
    ).toBeVisible();
    expect(router.state.location.search).toEqual({});
  });
});
