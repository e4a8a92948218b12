import type {
  DashboardCourse,
  DashboardInvitation,
  DashboardJoinRequest,
  DashboardMyRequest,
  DashboardTeam,
  DashboardTeamlessCourse,
  DashboardUnreadNotices,
  StudentDashboard,
} from '@teamup/shared';
import { inDays } from './courses-data';
import { uuid } from './data';

/** Generators for the student dashboard (GET /student/dashboard). */

const COURSE_ID = '60000000-0000-4000-8000-000000000001';
const hoursAgo = (n: number) => new Date(Date.now() - n * 3_600_000).toISOString();

/** A dashboard with nothing in it: a student without any course. */
export function createStudentDashboard(
  overrides: Partial<StudentDashboard> = {},
): StudentDashboard {
  return {
    invitations: [],
    joinRequests: [],
    myRequests: [],
    teamlessCourses: [],
    unreadNotices: [],
    openSurveys: [],
    courses: [],
    teams: [],
    ...overrides,
  };
}

export function createDashboardInvitation(
  overrides: Partial<DashboardInvitation> = {},
): DashboardInvitation {
  return {
    id: uuid(),
    teamId: uuid(),
    teamName: 'Byte Club',
    courseId: COURSE_ID,
    courseCode: 'CS-401',
    courseTitle: 'Software Engineering Project',
    invitedBy: { id: uuid(), fullname: 'Omar Haddad', avatar: null },
    message: 'We need a tester',
    createdAt: hoursAgo(2),
    ...overrides,
  };
}

export function createDashboardJoinRequest(
  overrides: Partial<DashboardJoinRequest> = {},
): DashboardJoinRequest {
  return {
    id: uuid(),
    teamId: uuid(),
    teamName: 'Query Crew',
    courseId: COURSE_ID,
    courseCode: 'CS-401',
    applicant: { id: uuid(), fullname: 'Liam O’Brien', avatar: null, skills: ['Go'] },
    message: 'I can do the backend',
    createdAt: hoursAgo(5),
    ...overrides,
  };
}

export function createDashboardMyRequest(
  overrides: Partial<DashboardMyRequest> = {},
): DashboardMyRequest {
  return {
    id: uuid(),
    teamId: uuid(),
    teamName: 'Pixel Pushers',
    courseId: COURSE_ID,
    courseCode: 'CS-401',
    message: '',
    createdAt: hoursAgo(30),
    status: 'PENDING',
    waitlistPosition: null,
    ...overrides,
  };
}

export function createTeamlessCourse(
  overrides: Partial<DashboardTeamlessCourse> = {},
): DashboardTeamlessCourse {
  return {
    courseId: COURSE_ID,
    code: 'DB-210',
    title: 'Databases',
    teamSizeMin: 2,
    teamSizeMax: 4,
    teamFormationDeadline: inDays(3),
    deadlinePassed: false,
    lookingForTeam: false,
    openTeamCount: 5,
    openTeams: [
      {
        id: uuid(),
        name: 'Index Hunters',
        memberCount: 2,
        maxSize: 4,
        wantedSkills: ['SQL', 'Go'],
        matchedSkills: ['SQL'],
      },
    ],
    lookingClassmateCount: 4,
    lookingClassmates: [
      { id: uuid(), fullname: 'Sofia Rossi', avatar: null, headline: '', lookingNote: 'free Tue' },
    ],
    ...overrides,
  };
}

export function createUnreadNotices(
  overrides: Partial<DashboardUnreadNotices> = {},
): DashboardUnreadNotices {
  return {
    teamId: uuid(),
    teamName: 'Query Crew',
    courseCode: 'CS-401',
    count: 2,
    newest: {
      id: uuid(),
      authorName: 'Sofia Rossi',
      excerpt: 'We meet on Tuesdays at 4 pm.',
      createdAt: hoursAgo(1),
    },
    ...overrides,
  };
}

export function createDashboardCourse(overrides: Partial<DashboardCourse> = {}): DashboardCourse {
  return {
    courseId: uuid(),
    code: 'CS-401',
    title: 'Software Engineering Project',
    teamFormationDeadline: inDays(10),
    deadlinePassed: false,
    enrollmentStatus: 'ACTIVE',
    team: null,
    ...overrides,
  };
}

export function createDashboardTeam(overrides: Partial<DashboardTeam> = {}): DashboardTeam {
  return {
    id: uuid(),
    name: 'Query Crew',
    courseId: COURSE_ID,
    courseCode: 'CS-401',
    courseTitle: 'Software Engineering Project',
    memberCount: 3,
    maxSize: 4,
    isLeader: true,
    ...overrides,
  };
}
