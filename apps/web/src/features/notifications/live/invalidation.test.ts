import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { NOTIFICATION_KINDS, REFETCH_ALL_EVENT } from '@teamup/shared';
import { describe, expect, it } from 'vitest';
import {
  invalidateKeys,
  isUploadEndHandled,
  joinsReadsInFlight,
  keysForChanged,
  keysForNotification,
} from './invalidation';
import { notificationKeys } from '../api/query-keys';
import { firstSignalOf, uploadEndEvent } from '@/lib/signals-once';

const TEAM = '10000000-0000-4000-8000-000000000001';
const COURSE = '30000000-0000-4000-8000-000000000001';
const OTHER_COURSE = '30000000-0000-4000-8000-000000000002';

/** The screens' real keys (as the features build them), to check which ones a mapping hits. */
const SCREENS = {
  teamPage: ['teams', 'detail', TEAM],
  teamRequests: ['teams', 'detail', TEAM, 'join-requests', {}],
  adminTeam: ['admin', 'teams', 'detail', TEAM],
  myTeams: ['teams', 'mine'],
  allTeams: ['teams', 'all', { page: 1 }],
  studentCourse: ['enrollments', 'student-course', COURSE],
  courseTeams: ['teams', 'course', COURSE, {}],
  studentDashboard: ['dashboard', 'student'],
  adminDashboard: ['admin-dashboard', 'stats', {}],
  adminCourse: ['courses', 'detail', COURSE],
  adminCourseTeams: ['admin', 'teams', 'course', COURSE, {}],
  roster: ['enrollments', 'roster', COURSE, { page: 1 }],
  courseHealth: ['formation', 'health', COURSE],
  myTeamHistory: ['formation', 'history', 'mine', COURSE],
  myCourses: ['enrollments', 'my-courses'],
  otherRoster: ['enrollments', 'roster', OTHER_COURSE, {}],
  otherHealth: ['formation', 'health', OTHER_COURSE],
  notifications: ['notifications', 'list', {}],
  unread: ['notifications', 'unread-count'],
  csvHistory: ['csv', 'history', {}],
  authConfig: ['auth', 'config'],
} as const;
type Screen = keyof typeof SCREENS;

/** Which of the screens' queries the keys invalidate. */
async function hit(keys: ReturnType<typeof keysForChanged>): Promise<Screen[]> {
  const client = new QueryClient();
  for (const key of Object.values(SCREENS)) client.setQueryData(key, 1);
  await invalidateKeys(client, keys);
  return (Object.keys(SCREENS) as Screen[]).filter(
    (name) => client.getQueryState(SCREENS[name])?.isInvalidated,
  );
}

describe('keysForChanged', () => {
  it('refreshes the team page, its course screens and the lists and dashboards', async () => {
    const screens = await hit(
      keysForChanged({ teamIds: [TEAM], courseIds: [COURSE], enrollments: false }),
    );
    expect(screens).toEqual([
      'teamPage',
      'teamRequests',
      'adminTeam',
      'myTeams',
      'allTeams',
      'studentCourse',
      'courseTeams',
      'studentDashboard',
      'adminDashboard',
      'adminCourse',
      'adminCourseTeams',
      'roster',
      'courseHealth',
      'myTeamHistory',
    ]);
  });

  it('a course named without teams stands for all its teams: any team page refreshes', async () => {
    const screens = await hit(
      keysForChanged({ teamIds: [], courseIds: [COURSE], enrollments: false }),
    );
    expect(screens).toContain('teamPage');
    expect(screens).toContain('roster');
    expect(screens).toContain('courseHealth');
    expect(screens).not.toContain('otherRoster');
    expect(screens).not.toContain('otherHealth');
  });

  it('my enrollments: my course lists, My Teams and the dashboard', async () => {
    const screens = await hit(
      keysForChanged({ teamIds: [], courseIds: [OTHER_COURSE], enrollments: true }),
    );
    expect(screens).toEqual(
      expect.arrayContaining([
        'myCourses',
        'studentCourse',
        'myTeams',
        'studentDashboard',
        'otherRoster',
      ]),
    );
    expect(screens).not.toContain('roster');
    expect(screens).not.toContain('notifications');
  });

  it('the refetch-all event (missed events) refreshes every query', async () => {
    expect(await hit(keysForChanged(REFETCH_ALL_EVENT))).toEqual(Object.keys(SCREENS));
  });

  it('names no key twice', () => {
    const keys = keysForChanged({ teamIds: [TEAM, TEAM], courseIds: [COURSE], enrollments: true });
    expect(new Set(keys.map((k) => JSON.stringify(k))).size).toBe(keys.length);
  });
});

