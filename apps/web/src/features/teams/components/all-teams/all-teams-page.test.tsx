import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { createMyCourse, pageOfItems } from '@/testing/courses-data';
import { api, fail, ok } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';
import { createPerson, createTeamSummary } from '@/testing/teams-data';

const student = { role: 'STUDENT' as const, fullname: 'Maya Chen' };

const cs401 = createMyCourse({
  course: { id: '40000000-0000-4000-8000-000000000001', code: 'CS-401', title: 'Software Project' },
});
const ds210 = createMyCourse({
  course: { id: '40000000-0000-4000-8000-000000000002', code: 'DS-210', title: 'Data Science' },
});

const byteClub = createTeamSummary({
  name: 'Byte Club',
  courseId: cs401.course.id,
  courseCode: 'CS-401',
  memberCount: 3,
  maxSize: 5,
  relation: 'MEMBER',
  leader: createPerson({ fullname: 'Omar Haddad' }),
});
const fullHouse = createTeamSummary({
  name: 'Full House',
  courseId: ds210.course.id,
  courseCode: 'DS-210',
  memberCount: 4,
  maxSize: 4,
  relation: 'REQUESTED',
  leader: createPerson({ fullname: 'Lena Park' }),
});

const closedCircle = createTeamSummary({
  name: 'Closed Circle',
  courseId: cs401.course.id,
  courseCode: 'CS-401',
  memberCount: 2,
  maxSize: 5,
  openToRequests: false,
  relation: 'NONE',
});

/** GET /student/teams over the teams, filtering as the server does; records each query. */
function serveTeams(teams = [byteClub, fullHouse]) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(api('/student/my-courses'), () => ok(pageOfItems([cs401, ds210], 1, 100))),
    http.get(api('/student/teams'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.push(params);
      const search = params.get('search')?.toLowerCase();
      const items = teams.filter(
        (t) =>
          (!params.get('courseId') || t.courseId === params.get('courseId')) &&
          // Open: taking requests, with a free seat.
          (params.get('hasOpenSeats') !== 'true' || (t.openSeats > 0 && t.openToRequests)) &&
          (!search || t.name.toLowerCase().includes(search)),
      );
      return ok(pageOfItems(items, Number(params.get('page') ?? 1), 20));
    }),
  );
  return queries;
}

describe('All Teams page', () => {
  it('lists the teams of my courses with course, seats, leader and my relation', async () => {
    serveTeams();
    renderApp('/teams', { user: student });
    const list = await screen.findByRole('list', { name: 'Teams' });
    const byte = within(list).getByRole('listitem', { name: 'Byte Club' });
    expect(within(byte).getByText('CS-401')).toBeInTheDocument();
    expect(within(byte).getByText('3 / 5 members')).toBeInTheDocument();
    expect(within(byte).getByText('Omar Haddad')).toBeInTheDocument();
    expect(within(byte).getByText('Your team')).toBeInTheDocument();
    expect(within(byte).getByRole('link', { name: 'Byte Club' })).toHaveAttribute(
      'href',
      `/teams/${byteClub.id}`,
    );
    const full = within(list).getByRole('listitem', { name: 'Full House' });
    expect(within(full).getByText('Requested')).toBeInTheDocument();
    expect(within(full).getByText('Full')).toBeInTheDocument();
    expect(within(full).getByText(/no open seats/)).toBeInTheDocument();
    expect(screen.getByText('1–2 of 2 teams')).toBeInTheDocument();
  });

  it('filters by course, open seats and a debounced search, all kept in the URL', async () => {
    const queries = serveTeams();
    const { user, router } = renderApp('/teams', { user: student });
    await screen.findByRole('listitem', { name: 'Full House' });

    await user.click(screen.getByRole('textbox', { name: 'Course' }));
    await user.click(await screen.findByRole('option', { name: 'DS-210 · Data Science' }));
    await waitFor(() => expect(queries.at(-1)?.get('courseId')).toBe(ds210.course.id));
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Byte Club' })).not.toBeInTheDocument(),
    );
    expect(router.state.location.search).toMatchObject({ courseId: ds210.course.id });

    await user.click(screen.getByRole('switch', { name: 'Only teams with open seats' }));
    await waitFor(() => expect(queries.at(-1)?.get('hasOpenSeats')).toBe('true'));
    expect(await screen.findByText('No team matches these filters.')).toBeInTheDocument();
    expect(router.state.location.search).toMatchObject({ open: true });

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('listitem', { name: 'Byte Club' })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({});

    const before = queries.length;
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'byte');
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'byte' }));
    // One request for the whole word, not one per keystroke.
    expect(queries.slice(before).map((q) => q.get('search'))).toEqual(['byte']);
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Full House' })).not.toBeInTheDocument(),
    );
  });

  it('leaves a team closed to requests out of "open seats"', async () => {
    const queries = serveTeams([byteClub, fullHouse, closedCircle]);
    const { user } = renderApp('/teams', { user: student });
    const list = await screen.findByRole('list', { name: 'Teams' });
    const closed = within(list).getByRole('listitem', { name: 'Closed Circle' });
    expect(within(closed).getByText('Closed')).toBeInTheDocument();

    const open = screen.getByRole('switch', { name: 'Only teams with open seats' });
    await user.click(open);
    await waitFor(() => expect(queries.at(-1)?.get('hasOpenSeats')).toBe('true'));
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Closed Circle' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('listitem', { name: 'Byte Club' })).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Full House' })).not.toBeInTheDocument();
  });

  it('opens with the filters of the URL', async () => {
    const queries = serveTeams();
    renderApp(`/teams?courseId=${cs401.course.id}&open=true&search=club`, { user: student });
    expect(await screen.findByRole('listitem', { name: 'Byte Club' })).toBeInTheDocument();
    expect(queries[0]?.get('courseId')).toBe(cs401.course.id);
    expect(queries[0]?.get('hasOpenSeats')).toBe('true');
    expect(queries[0]?.get('search')).toBe('club');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('club');
    expect(screen.getByRole('switch', { name: 'Only teams with open seats' })).toBeChecked();
  });

  it('guides a student whose courses have no teams yet', async () => {
    server.use(http.get(api('/student/my-courses'), () => ok(pageOfItems([cs401], 1, 100))));
    renderApp('/teams', { user: student });
    expect(await screen.findByText('There are no teams in your courses yet.')).toBeInTheDocument();
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: 'My Enrollments' }),
    ).toHaveAttribute('href', '/courses');
  });

  it('shows an error state with retry', async () => {
    server.use(
      http.get(api('/student/my-courses'), () => ok(pageOfItems([cs401], 1, 100))),
      http.get(api('/student/teams'), () => fail(500, 'Database unavailable', 'INTERNAL_ERROR')),
    );
    renderApp('/teams', { user: student });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the teams');
    expect(alert).toHaveTextContent('Database unavailable');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
