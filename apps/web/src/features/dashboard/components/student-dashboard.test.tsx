import { screen, waitFor, within } from '@testing-library/react';
import type { DashboardMyRequest } from '@teamup/shared';
import { delay, http } from 'msw';
import {
  createDashboardCourse,
  createDashboardInvitation,
  createDashboardJoinRequest,
  createDashboardMyRequest,
  createDashboardTeam,
  createStudentDashboard,
  createTeamlessCourse,
  createUnreadNotices,
} from '@/testing/dashboard-data';
import { api, fail, ok } from '@/testing/handlers';
import { labelInNameViolations } from '@/testing/label-in-name';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

const student = { role: 'STUDENT' as const, fullname: 'Maya Chen' };

const section = (name: string) => screen.getByRole('region', { name });

/** A dashboard with `request` until it is withdrawn; the ids withdrawn, in order. */
function serveWithdrawableRequest(request: DashboardMyRequest): string[] {
  const withdrawn: string[] = [];
  server.use(
    http.get(api('/student/dashboard'), () =>
      ok(
        createStudentDashboard({
          myRequests: withdrawn.length ? [] : [request],
          courses: [createDashboardCourse()],
        }),
      ),
    ),
    http.post(api('/student/join-requests/:id/withdraw'), ({ params }) => {
      withdrawn.push(String(params.id));
      return ok({ teamName: 'Pixel Pushers' });
    }),
  );
  return withdrawn;
}

