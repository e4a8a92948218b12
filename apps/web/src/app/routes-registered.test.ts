import { createMemoryHistory } from '@tanstack/react-router';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';

/** SPEC §2, every route, with `{param}` written the router's way (`$param`). */
const SPEC_ROUTES = [
  '/',
  '/auth/login',
  '/auth/register',
  '/profile',
  '/dashboard',
  '/courses',
  '/courses/{courseId}',
  '/teams',
  '/teams/my',
  '/teams/{teamId}',
  '/community',
  '/community/{userId}',
  '/admin/dashboard',
  '/admin/organizations',
  '/admin/organizations/{orgId}',
  '/admin/students',
  '/admin/students/course/{courseId}',
  '/admin/courses',
  '/admin/courses/create',
  '/admin/courses/{courseId}',
  '/admin/csv',
  '/s/health',
  '/s/dashboard',
  '/s/organizations',
  '/s/organizations/create',
  '/s/organizations/{orgId}',
].map((path) => path.replace(/\{(\w+)\}/g, '$$$1'));

describe('SPEC §2 routes', () => {
  const router = createAppRouter({
    queryClient: createQueryClient(),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  const registered = router.routesByPath as unknown as Record<
    string,
    { options: { component?: unknown } }
  >;

  it.each(SPEC_ROUTES)('%s is registered with a page', (path) => {
    const route = registered[path];
    expect(route, `${path} is not in the route tree`).toBeDefined();
    expect(route?.options.component).toBeDefined();
  });

  it('registers no page the SPEC does not list (apart from redirects and the email pages)', () => {
    const extra = Object.keys(registered).filter((p) => !SPEC_ROUTES.includes(p));
    // /admin and /s only send the user on to their dashboard. Issue 26 (decision 133) adds the
    // page an email's unsubscribe link opens and the development mailbox; issue 28 the course
    // staff's "Courses I teach", the page an LMS launch lands on and an organization's LMS
    // connection (reached from the organization's page, not the menu).
    // Issue 35 (decision 145) gives the course page its sections, each its own URL.
    expect(extra.sort()).toEqual([
      '/admin',
      '/admin/courses/$courseId/health',
      '/admin/courses/$courseId/lms',
      '/admin/courses/$courseId/placement',
      '/admin/courses/$courseId/roster',
      '/admin/courses/$courseId/staff',
      '/admin/courses/$courseId/survey',
      '/admin/courses/$courseId/teams',
      '/admin/lms',
      '/auth/lti',
      '/dev/mail',
      '/email/unsubscribe',
      '/s',
      '/teaching',
    ]);
  });
});
