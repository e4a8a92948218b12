import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import type { EnrollmentDetail } from '@teamup/shared';
import { createCourse, createEnrollmentDetail, pageOfItems } from '@/testing/courses-data';
import { api, ok } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

// Ending an enrollment takes the student out of their team (decision 081): the admin is told
// before confirming, by name, and that restoring does not give the seat back.

const admin = { role: 'ORG_ADMIN' as const };
const ORG = { id: '10000000-0000-4000-8000-000000000001', name: 'Northfield University' };
const COURSE = createCourse({ id: '20000000-0000-4000-8000-000000000001', code: 'CS-401' });

function serve(detail: EnrollmentDetail) {
  server.use(
    http.get(api('/organizations/admin/my'), () =>
      ok(pageOfItems([{ ...ORG, slug: 'northfield', description: '' }])),
    ),
    http.get(api('/courses'), () => ok(pageOfItems([COURSE]))),
    http.get(api('/admin/students'), () => ok(pageOfItems([detail]))),
    http.get(api('/admin/enrollment/:id'), () => ok(detail)),
  );
}

async function openDrawer(fullname: string) {
  const { user } = renderApp('/admin/students', { user: admin });
  await user.click(await screen.findByRole('button', { name: `Open enrollment of ${fullname}` }));
  const drawer = await screen.findByRole('dialog', { name: 'Enrollment' });
  return { user, drawer };
}

describe('enrollment drawer: the team the student would leave', () => {
  it('names the team in the status switch and in the removal confirmation', async () => {
    serve(
      createEnrollmentDetail({
        fullname: 'Maya Chen',
        courseCode: 'CS-401',
        status: 'ACTIVE',
        team: { id: '30000000-0000-4000-8000-000000000001', name: 'Byte Club' },
      }),
    );
    const { user, drawer } = await openDrawer('Maya Chen');

    expect(
      await within(drawer).findByRole('switch', { name: /Active in this course/ }),
    ).toHaveAccessibleName(/Maya Chen will leave team Byte Club/);

    await user.click(within(drawer).getByRole('button', { name: 'Remove from course' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove this student?' });
    expect(within(confirm).getByText(/Maya Chen will leave team Byte Club\./)).toBeInTheDocument();
    expect(within(confirm).getByText(/without their team seat/)).toBeInTheDocument();
  });

  it('says nothing about a team when the student has none', async () => {
    serve(
      createEnrollmentDetail({ fullname: 'Lena Park', courseCode: 'CS-401', status: 'ACTIVE' }),
    );
    const { user, drawer } = await openDrawer('Lena Park');

    expect(
      await within(drawer).findByRole('switch', { name: /Active in this course/ }),
    ).not.toHaveAccessibleName(/will leave team/);
    await user.click(within(drawer).getByRole('button', { name: 'Remove from course' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove this student?' });
    expect(within(confirm).queryByText(/will leave team/)).not.toBeInTheDocument();
  });
});
