import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { createCourse, createEnrollment, pageOfItems } from '@/testing/courses-data';
import { api, fail, ok } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

// Pages load through the router and MSW; on a loaded CI machine that takes over 1 s.

const admin = { role: 'ORG_ADMIN' as const };
const COURSE = createCourse({
  id: '20000000-0000-4000-8000-000000000001',
  code: 'CS-401',
  title: 'Software Engineering Project',
  organizationName: 'Northfield University',
});

function serveRoster(items = [createEnrollment()]) {
  const calls: { path: string; params: URLSearchParams }[] = [];
  server.use(
    http.get(api('/courses/:id'), () => ok(COURSE)),
    http.get(api('/admin/course/:id/students'), ({ request }) => {
      const url = new URL(request.url);
      calls.push({ path: url.pathname, params: url.searchParams });
      return ok(pageOfItems(items));
    }),
  );
  return calls;
}

describe('course roster', () => {
  it('shows the course and its students with status and team, without a course column', async () => {
    const calls = serveRoster([
      createEnrollment({ fullname: 'Maya Chen', team: { id: COURSE.id, name: 'Byte Club' } }),
      createEnrollment({ fullname: 'Lena Park', status: 'INACTIVE', emailUndeliverable: true }),
    ]);
    renderApp(`/admin/students/course/${COURSE.id}`, { user: admin });
    // The heading names the course whose students these are.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Students of CS-401' }),
    ).toBeVisible();
    expect(
      screen.getByText(`Software Engineering Project · ${COURSE.term} · Northfield University`),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Students of this course' });
    expect(within(table).queryByRole('columnheader', { name: 'Course' })).not.toBeInTheDocument();
    expect(within(table).getByText('Byte Club')).toBeInTheDocument();
    expect(within(table).getByText('Inactive')).toBeInTheDocument();
    // Issue 26: Lena's address refused our email; only her row says so.
    expect(within(table).getAllByText('Email bounced: this address refuses our mail')).toHaveLength(
      1,
    );
    expect(calls[0]?.path).toBe(`/api/v1/admin/course/${COURSE.id}/students`);
  });

  it('filters by status', async () => {
    const calls = serveRoster();
    const { user } = renderApp(`/admin/students/course/${COURSE.id}`, { user: admin });
    await screen.findByRole('table', { name: 'Students of this course' });
    await user.click(screen.getByRole('textbox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Pending' }));
    await waitFor(() => expect(calls.at(-1)?.params.get('status')).toBe('PENDING'));
  });

  it('issue 36: shows the Section column and filters by a section of the course', async () => {
    const calls: URLSearchParams[] = [];
    server.use(
      http.get(api('/courses/:id'), () =>
        ok({
          ...COURSE,
          sections: [
            { name: 'A', activeStudents: 12 },
            { name: 'B', activeStudents: 9 },
          ],
        }),
      ),
      http.get(api('/admin/course/:id/students'), ({ request }) => {
        calls.push(new URL(request.url).searchParams);
        return ok(pageOfItems([createEnrollment({ fullname: 'Maya Chen', section: 'B' })]));
      }),
    );
    const { user, router } = renderApp(`/admin/students/course/${COURSE.id}`, { user: admin });
    const table = await screen.findByRole('table', { name: 'Students of this course' });
    expect(within(table).getByRole('columnheader', { name: 'Section' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'B' })).toBeInTheDocument();
    await user.click(screen.getByRole('textbox', { name: 'Section' }));
    await user.click(await screen.findByRole('option', { name: 'B (9 active)' }));
    await waitFor(() => expect(calls.at(-1)?.get('section')).toBe('B'));
    expect(router.state.location.search).toEqual({ section: 'B' });
  });

  it('has no Section column or filter for a course without sections', async () => {
    serveRoster();
    renderApp(`/admin/students/course/${COURSE.id}`, { user: admin });
    const table = await screen.findByRole('table', { name: 'Students of this course' });
    expect(within(table).queryByRole('columnheader', { name: 'Section' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Section' })).not.toBeInTheDocument();
  });

  it('searches by name or email after typing stops, through the URL', async () => {
    const calls = serveRoster();
    const { user, router } = renderApp(`/admin/students/course/${COURSE.id}?page=2`, {
      user: admin,
    });
    await screen.findByRole('table', { name: 'Students of this course' });
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'lena');
    await waitFor(() => expect(calls.at(-1)?.params.get('search')).toBe('lena'));
    // Only the finished word is asked for, not every keystroke, and from the first page.
    expect(calls.filter((c) => c.params.has('search'))).toHaveLength(1);
    expect(calls.at(-1)?.params.get('page')).toBe('1');
    expect(router.state.location.search).toEqual({ search: 'lena' });

    server.use(http.get(api('/admin/course/:id/students'), () => ok(pageOfItems([]))));
    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'nobody');
    expect(await screen.findByText('No student matches these filters.')).toBeInTheDocument();
  });

  it('pages through a long roster', async () => {
    const calls: URLSearchParams[] = [];
    server.use(
      http.get(api('/courses/:id'), () => ok(COURSE)),
      http.get(api('/admin/course/:id/students'), ({ request }) => {
        const params = new URL(request.url).searchParams;
        calls.push(params);
        const page = Number(params.get('page'));
        const items = Array.from({ length: page === 2 ? 5 : 20 }, (_, i) =>
          createEnrollment({ fullname: `Student ${(page - 1) * 20 + i + 1}` }),
        );
        return ok(pageOfItems(items, page, 20, 25));
      }),
    );
    const { user, router } = renderApp(`/admin/students/course/${COURSE.id}`, { user: admin });
    expect(await screen.findByText('1–20 of 25 enrollments')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('21–25 of 25 enrollments')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open enrollment of Student 25' })).toBeVisible();
    expect(calls.at(-1)?.get('page')).toBe('2');
    expect(router.state.location.search).toEqual({ page: 2 });
  });

  it('adds a student to this course without asking for the course', async () => {
    serveRoster([]);
    let sent: unknown;
    server.use(
      http.post(api('/admin/students/manual-add'), async ({ request }) => {
        sent = await request.json();
        return ok(createEnrollment({ fullname: 'Omar Haddad', status: 'ACTIVE' }), { status: 201 });
      }),
    );
    const { user } = renderApp(`/admin/students/course/${COURSE.id}`, { user: admin });
    expect(await screen.findByText(/Nobody is enrolled yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add student' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add student' });
    expect(within(dialog).queryByRole('textbox', { name: /^Course/ })).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /^Email/ }), 'omar@northfield.edu');
    await user.type(within(dialog).getByRole('textbox', { name: /^Full name/ }), 'Omar Haddad');
    await user.click(within(dialog).getByRole('button', { name: 'Add student' }));
    expect(
      await screen.findByText(/Omar Haddad was added to CS-401 and is ACTIVE/),
    ).toBeInTheDocument();
    expect(sent).toEqual({
      courseId: COURSE.id,
      email: 'omar@northfield.edu',
      fullname: 'Omar Haddad',
    });
  });

  it('issue 36: sends the section typed when adding a student, on one line', async () => {
    serveRoster([]);
    let sent: unknown;
    server.use(
      http.post(api('/admin/students/manual-add'), async ({ request }) => {
        sent = await request.json();
        return ok(createEnrollment({ fullname: 'Omar Haddad', section: 'Lab 2' }), {
          status: 201,
        });
      }),
    );
    const { user } = renderApp(`/admin/students/course/${COURSE.id}`, { user: admin });
    await screen.findByText(/Nobody is enrolled yet/);
    await user.click(screen.getByRole('button', { name: 'Add student' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add student' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Email/ }), 'omar@northfield.edu');
    await user.type(within(dialog).getByRole('textbox', { name: /^Full name/ }), 'Omar Haddad');
    await user.type(within(dialog).getByRole('textbox', { name: /^Section/ }), ' Lab 2 ');
    await user.click(within(dialog).getByRole('button', { name: 'Add student' }));
    await screen.findByText(/Omar Haddad was added to CS-401/);
    expect(sent).toEqual({
      courseId: COURSE.id,
      email: 'omar@northfield.edu',
      fullname: 'Omar Haddad',
      section: 'Lab 2',
    });
  });

  it('says so when the course is outside the admin’s organizations', async () => {
    server.use(
      http.get(api('/courses/:id'), () => fail(404, 'Course not found', 'NOT_FOUND')),
      http.get(api('/admin/course/:id/students'), () => fail(404, 'Course not found', 'NOT_FOUND')),
    );
    renderApp(`/admin/students/course/${COURSE.id}`, { user: admin });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Course not found');
    expect(within(alert).getByRole('link', { name: 'Back to Student Management' })).toBeVisible();
  });
});
