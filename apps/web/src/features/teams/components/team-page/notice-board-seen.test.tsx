import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { api, ok } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';
import {
  LIAM,
  MAYA,
  createNotice,
  createTeamDetail,
  createWorld,
  member,
  teamHandlers,
  type TeamWorld,
} from './team-page-test-data';

/** An IntersectionObserver that reports its targets on screen as soon as they are observed. */
class OnScreenObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    queueMicrotask(() =>
      this.callback(
        [{ isIntersecting: true, target } as IntersectionObserverEntry],
        this as unknown as IntersectionObserver,
      ),
    );
  }
  disconnect() {}
  unobserve() {}
}

/** Maya leads Byte Club; Liam is its member, or the course's admin. */
function world(as: 'member' | 'admin'): TeamWorld {
  const team = createTeamDetail({
    members: [member(MAYA, { isLeader: true }), ...(as === 'member' ? [member(LIAM)] : [])],
  });
  const w = createWorld({ team, me: LIAM, isAdmin: as === 'admin' });
  w.notices = [createNotice(w.team, { body: 'We meet on Fridays', author: MAYA })];
  return w;
}

function open(w: TeamWorld) {
  const seen: string[] = [];
  server.use(
    ...teamHandlers(w),
    http.post(api('/student/teams/:id/notices/seen'), ({ params }) => {
      seen.push(String(params.id));
      return ok({ teamId: String(params.id), noticesSeenAt: new Date().toISOString() });
    }),
  );
  renderApp(`/teams/${w.team.id}`, {
    user: { id: w.me.id, fullname: w.me.fullname, email: w.me.email ?? undefined },
  });
  return seen;
}

describe('notice board: seen', () => {
  beforeEach(() => {
    vi.stubGlobal('IntersectionObserver', OnScreenObserver);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('tells the server a member has seen the notices once they are on screen', async () => {
    const w = world('member');
    const seen = open(w);
    const board = await screen.findByRole('region', { name: 'Notice board' });
    expect(await within(board).findByText('We meet on Fridays')).toBeInTheDocument();
    await waitFor(() => expect(seen).toEqual([w.team.id]));
  });

  it('marks nothing for a reader who holds no seat in the team', async () => {
    const w = world('admin');
    const seen = open(w);
    const board = await screen.findByRole('region', { name: 'Notice board' });
    expect(await within(board).findByText('We meet on Fridays')).toBeInTheDocument();
    // Long enough for the observer's report and a call to have gone out.
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(seen).toEqual([]);
  });
});
