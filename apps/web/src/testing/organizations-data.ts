import type {
  Course,
  DirectoryUser,
  Organization,
  OrganizationAdmin,
  OrganizationDetail,
  OrganizationSummary,
  Paginated,
} from '@teamup/shared';
import { uuid } from './data';

/** Generators for the organizations feature (superadmin and organization-admin pages). */

export function createOrganization(overrides: Partial<Organization> = {}): Organization {
  return {
    id: uuid(),
    name: 'Northfield University',
    slug: 'northfield',
    description: 'Computer science and engineering courses.',
    createdAt: '2026-09-01T10:00:00.000Z',
    updatedAt: '2026-09-02T10:00:00.000Z',
    deletedAt: null,
    ...overrides,
  };
}

export function createOrganizationSummary(
  overrides: Partial<OrganizationSummary> = {},
): OrganizationSummary {
  return {
    ...createOrganization(),
    adminCount: 2,
    courseCount: 4,
    studentCount: 61,
    ...overrides,
  };
}

export function createOrganizationAdmin(
  overrides: Partial<OrganizationAdmin> = {},
): OrganizationAdmin {
  return {
    userId: uuid(),
    email: 'alan.turing@northfield.edu',
    fullname: 'Alan Turing',
    avatar: null,
    role: 'ORG_ADMIN',
    appointedAt: '2026-09-01T10:00:00.000Z',
    hasSignedIn: true,
    ...overrides,
  };
}

export function createOrganizationDetail(
  overrides: Partial<OrganizationDetail> = {},
): OrganizationDetail {
  const admins = overrides.admins ?? [createOrganizationAdmin()];
  return {
    ...createOrganizationSummary({ adminCount: admins.length }),
    admins,
    domains: ['northfield.edu', 'student.northfield.edu'],
    ...overrides,
  };
}

export function createDirectoryUser(overrides: Partial<DirectoryUser> = {}): DirectoryUser {
  return {
    id: uuid(),
    email: 'maya.chen@student.northfield.edu',
    fullname: 'Maya Chen',
    avatar: null,
    role: 'STUDENT',
    createdAt: '2026-09-01T10:00:00.000Z',
    lastSignInAt: '2026-11-20T08:00:00.000Z',
    organizations: [],
    ...overrides,
  };
}

export function createOrganizationCourse(overrides: Partial<Course> = {}): Course {
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
    teamFormationDeadline: '2099-12-01T17:00:00.000Z',
    archivedAt: null,
    createdAt: '2026-09-01T10:00:00.000Z',
    updatedAt: '2026-09-01T10:00:00.000Z',
    enrollmentCounts: { active: 24, pending: 3, inactive: 1 },
    sections: [],
    ...overrides,
  };
}

/** One page of `items` as the server would send it. */
export function paginate<T>(items: T[], page = 1, limit = 20): Paginated<T> {
  return { items: items.slice((page - 1) * limit, page * limit), page, limit, total: items.length };
}

/** Page and limit of a list request, with the server's defaults. */
export function pageOf(url: string): { page: number; limit: number } {
  const params = new URL(url).searchParams;
  return { page: Number(params.get('page') ?? 1), limit: Number(params.get('limit') ?? 20) };
}
