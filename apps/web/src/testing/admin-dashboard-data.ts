import type {
  AdminDashboardStats,
  AttentionItem,
  CourseProgress,
  DashboardCourseStats,
} from '@teamup/shared';
import { uuid } from './data';

/** Generators for the organization admin's formation dashboard (issue 13). */

export const DASHBOARD_ORG_ID = '50000000-0000-4000-8000-000000000001';
export const DASHBOARD_COURSE_ID = '50000000-0000-4000-8000-000000000002';

export function createDashboardCourse(
  overrides: Partial<DashboardCourseStats> = {},
): DashboardCourseStats {
  return {
    id: DASHBOARD_COURSE_ID,
    code: 'CS-401',
    title: 'Software Engineering Project',
    term: 'Fall 2026',
    organizationId: DASHBOARD_ORG_ID,
    organizationName: 'Northfield University',
    teamSizeMin: 3,
    teamSizeMax: 5,
    deadline: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    secondsLeft: 2 * 86_400,
    students: { pending: 2, active: 40, inactive: 1 },
    placed: 30,
    placedPercent: 75,
    teamless: 10,
    teams: { total: 8, full: 5, open: 3, underMinimum: 1 },
    pendingJoinRequests: 4,
    pendingInvitations: 2,
    ...overrides,
  };
}

export function createCourseProgress(overrides: Partial<CourseProgress> = {}): CourseProgress {
  return {
    courseId: DASHBOARD_COURSE_ID,
    code: 'CS-401',
    points: [
      { day: '2026-11-23', active: 38, placed: 19, percent: 50 },
      { day: '2026-11-24', active: 40, placed: 26, percent: 65 },
      { day: '2026-11-25', active: 40, placed: 30, percent: 75 },
    ],
    ...overrides,
  };
}

export function createAttentionItem(overrides: Partial<AttentionItem> = {}): AttentionItem {
  return {
    kind: 'DEADLINE_SOON',
    courseId: DASHBOARD_COURSE_ID,
    courseCode: 'CS-401',
    courseTitle: 'Software Engineering Project',
    organizationName: 'Northfield University',
    count: 10,
    at: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    ...overrides,
  };
}

export function createAdminDashboardStats(
  overrides: Partial<AdminDashboardStats> = {},
): AdminDashboardStats {
  return {
    generatedAt: new Date().toISOString(),
    filters: {
      organizations: [{ id: DASHBOARD_ORG_ID, name: 'Northfield University' }],
      terms: ['Fall 2026', 'Spring 2027'],
    },
    courses: [createDashboardCourse()],
    progress: [createCourseProgress()],
    attention: [createAttentionItem()],
    ...overrides,
  };
}

export const otherOrganization = () => ({ id: uuid(), name: 'Riverside College' });
