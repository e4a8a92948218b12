import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import type { Enrollment, EnrollmentDetail } from '@teamup/shared';
import {
  createCourse,
  createEnrollment,
  createEnrollmentDetail,
  createEnrollmentEvent,
  pageOfItems,
} from '@/testing/courses-data';
import { api, fail, ok } from '@/testing/handlers';
import { createOrganizationSummary } from '@/testing/organizations-data';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

// Pages load through the router and MSW; on a loaded CI machine that takes over 1 s.

const admin = { role: 'ORG_ADMIN' as const };
const ORG = { id: '10000000-0000-4000-8000-000000000001', name: 'Northfield University' };
const COURSE = createCourse({ id: '20000000-0000-4000-8000-000000000001', code: 'CS-401' });
const OTHER_COURSE = createCourse({
  id: '20000000-0000-4000-8000-000000000002',
  code: 'DB-210',
  title: 'Databases',
});

/** Options for the filters and the add form, and a student list that records its queries. */
function serveStudents(items: Enrollment[]) {
  const calls: URLSearchParams[] = [];
  server.use(
    http.get(api('/organizations/admin/my'), () =>
      ok(pageOfItems([{ ...ORG, slug: 'northfield', description: '' }])),
    ),
    http.get(api('/courses'), () => ok(pageOfItems([COURSE, OTHER_COURSE]))),
    http.get(api('/admin/students'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      calls.push(params);
      return ok(pageOfItems(items));
    }),
  );
  return calls;
}

describe('student management', () => {
  it('lists enrollments with course, status, source, team and date', async () => {
    serveStudents([
      createEnrollment({ fullname: 'Maya Chen', team: { id: COURSE.id, name: 'Byte Club' } }),
      createEnrollment({
        fullname: 'Lena Park',
        email: 'lena.park@northfield.edu',
        status: 'PENDING',
        source: 'CSV',
        courseCode: 'DB-210',
        courseTitle: 'Databases',
        userId: null,
      }),
    ]);
    renderApp('/admin/students', { user: admin });
    const table = await screen.findByRole('table', { name: 'Students' });
    const [, maya, lena] = within(table).getAllByRole('row');
    expect(within(maya!).getByText('Byte Club')).toBeInTheDocument();
    expect(within(maya!).getByText('Active')).toBeInTheDocument();
    expect(within(lena!).getByText('lena.park@northfield.edu')).toBeInTheDocument();
    expect(within(lena!).getByRole('link', { name: 'DB-210' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/admin\/courses\/[0-9a-f-]{36}$/),
    );
    expect(within(lena!).getByText('Pending')).toBeInTheDocument();
    expect(within(lena!).getByText('CSV')).toBeInTheDocument();
    expect(within(lena!).getByText('—')).toBeInTheDocument();
  });

  it('filters by course and status, and searches after typing stops', async () => {
    const calls = serveStudents([createEnrollment()]);
    const { user, router } = renderApp('/admin/students', { user: admin });
    await screen.findByRole('table', { name: 'Students' });

    await user.click(screen.getByRole('textbox', { name: 'Course' }));
    await user.click(await screen.findByRole('option', { name: /DB-210/ }));
    await waitFor(() => expect(calls.at(-1)?.get('courseId')).toBe(OTHER_COURSE.id));

    await user.click(screen.getByRole('textbox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Inactive' }));
    await waitFor(() => expect(calls.at(-1)?.get('status')).toBe('INACTIVE'));

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'maya');
    await waitFor(() => expect(calls.at(-1)?.get('search')).toBe('maya'));
    expect(router.state.location.search).toEqual({
      courseId: OTHER_COURSE.id,
      status: 'INACTIVE',
      search: 'maya',
    });
  });

  it('filtering by organization clears the course filter, whose options follow it', async () => {
    const calls = serveStudents([createEnrollment()]);
    const courseCalls: URLSearchParams[] = [];
    server.use(
      http.get(api('/courses'), ({ request }) => {
        courseCalls.push(new URL(request.url).searchParams);
        return ok(pageOfItems([COURSE, OTHER_COURSE]));
      }),
    );
    const { user, router } = renderApp(`/admin/students?courseId=${OTHER_COURSE.id}&page=2`, {
      user: admin,
    });
    await screen.findByRole('table', { name: 'Students' });
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Course' })).toHaveValue(
        `DB-210 · ${OTHER_COURSE.title}`,
      ),
    );

    await user.click(screen.getByRole('textbox', { name: 'Organization' }));
    await user.click(await screen.findByRole('option', { name: ORG.name }));

    await waitFor(() => expect(calls.at(-1)?.get('organizationId')).toBe(ORG.id));
    expect(calls.at(-1)?.has('courseId')).toBe(false);
    expect(calls.at(-1)?.get('page')).toBe('1');
    expect(router.state.location.search).toEqual({ organizationId: ORG.id });
    expect(screen.getByRole('textbox', { name: 'Course' })).toHaveValue('');
    // The course picker now offers that organization's courses only.
    await waitFor(() => expect(courseCalls.at(-1)?.get('organizationId')).toBe(ORG.id));
  });

  it('pages through the students; a new filter starts again at page 1', async () => {
    const calls: URLSearchParams[] = [];
    serveStudents([]);
    server.use(
      http.get(api('/admin/students'), ({ request }) => {
        const params = new URL(request.url).searchParams;
        calls.push(params);
        const page = Number(params.get('page'));
        const items = Array.from({ length: page === 3 ? 17 : 20 }, (_, i) =>
          createEnrollment({ fullname: `Student ${(page - 1) * 20 + i + 1}` }),
        );
        return ok(pageOfItems(items, page, 20, 57));
      }),
    );
    const { user, router } = renderApp('/admin/students', { user: admin });
    expect(await screen.findByText('1–20 of 57 enrollments')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('41–57 of 57 enrollments')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open enrollment of Student 57' })).toBeVisible();
    expect(calls.at(-1)?.get('page')).toBe('3');
    expect(router.state.location.search).toEqual({ page: 3 });

    await user.click(screen.getByRole('textbox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Pending' }));
    await waitFor(() => expect(calls.at(-1)?.get('status')).toBe('PENDING'));
    expect(calls.at(-1)?.get('page')).toBe('1');
    expect(router.state.location.search).toEqual({ status: 'PENDING' });
  });

  it('explains an empty list', async () => {
    serveStudents([]);
    renderApp('/admin/students', { user: admin });
    expect(await screen.findByText(/No students yet/)).toBeInTheDocument();
  });

  it('shows an error state when students cannot be loaded', async () => {
    serveStudents([]);
    server.use(
      http.get(api('/admin/students'), () => fail(500, 'Database unavailable', 'INTERNAL_ERROR')),
    );
    renderApp('/admin/students', { user: admin });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load students');
    expect(alert).toHaveTextContent('Database unavailable');
  });
});

