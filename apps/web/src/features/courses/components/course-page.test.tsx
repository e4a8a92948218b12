import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import type { Course } from '@teamup/shared';
import { createCourse, createEnrollment, inDays } from '@/testing/courses-data';
import { api, fail, ok } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { createOrganizationSummary, paginate } from '@/testing/organizations-data';
import { server } from '@/testing/server';

// Pages load through the router and MSW; on a loaded CI machine that takes over 1 s.

// Pages load through the router and MSW; on a loaded CI machine that takes over 1 s.

const admin = { role: 'ORG_ADMIN' as const };

/** A course the handlers keep in memory, so that refetches after a change see the change. */
function serveCourse(initial: Course) {
  let course = initial;
  const requests: { method: string; path: string; body?: unknown }[] = [];
  server.use(
    // The signed-in admin runs the course's organization.
    http.get(api('/organizations/admin/my'), () =>
      ok(paginate([createOrganizationSummary({ id: initial.organizationId })])),
    ),
    http.get(api('/courses/:id'), () => ok(course)),
    http.patch(api('/courses/:id/update'), async ({ request }) => {
      const body = (await request.json()) as Partial<Course>;
      requests.push({ method: 'PATCH', path: new URL(request.url).pathname, body });
      course = { ...course, ...body };
      return ok(course);
    }),
    http.delete(api('/courses/:id'), ({ request }) => {
      requests.push({ method: 'DELETE', path: new URL(request.url).pathname });
      course = { ...course, archivedAt: new Date().toISOString() };
      return ok(course);
    }),
    http.post(api('/courses/:id/restore'), ({ request }) => {
      requests.push({ method: 'POST', path: new URL(request.url).pathname });
      course = { ...course, archivedAt: null };
      return ok(course);
    }),
  );
  return requests;
}

