import type {
  DevIdTokenBody,
  ErrorDetail,
  LoginResponse,
  UpdateEmailPreferences,
} from '@teamup/shared';
import { HttpResponse, http } from 'msw';
import {
  DEV_USERS,
  createAuthUser,
  createDetailedHealth,
  createProfile,
  createSession,
  createToken,
} from './data';
import { createAdminDashboardStats } from './admin-dashboard-data';
import { createAnalyticsOverview, createUsageAnalytics } from './analytics-data';
import { createCommunityProfile, createCommunityStats } from './community-data';
import { createStudentDashboard } from './dashboard-data';
import {
  applyEmailUpdate,
  createDevMail,
  createEmailPreferences,
  createTeamlessReminderPreview,
  createUnsubscribeInfo,
} from './email-data';
import { createNotification, createNotificationPreferences } from './notifications-data';
import { createCourseHealth } from './formation-data';
import { createProfileStats } from './profile-data';
import { createAdminSurveyView } from './survey-data';
import {
  createDirectoryUser,
  createOrganizationCourse,
  createOrganizationDetail,
  createOrganizationSummary,
  pageOf,
  paginate,
} from './organizations-data';

/** MSW paths match any origin: the client calls the relative base '/api/v1'. */
export const api = (path: string) => `*/api/v1${path}`;

export const ok = <T>(data: T, init?: ResponseInit) =>
  HttpResponse.json({ success: true, data }, init);

export const fail = (status: number, message: string, code: string, details?: ErrorDetail[]) =>
  HttpResponse.json({ success: false, message, code, ...(details ? { details } : {}) }, { status });

/** The happy path of every endpoint the web app calls; tests override with server.use(). */
/**
 * A response held back until the test releases it, so a loading state is seen however slow the
 * machine is (a fixed delay is a race the test loses under load).
 */
export function heldResponse() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { released, release };
}

export const handlers = [
  http.get(api('/auth/config'), () => ok({ googleClientId: null, devLogin: true })),
  http.get(api('/dev/users'), () => ok(DEV_USERS)),
  http.post(api('/dev/id-token'), async ({ request }) => {
    const body = (await request.json()) as DevIdTokenBody;
    return ok({ credential: `dev-credential:${body.email}` });
  }),
  http.post(api('/auth/login/google'), async ({ request }) => {
    const { credential } = (await request.json()) as { credential: string };
    const email = credential.replace(/^dev-credential:/, '');
    const known = DEV_USERS.find((u) => u.email === email);
    const user = createAuthUser({
      email,
      fullname: known?.fullname ?? email,
      role: known?.role ?? 'STUDENT',
    });
    const body: LoginResponse = { user, token: createToken(), activatedEnrollments: [] };
    return ok(body);
  }),
  http.get(api('/auth/refresh-token'), () => ok({ token: createToken(), user: createAuthUser() })),
  http.post(api('/auth/logout'), () => ok(null)),
  http.get(api('/auth/profile'), () => ok(createProfile())),
  http.patch(api('/auth/profile/update'), async ({ request }) => {
    const patch = (await request.json()) as Record<string, unknown>;
    return ok({ ...createProfile(), ...patch });
  }),
  http.get(api('/auth/session/all'), () =>
    ok([
      createSession({ current: true, device: 'Firefox on macOS' }),
      createSession({ device: 'Chrome on Android', ip: '198.51.100.4' }),
    ]),
  ),
  http.delete(api('/auth/session/:id'), () => ok(null)),
  http.get(api('/healthcheck/detailed'), () => ok(createDetailedHealth())),
];

// Organizations (issue 3): superadmin and organization-admin pages.
handlers.push(
  http.get(api('/organizations/super/list'), ({ request }) => {
    const { page, limit } = pageOf(request.url);
    return ok(
      paginate(
        [
          createOrganizationSummary(),
          createOrganizationSummary({ name: 'Riverside College', slug: 'riverside' }),
        ],
        page,
        limit,
      ),
    );
  }),
  http.get(api('/organizations/super/users/list'), ({ request }) => {
    const { page, limit } = pageOf(request.url);
    return ok(paginate([createDirectoryUser()], page, limit));
  }),
  http.get(api('/organizations/super/:id'), ({ params }) =>
    ok(createOrganizationDetail({ id: String(params.id) })),
  ),
  http.get(api('/organizations/admin/my'), ({ request }) => {
    const { page, limit } = pageOf(request.url);
    return ok(paginate([createOrganizationSummary()], page, limit));
  }),
  http.get(api('/organizations/admin/my/:id'), ({ params }) =>
    ok(createOrganizationDetail({ id: String(params.id) })),
  ),
  http.get(api('/courses/organization/:orgId/courses'), ({ params, request }) => {
    const { page, limit } = pageOf(request.url);
    const orgId = String(params.orgId);
    return ok(paginate([createOrganizationCourse({ organizationId: orgId })], page, limit));
  }),
);

