import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import {
  createCommunityStudent,
  createInviteOption,
  createSharedCourse,
} from '@/testing/community-data';
import { createCourse, createMyCourse, pageOfItems } from '@/testing/courses-data';
import { api, fail, ok } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

const student = { role: 'STUDENT' as const, fullname: 'Omar Haddad' };
const COURSE_ID = '40000000-0000-4000-8000-000000000001';

/** Serves the directory and records the query string of every request. */
function serveDirectory(items = [createCommunityStudent()]) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(api('/community/students'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.push(params);
      return ok(pageOfItems(items, Number(params.get('page') ?? 1), 20, items.length));
    }),
  );
  return queries;
}

const lastQuery = (queries: URLSearchParams[]) =>
  Object.fromEntries(queries.at(-1)?.entries() ?? []);

describe('community page', () => {
  it('shows a card per student: name, headline, skills, courses in common and actions', async () => {
    serveDirectory([
      createCommunityStudent({
        fullname: 'Lena Park',
        skills: ['Go', 'PostgreSQL'],
        highlightedSkills: ['PostgreSQL'],
        courses: [
          createSharedCourse({ code: 'CS-401', lookingForTeam: true, lookingNote: 'free Tue' }),
          createSharedCourse({
            id: COURSE_ID,
            code: 'DB-210',
            lookingForTeam: false,
            team: {
              id: COURSE_ID,
              name: 'Query Crew',
              memberCount: 3,
              maxSize: 4,
              isLeader: true,
              canAskToJoin: false,
            },
          }),
        ],
      }),
    ]);
    renderApp('/community', { user: student });

    const card = await screen.findByRole('listitem', { name: 'Lena Park' });
    expect(within(card).getByRole('link', { name: 'Lena Park' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/community\/[0-9a-f-]{36}$/),
    );
    expect(within(card).getByText('Backend developer who likes databases')).toBeInTheDocument();
    // The searched-for skill comes first and says it matches.
    const skills = within(within(card).getByRole('list', { name: 'Skills' })).getAllByRole(
      'listitem',
    );
    expect(skills.map((s) => s.textContent)).toEqual(['PostgreSQL (matches)', 'Go']);
    expect(within(card).getByText('Looking for a team')).toBeInTheDocument();
    expect(within(card).getByText('“free Tue”')).toBeInTheDocument();
    expect(within(card).getByText(/Leads/)).toHaveTextContent('Leads Query Crew (3/4)');
    // No email unless the server sends one; no invite unless the server offers one.
    expect(within(card).queryByText(/@/)).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Invite/ })).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'View profile of Lena Park' })).toBeVisible();
    expect(screen.getByText('1 student')).toBeInTheDocument();
  });

  it('builds the request from the name, skills, course and the two switches', async () => {
    const queries = serveDirectory();
    server.use(
      http.get(api('/student/my-courses'), () =>
        ok(pageOfItems([createMyCourse({ course: { id: COURSE_ID, code: 'CS-401' } })])),
      ),
      http.get(api('/community/skills'), ({ request }) => {
        const q = new URL(request.url).searchParams.get('q') ?? '';
        return ok({
          items: ['React', 'Redux', 'Rust']
            .filter((s) => s.toLowerCase().startsWith(q.toLowerCase()))
            .map((skill) => ({ skill, count: 3 })),
        });
      }),
    );
    const { user, router } = renderApp('/community', { user: student });
    await screen.findByRole('listitem', { name: 'Lena Park' });
    expect(lastQuery(queries)).toEqual({ page: '1', limit: '20' });

    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'len');
    await waitFor(() => expect(lastQuery(queries)).toMatchObject({ search: 'len' }));

    // A skill from the suggestions, then one typed with Enter.
    const skills = screen.getByRole('textbox', { name: /Skills/ });
    await user.type(skills, 're');
    await user.click(await screen.findByRole('option', { name: 'React' }));
    await user.type(skills, 'SQL{Enter}');
    await waitFor(() => expect(lastQuery(queries)).toMatchObject({ skills: 'React,SQL' }));

    // "Without a team" needs a course.
    const withoutTeam = screen.getByRole('switch', { name: /Without a team in this course/ });
    expect(withoutTeam).toBeDisabled();
    await user.click(screen.getByRole('textbox', { name: 'One of my courses' }));
    await user.click(await screen.findByRole('option', { name: /CS-401/ }));
    await waitFor(() => expect(withoutTeam).toBeEnabled());
    await user.click(withoutTeam);
    await user.click(screen.getByRole('switch', { name: 'Looking for a team' }));

    await waitFor(() =>
      expect(lastQuery(queries)).toEqual({
        page: '1',
        limit: '20',
        search: 'len',
        skills: 'React,SQL',
        courseId: COURSE_ID,
        looking: 'true',
        withoutTeam: 'true',
      }),
    );
    // The filters live in the URL.
    expect(router.state.location.search).toMatchObject({
      search: 'len',
      skills: ['React', 'SQL'],
      courseId: COURSE_ID,
      looking: true,
      withoutTeam: true,
    });
  });

  it('reads its filters from the URL and drops bad values', async () => {
    const queries = serveDirectory();
    renderApp(
      `/community?skills=%5B%22Go%22%5D&looking=true&withoutTeam=true&courseId=nope&page=2`,
      { user: student },
    );
    await screen.findByRole('heading', { level: 1, name: 'Community' });
    // withoutTeam without a (valid) course is not sent.
    await waitFor(() =>
      expect(lastQuery(queries)).toEqual({ page: '2', limit: '20', skills: 'Go', looking: 'true' }),
    );
  });

  it('invites from a card, then says so', async () => {
    const option = createInviteOption({ teamName: 'Byte Club', courseCode: 'CS-401' });
    const lena = createCommunityStudent({ fullname: 'Lena Park', inviteOptions: [option] });
    serveDirectory([lena]);
    let sent: unknown;
    let teamId: string | undefined;
    server.use(
      http.post(api('/student/teams/:teamId/invite'), async ({ request, params }) => {
        teamId = String(params.teamId);
        sent = await request.json();
        return ok({});
      }),
    );
    const { user } = renderApp('/community', { user: student });
    const card = await screen.findByRole('listitem', { name: 'Lena Park' });
    await user.click(
      within(card).getByRole('button', {
        name: 'Invite to my team (CS-401): Lena Park to Byte Club',
      }),
    );
    // The message is optional: sent as it is.
    await user.click(await screen.findByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent')).toBeInTheDocument();
    expect(within(card).getByText('Invited to Byte Club')).toBeInTheDocument();
    expect(teamId).toBe(option.teamId);
    expect(sent).toEqual({ userId: lena.id, message: '' });
  });

  it('shows the refusal when an invitation fails', async () => {
    serveDirectory([createCommunityStudent({ inviteOptions: [createInviteOption()] })]);
    server.use(
      http.post(api('/student/teams/:teamId/invite'), () =>
        fail(409, 'Lena Park is already in a team in this course', 'ALREADY_IN_TEAM'),
      ),
    );
    const { user } = renderApp('/community', { user: student });
    const card = await screen.findByRole('listitem', { name: 'Lena Park' });
    await user.click(within(card).getByRole('button', { name: /Invite to my team .*Lena Park/ }));
    await user.click(await screen.findByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Could not send the invitation')).toBeInTheDocument();
    expect(screen.getByText('Lena Park is already in a team in this course')).toBeInTheDocument();
    expect(
      within(card).getByRole('button', { name: /Invite to my team .*Lena Park/ }),
    ).toBeEnabled();
  });

  it('says when nobody matches, and when there is nobody at all', async () => {
    serveDirectory([]);
    const { unmount } = renderApp('/community?looking=true', { user: student });
    expect(await screen.findByText(/No student matches these filters/)).toBeInTheDocument();
    unmount();
    renderApp('/community', { user: student });
    expect(await screen.findByText(/Nobody to show yet/)).toBeInTheDocument();
  });

  it('shows an error state with a retry', async () => {
    server.use(
      http.get(api('/community/students'), () => fail(500, 'Database unavailable', 'INTERNAL')),
    );
    renderApp('/community', { user: student });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the community');
    expect(alert).toHaveTextContent('Database unavailable');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('gives admins their own wording and a course filter over their courses', async () => {
    const queries = serveDirectory();
    const courseSearches: string[] = [];
    server.use(
      http.get(api('/courses'), ({ request }) => {
        courseSearches.push(new URL(request.url).searchParams.get('search') ?? '');
        return ok(
          pageOfItems([createCourse({ id: COURSE_ID, code: 'CS-301', title: 'Databases' })]),
        );
      }),
    );
    const { user } = renderApp('/community', {
      user: { role: 'ORG_ADMIN', fullname: 'Ada Admin' },
    });
    await screen.findByRole('listitem', { name: 'Lena Park' });
    expect(screen.getByText(/Students of the organizations you run/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'One of my courses' })).not.toBeInTheDocument();
    expect(screen.getByText('Courses')).toBeInTheDocument();
    // "Without a team" needs a course first.
    expect(screen.getByRole('switch', { name: /Without a team/ })).toBeDisabled();

    await user.click(screen.getByRole('textbox', { name: 'Course' }));
    await user.click(await screen.findByRole('option', { name: 'CS-301 · Databases' }));
    await waitFor(() => expect(lastQuery(queries)).toMatchObject({ courseId: COURSE_ID }));
    expect(screen.getByRole('switch', { name: /Without a team/ })).toBeEnabled();
    expect(courseSearches.length).toBeGreaterThan(0);
  });
});
