import type {
  Classmate,
  Course,
  Enrollment,
  EnrollmentDetail,
  EnrollmentEvent,
  MyCourse,
  Paginated,
} from '@teamup/shared';
import { uuid } from './data';

/** Generators for the courses and enrollments features (admin and student pages). */

const DAY = 86_400_000;
export const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

export function createCourse(overrides: Partial<Course> = {}): Course {
  return {
    id: uuid(),
    organizationId: uuid(),
    organizationName: 'Northfield University',
    code: 'CS-401',
    title: 'Software Engineering Project',
    term: 'Fall 2026',
    description: 'Build a product in a team of four.',
    teamSizeMin: 3,
    teamSizeMax: 5,
    teamFormationDeadline: inDays(10),
    archivedAt: null,
    createdAt: '2026-09-01T10:00:00.000Z',
    updatedAt: '2026-09-02T10:00:00.000Z',
    enrollmentCounts: { active: 24, pending: 3, inactive: 1 },
    sections: [],
    ...overrides,
  };
}

export function createEnrollment(overrides: Partial<Enrollment> = {}): Enrollment {
  return {
    id: uuid(),
    courseId: uuid(),
    courseCode: 'CS-401',
    courseTitle: 'Software Engineering Project',
    organizationId: uuid(),
    organizationName: 'Northfield University',
    email: 'maya.chen@student.northfield.edu',
    fullname: 'Maya Chen',
    studentId: null,
    section: null,
    userId: uuid(),
    status: 'ACTIVE',
    source: 'MANUAL',
    createdAt: '2026-09-05T10:00:00.000Z',
    updatedAt: '2026-09-05T10:00:00.000Z',
    activatedAt: '2026-09-06T08:00:00.000Z',
    team: null,
    emailUndeliverable: false,
    ...overrides,
  };
}

export function createEnrollmentEvent(overrides: Partial<EnrollmentEvent> = {}): EnrollmentEvent {
  return {
    id: uuid(),
    action: 'ENROLLED',
    actor: { id: uuid(), fullname: 'Alan Turing', email: 'alan.turing@northfield.edu' },
    data: { source: 'MANUAL', status: 'PENDING' },
    createdAt: '2026-09-05T10:00:00.000Z',
    ...overrides,
  };
}

export function createEnrollmentDetail(
  overrides: Partial<EnrollmentDetail> = {},
): EnrollmentDetail {
  return {
    ...createEnrollment(),
    history: [
      createEnrollmentEvent(),
      createEnrollmentEvent({
        action: 'ACTIVATED',
        actor: null,
        data: {},
        createdAt: '2026-09-06T08:00:00.000Z',
      }),
    ],
    ...overrides,
  };
}

export function createMyCourse(
  overrides: Partial<Omit<MyCourse, 'course'>> & { course?: Partial<MyCourse['course']> } = {},
): MyCourse {
  const { course, ...rest } = overrides;
  return {
    enrollmentId: uuid(),
    status: 'ACTIVE',
    enrolledAt: '2026-09-05T10:00:00.000Z',
    activatedAt: '2026-09-06T08:00:00.000Z',
    team: null,
    lookingForTeam: false,
    lookingNote: '',
    ...rest,
    course: {
      id: uuid(),
      code: 'CS-401',
      title: 'Software Engineering Project',
      term: 'Fall 2026',
      description: 'Build a product in a team of four.',
      teamSizeMin: 3,
      teamSizeMax: 5,
      teamFormationDeadline: inDays(5),
      archivedAt: null,
      organization: { id: uuid(), name: 'Northfield University' },
      ...course,
    },
  };
}

export function createClassmate(overrides: Partial<Classmate> = {}): Classmate {
  return {
    userId: uuid(),
    fullname: 'Omar Haddad',
    email: 'omar.haddad@student.northfield.edu',
    avatar: null,
    headline: '',
    skills: ['Python', 'SQL'],
    team: null,
    lookingForTeam: true,
    lookingNote: '',
    matchedSkills: [],
    invitedByMyTeam: false,
    ...overrides,
  };
}

/** One page of a list, as the API answers it. */
export function pageOfItems<T>(
  items: T[],
  page = 1,
  limit = 20,
  total = items.length,
): Paginated<T> {
  return { items, page, limit, total };
}
