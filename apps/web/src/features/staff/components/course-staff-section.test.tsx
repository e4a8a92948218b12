import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import type { AppointCourseStaffBody, Course, CourseStaffMember } from '@teamup/shared';
import { createCourse } from '@/testing/courses-data';
import { api, fail, ok } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { createOrganizationSummary, paginate } from '@/testing/organizations-data';
import { server } from '@/testing/server';
import { createStaffMember, createTeachingCourse } from '@/testing/staff-data';

const admin = { role: 'ORG_ADMIN' as const };
const student = { role: 'STUDENT' as const, fullname: 'Sam Assistant' };

/** The course, the caller's teaching list, and the course's staff kept in memory. */
function serve(
  course: Course,
  {
    teaching = [],
    staff = [],
    runsOrganization = true,
  }: {
    teaching?: ReturnType<typeof createTeachingCourse>[];
    staff?: CourseStaffMember[];
    runsOrganization?: boolean;
  } = {},
) {
  let members = [...staff];
  const requests: string[] = [];
  server.use(
    http.get(api('/staff/courses'), () => ok({ items: teaching })),
    // The organization admins of these tests run the course's organization, unless told not to.
    http.get(api('/organizations/admin/my'), () =>
      ok(
        paginate(
          runsOrganization ? [createOrganizationSummary({ id: course.organizationId })] : [],
        ),
      ),
    ),
    http.get(api('/courses/:id'), ({ request }) => {
      requests.push(`GET ${new URL(request.url).pathname}`);
      return ok(course);
    }),
    http.get(api('/admin/courses/:courseId/staff'), () => ok({ items: members })),
    http.post(api('/admin/courses/:courseId/staff'), async ({ request }) => {
      const body = (await request.json()) as AppointCourseStaffBody;
      requests.push(`POST ${JSON.stringify(body)}`);
      const member = createStaffMember({
        courseId: course.id,
        email: body.email,
        role: body.role,
        status: 'PENDING',
        userId: null,
        fullname: '',
      });
      members = [...members, member];
      return ok(member, { status: 201 });
    }),
    http.delete(api('/admin/courses/:courseId/staff/:staffId'), ({ params }) => {
      requests.push(`DELETE ${String(params.staffId)}`);
      const gone = members.find((m) => m.id === params.staffId)!;
      members = members.filter((m) => m.id !== params.staffId);
      return ok(gone);
    }),
  );
  return requests;
}

const heading = (course: Course) =>
  screen.findByRole('heading', { level: 1, name: `${course.code} · ${course.title}` });

/** Opens a section of the course page by its tab (issue 35). */
async function openSection(user: ReturnType<typeof renderApp>['user'], name: string) {
  const sections = screen.getByRole('navigation', { name: 'Course sections' });
  await user.click(within(sections).getByRole('link', { name }));
}

