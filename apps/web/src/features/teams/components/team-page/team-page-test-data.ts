// Test-only: builders and an in-memory team the MSW handlers below read and change, so a test
// sees the page update after a mutation as it would against the real server. The viewer block
// is worked out from that state the way the server does (team-queries.ts, getTeamDetail), so
// the page is tested against what the server really sends.
import type {
  EnrollmentStatus,
  Invitation,
  JoinRequest,
  MyCourse,
  Notice,
  Person,
  TeamAuditEntry,
  TeamDetail,
  TeamMember,
  ViewerTeamRelation,
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

/** What the server knows about the viewer besides the team itself. */
export type ViewerFacts = {
  relation: ViewerTeamRelation;
  isAdmin?: boolean;
  /** The viewer's enrollment in the course (null: none; admins have none). */
  enrollment?: EnrollmentStatus | null;
  pendingRequestId?: string | null;
  pendingInvitationId?: string | null;
  /** The viewer's request on this team's waitlist and their place (issue 15). */
  waitlistedRequestId?: string | null;
  waitlistPosition?: number | null;
  /** The viewer's team in the course when it is another team. */
  otherTeamId?: string | null;
  /**
   * Left the team (or was in it when it was disbanded): keeps seeing a disbanded team, not its
   * log (issue 24).
   */
  formerMember?: boolean;
};

/** The viewer block exactly as getTeamDetail computes it on the server. */
export function viewerFor(
  team: Pick<TeamDetail, 'id' | 'disbandedAt' | 'course' | 'openToRequests' | 'openSeats'>,
  facts: ViewerFacts,
): TeamDetail['viewer'] {
  const isMember = facts.relation === 'LEADER' || facts.relation === 'MEMBER';
  const isAdmin = facts.isAdmin ?? false;
  const enrollment =
    facts.enrollment === undefined ? (isAdmin ? null : 'ACTIVE') : facts.enrollment;
  const pendingRequestId = facts.pendingRequestId ?? null;
  const pendingInvitationId = facts.pendingInvitationId ?? null;
  const waitlistedRequestId = facts.waitlistedRequestId ?? null;
  const currentTeamId = isMember ? team.id : (facts.otherTeamId ?? null);
  const live = !team.disbandedAt && !team.course.archived;
  const couldAsk =
    enrollment === 'ACTIVE' &&
    currentTeamId === null &&
    live &&
    !team.course.deadlinePassed &&
    team.openToRequests &&
    !pendingRequestId &&
    !waitlistedRequestId &&
    !pendingInvitationId;
  return {
    relation: facts.relation,
    isAdmin,
    pendingRequestId,
    pendingInvitationId,
    canApply: couldAsk && team.openSeats > 0,
    waitlistedRequestId,
    waitlistPosition:
      waitlistedRequestId && !team.course.deadlinePassed ? (facts.waitlistPosition ?? 1) : null,
    canJoinWaitlist: couldAsk && team.openSeats <= 0,
    currentTeamId,
    canReadAudit: isAdmin || isMember,
    enrollmentStatus: enrollment,
  };
}

/**
 * Maya's team as Maya (its leader) sees it. `as` describes another viewer; their viewer block
 * is computed from it the way the server computes it.
 */
export function createTeamDetail(
  overrides: Partial<Omit<TeamDetail, 'viewer'>> & { as?: ViewerFacts } = {},
): TeamDetail {
  const { as = { relation: 'LEADER' }, ...rest } = overrides;
  const members = rest.members ?? [
    member(MAYA, { isLeader: true, skills: ['React', 'TypeScript'] }),
    member(SOFIA, { skills: ['Python'], joinedAt: '2026-03-02T10:00:00.000Z' }),
  ];
  const maxSize = rest.maxSize ?? 4;
  const courseId = rest.courseId ?? uuid();
  const team: Omit<TeamDetail, 'viewer'> = {
    id: uuid(),
    courseId,
    courseCode: 'CS301',
    courseTitle: 'Software Engineering Project',
    name: 'Byte Club',
    description: 'Building a booking app for the sports centre.',
    leader: MAYA,
    memberCount: members.length,
    maxSize,
    openSeats: Math.max(0, maxSize - members.length),
    openToRequests: true,
    createdAt: '2026-03-01T10:00:00.000Z',
    disbandedAt: null,
    relation: as.relation,
    wantedSkills: [],
    matchedSkills: [],
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
    ...rest,
  };
  return { ...team, relation: as.relation, viewer: viewerFor(team, as) };
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
    waitlistPosition: null,
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

function myCourse(team: TeamDetail, me: Person, status: MyCourse['status']): MyCourse {
  const mine = team.members.some((m) => m.id === me.id) && team.disbandedAt === null;
  return {
    enrollmentId: uuid(),
    status,
    enrolledAt: '2026-02-01T10:00:00.000Z',
    activatedAt: '2026-02-01T10:00:00.000Z',
    team: mine ? { id: team.id, name: team.name } : null,
    lookingForTeam: false,
    lookingNote: '',
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
  /** `me` administers the course's organization. */
  isAdmin: boolean;
  /** The id of another team of the course that `me` is in. */
  otherTeamId: string | null;
  /** `me` was a member of this team once. */
  formerMember: boolean;
  requests: JoinRequest[];
  invitations: Invitation[];
  notices: Notice[];
  audit: TeamAuditEntry[];
  classmates: Person[];
  /** Bodies the changes received, by name ("apply", "leave", …). */
  calls: { name: string; body: unknown }[];
  /** How many times the page asked for the activity. */
  auditReads: number;
  /** The member-only reads the fake server refused (403), as "METHOD path". */
  refused: string[];
};

export function createWorld(overrides: Partial<TeamWorld> = {}): TeamWorld {
  const team = overrides.team ?? createTeamDetail();
  const world: TeamWorld = {
    team,
    me: MAYA,
    enrollment: 'ACTIVE',
    isAdmin: false,
    otherTeamId: null,
    formerMember: false,
    requests: [],
    invitations: [],
    notices: [],
    audit: [],
    classmates: [NOAH],
    calls: [],
    auditReads: 0,
    refused: [],
    ...overrides,
  };
  syncViewer(world);
  return world;
}

/**
 * Works the viewer's relation and options out of the world, as the server does on every read:
 * membership from the members, a pending request or invitation from the team's lists.
 */
export function syncViewer(world: TeamWorld): void {
  const team = world.team;
  const mine = team.members.find((m) => m.id === world.me.id);
  const request = world.requests.find(
    (r) => r.applicant.id === world.me.id && r.status === 'PENDING',
  );
  const invitation = world.invitations.find(
    (i) => i.invitee.id === world.me.id && i.status === 'PENDING',
  );
  const waitlist = world.requests.filter((r) => r.status === 'WAITLISTED');
  const waiting = waitlist.find((r) => r.applicant.id === world.me.id);
  const relation: ViewerTeamRelation = mine
    ? mine.isLeader
      ? 'LEADER'
      : 'MEMBER'
    : request || waiting
      ? 'REQUESTED'
      : invitation
        ? 'INVITED'
        : 'NONE';
  team.relation = relation;
  team.viewer = viewerFor(team, {
    relation,
    isAdmin: world.isAdmin,
    enrollment: world.isAdmin ? null : world.enrollment,
    pendingRequestId: request?.id ?? null,
    pendingInvitationId: invitation?.id ?? null,
    waitlistedRequestId: waiting?.id ?? null,
    waitlistPosition: waiting ? waitlist.indexOf(waiting) + 1 : null,
    otherTeamId: mine ? null : world.otherTeamId,
    formerMember: world.formerMember,
  });
}

function recount(team: TeamDetail) {
  team.memberCount = team.members.length;
  team.openSeats = Math.max(0, team.maxSize - team.members.length);
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
    http.get(api('/student/teams/:id'), ({ params }) => {
      if (params.id !== t().id) return fail(404, 'Team not found', 'NOT_FOUND');
      syncViewer(world);
      return ok(t());
    }),
    http.get(api('/student/courses/:courseId'), () =>
      ok(myCourse(t(), world.me, world.enrollment)),
    ),
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
      // PENDING unless a status is given, as the server lists them.
      const status = new URL(request.url).searchParams.get('status') ?? 'PENDING';
      const items = world.requests.filter((r) => r.status === status);
      return ok(paginate(items, page, limit));
    }),
    http.get(api('/student/teams/:id/invitations'), ({ request }) => {
      const { page, limit } = pageOf(request.url);
      return ok(paginate(world.invitations, page, limit));
    }),
    http.get(api('/student/teams/:id/notices'), ({ request }) => {
      syncViewer(world);
      const relation = t().viewer.relation;
      if (!t().viewer.isAdmin && relation !== 'LEADER' && relation !== 'MEMBER') {
        world.refused.push(`GET ${new URL(request.url).pathname}`);
        return fail(403, 'You are not a member of this team', 'NOT_TEAM_MEMBER');
      }
      const { page, limit } = pageOf(request.url);
      const sorted = [...world.notices].sort(
        (a, b) => Number(b.pinned) - Number(a.pinned) || b.createdAt.localeCompare(a.createdAt),
      );
      return ok(paginate(sorted, page, limit));
    }),
    http.get(api('/student/teams/:id/audit-logs'), ({ request }) => {
      world.auditReads += 1;
      syncViewer(world);
      if (!t().viewer.canReadAudit) {
        world.refused.push(`GET ${new URL(request.url).pathname}`);
        return fail(403, 'You are not a member of this team', 'NOT_TEAM_MEMBER');
      }
      const { page, limit } = pageOf(request.url);
      return ok(paginate(world.audit, page, limit));
    }),
    http.post(api('/student/teams/:id/join-requests'), async ({ request }) => {
      const body = await bodyOf(request);
      log('apply', body);
      // A full team files it on its waitlist, behind those already waiting (issue 15).
      const full = t().openSeats <= 0;
      const created = createJoinRequest(t(), world.me, {
        message: String(body.message ?? ''),
        ...(full
          ? {
              status: 'WAITLISTED' as const,
              waitlistPosition: world.requests.filter((r) => r.status === 'WAITLISTED').length + 1,
            }
          : {}),
      });
      world.requests.push(created);
      return ok(created, { status: 201 });
    }),
    http.post(api('/student/join-requests/:id/withdraw'), ({ params }) => {
      log('withdraw', params.id);
      const found = world.requests.find((r) => r.id === params.id)!;
      world.requests = world.requests.filter((r) => r.id !== params.id);
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
      world.formerMember = true;
      syncViewer(world);
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
    http.post(api('/student/invitations/:id/accept'), ({ params }) => {
      log('accept invitation', params.id);
      const found = world.invitations.find((i) => i.id === params.id);
      if (!found) return fail(409, 'This invitation was cancelled', 'INVITATION_NOT_PENDING');
      world.invitations = world.invitations.filter((i) => i.id !== params.id);
      t().members.push(member(world.me, { joinedAt: new Date().toISOString() }));
      recount(t());
      return ok({ ...found, status: 'ACCEPTED' });
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
