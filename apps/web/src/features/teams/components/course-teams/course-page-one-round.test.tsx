import { screen, within } from '@testing-library/react';
import { delay, http, type HttpResponseResolver } from 'msw';
import { createClassmate, createMyCourse, inDays, pageOfItems } from '@/testing/courses-data';
import { api, ok } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';
import { TEAMS_COURSE_ID, createTeamSummary } from '@/testing/teams-data';

/**
 * Decision 093: a student's course page asks for all its data in one round. Every response of the
 * page is held until all the page's requests have arrived (or, on code that asks in rounds, until
 * a wait passes), so a request that needs an earlier answer starts only after one was given and
 * is caught.
 */

const student = { role: 'STUDENT' as const, fullname: 'Maya Chen' };
const OMAR_ID = '30000000-0000-4000-8000-0000000000aa';

/**
 * The page's reads: the course, my teams, my invitations, the team list (which also gives "Teams
 * that want your skills", issue 24), two classmate lists.
 */
const PAGE_REQUESTS = 6;
/** How long a response waits for the others when they do not come (code asking in rounds). */
const HOLD_MS = 400;

type Started = { path: string; afterAnAnswer: boolean };

function serveHeldCoursePage() {
  const started: Started[] = [];
  let answered = 0;
  let release!: () => void;
  const allArrived = new Promise<void>((resolve) => (release = resolve));

  /** Records the request, then answers once every page request has started (or after a wait). */
  const held =
    (answer: (url: URL) => Response): HttpResponseResolver =>
    async ({ request }) => {
      const url = new URL(request.url);
      started.push({
        path: `${url.pathname.replace(/^.*\/api\/v1/, '')}${url.search}`,
        afterAnAnswer: answered > 0,
      });
      if (started.length >= PAGE_REQUESTS) release();
      await Promise.race([allArrived, delay(HOLD_MS)]);
      answered += 1;
      return answer(url);
    };

  const mine = createTeamSummary({ name: 'Byte Club', relation: 'LEADER', memberCount: 2 });
  server.use(
    http.get(
      api('/student/courses/:courseId'),
      held(() =>
        ok(
          createMyCourse({
            team: { id: mine.id, name: mine.name },
            course: { id: TEAMS_COURSE_ID, code: 'CS-401', teamFormationDeadline: inDays(3) },
          }),
        ),
      ),
    ),
    http.get(
      api('/student/me/teams'),
      held(() => ok({ teams: [mine], requests: [] })),
    ),
    http.get(
      api('/student/me/invitations'),
      held(() => ok(pageOfItems([], 1, 100))),
    ),
    http.get(
      api('/student/courses/:courseId/teams'),
      held(() => ok(pageOfItems([mine], 1, 12))),
    ),
    http.get(
      api('/student/courses/:courseId/students'),
      held((url) =>
        ok(
          url.searchParams.get('withoutTeam') === 'true'
            ? pageOfItems(
                [
                  createClassmate({
                    userId: OMAR_ID,
                    fullname: 'Omar Haddad',
                    invitedByMyTeam: true,
                  }),
                ],
                1,
                12,
              )
            : pageOfItems([createClassmate({ fullname: 'Lena Park' })], 1, 12),
        ),
      ),
    ),
    // What the old page asked in a third round, once it knew the team it leads.
    http.get(
      api('/student/teams/:teamId/invitations'),
      held(() => ok(pageOfItems([], 1, 100))),
    ),
  );
  return started;
}

describe('course page: one round of requests', () => {
  it('starts every read of the page before the first one answers, and no other', async () => {
    const started = serveHeldCoursePage();
    renderApp(`/courses/${TEAMS_COURSE_ID}`, { user: student });

    // The whole page is there: my team, the teams list, both classmate lists with the mark that
    // used to need the team's invitations.
    const section = await screen.findByRole('region', { name: 'Teams' });
    const teamless = within(section).getByRole('region', { name: 'Classmates without a team' });
    const omar = await within(teamless).findByRole('listitem');
    expect(await within(omar).findByText('Invited')).toBeInTheDocument();
    expect(await screen.findByText('Lena Park')).toBeInTheDocument();
    expect(
      await within(section).findByRole('region', { name: 'Teams with open seats' }),
    ).toBeInTheDocument();

    expect(started.filter((s) => s.afterAnAnswer)).toEqual([]);
    expect(started.map((s) => s.path).sort()).toEqual(
      [
        `/student/courses/${TEAMS_COURSE_ID}`,
        `/student/courses/${TEAMS_COURSE_ID}/students?page=1&limit=9&inTeam=true`,
        `/student/courses/${TEAMS_COURSE_ID}/students?page=1&limit=9&withoutTeam=true&sort=match`,
        `/student/courses/${TEAMS_COURSE_ID}/teams?page=1&limit=12&sort=match&hasOpenSeats=true`,
        '/student/me/invitations?status=PENDING&limit=100',
        '/student/me/teams',
      ].sort(),
    );
  });
});
