import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { api, ok } from '@/testing/handlers';
import { renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import { createTeamDetail } from '@/testing/teams-data';
import { CreateTeamModal } from '../course-teams/create-team-modal';
import { EditTeamModal } from '../team-page/edit-team-modal';
import { WantedSkills } from './wanted-skills';

const course = {
  id: '70000000-0000-4000-8000-000000000001',
  code: 'CS-401',
  teamSizeMin: 2,
  teamSizeMax: 5,
  teamFormationDeadline: new Date(Date.now() + 5 * 86_400_000).toISOString(),
  archived: false,
};

function suggest(skills: string[]) {
  server.use(
    http.get(api('/community/skills'), ({ request }) => {
      const q = (new URL(request.url).searchParams.get('q') ?? '').toLowerCase();
      return ok({
        items: skills
          .filter((s) => s.toLowerCase().startsWith(q))
          .map((skill) => ({ skill, count: 2 })),
      });
    }),
  );
}

describe('wanted skills', () => {
  it('are sent when creating a team, a suggestion picked and one typed', async () => {
    suggest(['PostgreSQL', 'Python']);
    let sent: Record<string, unknown> | undefined;
    server.use(
      http.post(api('/student/courses/:courseId/teams'), async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return ok(createTeamDetail({ name: 'Query Crew', relation: 'LEADER' }));
      }),
    );
    const { user } = renderWithProviders(
      <CreateTeamModal
        opened
        course={course}
        pending={{ requests: [], invitations: [] }}
        onClose={() => {}}
      />,
    );
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /Team name/ }), 'Query Crew');
    const skills = within(dialog).getByRole('textbox', { name: /Wanted skills/ });
    await user.type(skills, 'post');
    await user.click(await screen.findByRole('option', { name: 'PostgreSQL' }));
    await user.type(skills, 'Go{Enter}');
    // The same skill in another case is one skill.
    await user.type(skills, 'go{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Create team' }));
    await waitFor(() => expect(sent).toBeDefined());
    expect(sent).toMatchObject({ name: 'Query Crew', wantedSkills: ['PostgreSQL', 'Go'] });
  });

  it('stop at 10 in the edit form, and only a change is sent', async () => {
    const team = createTeamDetail({
      relation: 'LEADER',
      wantedSkills: ['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8', 'A9'],
    });
    let sent: Record<string, unknown> | undefined;
    server.use(
      http.patch(api('/student/teams/:teamId'), async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return ok({ ...team, ...sent });
      }),
    );
    const { user } = renderWithProviders(
      <EditTeamModal team={team} maxSizeGate={{ ok: true }} opened onClose={() => {}} />,
    );
    const dialog = await screen.findByRole('dialog');
    const skills = within(dialog).getByRole('textbox', { name: /Wanted skills/ });
    await user.type(skills, 'B1{Enter}');
    await user.type(skills, 'B2{Enter}');
    // Ten at most: the eleventh is not added.
    expect(within(dialog).queryByText('B2')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toBeDefined());
    expect(sent).toEqual({ wantedSkills: [...team.wantedSkills, 'B1'] });
  });

  it('show on a team with the viewer’s own skills starred', () => {
    renderWithProviders(<WantedSkills wanted={['Go', 'SQL']} matched={['sql']} />);
    const list = screen.getByRole('list', { name: 'Wanted skills' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['Go', 'SQL (you have it)']);
  });
});
