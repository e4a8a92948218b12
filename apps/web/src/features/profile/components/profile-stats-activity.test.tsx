import { screen, waitFor, within } from '@testing-library/react';
import { delay, http } from 'msw';
import type { ProfileActivityEntry } from '@teamup/shared';
import { useAuthStore } from '@/lib/auth-store';
import { api, fail, ok } from '@/testing/handlers';
import { paginate } from '@/testing/organizations-data';
import { createActivityEntry, createPerson, createProfileStats } from '@/testing/profile-data';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

const ME = '00000000-0000-4000-8000-00000000a11a';

function openProfile(role: 'STUDENT' | 'ORG_ADMIN' | 'SUPERADMIN' = 'STUDENT') {
  return renderApp('/profile', { user: { id: ME, role, fullname: 'Maya Chen' } });
}

const numbers = () => screen.findByRole('region', { name: 'At a glance' });
const activityRegion = () => screen.getByRole('region', { name: 'Recent activity' });

describe('profile stats', () => {
  it("shows a student's courses, teams, requests and invitations, linked to their pages", async () => {
    server.use(
      http.get(api('/auth/profile/stats'), () =>
        ok(
          createProfileStats({
            enrollments: { total: 3, active: 2, inactive: 1 },
            teams: { joined: 2, leading: 1 },
            pendingJoinRequests: 4,
            pendingInvitations: 5,
          }),
        ),
      ),
    );
    openProfile();
    const region = await numbers();
    const courses = await within(region).findByRole('link', { name: /^Courses/ });
    expect(courses).toHaveTextContent('Courses2active, and 1 inactive');
    expect(courses).toHaveAttribute('href', '/courses');
    expect(within(region).getByRole('link', { name: /^Teams/ })).toHaveTextContent(
      'Teams2you lead 1 team',
    );
    expect(within(region).getByRole('link', { name: /^Join requests/ })).toHaveTextContent(
      'Join requests4',
    );
    expect(within(region).getByRole('link', { name: /^Invitations/ })).toHaveAttribute(
      'href',
      '/teams/my',
    );
    expect(within(region).queryByText('Organizations')).not.toBeInTheDocument();
    // SPEC §3: the numbers are in the auth store, and only in memory.
    expect(useAuthStore.getState().userStats?.pendingInvitations).toBe(5);
    expect(localStorage.getItem('auth-storage')).not.toContain('pendingInvitations');
  });

  it('tells a student without enrollments where courses come from', async () => {
    server.use(
      http.get(api('/auth/profile/stats'), () =>
        ok(
          createProfileStats({
            enrollments: { total: 0, active: 0, inactive: 0 },
            teams: { joined: 0, leading: 0 },
            pendingJoinRequests: 0,
            pendingInvitations: 0,
          }),
        ),
      ),
    );
    openProfile();
    expect(
      await within(await numbers()).findByText(/not enrolled in any course yet/),
    ).toBeInTheDocument();
  });

  it("shows an organization admin's organizations, courses and students, not student numbers", async () => {
    server.use(
      http.get(api('/auth/profile/stats'), () =>
        ok(
          createProfileStats({
            enrollments: { total: 0, active: 0, inactive: 0 },
            administration: { organizations: 2, courses: 7, students: 180 },
          }),
        ),
      ),
    );
    openProfile('ORG_ADMIN');
    const region = await numbers();
    expect(await within(region).findByRole('link', { name: /^Students/ })).toHaveTextContent(
      'Students180enrolled in those courses',
    );
    expect(within(region).getByRole('link', { name: /^Organizations/ })).toHaveAttribute(
      'href',
      '/admin/organizations',
    );
    expect(within(region).getByRole('link', { name: /^Courses/ })).toHaveAttribute(
      'href',
      '/admin/courses',
    );
    expect(within(region).queryByText('Join requests')).not.toBeInTheDocument();
    expect(within(region).queryByText(/not enrolled/)).not.toBeInTheDocument();
  });

  it('shows nothing for a superadmin who administers no organization', async () => {
    openProfile('SUPERADMIN');
    await screen.findByRole('heading', { level: 2, name: 'Maya Chen' });
    await waitFor(() => expect(useAuthStore.getState().userStats).not.toBeNull());
    expect(screen.queryByRole('region', { name: 'At a glance' })).not.toBeInTheDocument();
  });

  it('shows a loader while loading, then an error with a working retry', async () => {
    let failing = true;
    server.use(
      http.get(api('/auth/profile/stats'), async () => {
        await delay(150);
        return failing
          ? fail(500, 'Stats are resting', 'INTERNAL_ERROR')
          : ok(createProfileStats({ teams: { joined: 3, leading: 0 } }));
      }),
    );
    const { user } = openProfile();
    const region = await numbers();
    expect(within(region).getByRole('status', { name: 'Loading your numbers' })).toBeVisible();
    const alert = await within(region).findByRole('alert');
    expect(alert).toHaveTextContent('Could not load your numbers');
    expect(alert).toHaveTextContent('Stats are resting');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(region).findByRole('link', { name: /^Teams/ })).toHaveTextContent(
      'Teams3you lead none',
    );
  });
});

