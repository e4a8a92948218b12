import { act, screen, within } from '@testing-library/react';
import { http } from 'msw';
import {
  createCommunityProfile,
  createCommunityStats,
  createInviteOption,
  createSharedCourse,
} from '@/testing/community-data';
import { pageOfItems } from '@/testing/courses-data';
import { api, fail, ok } from '@/testing/handlers';
import { createActivityEntry, createPerson } from '@/testing/profile-data';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

const LENA_ID = '60000000-0000-4000-8000-000000000001';
const student = { role: 'STUDENT' as const, fullname: 'Omar Haddad' };

describe('student profile page', () => {
  it('shows the profile, courses in common with teams, stats and activity', async () => {
    const lena = createPerson({ id: LENA_ID, fullname: 'Lena Park' });
    server.use(
      http.get(api('/community/students/:id'), () =>
        ok(
          createCommunityProfile({
            id: LENA_ID,
            fullname: 'Lena Park',
            email: 'lena@student.northfield.edu',
            courses: [
              createSharedCourse({
                code: 'CS-401',
                lookingForTeam: false,
                team: {
                  id: LENA_ID,
                  name: 'Byte Club',
                  memberCount: 2,
                  maxSize: 4,
                  isLeader: false,
                  canAskToJoin: false,
                },
              }),
            ],
          }),
        ),
      ),
      http.get(api('/community/students/:id/stats'), () =>
        ok(
          createCommunityStats({
            coursesInCommon: 1,
            teams: 1,
            leading: 0,
            lookingIn: 0,
            skills: 3,
          }),
        ),
      ),
      http.get(api('/community/students/:id/activity'), () =>
        ok(
          pageOfItems([
            createActivityEntry({
              action: 'MEMBER_JOINED',
              actor: lena,
              target: null,
              team: { id: LENA_ID, name: 'Byte Club' },
            }),
          ]),
        ),
      ),
    );
    renderApp(`/community/${LENA_ID}`, { user: student });

    expect(await screen.findByRole('heading', { level: 1, name: 'Lena Park' })).toBeVisible();
    expect(document.title).toMatch(/^Lena Park · Community/);
    expect(screen.getByText('Backend developer who likes databases')).toBeVisible();
    expect(screen.getByRole('link', { name: 'lena@student.northfield.edu' })).toHaveAttribute(
      'href',
      'mailto:lena@student.northfield.edu',
    );
    expect(screen.getByText(/I like making slow queries fast/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'GitHub' })).toHaveAttribute(
      'href',
      'https://github.com/lena',
    );
    const courses = screen.getByRole('region', { name: 'Courses in common' });
    expect(within(courses).getByText(/In/)).toHaveTextContent('In Byte Club (2/4)');
    const stats = screen.getByRole('region', { name: 'Stats' });
    expect(await within(stats).findByText('Courses in common')).toBeVisible();
    const activity = screen.getByRole('region', { name: 'Activity' });
    expect(await within(activity).findByText(/Lena Park joined/)).toBeVisible();
  });

  it('hides the email when the server sends none, and says when there is no activity', async () => {
    renderApp(`/community/${LENA_ID}`, { user: student });
    await screen.findByRole('heading', { level: 1, name: 'Lena Park' });
    expect(within(screen.getByRole('region', { name: 'About' })).queryByText(/@/)).toBeNull();
    expect(
      await screen.findByText('No team activity in your shared courses yet.'),
    ).toBeInTheDocument();
  });

  it('invites from the profile with an optional message', async () => {
    const option = createInviteOption({ teamName: 'Night Owls', courseCode: 'CS-401' });
    let invitedTo: string | undefined;
    let body: unknown;
    server.use(
      http.get(api('/community/students/:id'), () =>
        ok(createCommunityProfile({ id: LENA_ID, inviteOptions: [option] })),
      ),
      http.post(api('/student/teams/:teamId/invite'), async ({ params, request }) => {
        invitedTo = String(params.teamId);
        body = await request.json();
        return ok({});
      }),
    );
    const { user } = renderApp(`/community/${LENA_ID}`, { user: student });
    await user.click(
      await screen.findByRole('button', {
        name: 'Invite to my team (CS-401): Lena Park to Night Owls',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Invite Lena Park to Night Owls' });
    expect(invitedTo).toBeUndefined();
    await user.type(
      within(dialog).getByRole('textbox', { name: /Message to Lena Park/ }),
      'We need a database person',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invited to Night Owls')).toBeVisible();
    expect(invitedTo).toBe(option.teamId);
    expect(body).toEqual({ userId: LENA_ID, message: 'We need a database person' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('links the course and the team, and asks to join a team that may take the viewer', async () => {
    const teamId = '70000000-0000-4000-8000-000000000007';
    const course = createSharedCourse({
      lookingForTeam: false,
      team: {
        id: teamId,
        name: 'Prototype Pals',
        memberCount: 1,
        maxSize: 4,
        isLeader: true,
        canAskToJoin: true,
      },
    });
    let body: unknown;
    server.use(
      http.get(api('/community/students/:id'), () =>
        ok(createCommunityProfile({ id: LENA_ID, courses: [course] })),
      ),
      http.post(api('/student/teams/:teamId/join-requests'), async ({ params, request }) => {
        body = { teamId: params.teamId, ...((await request.json()) as object) };
        return ok(
          { status: 'PENDING', teamName: 'Prototype Pals', waitlistPosition: null },
          { status: 201 },
        );
      }),
    );
    const { user } = renderApp(`/community/${LENA_ID}`, { user: student });
    const courses = await screen.findByRole('region', { name: 'Courses in common' });
    expect(within(courses).getByRole('link', { name: 'CS-401' })).toHaveAttribute(
      'href',
      `/courses/${course.id}`,
    );
    expect(within(courses).getByRole('link', { name: 'Prototype Pals' })).toHaveAttribute(
      'href',
      `/teams/${teamId}`,
    );
    await user.click(within(courses).getByRole('button', { name: 'Ask to join Prototype Pals' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask to join Prototype Pals' });
    await user.type(within(dialog).getByRole('textbox', { name: /Message to the leader/ }), 'Hi!');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(courses).findByText('Request sent to Prototype Pals')).toBeVisible();
    expect(body).toEqual({ teamId, message: 'Hi!' });
  });

  const lenaInByteClub = () =>
    server.use(
      http.get(api('/community/students/:id'), () =>
        ok(
          createCommunityProfile({
            id: LENA_ID,
            courses: [
              createSharedCourse({
                team: {
                  id: LENA_ID,
                  name: 'Byte Club',
                  memberCount: 2,
                  maxSize: 4,
                  isLeader: false,
                  canAskToJoin: false,
                },
              }),
            ],
          }),
        ),
      ),
    );

  it('offers no "ask to join" where the server says the viewer may not', async () => {
    lenaInByteClub();
    renderApp(`/community/${LENA_ID}`, { user: student });
    await screen.findByRole('heading', { level: 1, name: 'Lena Park' });
    expect(screen.getByRole('region', { name: 'Courses in common' })).toHaveTextContent(
      'In Byte Club (2/4)',
    );
    expect(screen.queryByRole('button', { name: /Ask to join/ })).not.toBeInTheDocument();
  });

  it("links an admin to the course's admin page and names the team without a link", async () => {
    lenaInByteClub();
    renderApp(`/community/${LENA_ID}`, { user: { role: 'ORG_ADMIN' } });
    const courses = await screen.findByRole('region', { name: 'Courses' });
    expect(within(courses).getByRole('link', { name: 'CS-401' })).toHaveAttribute(
      'href',
      `/admin/courses/${createSharedCourse().id}`,
    );
    expect(within(courses).getByText('Byte Club')).toBeVisible();
    expect(within(courses).queryByRole('link', { name: 'Byte Club' })).not.toBeInTheDocument();
  });

  it('goes back to where the user came from, else to the community', async () => {
    const { user, router } = renderApp(`/community/${LENA_ID}`, { user: student });
    await screen.findByRole('heading', { level: 1, name: 'Lena Park' });
    await user.click(screen.getByRole('link', { name: 'Back to Community' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Community' })).toBeVisible();
    await act(() => router.navigate({ to: '/teams/my' }));
    await screen.findByRole('heading', { level: 1, name: 'My Teams' });
    await act(() => router.navigate({ to: '/community/$userId', params: { userId: LENA_ID } }));
    await screen.findByRole('heading', { level: 1, name: 'Lena Park' });
    await user.click(screen.getByRole('link', { name: 'Back' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My Teams' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/teams/my');
  });

  it('says "not found or not visible" for a hidden student (404)', async () => {
    server.use(
      http.get(api('/community/students/:id'), () => fail(404, 'Student not found', 'NOT_FOUND')),
    );
    renderApp(`/community/${LENA_ID}`, { user: student });
    expect(await screen.findByRole('heading', { name: 'Not found or not visible' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Browse the community' })).toHaveAttribute(
      'href',
      '/community',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows other failures as an error with a retry', async () => {
    server.use(
      http.get(api('/community/students/:id'), () => fail(500, 'Database unavailable', 'INTERNAL')),
    );
    renderApp(`/community/${LENA_ID}`, { user: student });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load this profile');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeVisible();
  });
});
