import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { createMyCourse, inDays, pageOfItems } from '@/testing/courses-data';
import { api, fail, ok } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

// Pages load through the router and MSW; on a loaded CI machine that takes over 1 s.

const student = { role: 'STUDENT' as const, email: 'maya.chen@student.northfield.edu' };

describe('my enrollments', () => {
  it('shows each course with organization, term, status and deadline', async () => {
    const upcoming = createMyCourse({
      course: {
        code: 'CS-401',
        title: 'Software Engineering Project',
        teamFormationDeadline: inDays(5.2),
      },
    });
    const past = createMyCourse({
      status: 'INACTIVE',
      course: {
        code: 'DB-210',
        title: 'Databases',
        term: 'Spring 2026',
        organization: { id: upcoming.course.organization.id, name: 'Riverside College' },
        teamFormationDeadline: inDays(-2),
        archivedAt: '2026-10-01T10:00:00.000Z',
      },
    });
    server.use(http.get(api('/student/my-courses'), () => ok(pageOfItems([upcoming, past]))));
    renderApp('/courses', { user: student });

    const first = await screen.findByRole('article', { name: 'Software Engineering Project' });
    expect(within(first).getByText('CS-401')).toBeInTheDocument();
    expect(within(first).getByText('Northfield University · Fall 2026')).toBeInTheDocument();
    expect(within(first).getByText('Active')).toBeInTheDocument();
    expect(within(first).getByText('in 5 days')).toBeInTheDocument();
    expect(
      within(first).getByRole('link', { name: 'Software Engineering Project' }),
    ).toHaveAttribute('href', `/courses/${upcoming.course.id}`);

    const second = screen.getByRole('article', { name: 'Databases' });
    expect(within(second).getByText('Riverside College · Spring 2026')).toBeInTheDocument();
    expect(within(second).getByText('Inactive')).toBeInTheDocument();
    expect(within(second).getByText('passed')).toBeInTheDocument();
    expect(within(second).getByText('Archived')).toBeInTheDocument();
  });

  it("links each course's team of mine, or says there is none yet beside the deadline", async () => {
    const teamId = '7d1f3c1e-3f4a-4c1b-9a55-1a2b3c4d5e6f';
    const withTeam = createMyCourse({
      team: { id: teamId, name: 'Byte Club' },
      course: { code: 'CS-401', title: 'Software Engineering Project' },
    });
    const withoutTeam = createMyCourse({
      course: { code: 'DB-210', title: 'Databases', teamFormationDeadline: inDays(3.2) },
    });
    server.use(
      http.get(api('/student/my-courses'), () => ok(pageOfItems([withTeam, withoutTeam]))),
    );
    renderApp('/courses', { user: student });

    const first = await screen.findByRole('article', { name: 'Software Engineering Project' });
    expect(within(first).getByText(/Your team:/)).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Byte Club' })).toHaveAttribute(
      'href',
      `/teams/${teamId}`,
    );
    expect(within(first).queryByText('No team yet')).not.toBeInTheDocument();

    const second = screen.getByRole('article', { name: 'Databases' });
    expect(within(second).getByText('No team yet')).toBeInTheDocument();
    expect(within(second).getByText('in 3 days')).toBeInTheDocument();
    expect(within(second).getAllByRole('link')).toHaveLength(1);
  });

  it('lists every course, past the first page of 100', async () => {
    const all = Array.from({ length: 101 }, (_, i) =>
      createMyCourse({ course: { code: `C-${i + 1}`, title: `Course number ${i + 1}` } }),
    );
    const pages: string[] = [];
    server.use(
      http.get(api('/student/my-courses'), ({ request }) => {
        const params = new URL(request.url).searchParams;
        const page = Number(params.get('page'));
        const limit = Number(params.get('limit'));
        pages.push(`${page}/${limit}`);
        return ok(pageOfItems(all.slice((page - 1) * limit, page * limit), page, limit, 101));
      }),
    );
    renderApp('/courses', { user: student });
    expect(await screen.findByRole('article', { name: 'Course number 101' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(101);
    expect(pages).toEqual(['1/100', '2/100']);
  });

  it('explains how enrollment works when there is none', async () => {
    server.use(http.get(api('/student/my-courses'), () => ok(pageOfItems([]))));
    renderApp('/courses', { user: student });
    expect(
      await screen.findByRole('heading', { name: 'You are not enrolled in any course yet' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/by adding your email address, or by uploading a class roster/),
    ).toBeInTheDocument();
    expect(screen.getByText('maya.chen@student.northfield.edu')).toBeInTheDocument();
  });

  it('shows an error state when the courses cannot be loaded', async () => {
    server.use(
      http.get(api('/student/my-courses'), () =>
        fail(500, 'Database unavailable', 'INTERNAL_ERROR'),
      ),
    );
    renderApp('/courses', { user: student });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load your courses');
    expect(alert).toHaveTextContent('Database unavailable');
  });
});