const COMPILERS = createCourse({
  id: '20000000-0000-4000-8000-000000000900',
  code: 'CMP-900',
  title: 'Compilers',
  organizationName: 'Riverside College',
});

/** 250 courses on the server: one page of 100 unless searched; "Compil" finds Compilers. */
function serveManyCourses() {
  const calls: URLSearchParams[] = [];
  const firstPage = Array.from({ length: 100 }, (_, i) =>
    createCourse({ code: `GEN-${i + 100}`, title: `General Studies ${i + 100}` }),
  );
  server.use(
    http.get(api('/courses'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      calls.push(params);
      return params.get('search') === 'Compil'
        ? ok(pageOfItems([COMPILERS], 1, 100))
        : ok(pageOfItems(firstPage, 1, 100, 250));
    }),
    http.get(api('/courses/:id'), ({ params }) =>
      params.id === COMPILERS.id ? ok(COMPILERS) : fail(404, 'Course not found', 'NOT_FOUND'),
    ),
  );
  return calls;
}

describe('pickers past one page', () => {
  it('the course filter searches on the server and says when it shows only part', async () => {
    const calls = serveStudents([createEnrollment()]);
    const courseCalls = serveManyCourses();
    const { user } = renderApp('/admin/students', { user: admin });
    const course = await screen.findByRole('textbox', { name: 'Course' });
    await waitFor(() =>
      expect(course).toHaveAccessibleDescription('Showing 100 of 250 courses; type to search.'),
    );
    expect(courseCalls.at(-1)?.get('limit')).toBe('100');

    await user.type(course, 'Compil');
    await waitFor(() => expect(courseCalls.at(-1)?.get('search')).toBe('Compil'));
    // Archived courses are students' history: the filter includes them.
    expect(courseCalls.at(-1)?.get('archived')).toBe('all');
    await user.click(await screen.findByRole('option', { name: 'CMP-900 · Compilers' }));
    await waitFor(() => expect(calls.at(-1)?.get('courseId')).toBe(COMPILERS.id));
    expect(course).toHaveValue('CMP-900 · Compilers');
  });

  it('names a course from the URL that the first page of options does not hold', async () => {
    serveStudents([createEnrollment()]);
    serveManyCourses();
    renderApp(`/admin/students?courseId=${COMPILERS.id}`, { user: admin });
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Course' })).toHaveValue('CMP-900 · Compilers'),
    );
  });

  it('the organization filter searches on the server too', async () => {
    const calls = serveStudents([createEnrollment()]);
    const orgCalls: URLSearchParams[] = [];
    const riverside = { id: '10000000-0000-4000-8000-000000000777', name: 'Riverside College' };
    const many = Array.from({ length: 100 }, (_, i) =>
      createOrganizationSummary({ name: `Academy ${i + 1}` }),
    );
    server.use(
      http.get(api('/organizations/admin/my'), ({ request }) => {
        const params = new URL(request.url).searchParams;
        orgCalls.push(params);
        return params.get('search') === 'River'
          ? ok(pageOfItems([createOrganizationSummary(riverside)], 1, 100))
          : ok(pageOfItems(many, 1, 100, 130));
      }),
    );
    const { user } = renderApp('/admin/students', { user: admin });
    const organization = await screen.findByRole('textbox', { name: 'Organization' });
    await waitFor(() =>
      expect(organization).toHaveAccessibleDescription(
        'Showing 100 of 130 organizations; type to search.',
      ),
    );
    await user.type(organization, 'River');
    await waitFor(() => expect(orgCalls.at(-1)?.get('search')).toBe('River'));
    await user.click(await screen.findByRole('option', { name: 'Riverside College' }));
    await waitFor(() => expect(calls.at(-1)?.get('organizationId')).toBe(riverside.id));
  });

  it('the add-student course picker searches active courses on the server', async () => {
    serveStudents([]);
    const courseCalls = serveManyCourses();
    let sent: unknown;
    server.use(
      http.post(api('/admin/students/manual-add'), async ({ request }) => {
        sent = await request.json();
        return ok(createEnrollment({ fullname: 'Maya Chen', courseCode: 'CMP-900' }), {
          status: 201,
        });
      }),
    );
    const { user } = renderApp('/admin/students', { user: admin });
    await user.click(await screen.findByRole('button', { name: 'Add student' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add student' });
    const course = within(dialog).getByRole('textbox', { name: /^Course/ });
    await waitFor(() =>
      expect(course).toHaveAccessibleDescription('Showing 100 of 250 courses; type to search.'),
    );
    await user.type(course, 'Compil');
    await waitFor(() => expect(courseCalls.at(-1)?.get('search')).toBe('Compil'));
    expect(courseCalls.at(-1)?.get('archived')).toBe('active');
    await user.click(
      await screen.findByRole('option', { name: 'CMP-900 · Compilers (Riverside College)' }),
    );
    await user.type(
      within(dialog).getByRole('textbox', { name: /^Email/ }),
      'maya.chen@student.northfield.edu',
    );
    await user.type(within(dialog).getByRole('textbox', { name: /^Full name/ }), 'Maya Chen');
    await user.click(within(dialog).getByRole('button', { name: 'Add student' }));
    await waitFor(() => expect(sent).toMatchObject({ courseId: COMPILERS.id }));
  });
});

describe('add student', () => {
  it('adds a student by hand; an existing account is ACTIVE at once', async () => {
    serveStudents([]);
    let sent: unknown;
    server.use(
      http.post(api('/admin/students/manual-add'), async ({ request }) => {
        sent = await request.json();
        return ok(
          createEnrollment({ fullname: 'Maya Chen', courseCode: 'CS-401', status: 'ACTIVE' }),
          {
            status: 201,
          },
        );
      }),
    );
    const { user } = renderApp('/admin/students', { user: admin });
    await user.click(await screen.findByRole('button', { name: 'Add student' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add student' });
    await user.click(within(dialog).getByRole('textbox', { name: /^Course/ }));
    await user.click(await screen.findByRole('option', { name: /CS-401/ }));
    await user.type(
      within(dialog).getByRole('textbox', { name: /^Email/ }),
      'maya.chen@student.northfield.edu',
    );
    await user.type(within(dialog).getByRole('textbox', { name: /^Full name/ }), 'Maya Chen');
    await user.click(within(dialog).getByRole('button', { name: 'Add student' }));

    expect(
      await screen.findByText('Maya Chen was added to CS-401 and is ACTIVE.'),
    ).toBeInTheDocument();
    expect(sent).toEqual({
      courseId: COURSE.id,
      email: 'maya.chen@student.northfield.edu',
      fullname: 'Maya Chen',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('checks the email before sending and shows ALREADY_ENROLLED on the email field', async () => {
    serveStudents([]);
    let posts = 0;
    server.use(
      http.post(api('/admin/students/manual-add'), () => {
        posts += 1;
        return fail(409, 'This email is already enrolled in the course', 'ALREADY_ENROLLED');
      }),
    );
    const { user } = renderApp(`/admin/students?courseId=${COURSE.id}`, { user: admin });
    await user.click(await screen.findByRole('button', { name: 'Add student' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add student' });
    // The course filter preselects the course.
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: /^Course/ })).toHaveValue(
        `CS-401 · ${COURSE.title} (${COURSE.organizationName})`,
      ),
    );
    const email = within(dialog).getByRole('textbox', { name: /^Email/ });
    await user.type(email, 'not-an-email');
    await user.type(within(dialog).getByRole('textbox', { name: /^Full name/ }), 'Maya Chen');
    await user.click(within(dialog).getByRole('button', { name: 'Add student' }));
    expect(await within(dialog).findByText('Enter a valid email address')).toBeInTheDocument();
    expect(posts).toBe(0);

    await user.clear(email);
    await user.type(email, 'maya.chen@student.northfield.edu');
    await user.click(within(dialog).getByRole('button', { name: 'Add student' }));
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription(
        expect.stringContaining('This email is already enrolled in the course'),
      ),
    );
    expect(posts).toBe(1);
    expect(screen.getByText('Could not add student')).toBeInTheDocument();
  });
});

describe('enrollment drawer', () => {
  function serveDetail(initial: EnrollmentDetail) {
    let detail = initial;
    const requests: string[] = [];
    serveStudents([detail]);
    server.use(
      http.get(api('/admin/enrollment/:id'), () => ok(detail)),
      http.patch(api('/admin/enrollment/:id/status'), async ({ request }) => {
        const { status } = (await request.json()) as { status: 'ACTIVE' | 'INACTIVE' };
        requests.push(`PATCH ${status}`);
        detail = {
          ...detail,
          status,
          history: [
            ...detail.history,
            createEnrollmentEvent({
              action: 'STATUS_CHANGED',
              data: { from: detail.status, to: status },
              createdAt: new Date().toISOString(),
            }),
          ],
        };
        return ok(detail);
      }),
      http.delete(api('/admin/enrollment/:id/remove'), ({ params }) => {
        requests.push(`DELETE ${String(params.id)}`);
        return ok(detail);
      }),
    );
    return requests;
  }

  it('shows details and who did what, and switches ACTIVE to INACTIVE', async () => {
    const detail = createEnrollmentDetail({ fullname: 'Maya Chen', courseCode: 'CS-401' });
    const requests = serveDetail(detail);
    const { user } = renderApp('/admin/students', { user: admin });
    await user.click(await screen.findByRole('button', { name: 'Open enrollment of Maya Chen' }));

    const drawer = await screen.findByRole('dialog', { name: 'Enrollment' });
    expect(await within(drawer).findByText('Enrolled by hand as pending')).toBeInTheDocument();
    expect(
      within(drawer).getByText(/by Alan Turing \(alan\.turing@northfield\.edu\)/),
    ).toBeInTheDocument();
    expect(
      within(drawer).getByText('Activated at the student’s first sign-in'),
    ).toBeInTheDocument();
    expect(within(drawer).getByText(/by Teamup/)).toBeInTheDocument();

    const toggle = within(drawer).getByRole('switch', { name: /Active in this course/ });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(await screen.findByText('Maya Chen is now inactive in CS-401.')).toBeInTheDocument();
    expect(requests).toEqual(['PATCH INACTIVE']);
    expect(
      await within(drawer).findByText('Status changed from active to inactive'),
    ).toBeInTheDocument();
    expect(within(drawer).getByRole('switch', { name: /Active in this course/ })).not.toBeChecked();
  });

  it('cannot switch a PENDING enrollment and says why', async () => {
    serveDetail(createEnrollmentDetail({ fullname: 'Lena Park', status: 'PENDING', userId: null }));
    const { user } = renderApp('/admin/students', { user: admin });
    await user.click(await screen.findByRole('button', { name: 'Open enrollment of Lena Park' }));
    const drawer = await screen.findByRole('dialog', { name: 'Enrollment' });
    const toggle = await within(drawer).findByRole('switch', { name: /Active in this course/ });
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAccessibleName(/Pending until the student signs in for the first time/);
    expect(within(drawer).getByText('Has not signed in yet')).toBeInTheDocument();
  });

  it('removes the student after confirmation', async () => {
    const detail = createEnrollmentDetail({ fullname: 'Maya Chen', courseCode: 'CS-401' });
    const requests = serveDetail(detail);
    const { user } = renderApp('/admin/students', { user: admin });
    await user.click(await screen.findByRole('button', { name: 'Open enrollment of Maya Chen' }));
    const drawer = await screen.findByRole('dialog', { name: 'Enrollment' });
    await user.click(await within(drawer).findByRole('button', { name: 'Remove from course' }));

    const confirm = await screen.findByRole('dialog', { name: 'Remove this student?' });
    expect(requests).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Remove student' }));

    expect(
      await screen.findByText('Maya Chen is no longer enrolled in CS-401.'),
    ).toBeInTheDocument();
    expect(requests).toEqual([`DELETE ${detail.id}`]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
