import type {
  Invitation,
  JoinRequest,
  MyTeams,
  Person,
  TeamCourse,
  TeamDetail,
  TeamMember,
  TeamSummary,
} from '@teamup/shared';
import { inDays } from './courses-data';
import { uuid } from './data';

/** Generators for the teams feature. One course (CS-401) unless a test says otherwise. */

export const TEAMS_COURSE_ID = '30000000-0000-4000-8000-000000000001';

export function createPerson(overrides: Partial<Person> = {}): Person {
  const fullname = overrides.fullname ?? 'Omar Haddad';
  return {
    id: uuid(),
    fullname,
    email: `${fullname.toLowerCase().replace(/[^a-z]+/g, '.')}@student.northfield.edu`,
    avatar: null,
    ...overrides,
  };
}

export function createTeamSummary(overrides: Partial<TeamSummary> = {}): TeamSummary {
  const memberCount = overrides.memberCount ?? 2;
  const maxSize = overrides.maxSize ?? 5;
  return {
    id: uuid(),
    courseId: TEAMS_COURSE_ID,
    courseCode: 'CS-401',
    courseTitle: 'Software Engineering Project',
    name: 'Byte Club',
    description: 'Building a booking app for the campus sports centre.',
    leader: createPerson({ fullname: 'Omar Haddad' }),
    memberCount,
    maxSize,
    openSeats: Math.max(0, maxSize - memberCount),
    openToRequests: true,
    createdAt: '2026-09-10T10:00:00.000Z',
    disbandedAt: null,
    relation: 'NONE',
    wantedSkills: [],
    matchedSkills: [],
    ...overrides,
  };
}

export function createTeamCourse(overrides: Partial<TeamCourse> = {}): TeamCourse {
  return {
    id: TEAMS_COURSE_ID,
    code: 'CS-401',
    title: 'Software Engineering Project',
    organizationId: '30000000-0000-4000-8000-000000000002',
    teamSizeMin: 3,
    teamSizeMax: 5,
    teamFormationDeadline: inDays(5),
    deadlinePassed: false,
    archived: false,
    ...overrides,
  };
}

export function createTeamMember(overrides: Partial<TeamMember> = {}): TeamMember {
  return {
    ...createPerson(overrides),
    skills: ['React'],
    joinedAt: '2026-09-10T10:00:00.000Z',
    isLeader: false,
    ...overrides,
  };
}

export function createTeamDetail(overrides: Partial<TeamDetail> = {}): TeamDetail {
  const summary = createTeamSummary(overrides);
  const member = summary.relation === 'LEADER' || summary.relation === 'MEMBER';
  return {
    ...summary,
    course: createTeamCourse({ id: summary.courseId, code: summary.courseCode }),
    members: [createTeamMember({ ...summary.leader, isLeader: true })],
    viewer: {
      relation: summary.relation,
      isAdmin: false,
      pendingRequestId: null,
      pendingInvitationId: null,
      canApply: summary.relation === 'NONE',
      waitlistedRequestId: null,
      waitlistPosition: null,
      canJoinWaitlist: false,
      currentTeamId: member ? summary.id : null,
      canReadAudit: member,
      enrollmentStatus: 'ACTIVE',
    },
    ...overrides,
  };
}

export function createJoinRequest(overrides: Partial<JoinRequest> = {}): JoinRequest {
  return {
    id: uuid(),
    teamId: uuid(),
    teamName: 'Byte Club',
    courseId: TEAMS_COURSE_ID,
    courseCode: 'CS-401',
    applicant: { ...createPerson({ fullname: 'Maya Chen' }), skills: ['React'] },
    message: '',
    status: 'PENDING',
    reason: null,
    createdAt: '2026-09-12T10:00:00.000Z',
    decidedAt: null,
    waitlistPosition: null,
    ...overrides,
  };
}

export function createInvitation(overrides: Partial<Invitation> = {}): Invitation {
  return {
    id: uuid(),
    teamId: uuid(),
    teamName: 'Night Owls',
    courseId: TEAMS_COURSE_ID,
    courseCode: 'CS-401',
    courseTitle: 'Software Engineering Project',
    invitee: createPerson({ fullname: 'Maya Chen' }),
    invitedBy: createPerson({ fullname: 'Lena Park' }),
    message: '',
    status: 'PENDING',
    createdAt: '2026-09-12T10:00:00.000Z',
    decidedAt: null,
    ...overrides,
  };
}

export function createMyTeams(overrides: Partial<MyTeams> = {}): MyTeams {
  return { teams: [], requests: [], ...overrides };
}
