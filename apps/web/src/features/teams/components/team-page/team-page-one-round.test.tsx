import { act, screen } from '@testing-library/react';
import { http } from 'msw';
import { pageOfItems } from '@/testing/courses-data';
import { api, ok } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';
import {
  MAYA,
  createJoinRequest,
  createNotice,
  createTeamDetail,
  createWorld,
  teamHandlers,
  SOFIA,
  LIAM,
  type TeamWorld,
} from './team-page-test-data';

/**
 * Decision 101: the team page starts every read it needs as soon as it knows who the viewer is,
 * all together; coming from the viewer's own teams it knows that before the detail answers, and
 * the page is one round. Each API request is recorded with the number of answers already given
 * when it started: a read that waited for another is caught.
 */

type Started = { path: string; answersBefore: number };

/** The shell's calls on every signed-in page (the bell's count, the live stream, Courses I teach). */
const SHELL = /\/api\/v1\/(events|notifications|staff\/courses)([/?]|$)/;

function recordRequests() {
  const started: Started[] = [];
  let answers = 0;
  const onStart = ({ request }: { request: Request }) => {
    if (SHELL.test(request.url)) return;
    const url = new URL(request.url);
    started.push({
      path: `${url.pathname.replace(/^.*\/api\/v1/, '')}${url.search}`,
      answersBefore: answers,
    });
  };
  const onAnswer = ({ request }: { request: Request }) => {
    if (!SHELL.test(request.url)) answers += 1;
  };
  server.events.on('request:start', onStart);
  server.events.on('response:mocked', onAnswer);
  return {
    started,
    /** Forgets what came before (another page's reads). */
    reset: () => {
      started.length = 0;
      answers = 0;
    },
    stop: () => {
      server.events.removeListener('request:start', onStart);
      server.events.removeListener('response:mocked', onAnswer);
    },
  };
}

/** Maya leads Byte Club, with a pending request (Liam) and a notice. */
function leaderWorld(): TeamWorld {
  const team = createTeamDetail({ as: { relation: 'LEADER' } });
  return createWorld({
    team,
    me: MAYA,
    requests: [createJoinRequest(team, LIAM)],
    notices: [createNotice(team, { author: SOFIA })],
  });
}

const signedIn = (world: TeamWorld) => ({
  user: { id: world.me.id, fullname: world.me.fullname, email: world.me.email ?? undefined },
});

/** What the page shows once every read has answered. */
async function wholePageShown() {
  expect(await screen.findByRole('heading', { level: 1, name: 'Byte Club' })).toBeInTheDocument();
  // The pending request (Liam) and the notice, from two of the other reads.
  expect(await screen.findAllByText(/Liam O.Brien/)).not.toHaveLength(0);
  expect(await screen.findByText('We meet on Tuesdays at 4 pm.')).toBeInTheDocument();
}

function readsOf(teamId: string) {
  return {
    detail: `/student/teams/${teamId}`,
    rest: [
      `/student/teams/${teamId}/audit-logs?page=1&limit=20`,
      `/student/teams/${teamId}/invitations?page=1&limit=10`,
      `/student/teams/${teamId}/join-requests?page=1&limit=10`,
      `/student/teams/${teamId}/join-requests?page=1&limit=10&status=WAITLISTED`,
      `/student/teams/${teamId}/notices?page=1&limit=10`,
    ],
  };
}

describe('team page: its reads, all together', () => {
  let recorder: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    recorder = recordRequests();
  });
  afterEach(() => recorder.stop());

  it('opened directly, starts every other read the moment the detail answers, in one go', async () => {
    const world = leaderWorld();
    server.use(...teamHandlers(world));
    renderApp(`/teams/${world.team.id}`, signedIn(world));
    await wholePageShown();

    const { detail, rest } = readsOf(world.team.id);
    expect(recorder.started.filter((s) => s.answersBefore === 0).map((s) => s.path)).toEqual([
      detail,
    ]);
    // The enrollment comes with the detail (viewer.enrollmentStatus): no course read.
    expect(recorder.started.map((s) => s.path).sort()).toEqual([detail, ...rest].sort());
    expect(recorder.started.filter((s) => s.answersBefore > 1)).toEqual([]);
  });

  it('coming from my teams, starts the detail and every read at once: one round', async () => {
    const world = leaderWorld();
    const summary = { ...world.team, relation: 'LEADER' as const };
    server.use(
      ...teamHandlers(world),
      http.get(api('/student/me/teams'), () => ok({ teams: [summary], requests: [] })),
      http.get(api('/student/me/invitations'), () => ok(pageOfItems([], 1, 100))),
    );
    const { router } = renderApp('/teams/my', signedIn(world));
    expect(await screen.findByRole('heading', { level: 1, name: 'My Teams' })).toBeInTheDocument();
    expect(await screen.findAllByText('Byte Club')).not.toHaveLength(0);

    recorder.reset();
    await act(() => router.navigate({ to: '/teams/$teamId', params: { teamId: world.team.id } }));
    await wholePageShown();

    const { detail, rest } = readsOf(world.team.id);
    expect(recorder.started.map((s) => s.path).sort()).toEqual([detail, ...rest].sort());
    expect(recorder.started.filter((s) => s.answersBefore > 0)).toEqual([]);
  });
});
