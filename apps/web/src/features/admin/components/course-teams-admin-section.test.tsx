import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import type { AdminAddMemberBody, Enrollment, TeamDetail, TeamMember } from '@teamup/shared';
import { createCourse, createEnrollment, pageOfItems } from '@/testing/courses-data';
import { api, fail, ok } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';
import { TEAMS_COURSE_ID, createTeamDetail, createTeamMember } from '@/testing/teams-data';

// Pages load through the router and MSW; on a loaded CI machine that takes over 1 s.

const admin = { role: 'ORG_ADMIN' as const };
const coursePath = `/admin/courses/${TEAMS_COURSE_ID}/teams`;

const member = (fullname: string, joinedAt: string, isLeader = false): TeamMember =>
  createTeamMember({
    fullname,
    email: `${fullname.split(' ')[0]!.toLowerCase()}@student.test`,
    joinedAt,
    isLeader,
  });

function team(name: string, members: TeamMember[], maxSize = 3): TeamDetail {
  return createTeamDetail({
    name,
    members,
    leader: members.find((m) => m.isLeader)!,
    memberCount: members.length,
    maxSize,
    openSeats: maxSize - members.length,
  });
}

/** The section's endpoints over in-memory teams, so the lists follow the changes. */
function serveTeams(initial: TeamDetail[] = []) {
  let teams = initial;
  const calls: { method: string; path: string; body?: unknown }[] = [];
  const withCounts = (t: TeamDetail): TeamDetail => ({
    ...t,
    leader: t.members.find((m) => m.isLeader) ?? t.leader,
    memberCount: t.members.length,
    openSeats: t.maxSize - t.members.length,
  });
  const summary = ({ course: _c, members: _m, viewer: _v, ...rest }: TeamDetail) => rest;
  const enrollments = (): Enrollment[] => [
    ...teams.flatMap((t) =>
      t.members.map((m) =>
        createEnrollment({
          fullname: m.fullname,
          email: m.email ?? '',
          userId: m.id,
          status: 'ACTIVE',
          team: { id: t.id, name: t.name },
        }),
      ),
    ),
    createEnrollment({ fullname: 'Zoe Adams', email: 'zoe@student.test', status: 'ACTIVE' }),
  ];
  server.use(
    http.get(api('/courses/:id'), () =>
      ok(createCourse({ id: TEAMS_COURSE_ID, code: 'CS-401', title: 'Software Engineering' })),
    ),
    http.get(api('/admin/courses/:courseId/teams'), ({ request }) => {
      const search = new URL(request.url).searchParams.get('search')?.toLowerCase();
      const items = teams
        .filter((t) => !search || t.name.toLowerCase().includes(search))
        .map((t) => summary(withCounts(t)));
      return ok(pageOfItems(items, 1, 10));
    }),
    http.get(api('/admin/teams/:id'), ({ params }) => {
      const found = teams.find((t) => t.id === params.id);
      return found ? ok(withCounts(found)) : fail(404, 'Team not found', 'NOT_FOUND');
    }),
    http.get(api('/admin/course/:courseId/students'), ({ request }) => {
      calls.push({ method: 'GET', path: new URL(request.url).search });
      return ok(pageOfItems(enrollments(), 1, 50));
    }),
    http.delete(api('/admin/teams/:teamId/members/:memberId'), ({ params, request }) => {
      calls.push({ method: 'DELETE', path: new URL(request.url).pathname });
      teams = teams.map((t) => {
        if (t.id !== params.teamId) return t;
        const rest = t.members.filter((m) => m.id !== params.memberId);
        // The longest-standing member takes over from a removed leader.
        const leaderGone = !rest.some((m) => m.isLeader);
        return {
          ...t,
          members: rest.map((m, i) => (leaderGone && i === 0 ? { ...m, isLeader: true } : m)),
        };
      });
      return ok(withCounts(teams.find((t) => t.id === params.teamId)!));
    }),
    http.post(api('/admin/teams/:id/members'), async ({ params, request }) => {
      const body = (await request.json()) as AdminAddMemberBody;
      calls.push({ method: 'POST', path: new URL(request.url).pathname, body });
      const target = teams.find((t) => t.id === params.id)!;
      if (target.members.length >= target.maxSize) {
        return fail(409, `${target.name} is full`, 'TEAM_FULL');
      }
      const from = teams.find((t) => t.members.some((m) => m.id === body.userId));
      const moving = from?.members.find((m) => m.id === body.userId);
      teams = teams.map((t) => {
        if (t.id === from?.id) return { ...t, members: t.members.filter((m) => m !== moving) };
        if (t.id === target.id && moving) return { ...t, members: [...t.members, moving] };
        return t;
      });
      return HttpResponseWithMessage(
        withCounts(teams.find((t) => t.id === target.id)!),
        from ? `Student moved from ${from.name} to ${target.name}` : `Student added`,
      );
    }),
  );
  return calls;
}

function HttpResponseWithMessage(data: TeamDetail, message: string) {
  return Response.json({ success: true, data, message });
}

const byteClub = () =>
  team('Byte Club', [
    member('Omar Haddad', '2026-09-01T10:00:00.000Z', true),
    member('Lena Park', '2026-09-02T10:00:00.000Z'),
  ]);