describe('keysForNotification', () => {
  const team = { id: TEAM, name: 'Rockets' };
  const course = { id: COURSE, code: 'CS-401', title: 'Project' };

  it('every kind refreshes the notifications and the student dashboard', async () => {
    for (const kind of NOTIFICATION_KINDS) {
      const screens = await hit(keysForNotification({ kind, team, course }));
      expect(screens, kind).toEqual(
        expect.arrayContaining(['notifications', 'unread', 'studentDashboard']),
      );
      expect(screens, kind).not.toContain('authConfig');
    }
  });

  it('a join request received refreshes the team page (its requests) and the dashboard', async () => {
    const screens = await hit(keysForNotification({ kind: 'JOIN_REQUEST_RECEIVED', team, course }));
    expect(screens).toEqual([
      'teamPage',
      'teamRequests',
      'adminTeam',
      'studentDashboard',
      'notifications',
      'unread',
    ]);
  });

  it('an accepted request refreshes my teams, the course screens and the team', async () => {
    const screens = await hit(keysForNotification({ kind: 'JOIN_REQUEST_ACCEPTED', team, course }));
    expect(screens).toEqual(
      expect.arrayContaining(['teamPage', 'myTeams', 'allTeams', 'studentCourse', 'courseTeams']),
    );
  });

  it('an enrollment added refreshes my course lists', async () => {
    const screens = await hit(
      keysForNotification({ kind: 'ENROLLMENT_ADDED', team: null, course }),
    );
    expect(screens).toEqual(expect.arrayContaining(['myCourses', 'studentCourse']));
    expect(screens).not.toContain('teamPage');
  });

  it('a finished CSV upload refreshes the history and what the import changed', async () => {
    const screens = await hit(
      keysForNotification({ kind: 'CSV_UPLOAD_FINISHED', team: null, course }),
    );
    expect(screens).toEqual(expect.arrayContaining(['csvHistory', 'roster', 'adminCourse']));
    const failed = await hit(
      keysForNotification({ kind: 'CSV_UPLOAD_FAILED', team: null, course }),
    );
    expect(failed).toContain('csvHistory');
    expect(failed).not.toContain('roster');
  });
});

describe('invalidateKeys', () => {
  /**
   * A team page on screen: its detail and its notices, which the page asks for only while the
   * detail says the viewer is a member (as the teams feature's hooks do).
   */
  async function teamPageOnScreen() {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const fetched: string[] = [];
    const state = { member: true };
    const detailKey = ['teams', 'detail', TEAM];
    const detail = new QueryObserver(client, {
      queryKey: detailKey,
      queryFn: async () => {
        fetched.push('detail');
        return { member: state.member };
      },
    });
    const notices = new QueryObserver(client, {
      queryKey: ['teams', 'detail', TEAM, 'notices', {}],
      queryFn: async () => {
        fetched.push('notices');
        return [];
      },
      enabled: () => client.getQueryData<{ member: boolean }>(detailKey)?.member !== false,
    });
    const stops = [detail.subscribe(() => undefined), notices.subscribe(() => undefined)];
    await expect.poll(() => fetched.length).toBe(2);
    fetched.length = 0;
    return { client, fetched, state, stop: () => stops.forEach((stop) => stop()) };
  }

  const changed = keysForChanged({ teamIds: [TEAM], courseIds: [COURSE], enrollments: false });

  it("refetches a team page's detail before its lists", async () => {
    const page = await teamPageOnScreen();
    await invalidateKeys(page.client, changed);
    expect(page.fetched).toEqual(['detail', 'notices']);
    page.stop();
  });

  it('does not ask for the lists once the new detail closes them (a removed member: no 403)', async () => {
    const page = await teamPageOnScreen();
    page.state.member = false;
    await invalidateKeys(page.client, changed);
    expect(page.fetched).toEqual(['detail']);
    page.stop();
  });
});