// Teams (issue 5): the lists every student page with a teams part reads, empty by default.
handlers.push(
  http.get(api('/student/me/teams'), () => ok({ teams: [], requests: [] })),
  http.get(api('/student/me/invitations'), ({ request }) => {
    const { page, limit } = pageOf(request.url);
    return ok(paginate([], page, limit));
  }),
  http.get(api('/student/courses/:courseId/teams'), ({ request }) => {
    const { page, limit } = pageOf(request.url);
    return ok(paginate([], page, limit));
  }),
  http.get(api('/student/teams'), ({ request }) => {
    const { page, limit } = pageOf(request.url);
    return ok(paginate([], page, limit));
  }),
);

// The course page asks for its classmate lists with everything else (decision 093): empty by
// default, so a test about the course alone needs no handler for them.
handlers.push(
  http.get(api('/student/courses/:courseId/students'), ({ request }) => {
    const { page, limit } = pageOf(request.url);
    return ok(paginate([], page, limit));
  }),
);

// Profile (issue 2): stats and an empty activity log by default.
handlers.push(
  http.get(api('/auth/profile/stats'), () => ok(createProfileStats())),
  http.get(api('/auth/profile/activity'), ({ request }) => {
    const { page, limit } = pageOf(request.url);
    return ok(paginate([], page, limit));
  }),
);

// Community (issue 12): an empty directory, no skill suggestions, a visible profile; the student's
// course list (profile's looking toggles, the community's course filter) empty by default.
handlers.push(
  http.get(api('/community/skills'), () => ok({ items: [] })),
  http.get(api('/community/students'), ({ request }) => {
    const { page, limit } = pageOf(request.url);
    return ok(paginate([], page, limit));
  }),
  http.get(api('/community/students/:id'), ({ params }) =>
    ok(createCommunityProfile({ id: String(params.id) })),
  ),
  http.get(api('/community/students/:id/stats'), () => ok(createCommunityStats())),
  http.get(api('/community/students/:id/activity'), ({ request }) => {
    const { page, limit } = pageOf(request.url);
    return ok(paginate([], page, limit));
  }),
  http.get(api('/student/my-courses'), ({ request }) => {
    const { page, limit } = pageOf(request.url);
    return ok(paginate([], page, limit));
  }),
);

// System Analytics (issue 13): the superadmin's home and /s/health.
handlers.push(
  http.get(api('/analytics/overview'), () => ok(createAnalyticsOverview())),
  http.get(api('/analytics/usage'), ({ request }) => {
    const range = Number(new URL(request.url).searchParams.get('range') ?? 30);
    return ok(createUsageAnalytics(range === 7 || range === 90 ? range : 30));
  }),
);

// Student dashboard (issue 13): a student without any course by default; marking a team's
// notices seen answers now.
handlers.push(
  http.get(api('/student/dashboard'), () => ok(createStudentDashboard())),
  http.post(api('/student/teams/:id/notices/seen'), ({ params }) =>
    ok({ teamId: String(params.id), noticesSeenAt: new Date().toISOString() }),
  ),
);

// Admin formation dashboard (issue 13) and the admins' course picker (/courses, e.g. the
// community's course filter): an organization with its figures, no course to pick.
handlers.push(
  http.get(api('/admin/dashboard/stats'), () => ok(createAdminDashboardStats())),
  http.get(api('/courses'), () => ok({ items: [], page: 1, limit: 100, total: 0 })),
);

