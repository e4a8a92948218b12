// Test-only: builders and an in-memory team the MSW handlers below read and change, so a test
// sees the page update after a mutation as it would against the real server.
import type {
  Invitation,
  JoinRequest,
  MyCourse,
  Notice,
  Person,
  TeamAuditEntry,
  TeamDetail,
  TeamMember,
} from '@teamup/shared';
import { http } from 'msw';
import { uuid } from '@/testing/data';
import { api, fail, ok } from '@/testing/handlers';
import { pageOf, paginate } from '@/testing/organizations-data';

export function person(fullname: string, overrides: Partial<Person> = {}): Person {
  const email = `${fullname.toLowerCase().replace(/[^a-z]+/g, '.')}@student.northfield.edu`;
  return { id: uuid(), fullname, email, avatar: null, ...overrides };
}

export const MAYA = person('Maya Chen');
export const LIAM = person("Liam O'Brien");
export const SOFIA = person('Sofia Rossi');
export const NOAH = person('Noah Patel');

export function member(p: Person, overrides: Partial<TeamMember> = {}): TeamMember {
  return {
    ...p,
    skills: ['React'],
    joinedAt: '2026-03-01T10:00:00.000Z',
    isLeader: false,
    ...overrides,
  };
}

const DAY = 86_400_000;

export function createTeamDetail(overrides: Partial<TeamDetail> = {}): TeamDetail {
  const members = overrides.members ?? [
    member(MAYA, { isLeader: true, skills: ['React', 'TypeScript'] }),
    member(SOFIA, { skills: ['Python'], joinedAt: '2026-03-02T10:00:00.000Z' }),
  ];
  const maxSize = overrides.maxSize ?? 4;
  const courseId = overrides.courseId ?? uuid();
  return {
    id: uuid(),
    courseId,
    courseCode: 'CS301',
    courseTitle: 'Software Engineering Project',
    name: 'Byte Club',
    description: 'Building a booking app for the sports centre.',
    leader: MAYA,
    memberCount: members.length,
    maxSize,
    openSeats: maxSize - members.length,
    openToRequests: true,
    createdAt: '2026-03-01T10:00:00.000Z',
    disbandedAt: null,
    relation: 'LEADER',
    course: {
      id: courseId,
      code: 'CS301',
      title: 'Software Engineering Project',
      organizationId: uuid(),
      teamSizeMin: 2,
      teamSizeMax: 5,
      teamFormationDeadline: new Date(Date.now() + 10 * DAY).toISOString(),
      deadlinePassed: false,
      archived: false,
    },
    members,
    viewer: {
      relation: 'LEADER',
      isAdmin: false,
      pendingRequestId: null,
      pendingInvitationId: null,
      canApply: false,
    },
    ...overrides,
  };
}

export function createJoinRequest(
  team: TeamDetail,
  applicant: Person,
  overrides: Partial<JoinRequest> = {},
): JoinRequest {
  return {
    id: uuid(),
    teamId: team.id,
    teamName: team.name,
    courseId: team.courseId,
    courseCode: team.courseCode,
    applicant: { ...applicant, skills: ['Go', 'SQL'] },
    message: 'I can do the backend.',
    status: 'PENDING',
    reason: null,
    createdAt: new Date(Date.now() - 3_600_000).toISOString(),
    decidedAt: null,
    ...overrides,
  };
}

export function createInvitation(
  team: TeamDetail,
  invitee: Person,
  overrides: Partial<Invitation> = {},
): Invitation {
  return {
    id: uuid(),
    teamId: team.id,
    teamName: team.name,
    courseId: team.courseId,
    courseCode: team.courseCode,
    courseTitle: team.courseTitle,
    invitee,
    invitedBy: MAYA,
    message: 'Join us!',
    status: 'PENDING',
    createdAt: new Date(Date.now() - 7_200_000).toISOString(),
    decidedAt: null,
    ...overrides,
  };
}

