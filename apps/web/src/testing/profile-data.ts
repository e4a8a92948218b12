import type { Person, ProfileActivityEntry, ProfileStats } from '@teamup/shared';
import { uuid } from './data';

/** Generators for the profile's stats and activity (GET /auth/profile/stats, /activity). */

export function createProfileStats(overrides: Partial<ProfileStats> = {}): ProfileStats {
  return {
    enrollments: { total: 3, active: 2, inactive: 1 },
    teams: { joined: 2, leading: 1 },
    pendingJoinRequests: 1,
    pendingInvitations: 2,
    administration: null,
    ...overrides,
  };
}

export function createPerson(overrides: Partial<Person> = {}): Person {
  return {
    id: uuid(),
    fullname: 'Maya Chen',
    email: 'maya.chen@student.northfield.edu',
    avatar: null,
    ...overrides,
  };
}

export function createActivityEntry(
  overrides: Partial<ProfileActivityEntry> = {},
): ProfileActivityEntry {
  return {
    id: uuid(),
    action: 'TEAM_CREATED',
    actor: createPerson(),
    target: null,
    team: { id: uuid(), name: 'Query Crafters' },
    course: { id: uuid(), code: 'CS101', title: 'Intro to Computing' },
    organization: { id: uuid(), name: 'Northfield University' },
    data: {},
    createdAt: '2026-11-20T08:00:00.000Z',
    ...overrides,
  };
}
