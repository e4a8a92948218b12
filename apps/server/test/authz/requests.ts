// A valid request for each operation of the OpenAPI document, aimed at the world's real ids:
// path parameters are resolved from their name and the segment before them; bodies and query
// strings that an operation needs are listed by operationId.
import type { InjectOptions } from 'fastify';
import { multipartBody } from '../modules/csv/csv-api.js';
import { createUnsubscribeTokens } from '../../src/modules/email/unsubscribe-token.js';
import { testConfig } from '../helper.js';
import type { AuthzWorld } from './world.js';

export interface DocOperation {
  operationId: string;
  method: string;
  path: string;
}

interface OpenApiDoc {
  paths: Record<string, Record<string, { operationId?: string }>>;
}

/** Every operation of the document, in document order. */
export function operationsOf(doc: OpenApiDoc): DocOperation[] {
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => {
      if (!operation.operationId) throw new Error(`${method} ${path} has no operationId`);
      return { operationId: operation.operationId, method: method.toUpperCase(), path };
    }),
  );
}

/** The id a path parameter stands for, from its name and the segment before it. */
function pathParam(w: AuthzWorld, name: string, before: string, path: string): string {
  switch (name) {
    case 'orgId':
      return w.orgA.id;
    case 'courseId':
      return w.course.id;
    case 'teamId':
      return w.team.id;
    case 'memberId':
      return w.member.id;
    case 'staffId':
      return w.staffEntry.id;
  }
  const byCollection: Record<string, string> = {
    organizations: w.orgA.id,
    super: w.orgA.id,
    my: w.orgA.id,
    courses: w.course.id,
    course: w.course.id,
    enrollment: w.classmate.enrollmentId,
    status: w.upload.id,
    teams: w.team.id,
    'join-requests': w.joinRequest.id,
    invitations: w.invitation.id,
    notices: w.notice.id,
    // Issue 14: the leader's notification.
    notifications: w.notification.id,
    session: w.leaderSessionId,
    // Community profiles: the classmate's (decision 105).
    students: w.classmate.id,
    // Issue 26: the development mailbox holds no message in the world (404 for everyone).
    mail: '00000000-0000-4000-8000-000000000000',
    // Issue 28: organization A's LMS platform.
    platforms: w.platform.id,
    // Its LMS course, linked to course A.
    contexts: w.context.id,
    identities: w.identity.id,
  };
  const id = byCollection[before];
  if (!id) throw new Error(`no world id for {${name}} after "${before}" in ${path}`);
  return id;
}

/** The world ids a path's parameters stand for, in order (undefined where none is known). */
export function pathIdsOf(w: AuthzWorld, path: string): (string | undefined)[] {
  const segments = path.split('/');
  return segments.flatMap((segment, i) => {
    const param = /^\{(.+)\}$/.exec(segment);
    if (!param) return [];
    try {
      return [pathParam(w, param[1]!, segments[i - 1]!, path)];
    } catch {
      return [undefined];
    }
  });
}

export function urlOf(w: AuthzWorld, path: string): string {
  const segments = path.split('/');
  return segments
    .map((segment, i) => {
      const param = /^\{(.+)\}$/.exec(segment);
      return param ? pathParam(w, param[1]!, segments[i - 1]!, path) : segment;
    })
    .join('/');
}

type Extra = Pick<InjectOptions, 'payload' | 'query' | 'headers'>;

const inTwoWeeks = () => new Date(Date.now() + 14 * 86_400_000).toISOString();

