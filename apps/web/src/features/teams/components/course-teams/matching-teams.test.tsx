import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import type { TeamSummary } from '@teamup/shared';
import { createClassmate, createMyCourse, inDays, pageOfItems } from '@/testing/courses-data';
import { api, ok } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';
import { TEAMS_COURSE_ID, createTeamSummary } from '@/testing/teams-data';

const student = { role: 'STUDENT' as const, fullname: 'Maya Chen' };

function serve({ mine = [] as TeamSummary[], teams = [] as TeamSummary[] }) {
  const asked: { teams: URLSearchParams[]; classmates: URLSearchParams[] } = {
    teams: [],
    classmates: [],
  };
  server.use(
    http.get(api('/student/courses/:courseId'), () =>
      ok(
        createMyCourse({
          course: { id: TEAMS_COURSE_ID, code: 'CS-401', teamFormationDeadline: inDays(4) },
        }),
      ),
    ),
    http.get(api('/student/me/teams'), () => ok({ teams: mine, requests: [] })),
    http.get(api('/student/courses/:courseId/teams'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.teams.push(params);
      // The server orders by match when asked; the list here is already in that order.
      return ok(pageOfItems(params.get('sort') === 'match' ? teams : [], 1, 12));
    }),
    http.get(api('/student/courses/:courseId/students'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.classmates.push(params);
      if (params.get('inTeam') === 'true') {
        return ok(
          pageOfItems([
            createClassmate({
              fullname: 'Omar Haddad',
              headline: 'Data person',
              skills: ['Python', 'SQL'],
              matchedSkills: ['SQL'],
              team: { id: 'x', name: 'Night Owls' },
            }),
          ]),
        );
      }
      return ok(
        pageOfItems([
          createClassmate({
            fullname: 'Lena Park',
            skills: ['Go', 'SQL', 'Docker'],
            matchedSkills: ['SQL'],
            lookingNote: 'free Tue/Thu',
          }),
        ]),
      );
    }),
  );
  return asked;
}

describe('course page: skills that match', () => {
  it('shows a student without a team the open teams that want their skills, first', async () => {
    const asked = serve({
      teams: [
        createTeamSummary({
          name: 'Night Owls',
          wantedSkills: ['Python', 'React'],
          matchedSkills: ['React'],
        }),
        // Open but wanting none of my skills: not in this section.
        createTeamSummary({ name: 'Byte Club', wantedSkills: ['Rust'], matchedSkills: [] }),
      ],
    });
    renderApp(`/courses/${TEAMS_COURSE_ID}`, { user: student });
    const section = await screen.findByRole('region', { name: 'Teams that want your skills' });
    const cards = within(section).getAllByRole('listitem', { name: /./ });
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['Night Owls']);
    const wanted = within(cards[0]!).getByRole('list', { name: 'Wanted skills' });
    expect(within(wanted).getByText('React')).toHaveTextContent('React (you have it)');
    expect(within(cards[0]!).getByRole('button', { name: 'Apply to Night Owls' })).toBeVisible();
    expect(
      asked.teams.some((p) => p.get('sort') === 'match' && p.get('hasOpenSeats') === 'true'),
    ).toBe(true);
    // It comes before the course's other teams.
    const teams = screen.getByRole('region', { name: 'Teams' });
    const order = within(teams)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(order.indexOf('Teams that want your skills')).toBeLessThan(
      order.indexOf('Other teams with open seats'),
    );
    // Issue 24: each team once. Night Owls is not listed again among the others, Byte Club is.
    const others = within(teams).getByRole('list', { name: 'Other teams with open seats' });
    expect(
      within(others)
        .getAllByRole('heading', { level: 4 })
        .map((h) => h.textContent),
    ).toEqual(['Byte Club']);
    // One request for both: the list's first page, by match.
    expect(asked.teams).toHaveLength(1);
  });

  it('gives a leader the classmates by match, with the skills the team wants starred', async () => {
    const mine = createTeamSummary({
      name: 'Byte Club',
      relation: 'LEADER',
      memberCount: 2,
      wantedSkills: ['SQL'],
    });
    const asked = serve({ mine: [mine] });
    renderApp(`/courses/${TEAMS_COURSE_ID}`, { user: student });
    const classmates = await screen.findByRole('region', { name: 'Classmates without a team' });
    const lena = await within(classmates).findByRole('listitem');
    expect(within(lena).getByText('SQL')).toHaveTextContent('SQL (your team wants it)');
    expect(within(lena).getByText('“free Tue/Thu”')).toBeVisible();
    expect(within(lena).getByRole('link', { name: 'Lena Park' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/community\//),
    );
    const teamless = asked.classmates.find((p) => p.get('withoutTeam') === 'true');
    expect(teamless?.get('sort')).toBe('match');
    // Issue 35: classmates already in a team cannot be invited: no star for them.
    const all = screen.getByRole('region', { name: 'Classmates in teams' });
    const omar = await within(all).findByRole('listitem');
    expect(within(omar).getByText('Data person')).toBeVisible();
    expect(within(omar).getByText('SQL')).toHaveTextContent(/^SQL$/);
    expect(within(all).queryByText(/your team wants it/)).toBeNull();
    // A leader has a team: no "Teams that want your skills".
    expect(
      screen.queryByRole('region', { name: 'Teams that want your skills' }),
    ).not.toBeInTheDocument();
  });

  it('stars no skill when the leader cannot invite (the team is full)', async () => {
    const mine = createTeamSummary({
      name: 'Byte Club',
      relation: 'LEADER',
      memberCount: 4,
      maxSize: 4,
      openSeats: 0,
      wantedSkills: ['SQL'],
    });
    serve({ mine: [mine] });
    renderApp(`/courses/${TEAMS_COURSE_ID}`, { user: student });
    const classmates = await screen.findByRole('region', { name: 'Classmates without a team' });
    const lena = await within(classmates).findByRole('listitem');
    expect(within(lena).getByText('SQL')).toHaveTextContent(/^SQL$/);
    expect(within(lena).queryByRole('button', { name: /Invite/ })).toBeNull();
    expect(screen.queryByText(/your team wants it/)).toBeNull();
  });
});
