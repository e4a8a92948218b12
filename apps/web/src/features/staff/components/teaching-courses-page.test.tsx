import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import type { TeachingCourse } from '@teamup/shared';
import { api, ok } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';
import { createTeachingCourse } from '@/testing/staff-data';

const student = { role: 'STUDENT' as const, fullname: 'Maya Chen' };

function teaches(...items: TeachingCourse[]) {
  server.use(http.get(api('/staff/courses'), () => ok({ items })));
}

async function nav() {
  return screen.findByRole('navigation', { name: 'Main navigation' });
}

describe('Courses I teach in the menu', () => {
  it('is offered to a student who assists in a course, in the Teaching group before Community', async () => {
    teaches(createTeachingCourse());
    renderApp('/community', { user: student });
    const link = await within(await nav()).findByRole('link', { name: 'Courses I teach' });
    expect(link).toHaveAttribute('href', '/teaching');
    const labels = within(await nav())
      .getAllByRole('link')
      .map((a) => a.textContent);
    // Issue 35: the Teaching group (Courses I teach, Team formation), then Community.
    expect(labels.slice(-3)).toEqual(['Courses I teach', 'Team formation', 'Community']);
  });

  it('is offered to an organization admin who also teaches', async () => {
    teaches(createTeachingCourse({ role: 'INSTRUCTOR' }));
    renderApp('/community', { user: { role: 'ORG_ADMIN' } });
    expect(
      await within(await nav()).findByRole('link', { name: 'Courses I teach' }),
    ).toBeInTheDocument();
    expect(within(await nav()).getByRole('link', { name: 'Course Management' })).toBeVisible();
  });

  it('is not offered to someone who teaches nothing', async () => {
    const { queryClient } = renderApp('/community', { user: student });
    expect(await screen.findByRole('heading', { level: 1, name: 'Community' })).toBeVisible();
    // Once the answer (no course) is in, the menu is the student's as before.
    await waitFor(() =>
      expect(queryClient.getQueryState(['staff', 'teaching'])?.status).toBe('success'),
    );
    const labels = within(await nav())
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(labels).toEqual(['Dashboard', 'My Enrollments', 'My Teams', 'All Teams', 'Community']);
  });
});

describe('Courses I teach page', () => {
  it('lists each course with its role, organization, term, figures and admin page', async () => {
    const ta = createTeachingCourse({
      code: 'CS-350',
      title: 'Databases',
      term: 'Spring 2027',
      organizationName: 'Northfield University',
      role: 'TEACHING_ASSISTANT',
      activeStudents: 31,
      teams: 7,
      studentsWithoutTeam: 3,
    });
    const instructor = createTeachingCourse({
      code: 'CS-101',
      title: 'Programming',
      role: 'INSTRUCTOR',
      archived: true,
    });
    teaches(ta, instructor);
    renderApp('/teaching', { user: student });

    expect(await screen.findByRole('heading', { level: 1, name: 'Courses I teach' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Courses I teach · Teamup'));
    expect(screen.getByText(/^2 courses where you are/)).toBeInTheDocument();

    const card = screen.getByRole('article', { name: 'Databases' });
    expect(within(card).getByText('CS-350')).toBeInTheDocument();
    expect(within(card).getByText('Teaching assistant')).toBeInTheDocument();
    expect(within(card).getByText('Northfield University · Spring 2027')).toBeInTheDocument();
    expect(within(card).getByText('Active students').nextSibling).toHaveTextContent('31');
    expect(within(card).getByText('Teams').nextSibling).toHaveTextContent('7');
    expect(within(card).getByText('Without a team').nextSibling).toHaveTextContent('3');
    expect(within(card).getByRole('link', { name: 'Databases' })).toHaveAttribute(
      'href',
      `/admin/courses/${ta.id}`,
    );
    expect(within(card).getByRole('link', { name: 'Students of CS-350' })).toHaveAttribute(
      'href',
      `/admin/students/course/${ta.id}`,
    );

    const other = screen.getByRole('article', { name: 'Programming' });
    expect(within(other).getByText('Instructor')).toBeInTheDocument();
    expect(within(other).getByText('Archived')).toBeInTheDocument();
    // A student's way to the dashboard of the courses they teach.
    expect(screen.getByRole('link', { name: 'Team formation dashboard' })).toHaveAttribute(
      'href',
      '/admin/dashboard',
    );
    // The sidebar marks the page.
    expect(within(await nav()).getByRole('link', { name: 'Courses I teach' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('says how to become staff when the user teaches nothing', async () => {
    renderApp('/teaching', { user: { ...student, email: 'maya@student.northfield.edu' } });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'You do not teach any course' }),
    ).toBeVisible();
    expect(screen.getByText('maya@student.northfield.edu')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });
});

describe("the student dashboard's courses you teach", () => {
  it('lists them, each with the way to its admin page', async () => {
    const course = createTeachingCourse({
      code: 'CS-350',
      title: 'Databases',
      term: 'Spring 2027',
    });
    teaches(course);
    renderApp('/dashboard', { user: student });
    const box = await screen.findByRole('region', { name: 'Courses you teach' });
    expect(within(box).getByRole('link', { name: 'CS-350 · Databases' })).toHaveAttribute(
      'href',
      `/admin/courses/${course.id}`,
    );
    expect(within(box).getByText('Teaching assistant · Spring 2027')).toBeInTheDocument();
  });

  it('is not there for a student who teaches nothing', async () => {
    const { queryClient } = renderApp('/dashboard', { user: student });
    expect(await screen.findByRole('region', { name: 'My courses' })).toBeVisible();
    await waitFor(() =>
      expect(queryClient.getQueryState(['staff', 'teaching'])?.status).toBe('success'),
    );
    expect(screen.queryByRole('region', { name: 'Courses you teach' })).not.toBeInTheDocument();
  });
});