/** What an operation needs besides its URL to be a valid call. */
const EXTRAS: Record<string, (w: AuthzWorld) => Extra> = {
  postDevIdToken: () => ({ payload: { email: 'someone@example.edu' } }),
  postAuthLoginGoogle: () => ({ payload: { credential: 'not-a-token' } }),
  patchAuthProfileUpdate: () => ({ payload: { bio: 'Hello' } }),
  postOrganizations: () => ({ payload: { name: 'Org New', slug: 'org-new' } }),
  putOrganizationsById: () => ({ payload: { description: 'Updated' } }),
  postOrganizationsSuperByIdAdmin: () => ({
    payload: { email: 'new-admin@aurora.example.edu', fullname: 'New Admin' },
  }),
  deleteOrganizationsSuperByIdAdmin: (w) => ({ query: { userId: w.admin.id } }),
  postCourses: (w) => ({
    payload: {
      organizationId: w.orgA.id,
      code: 'AUR202',
      title: 'Second Course',
      term: 'Fall 2026',
      teamSizeMin: 2,
      teamSizeMax: 4,
      teamFormationDeadline: inTwoWeeks(),
    },
  }),
  patchCoursesByIdUpdate: () => ({ payload: { title: 'Renamed Course' } }),
  postAdminStudentsManualAdd: (w) => ({
    payload: { courseId: w.course.id, email: 'new-student@example.edu', fullname: 'New Student' },
  }),
  patchAdminEnrollmentByIdStatus: () => ({ payload: { status: 'INACTIVE' } }),
  postCsvUpload: (w) => {
    const body = multipartBody([
      { name: 'courseId', value: w.course.id },
      {
        name: 'file',
        fileName: 'roster.csv',
        content: 'email,fullname\nnew-row@example.edu,New Row\n',
      },
    ]);
    return { payload: body.payload, headers: body.headers };
  },
  postStudentCoursesByCourseIdTeams: () => ({ payload: { name: 'Team New' } }),
  putStudentCoursesByCourseIdLooking: () => ({ payload: { looking: true, note: 'backend' } }),
  patchStudentTeamsById: () => ({ payload: { description: 'Changed' } }),
  postAdminTeamsByIdMembers: (w) => ({ payload: { userId: w.classmate.id } }),
  postStudentTeamsByIdJoinRequests: () => ({ payload: { message: 'Please' } }),
  postStudentJoinRequestsByIdAccept: () => ({ payload: {} }),
  postStudentJoinRequestsByIdReject: () => ({ payload: {} }),
  postStudentTeamsByIdInvite: (w) => ({ payload: { userId: w.classmate.id } }),
  postStudentTeamsByIdNotices: () => ({ payload: { body: 'A new notice' } }),
  patchStudentNoticesById: () => ({ payload: { body: 'Edited notice' } }),
  // Issue 13: student dashboard (entries below this line).
  // Issue 13: admin dashboard (entries below this line).
  // The organization filter set to A's: B's admin gets A's 404, as for other admin calls.
  getAdminDashboardStats: (w) => ({ query: { organizationId: w.orgA.id } }),
  getAdminDashboardStatsCsv: (w) => ({ query: { organizationId: w.orgA.id } }),
  // Issue 13: analytics (entries below this line).
  // Issue 13: health and metrics (entries below this line).
  // Issue 14: notifications (entries below this line).
  putNotificationsPreferences: () => ({ payload: { muted: ['DEADLINE_SOON'] } }),
  // Issue 14: live stream (entries below this line).
  // Issue 15: formation (entries below this line).
  postAdminCoursesByCourseIdFormationPreview: () => ({ payload: { seed: 1 } }),
  postAdminCoursesByCourseIdFormationApply: (w) => ({
    payload: {
      fingerprint: 'v1:made-up',
      seed: 1,
      newTeams: [],
      placements: [{ userId: w.classmate.id, teamKey: w.team.id }],
    },
  }),
  // Issue 36: an edited proposal to score, with the same made-up fingerprint.
  postAdminCoursesByCourseIdFormationEvaluate: (w) => ({
    payload: {
      fingerprint: 'v1:made-up',
      seed: 1,
      newTeams: [],
      placements: [{ userId: w.classmate.id, teamKey: w.team.id }],
      options: {},
    },
  }),
  // Issue 15: health, export and history (entries below this line).
  // Issue 15: waitlist (entries below this line).
  // Issue 26: email (entries below this line).
  putProfileEmailPreferences: () => ({
    payload: { modes: [{ kind: 'NOTICE_PINNED', mode: 'OFF' }] },
  }),
  putProfileTimeZone: () => ({ payload: { timeZone: 'Europe/Paris' } }),
  // The leader's digest link: the token is the credential, whoever calls.
  getEmailUnsubscribe: (w) => ({ query: { token: unsubscribeToken(w.leader.id) } }),
  postEmailUnsubscribe: (w) => ({
    query: { token: unsubscribeToken(w.leader.id) },
    payload: { scope: 'KIND' },
  }),
  // Issue 27: survey (entries below this line).
  // A draft survey with no question; the world has no survey, so nothing is open to answer.
  putAdminCoursesByCourseIdSurvey: () => ({
    payload: { version: 0, questions: [], opensAt: null, closesAt: null },
  }),
  putStudentCoursesByCourseIdSurveyResponse: () => ({ payload: { answers: {}, submit: false } }),
  // Issue 28: course staff (entries below this line). A new address, as a teaching assistant.
  postAdminCoursesByCourseIdStaff: () => ({
    payload: { email: 'new-ta@aurora.example.edu', role: 'TEACHING_ASSISTANT' },
  }),
  // Issue 28: LTI. A platform of organization A (B's admin naming it: 404 as for any other).
  postAdminLtiPlatforms: (w) => ({
    payload: {
      organizationId: w.orgA.id,
      name: 'Aurora Canvas',
      issuer: 'https://canvas.aurora.example.edu',
      clientId: '10000000000001',
      authorizationUrl: 'https://canvas.aurora.example.edu/api/lti/authorize_redirect',
      tokenUrl: 'https://canvas.aurora.example.edu/login/oauth2/token',
      jwksUrl: 'https://canvas.aurora.example.edu/api/lti/security/jwks',
      deploymentIds: ['1:abc'],
    },
  }),
  patchAdminLtiPlatformsById: () => ({ payload: { deploymentIds: ['1', '2'] } }),
  getAdminLtiTool: (w) => ({ query: { organizationId: w.orgA.id } }),
  // The world's course is not linked to an LMS: 409 NO_LMS_ROSTER for whoever may ask.
  postAdminCoursesByCourseIdLtiSync: () => ({ payload: { preview: true } }),
  // Linking A's LMS course to the course it is linked to already: 200, nothing changes.
  putAdminLtiContextsById: (w) => ({ payload: { courseId: w.course.id } }),
  getAdminLtiContexts: (w) => ({ query: { organizationId: w.orgA.id } }),
  // Issue 34 (decision 141).
  putOrganizationsSuperByIdDomains: () => ({ payload: { domains: ['aurora.example.edu'] } }),
  postProfileIdentitiesLink: () => ({ payload: { credential: 'not-an-id-token' } }),
  getAdminLtiLinkEvents: (w) => ({ query: { organizationId: w.orgA.id } }),
  // A code nobody was given: 401 for everyone.
  postAuthLoginLti: () => ({ payload: { code: 'not-a-code-not-a-code-not-a-code' } }),
};

const unsubscribeToken = (userId: string) =>
  createUnsubscribeTokens(testConfig().JWT_SECRET!).sign({ userId, target: 'DIGEST' });

export function requestOf(
  w: AuthzWorld,
  op: DocOperation,
  headers: Record<string, string>,
): InjectOptions {
  const extra = EXTRAS[op.operationId]?.(w) ?? {};
  return {
    method: op.method as InjectOptions['method'],
    url: urlOf(w, op.path),
    ...(extra.query ? { query: extra.query } : {}),
    ...(extra.payload !== undefined ? { payload: extra.payload } : {}),
    headers: { ...(extra.headers as Record<string, string> | undefined), ...headers },
  };
}