describe('a CSV upload notification and a read in flight (decision 128)', () => {
  /** The upload history on screen, counting its requests; the second one is held open. */
  async function historyOnScreen() {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let asked = 0;
    const observer = new QueryObserver(client, {
      queryKey: ['csv', 'history', {}],
      queryFn: () => {
        asked += 1;
        return asked === 1 ? [] : new Promise<never[]>((done) => setTimeout(() => done([]), 50));
      },
    });
    const stop = observer.subscribe(() => undefined);
    await expect.poll(() => asked).toBe(1);
    return { client, asked: () => asked, stop };
  }

  const finished = { kind: 'CSV_UPLOAD_FINISHED' as const, team: null, course: null };

  it("leaves the status poll's refetch to answer instead of asking again", async () => {
    const screen = await historyOnScreen();
    // The page's status poll has seen the end and refetched (in flight), then the stream tells.
    void screen.client.invalidateQueries({ queryKey: ['csv', 'history'] });
    expect(screen.asked()).toBe(2);
    expect(joinsReadsInFlight(finished)).toBe(true);
    await invalidateKeys(screen.client, keysForNotification(finished), {
      cancelRefetch: !joinsReadsInFlight(finished),
    });
    expect(screen.asked()).toBe(2);
    screen.stop();
  });

  it('asks again for any other notification (a read in flight may predate the change)', async () => {
    const screen = await historyOnScreen();
    void screen.client.invalidateQueries({ queryKey: ['csv', 'history'] });
    const received = { kind: 'JOIN_REQUEST_RECEIVED' as const, team: null, course: null };
    expect(joinsReadsInFlight(received)).toBe(false);
    await invalidateKeys(screen.client, [['csv']]);
    expect(screen.asked()).toBe(3);
    screen.stop();
  });
});

describe('a CSV upload end told by both the status poll and the stream', () => {
  const course = { id: '11111111-1111-4111-8111-111111111111', code: 'CS1', title: 'One' };
  const at = '2026-11-27T21:00:00.123Z';
  const ended = {
    kind: 'CSV_UPLOAD_FINISHED' as const,
    team: null,
    course,
    createdAt: at,
  };

  it('refreshes the lists once, whichever signal comes second and however late', () => {
    // The poll saw the end first (its finishedAt is the notification's createdAt).
    expect(firstSignalOf(uploadEndEvent(course.id, at))).toBe(true);
    expect(isUploadEndHandled(ended)).toBe(true);
    const keys = keysForNotification(ended, { endHandled: true });
    expect(keys).toEqual([notificationKeys.all, ['dashboard']]);
  });

  it('lets the stream refresh an end the poll has not seen, and then the poll finds it handled', () => {
    const later = { ...ended, createdAt: '2026-11-27T21:05:00.000Z' };
    expect(isUploadEndHandled(later)).toBe(false);
    expect(keysForNotification(later)).toEqual(
      expect.arrayContaining([['csv'], ['enrollments'], ['courses'], ['organizations']]),
    );
    expect(firstSignalOf(uploadEndEvent(course.id, later.createdAt))).toBe(false);
  });

  it('never takes another kind or another course for the same end', () => {
    const other = { ...ended, createdAt: '2026-11-27T21:10:00.000Z' };
    expect(firstSignalOf(uploadEndEvent(course.id, other.createdAt))).toBe(true);
    const received = { ...other, kind: 'JOIN_REQUEST_RECEIVED' as const };
    expect(isUploadEndHandled(received)).toBe(false);
    const elsewhere = {
      ...other,
      course: { ...course, id: '22222222-2222-4222-8222-222222222222' },
    };
    expect(isUploadEndHandled(elsewhere)).toBe(false);
  });
});
