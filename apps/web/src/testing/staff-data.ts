import type { CourseStaffMember, TeachingCourse } from '@teamup/shared';
import { uuid } from './data';

/** Generators for the course staff (issue 28): "Courses I teach" and a course's staff list. */

export function createTeachingCourse(overrides: Partial<TeachingCourse> = {}): TeachingCourse {
  return {
    id: uuid(),
    code: 'CS-401',
    title: 'Software Engineering Project',
    term: 'Fall 2026',
    organizationId: uuid(),
    organizationName: 'Northfield University',
    role: 'TEACHING_ASSISTANT',
    archived: false,
    activeStudents: 24,
    teams: 5,
    studentsWithoutTeam: 4,
    ...overrides,
  };
}

export function createStaffMember(overrides: Partial<CourseStaffMember> = {}): CourseStaffMember {
  return {
    id: uuid(),
    courseId: uuid(),
    role: 'INSTRUCTOR',
    status: 'ACTIVE',
    email: 'ada.lovelace@northfield.edu',
    userId: uuid(),
    fullname: 'Ada Lovelace',
    avatar: null,
    source: 'MANUAL',
    createdAt: '2026-09-01T10:00:00.000Z',
    ...overrides,
  };
}