describe("the admin area's guard for course staff", () => {
  it('lets a student who assists in the course open its admin page, without its settings', async () => {
    const course = createCourse({ code: 'CS-350', title: 'Databases' });
    serve(course, {
      teaching: [createTeachingCourse({ id: course.id, role: 'TEACHING_ASSISTANT' })],
      staff: [createStaffMember({ courseId: course.id, role: 'INSTRUCTOR' })],
    });
    const { router, user } = renderApp(`/admin/courses/${course.id}`, { user: student });

    expect(await heading(course)).toBeVisible();
    expect(router.state.location.pathname).toBe(`/admin/courses/${course.id}`);
    await waitFor(() => expect(document.title).toBe('CS-350 · Courses I teach · Teamup'));
    // The Overview holds the settings: not for an assistant.
    expect(await screen.findByRole('region', { name: 'Course details' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Edit course' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Archive course' })).not.toBeInTheDocument();
    // The roster and the rest of the course's tools are there, each in its section (issue 35).
    await openSection(user, 'Roster');
    const enrollments = await screen.findByRole('region', { name: 'Enrollments' });
    expect(within(enrollments).getByRole('link', { name: 'Students' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Roster · CS-350 · Courses I teach · Teamup'));
    // The staff list is read-only for the staff.
    await openSection(user, 'Staff');
    const staff = await screen.findByRole('region', { name: 'Staff' });
    expect(await within(staff).findByText('Ada Lovelace')).toBeVisible();
    expect(within(staff).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(within(staff).queryByRole('textbox', { name: /Email/ })).not.toBeInTheDocument();
    // In the sidebar, the page belongs under Courses I teach.
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Courses I teach' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('gives an instructor the settings of the course, but not the staff appointments', async () => {
    const course = createCourse();
    serve(course, { teaching: [createTeachingCourse({ id: course.id, role: 'INSTRUCTOR' })] });
    const { user } = renderApp(`/admin/courses/${course.id}`, { user: student });
    expect(await heading(course)).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Edit course' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Archive course' })).toBeVisible();
    await openSection(user, 'Staff');
    const staff = await screen.findByRole('region', { name: 'Staff' });
    expect(await within(staff).findByText(/No instructor or teaching assistant yet/)).toBeVisible();
    expect(within(staff).queryByRole('button', { name: 'Appoint' })).not.toBeInTheDocument();
  });

  it("lets the staff open the course's roster, with the way back to Courses I teach", async () => {
    const course = createCourse({ code: 'CS-350' });
    serve(course, { teaching: [createTeachingCourse({ id: course.id })] });
    renderApp(`/admin/students/course/${course.id}`, { user: student });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Students of CS-350' }),
    ).toBeVisible();
    await waitFor(() => expect(document.title).toBe('CS-350 · Courses I teach · Teamup'));
    expect(screen.getByRole('link', { name: 'Course page' })).toHaveAttribute(
      'href',
      `/admin/courses/${course.id}/roster`,
    );
  });

  it('sends a student who does not teach the course to their dashboard, asking nothing of it', async () => {
    const course = createCourse();
    // Staff of another course, not of this one.
    const requests = serve(course, { teaching: [createTeachingCourse()] });
    const { router } = renderApp(`/admin/courses/${course.id}`, { user: student });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
    expect(requests).toEqual([]);
  });

  it('sends a plain student away from a course page', async () => {
    const course = createCourse();
    const requests = serve(course);
    const { router } = renderApp(`/admin/courses/${course.id}`, { user: student });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(requests).toEqual([]);
  });

  it.each(['/admin/courses', '/admin/organizations', '/admin/csv', '/admin/students'])(
    'keeps %s for organization admins, even from the staff',
    async (path) => {
      const course = createCourse();
      serve(course, { teaching: [createTeachingCourse({ id: course.id, role: 'INSTRUCTOR' })] });
      const { router } = renderApp(path, { user: student });
      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    },
  );

  it("opens the staff's dashboard, which the server scopes to their courses", async () => {
    serve(createCourse(), { teaching: [createTeachingCourse()] });
    const { router } = renderApp('/admin/dashboard', { user: student });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome, Sam Assistant' }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
  });
});

