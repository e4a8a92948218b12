import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { NORTHFIELD_ID, createAnalyticsOverview, noAttention } from '@/testing/analytics-data';
import { createDetailedHealth } from '@/testing/data';
import { api, fail, ok } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

const superadmin = { role: 'SUPERADMIN' as const, fullname: 'Sofia Admin' };

function serveOverview(overview = createAnalyticsOverview()) {
  server.use(http.get(api('/analytics/overview'), () => ok(overview)));
}

describe('superadmin home (/s/dashboard)', () => {
  it('shows what needs attention with links, the totals, the health status and the way on', async () => {
    serveOverview();
    renderApp('/s/dashboard', { user: superadmin });

    expect(await screen.findByRole('status', { name: 'Loading the overview' })).toBeInTheDocument();
    const attention = await screen.findByRole('region', { name: 'Needs attention' });
    expect(document.title).toBe('Dashboard · Teamup');
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Sofia Admin' })).toBeVisible();

    const uploads = within(attention).getByRole('list', { name: 'Failed CSV uploads' });
    expect(uploads).toHaveTextContent(
      /CS-401 Software Engineering Project: fall-roster\.csv failed/,
    );
    expect(uploads).toHaveTextContent('(The file is not UTF-8)');
    expect(within(uploads).getByRole('link', { name: 'Northfield University' })).toHaveAttribute(
      'href',
      `/s/organizations/${NORTHFIELD_ID}`,
    );
    const late = within(attention).getByRole('list', { name: 'Courses past their deadline' });
    expect(late).toHaveTextContent('DB-210 Databases: 7 of 60 active students without a team');
    expect(within(late).getByRole('link', { name: 'Northfield University' })).toBeInTheDocument();
    // Twelve courses, one shown: the rest are counted.
    expect(within(attention).getByText('And 11 more courses.')).toBeInTheDocument();

    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(within(totals).getByText('1,250')).toBeInTheDocument();
    expect(
      within(totals).getByText(
        '1,200 students · 30 instructors · 12 teaching assistants · 45 org admins · 5 superadmins',
      ),
    ).toBeInTheDocument();
    expect(within(totals).getByText('310')).toBeInTheDocument();

    const health = screen.getByRole('region', { name: 'System health' });
    expect(await within(health).findByText('ok')).toBeInTheDocument();
    expect(within(health).getByRole('link', { name: 'Health details' })).toHaveAttribute(
      'href',
      '/s/health?tab=health',
    );
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'System Analytics' })).toHaveAttribute(
      'href',
      '/s/health',
    );
    expect(main.getByRole('link', { name: 'Organizations' })).toHaveAttribute(
      'href',
      '/s/organizations',
    );
  });

  it('counts one of a kind in the singular', async () => {
    const overview = createAnalyticsOverview();
    const late = overview.attention.teamlessPastDeadline;
    serveOverview({
      ...overview,
      users: {
        total: 3,
        students: 1,
        instructors: 1,
        teachingAssistants: 1,
        orgAdmins: 1,
        superadmins: 1,
      },
      attention: {
        ...overview.attention,
        teamlessPastDeadline: {
          total: 2,
          items: [{ ...late.items[0]!, teamlessStudents: 1, activeStudents: 1 }],
        },
      },
    });
    renderApp('/s/dashboard', { user: superadmin });
    const totals = await screen.findByRole('region', { name: 'Totals' });
    expect(
      within(totals).getByText(
        '1 student · 1 instructor · 1 teaching assistant · 1 org admin · 1 superadmin',
      ),
    ).toBeInTheDocument();
    const attention = screen.getByRole('region', { name: 'Needs attention' });
    expect(within(attention).getByText('And 1 more course.')).toBeInTheDocument();
    expect(
      within(attention).getByRole('list', { name: 'Courses past their deadline' }),
    ).toHaveTextContent('DB-210 Databases: 1 of 1 active student without a team');
  });

  it('says nothing needs attention when nothing does', async () => {
    serveOverview(createAnalyticsOverview({ attention: noAttention }));
    renderApp('/s/dashboard', { user: superadmin });
    const attention = await screen.findByRole('region', { name: 'Needs attention' });
    expect(within(attention).getByText('Nothing needs you right now.')).toBeInTheDocument();
  });

  it('lists a health status that is not ok under needs attention', async () => {
    serveOverview(createAnalyticsOverview({ attention: noAttention }));
    server.use(
      http.get(api('/healthcheck/detailed'), () =>
        ok(createDetailedHealth({ status: 'degraded' })),
      ),
    );
    renderApp('/s/dashboard', { user: superadmin });
    const attention = await screen.findByRole('region', { name: 'Needs attention' });
    expect(await within(attention).findByText(/The system is/)).toHaveTextContent(
      'The system is degraded.',
    );
    expect(within(attention).getByRole('link', { name: 'See the health figures' })).toBeVisible();
  });

  it('shows the overview error with a retry, and the health error apart', async () => {
    let calls = 0;
    server.use(
      http.get(api('/analytics/overview'), () =>
        ++calls === 1
          ? fail(500, 'Something broke', 'INTERNAL_ERROR')
          : ok(createAnalyticsOverview()),
      ),
      http.get(api('/healthcheck/detailed'), () => fail(503, 'Unavailable', 'INTERNAL_ERROR')),
    );
    const { user } = renderApp('/s/dashboard', { user: superadmin });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the overview');
    expect(
      await within(screen.getByRole('region', { name: 'System health' })).findByText(/^Unknown/),
    ).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Needs attention' })).toBeInTheDocument();
  });
});
