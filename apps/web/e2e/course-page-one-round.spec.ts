import { expect, test, type Request } from '@playwright/test';
import { signInAs } from './fixtures';
import { waitForNetworkQuiet } from './page-checks';

// Decision 093: a student's course page asks for its data in one round. Maya (seeded) leads
// Byte Club in CS301 with a free seat and a pending invitation to Noah, so the page shows
// everything it can: her team, the team list, both classmate lists and the Invited mark that used
// to need a third round.

const MAYA = 'maya.chen@student.northfield.edu';
const COURSE = 'Software Engineering Project';

type Seen = { path: string; start: number; end?: number };

test("the course page's API requests all start before any of them has finished", async ({
  page,
}) => {
  await signInAs(page, MAYA);
  await page.goto('/courses');
  const link = page.getByRole('link', { name: COURSE });
  await expect(link).toBeVisible();
  // The shell and My Enrollments have loaded: what follows is the course page's own.
  await waitForNetworkQuiet(page);

  // Events are numbered in the order the browser reports them, which is what "after" means here
  // (timestamps of two events can be equal). Left out: `/api/v1/auth/*`, the shell's session
  // calls (the token refresh runs on the shell's own timer or on a 401, whatever page is open),
  // not a read of this page; none is expected during this navigation.
  let clock = 0;
  const seen = new Map<Request, Seen>();
  const pageRequest = (request: Request) => {
    const url = new URL(request.url());
    return url.pathname.startsWith('/api/v1/') && !url.pathname.startsWith('/api/v1/auth/')
      ? `${url.pathname.slice('/api/v1'.length)}${url.search}`
      : null;
  };
  page.on('request', (request) => {
    const path = pageRequest(request);
    if (path) seen.set(request, { path, start: ++clock });
  });
  const finished = (request: Request) => {
    const entry = seen.get(request);
    if (entry) entry.end = ++clock;
  };
  page.on('requestfinished', finished);
  page.on('requestfailed', finished);

  await link.click();
  await expect(page).toHaveURL(/\/courses\/[0-9a-f-]{36}$/);
  const teams = page.getByRole('region', { name: 'Teams', exact: true });
  await expect(teams.getByText('You lead Byte Club')).toBeVisible();
  const teamless = teams.getByRole('region', { name: 'Classmates without a team' });
  await expect(
    teamless.getByRole('listitem').filter({ hasText: 'Noah Patel' }).getByText('Invited'),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Classmates', exact: true }).getByRole('listitem').first(),
  ).toBeVisible();
  // Everything asked has answered, and nothing more is asked after a moment's quiet.
  await expect.poll(() => [...seen.values()].every((s) => s.end !== undefined)).toBe(true);
  const settled = seen.size;
  await page.waitForTimeout(500);
  expect(seen.size).toBe(settled);

  const requests = [...seen.values()];
  const paths = requests.map((s) => s.path.replace(/[0-9a-f-]{36}/g, ':id'));
  expect(paths).toEqual(
    expect.arrayContaining([
      '/student/courses/:id',
      '/student/courses/:id/teams?page=1&limit=12&hasOpenSeats=true',
      '/student/courses/:id/teams?page=1&limit=6&sort=match&hasOpenSeats=true',
      '/student/courses/:id/students?page=1&limit=12&withoutTeam=true&sort=match',
      '/student/courses/:id/students?page=1&limit=12',
    ]),
  );
  // The team's invitations, once the third round, are not read at all.
  expect(
    paths.filter((p) => p.includes('/invitations') && p.startsWith('/student/teams/')),
  ).toEqual([]);
  const firstEnd = Math.min(...requests.map((s) => s.end!));
  const late = requests.filter((s) => s.start > firstEnd).map((s) => s.path);
  expect(late, 'requests that started after another one had finished').toEqual([]);
});