describe('an organization admin who assists in a course of another organization', () => {
  it("gets the assistant's page there: no settings, no appointments", async () => {
    const course = createCourse({ code: 'CS-350', title: 'Databases' });
    serve(course, {
      teaching: [createTeachingCourse({ id: course.id, role: 'TEACHING_ASSISTANT' })],
      staff: [createStaffMember({ courseId: course.id, role: 'INSTRUCTOR' })],
      runsOrganization: false,
    });
    const { user } = renderApp(`/admin/courses/${course.id}/staff`, { user: admin });
    expect(await heading(course)).toBeVisible();
    const staff = await screen.findByRole('region', { name: 'Staff' });
    expect(await within(staff).findByText('Ada Lovelace')).toBeVisible();
    expect(within(staff).queryByRole('textbox', { name: /Email/ })).not.toBeInTheDocument();
    expect(within(staff).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    await openSection(user, 'Overview');
    expect(await screen.findByRole('region', { name: 'Course details' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Edit course' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Archive course' })).not.toBeInTheDocument();
  });
});

describe('the Staff section of an organization admin', () => {
  it('lists instructors and assistants, pending ones marked', async () => {
    const course = createCourse();
    serve(course, {
      staff: [
        createStaffMember({ courseId: course.id }),
        createStaffMember({
          courseId: course.id,
          role: 'TEACHING_ASSISTANT',
          status: 'PENDING',
          userId: null,
          fullname: '',
          email: 'new.ta@student.northfield.edu',
        }),
      ],
    });
    const { user } = renderApp(`/admin/courses/${course.id}/staff`, { user: admin });
    const staff = await screen.findByRole('region', { name: 'Staff' });
    const list = await within(staff).findByRole('list', { name: 'Course staff' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Ada Lovelace');
    expect(first).toHaveTextContent('Instructor');
    expect(first).not.toHaveTextContent('Pending');
    expect(second).toHaveTextContent('new.ta@student.northfield.edu');
    expect(second).toHaveTextContent('Teaching assistant');
    expect(within(second!).getByText('Pending')).toBeVisible();
    // An admin keeps every setting of the course (in its Overview).
    await openSection(user, 'Overview');
    expect(await screen.findByRole('button', { name: 'Edit course' })).toBeVisible();
  });

  it('appoints by email and role; the newcomer shows as pending', async () => {
    const course = createCourse();
    const requests = serve(course);
    const { user } = renderApp(`/admin/courses/${course.id}/staff`, { user: admin });
    const staff = await screen.findByRole('region', { name: 'Staff' });
    await user.type(
      await within(staff).findByRole('textbox', { name: /Email/ }),
      '  New.TA@Student.Northfield.edu ',
    );
    await user.selectOptions(within(staff).getByRole('combobox', { name: 'Role' }), 'INSTRUCTOR');
    await user.click(within(staff).getByRole('button', { name: 'Appoint' }));

    expect(await screen.findByText('Staff appointed')).toBeInTheDocument();
    expect(
      screen.getByText(
        'new.ta@student.northfield.edu is an instructor of this course from their first sign-in.',
      ),
    ).toBeInTheDocument();
    expect(requests).toContain(
      `POST ${JSON.stringify({ email: 'new.ta@student.northfield.edu', role: 'INSTRUCTOR' })}`,
    );
    const list = await within(staff).findByRole('list', { name: 'Course staff' });
    expect(within(list).getByText('new.ta@student.northfield.edu')).toBeVisible();
    expect(within(list).getByText('Pending')).toBeVisible();
    // The form is ready for the next one.
    expect(within(staff).getByRole('textbox', { name: /Email/ })).toHaveValue('');
  });

  it('checks the address before asking the server', async () => {
    const course = createCourse();
    const requests = serve(course);
    const { user } = renderApp(`/admin/courses/${course.id}/staff`, { user: admin });
    const staff = await screen.findByRole('region', { name: 'Staff' });
    const email = await within(staff).findByRole('textbox', { name: /Email/ });
    await user.type(email, 'not-an-address');
    await user.click(within(staff).getByRole('button', { name: 'Appoint' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription('Enter a valid email address'));
    expect(requests.filter((r) => r.startsWith('POST'))).toEqual([]);
  });

  it.each([
    [
      'a student of the course',
      () => fail(409, 'maya@student.northfield.edu is a student of CS-401', 'ENROLLED_AS_STUDENT'),
      'maya@student.northfield.edu is a student of CS-401',
    ],
    [
      'already on the staff',
      () => fail(409, 'maya@student.northfield.edu is already on the staff', 'ALREADY_STAFF'),
      'maya@student.northfield.edu is already on the staff',
    ],
    [
      'refused by validation',
      () =>
        fail(400, 'Validation failed', 'VALIDATION_ERROR', [
          { path: 'body.email', message: 'Enter a valid email address' },
        ]),
      'Enter a valid email address',
    ],
  ])('shows the server on the email field when the address is %s', async (_, answer, message) => {
    const course = createCourse();
    serve(course);
    server.use(http.post(api('/admin/courses/:courseId/staff'), answer));
    const { user } = renderApp(`/admin/courses/${course.id}/staff`, { user: admin });
    const staff = await screen.findByRole('region', { name: 'Staff' });
    const email = await within(staff).findByRole('textbox', { name: /Email/ });
    await user.type(email, 'maya@student.northfield.edu');
    await user.click(within(staff).getByRole('button', { name: 'Appoint' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription(message));
    expect(within(staff).queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the course's staff limit above the form", async () => {
    const course = createCourse();
    serve(course);
    server.use(
      http.post(api('/admin/courses/:courseId/staff'), () =>
        fail(409, 'A course can have at most 50 staff', 'STAFF_LIMIT'),
      ),
    );
    const { user } = renderApp(`/admin/courses/${course.id}/staff`, { user: admin });
    const staff = await screen.findByRole('region', { name: 'Staff' });
    await user.type(
      await within(staff).findByRole('textbox', { name: /Email/ }),
      'one.more@northfield.edu',
    );
    await user.click(within(staff).getByRole('button', { name: 'Appoint' }));
    const alert = await within(staff).findByRole('alert');
    expect(alert).toHaveTextContent('A course can have at most 50 staff');
  });

  it('removes a staff member after asking', async () => {
    const course = createCourse();
    const ta = createStaffMember({
      courseId: course.id,
      role: 'TEACHING_ASSISTANT',
      fullname: 'Tom Assistant',
      email: 'tom@student.northfield.edu',
    });
    const requests = serve(course, { staff: [ta] });
    const { user } = renderApp(`/admin/courses/${course.id}/staff`, { user: admin });
    const staff = await screen.findByRole('region', { name: 'Staff' });
    await user.click(
      await within(staff).findByRole('button', { name: 'Remove Tom Assistant from the staff' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Remove from the staff?' });
    expect(dialog).toHaveTextContent(
      'Tom Assistant (tom@student.northfield.edu) will no longer be a teaching assistant of this course',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Removed from the staff')).toBeInTheDocument();
    expect(requests).toContain(`DELETE ${ta.id}`);
    expect(await within(staff).findByText(/No instructor or teaching assistant yet/)).toBeVisible();
  });
});
