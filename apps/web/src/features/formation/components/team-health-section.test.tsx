import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import {
  FORMATION_COURSE_ID,
  createCourseHealth,
  createTeamHealth,
} from '@/testing/formation-data';
import { api, fail, ok } from '@/testing/handlers';
import { renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import { TeamHealthSection } from './team-health-section';

const renderSection = () =>
  renderWithProviders(<TeamHealthSection courseId={FORMATION_COURSE_ID} />);

describe('team health section', () => {
  it('lists the flagged teams with their flags, and nudges one', async () => {
    const quiet = createTeamHealth({
      name: 'Query Crew',
      flags: [
        { flag: 'UNDER_MINIMUM', detail: 'The team has 1 member; the course asks for 2.' },
        { flag: 'CLOSED_WHILE_SHORT', detail: 'Open the team to requests so classmates can join.' },
      ],
    });
    const nudged = createTeamHealth({
      name: 'Byte Club',
      flags: [{ flag: 'INACTIVE', detail: 'No member signed in for 7 days.' }],
      lastNudgedAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
    });
    let health = createCourseHealth({ teams: [quiet, nudged], totalTeams: 5 });
    const nudges: string[] = [];
    server.use(
      http.get(api('/admin/courses/:courseId/health'), () => ok(health)),
      http.post(api('/admin/teams/:teamId/nudge'), ({ params }) => {
        nudges.push(String(params.teamId));
        health = {
          ...health,
          teams: [{ ...quiet, lastNudgedAt: new Date().toISOString() }, nudged],
        };
        return ok({ notified: 3, text: 'Invite classmates.' });
      }),
    );
    const { user } = renderSection();

    expect(await screen.findByText('2 of 5 teams need attention.')).toBeInTheDocument();
    const crew = screen.getByRole('article', { name: 'Query Crew' });
    expect(within(crew).getByText('Under the minimum')).toBeInTheDocument();
    expect(within(crew).getByText('Closed while short')).toBeInTheDocument();
    expect(
      within(crew).getByText('Open the team to requests so classmates can join.'),
    ).toBeInTheDocument();
    // Nudged 2 hours ago: the button says why it is off.
    const club = screen.getByRole('article', { name: 'Byte Club' });
    const off = within(club).getByRole('button', { name: 'Nudge' });
    expect(off).toBeDisabled();
    expect(off).toHaveAccessibleDescription(/the next nudge is possible from/);

    await user.click(within(crew).getByRole('button', { name: 'Nudge' }));
    expect(await screen.findByText('Nudged 3 members')).toBeInTheDocument();
    expect(nudges).toEqual([quiet.teamId]);
    await waitFor(() => expect(within(crew).getByRole('button', { name: 'Nudge' })).toBeDisabled());
  });

  it('says a refused nudge plainly', async () => {
    server.use(
      http.get(api('/admin/courses/:courseId/health'), () =>
        ok(createCourseHealth({ teams: [createTeamHealth({ name: 'Query Crew' })] })),
      ),
      http.post(api('/admin/teams/:teamId/nudge'), () =>
        fail(409, 'This team was nudged less than 24 hours ago', 'NUDGE_TOO_SOON'),
      ),
    );
    const { user } = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Nudge' }));
    expect(
      await screen.findByText('This team was nudged less than 24 hours ago'),
    ).toBeInTheDocument();
  });

  it('says when every team is healthy, and when it could not load', async () => {
    renderSection();
    expect(await screen.findByText('Every team is healthy')).toBeInTheDocument();
  });

  it('shows the error with a retry', async () => {
    server.use(
      http.get(api('/admin/courses/:courseId/health'), () =>
        fail(404, 'Course not found', 'NOT_FOUND'),
      ),
    );
    renderSection();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Course not found');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
