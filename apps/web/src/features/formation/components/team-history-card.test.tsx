import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import {
  createCourse,
  createEnrollmentDetail,
  createMyCourse,
  pageOfItems,
} from '@/testing/courses-data';
import { createMembershipPeriod } from '@/testing/formation-data';
import { api, fail, ok } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

const student = { role: 'STUDENT' as const };

function renderCoursePage() {
  const enrollment = createMyCourse();
  server.use(http.get(api('/student/courses/:courseId'), () => ok(enrollment)));
  return renderApp(`/courses/${enrollment.course.id}`, { user: student });
}

const historyCard = async () => {
  const heading = await screen.findByRole('heading', { name: 'Your team history' });
  return heading.closest('section') as HTMLElement;
};

describe('team history card', () => {
  it('lists the periods oldest first, with links, reasons in words and the current one', async () => {
    const current = createMembershipPeriod({
      teamName: 'Byte Club',
      joinedAt: '2026-10-02T09:00:00.000Z',
    });
    server.use(
      http.get(api('/student/courses/:courseId/team-history'), () =>
        ok({
          items: [
            createMembershipPeriod({
              teamName: 'Old Crew',
              joinedAt: '2026-09-01T09:00:00.000Z',
              leftAt: '2026-09-10T09:00:00.000Z',
              leftReason: 'DISBANDED',
              teamDisbanded: true,
            }),
            createMembershipPeriod({
              teamName: 'Query Crew',
              joinedAt: '2026-09-12T09:00:00.000Z',
              leftAt: '2026-10-01T09:00:00.000Z',
              leftReason: 'MOVED',
            }),
            current,
          ],
        }),
      ),
    );
    renderCoursePage();
    const card = await historyCard();
    expect(await within(card).findByText('Old Crew')).toBeInTheDocument();
    // A disbanded team has no page to link to.
    expect(within(card).queryByRole('link', { name: 'Old Crew' })).not.toBeInTheDocument();
    expect(within(card).getByText(/Team disbanded/)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Query Crew' })).toBeInTheDocument();
    expect(within(card).getByText(/Moved by an admin/)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Byte Club' })).toHaveAttribute(
      'href',
      `/teams/${current.teamId}`,
    );
    expect(within(card).getByText('Current')).toBeInTheDocument();
    const text = card.textContent ?? '';
    expect(text.indexOf('Old Crew')).toBeLessThan(text.indexOf('Query Crew'));
    expect(text.indexOf('Query Crew')).toBeLessThan(text.indexOf('Byte Club'));
  });

  it('says when the student has had no team', async () => {
    renderCoursePage();
    const card = await historyCard();
    expect(
      await within(card).findByText('You have not been in a team in this course yet.'),
    ).toBeInTheDocument();
  });

  it('shows a load failure with a retry', async () => {
    server.use(
      http.get(api('/student/courses/:courseId/team-history'), () =>
        fail(500, 'Something went wrong', 'INTERNAL_ERROR'),
      ),
    );
    renderCoursePage();
    const card = await historyCard();
    const alert = await within(card).findByRole('alert');
    expect(alert).toHaveTextContent('Could not load your team history');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe("a student's team history in the roster's enrollment panel", () => {
  const admin = { role: 'ORG_ADMIN' as const };
  const COURSE = createCourse({ code: 'CS-401' });
  const STUDENT_ID = '40000000-0000-4000-8000-000000000001';

  function serve(detail: ReturnType<typeof createEnrollmentDetail>) {
    const asked: string[] = [];
    server.use(
      http.get(api('/organizations/admin/my'), () => ok(pageOfItems([]))),
      http.get(api('/courses'), () => ok(pageOfItems([COURSE]))),
      http.get(api('/admin/students'), () => ok(pageOfItems([detail]))),
      http.get(api('/admin/enrollment/:id'), () => ok(detail)),
      http.get(api('/admin/courses/:courseId/students/:userId/team-history'), ({ params }) => {
        asked.push(`${String(params.courseId)}/${String(params.userId)}`);
        return ok({
          items: [
            createMembershipPeriod({
              teamName: 'Query Crew',
              joinedAt: '2026-09-12T09:00:00.000Z',
              leftAt: '2026-10-01T09:00:00.000Z',
              leftReason: 'REMOVED',
            }),
            createMembershipPeriod({ teamName: 'Byte Club', joinedAt: '2026-10-02T09:00:00.000Z' }),
          ],
        });
      }),
    );
    return asked;
  }

  async function openPanel(fullname: string) {
    const { user } = renderApp('/admin/students', { user: admin });
    await user.click(await screen.findByRole('button', { name: `Open enrollment of ${fullname}` }));
    return screen.findByRole('dialog', { name: 'Enrollment' });
  }

  it("lists the student's periods in the enrollment's course", async () => {
    const detail = createEnrollmentDetail({
      fullname: 'Maya Chen',
      courseId: COURSE.id,
      userId: STUDENT_ID,
    });
    const asked = serve(detail);
    const panel = await openPanel('Maya Chen');
    const history = (await within(panel).findByRole('heading', { name: 'Team history' })).closest(
      'section',
    ) as HTMLElement;
    expect(await within(history).findByRole('link', { name: 'Query Crew' })).toBeInTheDocument();
    expect(within(history).getByText(/Removed by the leader/)).toBeInTheDocument();
    expect(within(history).getByText('Current')).toBeInTheDocument();
    expect(asked).toEqual([`${COURSE.id}/${STUDENT_ID}`]);
  });

  it('is left out for a student who has not signed in yet', async () => {
    const asked = serve(
      createEnrollmentDetail({ fullname: 'Lena Park', courseId: COURSE.id, userId: null }),
    );
    const panel = await openPanel('Lena Park');
    expect(await within(panel).findByRole('heading', { name: 'History' })).toBeInTheDocument();
    expect(within(panel).queryByRole('heading', { name: 'Team history' })).not.toBeInTheDocument();
    expect(asked).toEqual([]);
  });
});