describe('student dashboard', () => {
  // Decision 128: while the answer is awaited only the first box of each column shows, so that
  // filling it moves nothing; "My courses" is the wide layout's second column (hidden below lg,
  // where it would sit under "Needs you"), "My teams" comes with the answer.
  it('shows the first box of each column while the dashboard loads, the rest with the answer', async () => {
    server.use(
      http.get(api('/student/dashboard'), async () => {
        await delay('infinite');
        return ok(createStudentDashboard());
      }),
    );
    renderApp('/dashboard', { user: student });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome, Maya Chen' }),
    ).toBeInTheDocument();
    expect(
      within(section('Needs you')).getByRole('status', { name: 'Loading what needs you' }),
    ).toBeInTheDocument();
    const courses = section('My courses');
    expect(
      within(courses).getByRole('status', { name: 'Loading your courses' }),
    ).toBeInTheDocument();
    expect(courses.parentElement?.parentElement?.className).toMatch(/mantine-visible-from-lg/);
    expect(screen.queryByRole('region', { name: 'My teams' })).not.toBeInTheDocument();
  });

  it('tells a student without any course what happens next', async () => {
    renderApp('/dashboard', { user: student });
    const empty = await screen.findByRole('region', { name: 'You are not in a course yet' });
    expect(empty).toHaveTextContent(/Your instructor adds you to a course/);
    expect(empty).toHaveTextContent(/class roster \(CSV\)/);
    expect(screen.queryByRole('region', { name: 'Needs you' })).not.toBeInTheDocument();
  });

  it('says so in each section when the dashboard cannot be read, and retries', async () => {
    let fails = true;
    server.use(
      http.get(api('/student/dashboard'), () =>
        fails
          ? fail(500, 'The server is having a moment', 'INTERNAL_ERROR')
          : ok(createStudentDashboard({ courses: [createDashboardCourse()] })),
      ),
    );
    const { user } = renderApp('/dashboard', { user: student });
    const alert = await within(await screen.findByRole('region', { name: 'Needs you' })).findByRole(
      'alert',
    );
    expect(alert).toHaveTextContent('Could not load what needs you');
    expect(alert).toHaveTextContent('The server is having a moment');
    expect(within(section('My courses')).getByRole('alert')).toHaveTextContent(
      'Could not load your courses',
    );
    expect(within(section('My teams')).getByRole('alert')).toHaveTextContent(
      'Could not load your teams',
    );
    fails = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(
      await within(section('Needs you')).findByText('Nothing needs you right now.'),
    ).toBeInTheDocument();
    expect(within(section('My teams')).getByText('You are not in a team yet.')).toBeInTheDocument();
  });

  it('lists what needs the student, with links to where to act', async () => {
    const teamless = createTeamlessCourse();
    server.use(
      http.get(api('/student/dashboard'), () =>
        ok(
          createStudentDashboard({
            invitations: [createDashboardInvitation()],
            joinRequests: [createDashboardJoinRequest()],
            myRequests: [createDashboardMyRequest()],
            teamlessCourses: [teamless],
            unreadNotices: [createUnreadNotices()],
            courses: [
              createDashboardCourse({
                team: { id: teamless.openTeams[0]!.id, name: 'Query Crew' },
              }),
              createDashboardCourse({
                courseId: teamless.courseId,
                code: 'DB-210',
                title: 'Databases',
                enrollmentStatus: 'ACTIVE',
              }),
            ],
            teams: [createDashboardTeam()],
          }),
        ),
      ),
    );
    renderApp('/dashboard', { user: student });
    const needs = await screen.findByRole('region', { name: 'Needs you' });
    const invitation = await within(needs).findByRole('listitem', {
      name: 'Invitation to Byte Club',
    });
    expect(invitation).toHaveTextContent('Invited by Omar Haddad');
    // Issue 24: the course, the team and the people named are links to their pages.
    expect(within(invitation).getByRole('link', { name: 'Omar Haddad' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/community\/[0-9a-f-]{36}$/),
    );
    expect(within(invitation).getByRole('link', { name: 'Byte Club' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/teams\/[0-9a-f-]{36}$/),
    );
    expect(within(invitation).getByRole('link', { name: /^CS-|^[A-Z]+-?\d+/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/courses\/[0-9a-f-]{36}$/),
    );
    expect(invitation).toHaveTextContent('“We need a tester”');
    expect(
      within(needs).getByRole('listitem', { name: 'Request from Liam O’Brien to join Query Crew' }),
    ).toHaveTextContent('“I can do the backend”');
    expect(
      within(needs).getByRole('button', { name: 'Withdraw my request to join Pixel Pushers' }),
    ).toBeInTheDocument();

    const course = within(needs).getByRole('listitem', { name: /No team yet in DB-210/ });
    expect(course).toHaveTextContent('5 open teams have a free seat');
    expect(within(course).getByRole('link', { name: 'Index Hunters' })).toBeInTheDocument();
    expect(
      within(course).getByRole('link', { name: 'See all 5 open teams of DB-210' }),
    ).toHaveTextContent('See all 5 open teams');
    expect(course).toHaveTextContent('4 classmates are looking for a team');
    const looking = within(course).getByRole('link', {
      name: 'See who is looking for a team in DB-210',
    });
    expect(looking.getAttribute('href')).toBe(
      `/community?courseId=${teamless.courseId}&looking=true`,
    );
    expect(
      within(needs).getByRole('listitem', { name: '2 new notices in Query Crew' }),
    ).toHaveTextContent('latest by Sofia Rossi');
    // Label in name (WCAG 2.5.3): no control's name hides the words it shows.
    expect(labelInNameViolations(needs)).toEqual([]);

    const courses = within(section('My courses')).getAllByRole('listitem');
    expect(courses.map((c) => c.textContent)).toEqual([
      expect.stringMatching(/^CS-401 · Software Engineering Project.*Team: Query Crew$/),
      expect.stringMatching(/^DB-210 · Databases.*No team$/),
    ]);
    expect(within(section('My teams')).getByRole('listitem')).toHaveTextContent(
      'Query CrewCS-401 · 3/4 membersLeader',
    );
  });

  it('accepts an invitation right there; the list updates without a reload', async () => {
    const invitation = createDashboardInvitation();
    let accepted = false;
    const posted: string[] = [];
    server.use(
      http.get(api('/student/dashboard'), () =>
        ok(
          createStudentDashboard({
            invitations: accepted ? [] : [invitation],
            courses: [
              createDashboardCourse({
                team: accepted ? { id: invitation.teamId, name: 'Byte Club' } : null,
              }),
            ],
          }),
        ),
      ),
      http.post(api('/student/invitations/:id/accept'), ({ params }) => {
        posted.push(String(params.id));
        accepted = true;
        return ok({ teamName: 'Byte Club' });
      }),
    );
    const { user } = renderApp('/dashboard', { user: student });
    const item = await screen.findByRole('listitem', { name: 'Invitation to Byte Club' });
    await user.click(within(item).getByRole('button', { name: 'Accept invitation to Byte Club' }));
    expect(await screen.findByText('You joined Byte Club')).toBeInTheDocument();
    expect(posted).toEqual([invitation.id]);
    await waitFor(() =>
      expect(
        screen.queryByRole('listitem', { name: 'Invitation to Byte Club' }),
      ).not.toBeInTheDocument(),
    );
    expect(within(section('Needs you')).getByText('Nothing needs you right now.')).toBeVisible();
    expect(within(section('My courses')).getByRole('link', { name: 'Byte Club' })).toBeVisible();
  });

  it('asks before withdrawing a request', async () => {
    const request = createDashboardMyRequest();
    const withdrawn = serveWithdrawableRequest(request);
    const { user } = renderApp('/dashboard', { user: student });
    await user.click(
      await screen.findByRole('button', { name: 'Withdraw my request to join Pixel Pushers' }),
    );
    expect(withdrawn).toEqual([]);
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw this request?' });
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw request' }));
    expect(
      await screen.findByText('You withdrew your request to join Pixel Pushers'),
    ).toBeVisible();
    expect(withdrawn).toEqual([request.id]);
    expect(
      await within(section('Needs you')).findByText('Nothing needs you right now.'),
    ).toBeVisible();
  });

  it('shows a waitlisted request with its place in line, and leaving it asks first', async () => {
    const request = createDashboardMyRequest({ status: 'WAITLISTED', waitlistPosition: 2 });
    const withdrawn = serveWithdrawableRequest(request);
    const { user } = renderApp('/dashboard', { user: student });
    expect(
      await screen.findByText(/Pixel Pushers is full: you are number 2 on its waitlist/),
    ).toBeVisible();
    await user.click(
      within(section('Needs you')).getByRole('button', {
        name: 'Leave waitlist of Pixel Pushers',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Leave this waitlist?' });
    expect(withdrawn).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Leave waitlist' }));
    expect(await screen.findByText('You left the waitlist of Pixel Pushers')).toBeVisible();
    expect(withdrawn).toEqual([request.id]);
  });

  it('lists each open survey to answer, with how long is left, linking to its card', async () => {
    const courseId = '60000000-0000-4000-8000-000000000009';
    server.use(
      http.get(api('/student/dashboard'), () =>
        ok(
          createStudentDashboard({
            openSurveys: [
              {
                courseId,
                courseCode: 'CS301',
                courseTitle: 'Software Engineering',
                closesAt: new Date(Date.now() + 2 * 24 * 3_600_000 + 60_000).toISOString(),
                started: true,
              },
              {
                courseId: '60000000-0000-4000-8000-00000000000a',
                courseCode: 'DB-210',
                courseTitle: 'Databases',
                closesAt: new Date(Date.now() + 5 * 24 * 3_600_000).toISOString(),
                started: false,
              },
            ],
            courses: [createDashboardCourse()],
          }),
        ),
      ),
    );
    renderApp('/dashboard', { user: student });
    const list = await screen.findByRole('list', { name: 'Surveys to answer' });
    const item = within(list).getByRole('listitem', {
      name: 'Answer the team formation survey of CS301',
    });
    expect(item).toHaveTextContent('Answer the team formation survey of CS301');
    expect(item).toHaveTextContent('Started, not submitted · closes in 2 days');
    expect(
      within(item).getByRole('link', { name: 'Continue the survey of CS301' }),
    ).toHaveAttribute('href', `/courses/${courseId}#survey`);
    const other = within(list).getByRole('listitem', {
      name: 'Answer the team formation survey of DB-210',
    });
    // Label in name (WCAG 2.5.3): the link's name starts with the words it shows.
    expect(
      within(other).getByRole('link', { name: 'Answer the survey of DB-210' }),
    ).toHaveTextContent('Answer the survey');
    expect(labelInNameViolations(list)).toEqual([]);
  });
});
