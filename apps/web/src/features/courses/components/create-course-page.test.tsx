import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { COURSE_DESCRIPTION_MAX, COURSE_TITLE_MAX } from '@teamup/shared';
import { createCourse, pageOfItems } from '@/testing/courses-data';
import { api, fail, ok } from '@/testing/handlers';
import { createOrganizationDetail, createOrganizationSummary } from '@/testing/organizations-data';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

// Pages load through the router and MSW; on a loaded CI machine that takes over 1 s.

const ORG_A = { id: '10000000-0000-4000-8000-000000000001', name: 'Northfield University' };
const ORG_B = { id: '10000000-0000-4000-8000-000000000002', name: 'Riverside College' };
const admin = { role: 'ORG_ADMIN' as const };

function withOrganizations(orgs = [ORG_A, ORG_B]) {
  server.use(
    http.get(api('/organizations/admin/my'), () =>
      ok(pageOfItems(orgs.map((o) => ({ ...o, slug: 'x', description: '' })))),
    ),
  );
}

async function fillRequired(user: ReturnType<typeof renderApp>['user']) {
  await user.type(screen.getByRole('textbox', { name: /^Code/ }), 'CS-500');
  await user.type(screen.getByRole('textbox', { name: /^Term/ }), 'Spring 2027');
  await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Capstone');
}

