import type {
  CourseHealth,
  FormationProposal,
  FormationStudent,
  MembershipPeriod,
  Placement,
  ProposedTeam,
  TeamHealth,
} from '@teamup/shared';
import { uuid } from './data';

/** Generators for the formation feature (issue 15): proposals, health, history. */

export const FORMATION_COURSE_ID = '50000000-0000-4000-8000-000000000001';

export function createFormationStudent(
  overrides: Partial<FormationStudent> = {},
): FormationStudent {
  const fullname = overrides.fullname ?? 'Omar Haddad';
  return {
    userId: uuid(),
    fullname,
    email: `${fullname.toLowerCase().replace(/[^a-z]+/g, '.')}@student.northfield.edu`,
    skills: [],
    ...overrides,
  };
}

export function createProposedTeam(overrides: Partial<ProposedTeam> = {}): ProposedTeam {
  return {
    key: overrides.teamId ?? 'new-1',
    teamId: null,
    name: 'New team 1',
    members: [],
    maxSize: 4,
    openToRequests: true,
    wantedSkills: [],
    locked: false,
    score: null,
    criteria: [],
    project: null,
    section: null,
    ...overrides,
  };
}

export function createPlacement(
  student: FormationStudent,
  teamKey: string,
  explanation = 'Fills an open seat.',
): Placement {
  return { userId: student.userId, student, teamKey, fromTeamId: null, explanation };
}

export function createProposal(overrides: Partial<FormationProposal> = {}): FormationProposal {
  const placements = overrides.placements ?? [];
  const teams = overrides.teams ?? [];
  return {
    courseId: FORMATION_COURSE_ID,
    seed: 42,
    options: {
      leaveClosedTeamsAlone: true,
      excludeUserIds: [],
      mergeUnderMinimum: false,
      useSurvey: true,
      keepSelfFormedTeams: true,
      bySection: false,
      sizePlan: [],
    },
    sections: [],
    criteria: null,
    fingerprint: 'fp-1',
    course: { teamSizeMin: 2, teamSizeMax: 4 },
    teams,
    placements,
    unplaced: [],
    summary: {
      placed: placements.length,
      newTeams: teams.filter((t) => t.teamId === null).length,
      underMinimum: 0,
      underMinimumReason: null,
      notes: [],
    },
    ...overrides,
  };
}

export function createTeamHealth(overrides: Partial<TeamHealth> = {}): TeamHealth {
  return {
    teamId: uuid(),
    name: 'Query Crew',
    memberCount: 1,
    maxSize: 4,
    openToRequests: true,
    leader: { id: uuid(), fullname: 'Lena Park' },
    flags: [
      {
        flag: 'UNDER_MINIMUM',
        detail: 'The team has 1 member; the course asks for at least 2. Invite classmates.',
      },
    ],
    lastNudgedAt: null,
    ...overrides,
  };
}

export function createCourseHealth(overrides: Partial<CourseHealth> = {}): CourseHealth {
  return { courseId: FORMATION_COURSE_ID, teamSizeMin: 2, teams: [], totalTeams: 3, ...overrides };
}

export function createMembershipPeriod(
  overrides: Partial<MembershipPeriod> = {},
): MembershipPeriod {
  return {
    teamId: uuid(),
    teamName: 'Query Crew',
    joinedAt: '2026-09-01T10:00:00.000Z',
    leftAt: null,
    leftReason: null,
    teamDisbanded: false,
    ...overrides,
  };
}