const nightOwls = () =>
  team('Night Owls', [
    member('Priya Nair', '2026-09-01T10:00:00.000Z', true),
    member('Sam Lee', '2026-09-03T10:00:00.000Z'),
    member('Kai Moon', '2026-09-04T10:00:00.000Z'),
  ]);

async function openTeam(user: ReturnType<typeof renderApp>['user'], name: RegExp) {
  const section = await screen.findByRole('region', { name: 'Teams' });
  await user.click(await within(section).findByRole('button', { name }));
  return section;
}

describe('course teams (admin)', () => {
  it('lists the teams with leader, seats and state, and explains the admin powers', async () => {
    serveTeams([byteClub(), nightOwls()]);
    renderApp(coursePath, { user: admin });

    const section = await screen.findByRole('region', { name: 'Teams' });
    expect(within(section).getByText(/even after the team formation deadline/)).toBeInTheDocument();
    const byte = await within(section).findByRole('button', { name: /Byte Club, 2 of 3/ });
    expect(within(byte).getByText(/Led by Omar Haddad/)).toBeInTheDocument();
    expect(within(byte).getByText('Open')).toBeInTheDocument();
    const owls = within(section).getByRole('button', { name: /Night Owls, 3 of 3/ });
    expect(within(owls).getByText('Full')).toBeInTheDocument();
    expect(within(section).getByText('1–2 of 2 teams')).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    serveTeams([]);
    renderApp(coursePath, { user: admin });
    expect(await screen.findByText('No team in this course yet.')).toBeInTheDocument();
  });

  it('shows the error state with a retry', async () => {
    serveTeams([]);
    server.use(
      http.get(api('/admin/courses/:courseId/teams'), () =>
        fail(500, 'Something broke', 'INTERNAL_ERROR'),
      ),
    );
    renderApp(coursePath, { user: admin });
    const section = await screen.findByRole('region', { name: 'Teams' });
    expect(await within(section).findByRole('alert')).toHaveTextContent('Could not load the teams');
    expect(within(section).getByRole('button', { name: 'Retry' })).toBeVisible();
  });

  it('removes the leader after a confirmation that says who leads next', async () => {
    const calls = serveTeams([byteClub(), nightOwls()]);
    const { user } = renderApp(coursePath, { user: admin });
    const section = await openTeam(user, /Byte Club/);

    await user.click(await within(section).findByRole('button', { name: 'Remove Omar Haddad' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Omar Haddad?' });
    expect(
      within(dialog).getByText(/leadership passes to the longest-standing member, Lena Park/),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText('Omar Haddad was removed from Byte Club.')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(section).queryByRole('listitem', { name: 'Omar Haddad' })).toBeNull(),
    );
    expect(within(section).getByRole('button', { name: /Byte Club, 1 of 3/ })).toHaveTextContent(
      'Led by Lena Park',
    );
  });

  it('warns that removing the last member disbands the team', async () => {
    serveTeams([team('Solo', [member('Ana Ruiz', '2026-09-01T10:00:00.000Z', true)])]);
    const { user } = renderApp(coursePath, { user: admin });
    const section = await openTeam(user, /Solo/);
    await user.click(await within(section).findByRole('button', { name: 'Remove Ana Ruiz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Ana Ruiz?' });
    expect(
      within(dialog).getByText(/last member: removing them disbands Solo/),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Remove and disband' })).toBeVisible();
  });

  it('moves a student from another team and says so before and after', async () => {
    const calls = serveTeams([byteClub(), nightOwls()]);
    const { user } = renderApp(coursePath, { user: admin });
    const section = await openTeam(user, /Byte Club/);

    await user.click(await within(section).findByRole('button', { name: 'Add or move a student' }));
    const dialog = await screen.findByRole('dialog', { name: /Add or move a student/ });
    await user.click(within(dialog).getByRole('textbox', { name: 'Student' }));
    await user.click(await screen.findByRole('option', { name: /Sam Lee .* Night Owls/ }));
    expect(
      within(dialog).getByText('Sam Lee will be moved from Night Owls to Byte Club.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Move student' }));

    expect(
      await screen.findByText('Student moved from Night Owls to Byte Club'),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      userId: expect.any(String) as string,
    });
    expect(calls.find((c) => c.method === 'GET')?.path).toContain('status=ACTIVE');
    expect(await within(section).findByRole('listitem', { name: 'Sam Lee' })).toBeVisible();
    await waitFor(() =>
      expect(within(section).getByRole('button', { name: /Night Owls, 2 of 3/ })).toBeVisible(),
    );
  });

  it("shows the server's TEAM_FULL refusal", async () => {
    serveTeams([byteClub(), nightOwls()]);
    const { user } = renderApp(coursePath, { user: admin });
    const section = await openTeam(user, /Night Owls/);

    await user.click(await within(section).findByRole('button', { name: 'Add or move a student' }));
    const dialog = await screen.findByRole('dialog', { name: /Add or move a student/ });
    expect(within(dialog).getByText(/has no free seat/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('textbox', { name: 'Student' }));
    await user.click(await screen.findByRole('option', { name: /Zoe Adams .* no team/ }));
    expect(within(dialog).getByText('Zoe Adams will be added to Night Owls.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add student' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Night Owls is full');
    expect(screen.getByText('Could not add the student')).toBeInTheDocument();
  });
});