export function createNotice(team: TeamDetail, overrides: Partial<Notice> = {}): Notice {
  const at = new Date(Date.now() - 600_000).toISOString();
  return {
    id: uuid(),
    teamId: team.id,
    author: MAYA,
    body: 'We meet on Tuesdays at 4 pm.',
    pinned: false,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

export function auditEntry(
  action: string,
  actor: Person | null,
  target: Person | null,
  data: Record<string, unknown> = {},
  createdAt = new Date(Date.now() - 60_000).toISOString(),
): TeamAuditEntry {
  return { id: uuid(), action, actor, target, data, createdAt };
}

function myCourse(team: TeamDetail, status: MyCourse['status']): MyCourse {
  return {
    enrollmentId: uuid(),
    status,
    enrolledAt: '2026-02-01T10:00:00.000Z',
    activatedAt: '2026-02-01T10:00:00.000Z',
    course: {
      id: team.courseId,
      code: team.courseCode,
      title: team.courseTitle,
      term: 'Spring 2026',
      description: '',
      teamSizeMin: team.course.teamSizeMin,
      teamSizeMax: team.course.teamSizeMax,
      teamFormationDeadline: team.course.teamFormationDeadline,
      archivedAt: null,
      organization: { id: team.course.organizationId, name: 'Northfield University' },
    },
  };
}

/** One team and everything around it, as the fake server holds it. */
export type TeamWorld = {
  team: TeamDetail;
  me: Person;
  enrollment: MyCourse['status'];
  requests: JoinRequest[];
  invitations: Invitation[];
  notices: Notice[];
  audit: TeamAuditEntry[];
  classmates: Person[];
  /** Bodies the handlers received, by "METHOD path-name". */
  calls: { name: string; body: unknown }[];
};

export function createWorld(overrides: Partial<TeamWorld> = {}): TeamWorld {
  const team = overrides.team ?? createTeamDetail();
  return {
    team,
    me: MAYA,
    enrollment: 'ACTIVE',
    requests: [],
    invitations: [],
    notices: [],
    audit: [],
    classmates: [NOAH],
    calls: [],
    ...overrides,
  };
}

function recount(team: TeamDetail) {
  team.memberCount = team.members.length;
  team.openSeats = team.maxSize - team.members.length;
}

async function bodyOf(request: Request): Promise<Record<string, unknown>> {
  const text = await request.text();
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/** Handlers for every call of the team page, backed by `world`. */
export function teamHandlers(world: TeamWorld) {
  const t = () => world.team;
  const log = (name: string, body: unknown = null) => world.calls.push({ name, body });
  return [
    http.get(api('/student/teams/:id'), ({ params }) =>
      params.id === t().id ? ok(t()) : fail(404, 'Team not found', 'NOT_FOUND'),
    ),
    http.get(api('/student/courses/:courseId'), () => ok(myCourse(t(), world.enrollment))),
    http.get(api('/student/courses/:courseId/students'), ({ request }) => {
      const { page, limit } = pageOf(request.url);
      const items = world.classmates.map((p) => ({
        userId: p.id,
        fullname: p.fullname,
        email: p.email,
        avatar: p.avatar,
        skills: ['Swift'],
        lookingForTeam: true,
        team: null,
      }));
      return ok(paginate(items, page, limit));
    }),
    http.get(api('/student/teams/:id/join-requests'), ({ request }) => {
      const { page, limit } = pageOf(request.url);
      return ok(paginate(world.requests, page, limit));
    }),
    http.get(api('/student/teams/:id/invitations'), ({ request }) => {
      const { page, limit } = pageOf(request.url);
      return ok(paginate(world.invitations, page, limit));
    }),
    http.get(api('/student/teams/:id/notices'), ({ request }) => {
      const { page, limit } = pageOf(request.url);
      const sorted = [...world.notices].sort(
        (a, b) => Number(b.pinned) - Number(a.pinned) || b.createdAt.localeCompare(a.createdAt),
      );
      return ok(paginate(sorted, page, limit));
    }),
    http.get(api('/student/teams/:id/audit-logs'), ({ request }) => {
      const { page, limit } = pageOf(request.url);
      return ok(paginate(world.audit, page, limit));
    }),
    http.post(api('/student/teams/:id/join-requests'), async ({ request }) => {
      const body = await bodyOf(request);
      log('apply', body);
      const created = createJoinRequest(t(), world.me, { message: String(body.message ?? '') });
      world.requests.push(created);
      t().viewer = { ...t().viewer, relation: 'REQUESTED', pendingRequestId: created.id };
      t().relation = 'REQUESTED';
      return ok(created, { status: 201 });
    }),
    http.post(api('/student/join-requests/:id/withdraw'), ({ params }) => {
      log('withdraw', params.id);
      const found = world.requests.find((r) => r.id === params.id)!;
      world.requests = world.requests.filter((r) => r.id !== params.id);
      t().viewer = { ...t().viewer, relation: 'NONE', pendingRequestId: null };
      t().relation = 'NONE';
      return ok({ ...found, status: 'WITHDRAWN' });
    }),
    http.post(api('/student/join-requests/:id/accept'), ({ params }) => {
      log('accept', params.id);
      const found = world.requests.find((r) => r.id === params.id);
      if (!found) return fail(409, 'This request is no longer pending', 'REQUEST_NOT_PENDING');
      world.requests = world.requests.filter((r) => r.id !== params.id);
      const { skills, ...applicant } = found.applicant;
      t().members.push(member(applicant, { skills, joinedAt: new Date().toISOString() }));
      recount(t());
      return ok({ ...found, status: 'ACCEPTED' });
    }),
    http.post(api('/student/join-requests/:id/reject'), async ({ params, request }) => {
      log('reject', await bodyOf(request));
      const found = world.requests.find((r) => r.id === params.id)!;
      world.requests = world.requests.filter((r) => r.id !== params.id);
      return ok({ ...found, status: 'REJECTED' });
    }),
    http.post(api('/student/teams/:id/leave'), () => {
      log('leave');
      const wasLeader = t().viewer.relation === 'LEADER';
      t().members = t().members.filter((m) => m.id !== world.me.id);
      const successor = t().members[0];
      if (wasLeader && successor) successor.isLeader = true;
      recount(t());
      t().viewer = { ...t().viewer, relation: 'NONE', canApply: true };
      t().relation = 'NONE';
      return ok(t());
    }),
    http.post(api('/student/teams/:id/notices'), async ({ request }) => {
      const body = await bodyOf(request);
      log('post notice', body);
      const now = new Date().toISOString();
      const created = createNotice(t(), {
        author: world.me,
        body: String(body.body),
        pinned: Boolean(body.pinned),
        createdAt: now,
        updatedAt: now,
      });
      world.notices.push(created);
      return ok(created, { status: 201 });
    }),
    http.delete(api('/student/notices/:id'), ({ params }) => {
      log('delete notice', params.id);
      world.notices = world.notices.filter((n) => n.id !== params.id);
      return ok({ id: params.id });
    }),
    http.post(api('/student/teams/:id/invite'), async ({ request }) => {
      const body = await bodyOf(request);
      log('invite', body);
      const invitee = world.classmates.find((p) => p.id === body.userId)!;
      const created = createInvitation(t(), invitee, { message: String(body.message ?? '') });
      world.invitations.push(created);
      return ok(created, { status: 201 });
    }),
    http.post(api('/student/invitations/:id/cancel'), ({ params }) => {
      log('cancel invitation', params.id);
      const found = world.invitations.find((i) => i.id === params.id)!;
      world.invitations = world.invitations.filter((i) => i.id !== params.id);
      return ok({ ...found, status: 'CANCELLED' });
    }),
    http.delete(api('/student/teams/:teamId/members/:memberId'), ({ params }) => {
      log('remove member', params.memberId);
      t().members = t().members.filter((m) => m.id !== params.memberId);
      recount(t());
      return ok(t());
    }),
    http.patch(api('/student/teams/:id'), async ({ request }) => {
      const body = await bodyOf(request);
      log('update team', body);
      Object.assign(t(), body);
      recount(t());
      return ok(t());
    }),
  ];
}