describe('create course', () => {
  it('creates a course in the organization from the URL and opens it', async () => {
    withOrganizations();
    let sent: Record<string, unknown> | undefined;
    const created = createCourse({ code: 'CS-500', title: 'Capstone', organizationId: ORG_B.id });
    server.use(
      http.post(api('/courses'), async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return ok(created, { status: 201 });
      }),
      http.get(api('/courses/:id'), () => ok(created)),
    );
    const { user, router } = renderApp(`/admin/courses/create?organizationId=${ORG_B.id}`, {
      user: admin,
    });
    expect(await screen.findByRole('textbox', { name: /^Organization/ })).toHaveValue(
      'Riverside College',
    );
    // The deadline picker starts at a sensible future date, so only the texts need typing.
    expect(screen.getByRole('button', { name: /Team formation deadline/ })).toBeInTheDocument();
    await fillRequired(user);
    const max = screen.getByRole('textbox', { name: /Maximum team size/ });
    await user.clear(max);
    await user.type(max, '4');
    await user.click(screen.getByRole('button', { name: 'Create course' }));

    expect(await screen.findByText('Course created')).toBeInTheDocument();
    expect(sent).toMatchObject({
      organizationId: ORG_B.id,
      code: 'CS-500',
      title: 'Capstone',
      term: 'Spring 2027',
      description: '',
      teamSizeMin: 2,
      teamSizeMax: 4,
    });
    expect(Date.parse(String(sent?.teamFormationDeadline))).toBeGreaterThan(Date.now());
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/admin/courses/${created.id}`),
    );
  });

  it('starts with the organization from the URL even past the first page of options', async () => {
    const many = Array.from({ length: 100 }, (_, i) =>
      createOrganizationSummary({ name: `Academy ${i + 1}` }),
    );
    server.use(
      http.get(api('/organizations/admin/my'), () => ok(pageOfItems(many, 1, 100, 140))),
      http.get(api('/organizations/admin/my/:id'), ({ params }) =>
        params.id === ORG_B.id
          ? ok(createOrganizationDetail(ORG_B))
          : fail(404, 'Organization not found', 'NOT_FOUND'),
      ),
    );
    renderApp(`/admin/courses/create?organizationId=${ORG_B.id}`, { user: admin });
    const organization = await screen.findByRole('textbox', { name: /^Organization/ });
    expect(organization).toHaveValue('Riverside College');
    expect(organization).toHaveAccessibleDescription(
      'Showing 100 of 140 organizations; type to search.',
    );
  });

  it('checks the shared rules before sending: required fields and min ≤ max', async () => {
    withOrganizations([ORG_A]);
    let posted = false;
    server.use(
      http.post(api('/courses'), () => {
        posted = true;
        return ok(createCourse());
      }),
    );
    const { user } = renderApp('/admin/courses/create', { user: admin });
    // With a single organization it is chosen already.
    expect(await screen.findByRole('textbox', { name: /^Organization/ })).toHaveValue(
      'Northfield University',
    );
    const min = screen.getByRole('textbox', { name: /Minimum team size/ });
    await user.clear(min);
    await user.type(min, '6');
    await user.click(screen.getByRole('button', { name: 'Create course' }));

    expect(await screen.findByText('Code is required')).toBeInTheDocument();
    expect(screen.getByText('Title is required')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Maximum team size/ })).toHaveAccessibleDescription(
      'Maximum team size must be at least the minimum',
    );
    expect(posted).toBe(false);
  });

  it('shows a taken code and server field errors on their fields', async () => {
    withOrganizations([ORG_A]);
    let answer = fail(
      409,
      'A course with this code already exists in this organization',
      'COURSE_CODE_TAKEN',
    );
    server.use(http.post(api('/courses'), () => answer));
    const { user } = renderApp('/admin/courses/create', { user: admin });
    await screen.findByRole('textbox', { name: /^Organization/ });
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Create course' }));

    const code = screen.getByRole('textbox', { name: /^Code/ });
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription(
        expect.stringContaining('A course with this code already exists in this organization'),
      ),
    );
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByText('Could not create course')).toBeInTheDocument();

    answer = fail(400, 'Invalid request', 'VALIDATION_ERROR', [
      { path: 'title', message: 'Title contains a blocked word' },
    ]);
    await user.click(screen.getByRole('button', { name: 'Create course' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^Title/ })).toHaveAccessibleDescription(
        'Title contains a blocked word',
      ),
    );
  });

  it('refuses a deadline that has passed by the time the form is sent', async () => {
    withOrganizations([ORG_A]);
    let posted = false;
    server.use(
      http.post(api('/courses'), () => {
        posted = true;
        return ok(createCourse());
      }),
    );
    const { user } = renderApp('/admin/courses/create', { user: admin });
    await screen.findByRole('textbox', { name: /^Organization/ });
    await fillRequired(user);
    // The form starts two weeks ahead; a month later (a form left open) that moment is past.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 30 * 86_400_000 });
    try {
      await user.click(screen.getByRole('button', { name: 'Create course' }));
      expect(await screen.findByText('The deadline must be in the future')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
    expect(posted).toBe(false);
  });

  it('says how much to trim from an oversized title and description, and sends nothing', async () => {
    withOrganizations([ORG_A]);
    let posted = false;
    server.use(
      http.post(api('/courses'), () => {
        posted = true;
        return ok(createCourse());
      }),
    );
    const { user } = renderApp('/admin/courses/create', { user: admin });
    await screen.findByRole('textbox', { name: /^Organization/ });
    await fillRequired(user);
    const title = screen.getByRole('textbox', { name: /^Title/ });
    // Pasted text is not cut off silently at the limit: the whole of it stays, with an error.
    await user.click(title);
    await user.paste('x'.repeat(COURSE_TITLE_MAX - 'Capstone'.length + 1));
    expect(title).toHaveValue(`Capstone${'x'.repeat(COURSE_TITLE_MAX - 'Capstone'.length + 1)}`);
    const description = screen.getByRole('textbox', { name: /^Description/ });
    await user.click(description);
    await user.paste('d'.repeat(COURSE_DESCRIPTION_MAX + 1));
    expect(description).toHaveAccessibleDescription(
      expect.stringContaining(
        `(${COURSE_DESCRIPTION_MAX + 1} of ${COURSE_DESCRIPTION_MAX} characters)`,
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Create course' }));

    expect(
      await screen.findByText(
        `Title can be at most ${COURSE_TITLE_MAX} characters; it has ${COURSE_TITLE_MAX + 1}.`,
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        `Description can be at most ${COURSE_DESCRIPTION_MAX} characters; it has ${COURSE_DESCRIPTION_MAX + 1}.`,
      ),
    ).toBeInTheDocument();
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(posted).toBe(false);
  });
});