// Notifications (issue 14): none yet, nothing muted; the live stream answers 204 (SSE's "do not
// reconnect"), so pages under test hold no open stream. Tests of the stream give it a body.
handlers.push(
  http.get(api('/notifications'), ({ request }) => {
    const { page, limit } = pageOf(request.url);
    return ok(paginate([], page, limit));
  }),
  http.get(api('/notifications/unread-count'), () => ok({ unread: 0 })),
  http.post(api('/notifications/read-all'), () => ok({ marked: 0 })),
  http.post(api('/notifications/:id/read'), ({ params }) =>
    ok(createNotification({ id: String(params.id), readAt: new Date().toISOString() })),
  ),
  http.get(api('/notifications/preferences'), () => ok(createNotificationPreferences())),
  http.put(api('/notifications/preferences'), async ({ request }) => {
    const { muted } = (await request.json()) as { muted: string[] };
    return ok(createNotificationPreferences(muted));
  }),
  http.get(api('/events'), () => new HttpResponse(null, { status: 204 })),
);

// Formation (issue 15): the admin course page's exclusion picker (no active student), team health
// (no flagged team) and the student's team history (none yet).
handlers.push(
  http.get(api('/admin/course/:courseId/students'), ({ request }) => {
    const { page, limit } = pageOf(request.url);
    return ok(paginate([], page, limit));
  }),
  http.get(api('/admin/courses/:courseId/health'), ({ params }) =>
    ok(createCourseHealth({ courseId: String(params.courseId) })),
  ),
  http.get(api('/student/courses/:courseId/team-history'), () => ok({ items: [] })),
  http.get(api('/admin/courses/:courseId/students/:userId/team-history'), () => ok({ items: [] })),
);

// Email (issue 26): every kind at its default, this device's zone already kept; the unsubscribe
// link of an invitation; an empty development mailbox; two students without a team.
handlers.push(
  http.get(api('/profile/email-preferences'), () => ok(createEmailPreferences())),
  http.put(api('/profile/email-preferences'), async ({ request }) =>
    ok(
      applyEmailUpdate(createEmailPreferences(), (await request.json()) as UpdateEmailPreferences),
    ),
  ),
  http.put(api('/profile/time-zone'), async ({ request }) => {
    const { timeZone } = (await request.json()) as { timeZone: string };
    return ok(createEmailPreferences({ timeZone, timeZoneIsMine: true }));
  }),
  http.get(api('/email/unsubscribe'), () => ok(createUnsubscribeInfo())),
  http.post(api('/email/unsubscribe'), async ({ request }) => {
    const { scope } = (await request.json()) as { scope: 'KIND' | 'ALL' };
    return ok(createUnsubscribeInfo(scope === 'ALL' ? { allOff: true } : { kindOff: true }));
  }),
  http.get(api('/dev/mail'), () => ok([])),
  http.get(api('/dev/mail/:id'), ({ params }) => ok(createDevMail({ id: String(params.id) }))),
  http.get(api('/admin/courses/:courseId/reminders/teamless'), () =>
    ok(createTeamlessReminderPreview()),
  ),
  http.post(api('/admin/courses/:courseId/reminders/teamless'), () => {
    const sentAt = new Date();
    return ok({
      sent: 2,
      sentAt: sentAt.toISOString(),
      nextAllowedAt: new Date(sentAt.getTime() + 24 * 3_600_000).toISOString(),
    });
  }),
);

// The formation survey (issue 27): a course without one, for the pages that show it.
handlers.push(
  http.get(api('/admin/courses/:courseId/survey'), () =>
    ok(createAdminSurveyView({ survey: null, submitted: 0, drafts: 0 })),
  ),
  http.get(api('/admin/courses/:courseId/survey/responses'), ({ request }) => {
    const { page, limit } = pageOf(request.url);
    return ok(paginate([], page, limit));
  }),
  http.get(api('/student/courses/:courseId/survey'), () =>
    ok({ survey: null, response: null, classmates: [] }),
  ),
);

// Course staff (issue 28): the signed-in user teaches nothing (the menu has no "Courses I
// teach"), and a course has no staff yet.
handlers.push(
  http.get(api('/staff/courses'), () => ok({ items: [] })),
  http.get(api('/admin/courses/:courseId/staff'), () => ok({ items: [] })),
);

// Who someone is (issue 34): a Google account no LMS opens yet; an organization whose LMS page
// has no account links yet.
handlers.push(
  http.get(api('/profile/identities'), () => ok({ lmsOnly: false, google: true, items: [] })),
  http.get(api('/admin/lti/link-events'), ({ request }) => {
    const { page, limit } = pageOf(request.url);
    return ok(paginate([], page, limit));
  }),
);