describe('profile activity', () => {
  const maya = createPerson({ id: ME, fullname: 'Maya Chen' });
  const nia = createPerson({ fullname: 'Nia Obi' });
  const ada = createPerson({ fullname: 'Ada Admin' });

  /** 25 events: the three described ones first, then 22 team notices. */
  function history(): ProfileActivityEntry[] {
    const start = Date.parse('2026-11-20T12:00:00.000Z');
    return [
      createActivityEntry({
        action: 'STATUS_CHANGED',
        actor: ada,
        target: maya,
        team: null,
        course: { id: ME, code: 'DB301', title: 'Databases' },
        data: { from: 'ACTIVE', to: 'INACTIVE' },
      }),
      createActivityEntry({
        action: 'INVITATION_CREATED',
        actor: nia,
        target: maya,
        team: { id: ME, name: 'Nia Nodes' },
      }),
      createActivityEntry({
        action: 'REQUEST_REJECTED',
        actor: nia,
        target: maya,
        team: { id: ME, name: 'Full House' },
        data: { reason: 'We are full, sorry' },
      }),
      ...Array.from({ length: 22 }, (_, i) =>
        createActivityEntry({
          action: 'NOTICE_POSTED',
          actor: maya,
          team: { id: ME, name: `Team ${i + 1}` },
        }),
      ),
    ].map((e, i) => ({ ...e, createdAt: new Date(start - i * 60_000).toISOString() }));
  }

  it('lists the events as sentences for "you", newest first, and loads more 20 at a time', async () => {
    const all = history();
    const asked: string[] = [];
    server.use(
      http.get(api('/auth/profile/activity'), ({ request }) => {
        const url = new URL(request.url);
        asked.push(url.search);
        return ok(
          paginate(
            all,
            Number(url.searchParams.get('page')),
            Number(url.searchParams.get('limit')),
          ),
        );
      }),
    );
    const { user } = openProfile();
    const region = await screen.findByRole('region', { name: 'Recent activity' });
    expect(
      await within(region).findByText('Ada Admin set your enrollment in DB301 to inactive'),
    ).toBeInTheDocument();
    expect(within(region).getByText('DB301 · Databases', { exact: false })).toBeInTheDocument();
    expect(within(region).getByText('Nia Obi invited you to join Nia Nodes')).toBeInTheDocument();
    expect(
      within(region).getByText('Nia Obi declined your request to join Full House'),
    ).toBeInTheDocument();
    expect(within(region).getByText('“We are full, sorry”')).toBeInTheDocument();
    expect(within(region).getByText('You posted a notice in Team 1')).toBeInTheDocument();
    expect(within(region).getByText('Showing 20 of 25 events')).toBeInTheDocument();
    expect(within(region).queryByText('You posted a notice in Team 18')).not.toBeInTheDocument();
    expect(useAuthStore.getState().activityLogs).toHaveLength(20);

    await user.click(within(region).getByRole('button', { name: 'Load more' }));
    expect(await within(region).findByText('You posted a notice in Team 22')).toBeInTheDocument();
    expect(within(region).getByText('Showing 25 of 25 events')).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    // SPEC §7 and §9: page and limit, 20 a page; the store holds every loaded entry in order.
    expect(asked).toEqual(['?page=1&limit=20', '?page=2&limit=20']);
    expect(useAuthStore.getState().activityLogs.map((e) => e.id)).toEqual(all.map((e) => e.id));
  });

  it('shows an empty state', async () => {
    openProfile();
    expect(
      await within(await screen.findByRole('region', { name: 'Recent activity' })).findByText(
        /No activity yet/,
      ),
    ).toBeInTheDocument();
    expect(within(activityRegion()).queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows a loader, then an error with a working retry', async () => {
    let failing = true;
    server.use(
      http.get(api('/auth/profile/activity'), async () => {
        await delay(150);
        return failing
          ? fail(503, 'Activity is unavailable', 'INTERNAL_ERROR')
          : ok(paginate([createActivityEntry({ actor: maya, team: { id: ME, name: 'Alpha' } })]));
      }),
    );
    const { user } = openProfile();
    const region = await screen.findByRole('region', { name: 'Recent activity' });
    expect(within(region).getByRole('status', { name: 'Loading activity' })).toBeVisible();
    const alert = await within(region).findByRole('alert');
    expect(alert).toHaveTextContent('Could not load your activity');
    expect(alert).toHaveTextContent('Activity is unavailable');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(region).findByText('You created the team Alpha')).toBeInTheDocument();
  });

  it('keeps what is shown when loading more fails, and lets the user try again', async () => {
    const all = history();
    let failNext = true;
    server.use(
      http.get(api('/auth/profile/activity'), ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        if (page === 2 && failNext) {
          failNext = false;
          return fail(500, 'Try again later', 'INTERNAL_ERROR');
        }
        return ok(paginate(all, page, 20));
      }),
    );
    const { user } = openProfile();
    const region = await screen.findByRole('region', { name: 'Recent activity' });
    await user.click(await within(region).findByRole('button', { name: 'Load more' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent('Could not load more');
    expect(within(region).getByText('Showing 20 of 25 events')).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Load more' }));
    expect(await within(region).findByText('Showing 25 of 25 events')).toBeInTheDocument();
    expect(within(region).queryByRole('alert')).not.toBeInTheDocument();
  });
});