describe('course page (admin)', () => {
  it('shows the details, the enrollment counts and the way to the students', async () => {
    const course = createCourse({
      code: 'CS-401',
      title: 'Software Engineering Project',
      teamSizeMin: 3,
      teamSizeMax: 5,
      teamFormationDeadline: inDays(-1),
      enrollmentCounts: { active: 24, pending: 3, inactive: 1 },
      sections: [],
    });
    serveCourse(course);
    const { user } = renderApp(`/admin/courses/${course.id}`, { user: admin });

    // The heading names the course; name, deadline and team size each appear once.
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'CS-401 · Software Engineering Project',
      }),
    ).toBeVisible();
    expect(screen.getByText(`${course.term} · ${course.organizationName}`)).toBeInTheDocument();
    const facts = screen.getByRole('group', { name: 'Course facts' });
    expect(within(facts).getByText('Teams of 3 to 5 members')).toBeInTheDocument();
    expect(within(facts).getByText('passed')).toBeInTheDocument();
    expect(screen.getAllByText(/Software Engineering Project/)).toHaveLength(1);
    expect(screen.getAllByText(/3 to 5 members/)).toHaveLength(1);
    expect(screen.getAllByText('passed')).toHaveLength(1);
    const details = screen.getByRole('region', { name: 'Course details' });
    expect(within(details).getByText(course.description)).toBeInTheDocument();
    // Issue 35: the sections are tabs (links), the Overview the current one; the roster is a
    // section of its own, with its URL and tab title.
    const sections = screen.getByRole('navigation', { name: 'Course sections' });
    expect(within(sections).getByRole('link', { name: 'Overview' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(await screen.findByRole('region', { name: 'What needs doing next' })).toBeVisible();
    await user.click(within(sections).getByRole('link', { name: 'Roster' }));
    const enrollments = await screen.findByRole('region', { name: 'Enrollments' });
    await waitFor(() =>
      expect(document.title).toBe('Roster · CS-401 · Course Management · Teamup'),
    );
    // One current section: the Overview's path is the parent of every section's.
    expect(within(sections).getByRole('link', { name: 'Roster' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(sections).getByRole('link', { name: 'Overview' })).not.toHaveAttribute(
      'aria-current',
    );
    expect(within(enrollments).getByText('24')).toBeInTheDocument();
    expect(within(enrollments).getByRole('link', { name: 'Students' })).toHaveAttribute(
      'href',
      `/admin/students/course/${course.id}`,
    );
  });

  it('edits the course and sends only what changed', async () => {
    const course = createCourse({ title: 'Software Engineering Project', teamSizeMax: 5 });
    const requests = serveCourse(course);
    const { user } = renderApp(`/admin/courses/${course.id}`, { user: admin });
    await user.click(await screen.findByRole('button', { name: 'Edit course' }));

    const title = screen.getByRole('textbox', { name: /^Title/ });
    await user.clear(title);
    await user.type(title, 'Software Engineering Studio');
    const max = screen.getByRole('textbox', { name: /Maximum team size/ });
    await user.clear(max);
    await user.type(max, '6');
    await user.click(screen.getByRole('button', { name: 'Save course' }));

    expect(await screen.findByText('Course saved')).toBeInTheDocument();
    expect(requests).toEqual([
      {
        method: 'PATCH',
        path: `/api/v1/courses/${course.id}/update`,
        body: { title: 'Software Engineering Studio', teamSizeMax: 6 },
      },
    ]);
    expect(
      await screen.findByRole('heading', { level: 1, name: /Software Engineering Studio/ }),
    ).toBeInTheDocument();
  });

  it('shows a taken code from the server on the code field', async () => {
    const course = createCourse();
    serveCourse(course);
    server.use(
      http.patch(api('/courses/:id/update'), () =>
        fail(409, 'Another course already uses this code', 'COURSE_CODE_TAKEN'),
      ),
    );
    const { user } = renderApp(`/admin/courses/${course.id}`, { user: admin });
    await user.click(await screen.findByRole('button', { name: 'Edit course' }));
    const code = screen.getByRole('textbox', { name: /^Code/ });
    await user.clear(code);
    await user.type(code, 'CS-402');
    await user.click(screen.getByRole('button', { name: 'Save course' }));
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription(
        expect.stringContaining('Another course already uses this code'),
      ),
    );
    expect(screen.getByText('Could not save course')).toBeInTheDocument();
  });

  it('archives after confirmation, then restores', async () => {
    const course = createCourse({ code: 'CS-401' });
    const requests = serveCourse(course);
    const { user } = renderApp(`/admin/courses/${course.id}`, { user: admin });
    await user.click(await screen.findByRole('button', { name: 'Archive course' }));

    const dialog = await screen.findByRole('dialog', { name: 'Archive this course?' });
    expect(dialog).toHaveTextContent('Students keep their enrollments; nothing is deleted');
    expect(requests).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Archive course' }));

    expect(await screen.findByText('Course archived')).toBeInTheDocument();
    expect(await screen.findByText('This course is archived')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit course' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Restore course' }));
    expect(await screen.findByText('Course restored')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByText('This course is archived')).not.toBeInTheDocument(),
    );
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `DELETE /api/v1/courses/${course.id}`,
      `POST /api/v1/courses/${course.id}/restore`,
    ]);
  });

  it('adds a student to this course from the quick action', async () => {
    const course = createCourse({ code: 'CS-401' });
    serveCourse(course);
    let sent: unknown;
    server.use(
      http.post(api('/admin/students/manual-add'), async ({ request }) => {
        sent = await request.json();
        return ok(
          createEnrollment({ fullname: 'Lena Park', status: 'PENDING', courseCode: 'CS-401' }),
          {
            status: 201,
          },
        );
      }),
    );
    const { user } = renderApp(`/admin/courses/${course.id}/roster`, { user: admin });
    await user.click(await screen.findByRole('button', { name: 'Add student' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add student' });
    await user.type(
      within(dialog).getByRole('textbox', { name: /^Email/ }),
      ' Lena.Park@Northfield.edu ',
    );
    await user.type(within(dialog).getByRole('textbox', { name: /^Full name/ }), 'Lena Park');
    await user.click(within(dialog).getByRole('button', { name: 'Add student' }));

    expect(
      await screen.findByText(
        /Lena Park was added to CS-401; the enrollment is pending until their first sign-in/,
      ),
    ).toBeInTheDocument();
    expect(sent).toEqual({
      courseId: course.id,
      email: 'lena.park@northfield.edu',
      fullname: 'Lena Park',
    });
  });

  it('says so when the course is not in the admin’s organizations', async () => {
    server.use(http.get(api('/courses/:id'), () => fail(404, 'Course not found', 'NOT_FOUND')));
    renderApp('/admin/courses/20000000-0000-4000-8000-000000000009', { user: admin });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Course not found');
    expect(within(alert).getByRole('link', { name: 'Back to Course Management' })).toHaveAttribute(
      'href',
      '/admin/courses',
    );
  });
});
