import type {
  CommunityProfile,
  CommunityStats,
  CommunityStudent,
  InviteOption,
  SharedCourse,
} from '@teamup/shared';
import { uuid } from './data';
import { TEAMS_COURSE_ID } from './teams-data';

/** Generators for the community feature (issue 12). One shared course (CS-401) by default. */

export function createSharedCourse(overrides: Partial<SharedCourse> = {}): SharedCourse {
  return {
    id: TEAMS_COURSE_ID,
    code: 'CS-401',
    title: 'Software Engineering Project',
    enrollmentStatus: 'ACTIVE',
    lookingForTeam: true,
    lookingNote: 'backend, free Tue/Thu',
    team: null,
    ...overrides,
  };
}

export function createInviteOption(overrides: Partial<InviteOption> = {}): InviteOption {
  return {
    courseId: TEAMS_COURSE_ID,
    courseCode: 'CS-401',
    teamId: uuid(),
    teamName: 'Byte Club',
    ...overrides,
  };
}

export function createCommunityStudent(
  overrides: Partial<CommunityStudent> = {},
): CommunityStudent {
  return {
    id: uuid(),
    fullname: 'Lena Park',
    email: null,
    avatar: null,
    headline: 'Backend developer who likes databases',
    skills: ['PostgreSQL', 'Go', 'Docker'],
    highlightedSkills: [],
    courses: [createSharedCourse()],
    inviteOptions: [],
    ...overrides,
  };
}

export function createCommunityProfile(
  overrides: Partial<CommunityProfile> = {},
): CommunityProfile {
  return {
    ...createCommunityStudent(overrides),
    bio: 'Third-year student; I like making slow queries fast.',
    links: [{ label: 'GitHub', url: 'https://github.com/lena' }],
    isSelf: false,
    memberSince: '2026-09-01T10:00:00.000Z',
    ...overrides,
  };
}

export function createCommunityStats(overrides: Partial<CommunityStats> = {}): CommunityStats {
  return { coursesInCommon: 1, teams: 0, leading: 0, lookingIn: 1, skills: 3, ...overrides };
}
