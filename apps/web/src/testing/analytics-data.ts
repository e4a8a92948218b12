import type {
  AnalyticsOverview,
  OrganizationActivity,
  UsageAnalytics,
  UsageDay,
  UsageWeek,
} from '@teamup/shared';
import { uuid } from './data';

/** Generators for System Analytics (issue 13). Days end on 2026-11-25 (a Wednesday). */

const DAY_MS = 86_400_000;
const LAST_DAY = Date.parse('2026-11-25T00:00:00.000Z');
const dayBefore = (n: number) => new Date(LAST_DAY - n * DAY_MS).toISOString().slice(0, 10);

export const NORTHFIELD_ID = '70000000-0000-4000-8000-000000000001';

export function createOrganizationActivity(
  overrides: Partial<OrganizationActivity> = {},
): OrganizationActivity {
  return {
    id: uuid(),
    name: 'Northfield University',
    people: 120,
    activeUsers: 48,
    signIns: 160,
    ...overrides,
  };
}

/** `range` days with a little activity on each, and the weeks (Mondays) they fall in. */
export function createUsageAnalytics(
  range: 7 | 30 | 90 = 30,
  overrides: Partial<UsageAnalytics> = {},
): UsageAnalytics {
  const days: UsageDay[] = Array.from({ length: range }, (_, i) => ({
    day: dayBefore(range - 1 - i),
    signIns: (i % 5) + 1,
    activeUsers: (i % 4) + 1,
    teamsFormed: i % 3 === 0 ? 2 : 0,
  }));
  const weeks: UsageWeek[] = [];
  for (const d of days) {
    const date = new Date(`${d.day}T00:00:00.000Z`);
    const monday = new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * DAY_MS)
      .toISOString()
      .slice(0, 10);
    const week = weeks.at(-1);
    if (week?.weekStart === monday) week.to = d.day;
    else
      weeks.push({
        weekStart: monday,
        from: d.day,
        to: d.day,
        newUsers: 3,
        csvUploads: 2,
        csvFailed: 1,
        csvRowsProcessed: 240,
        csvFailureRate: 0.5,
      });
  }
  const sum = (f: (d: UsageDay) => number) => days.reduce((s, d) => s + f(d), 0);
  return {
    range,
    from: days[0]!.day,
    to: days.at(-1)!.day,
    organization: null,
    days,
    weeks,
    todayAsOf: `${days.at(-1)!.day}T17:58:12.000Z`,
    totals: {
      signIns: sum((d) => d.signIns),
      activeUsers: 9,
      newUsers: 3 * weeks.length,
      teamsFormed: sum((d) => d.teamsFormed),
      csvUploads: 2 * weeks.length,
      csvFailed: weeks.length,
      csvRowsProcessed: 240 * weeks.length,
      csvFailureRate: 0.5,
    },
    mostActive: [
      createOrganizationActivity({ id: NORTHFIELD_ID }),
      createOrganizationActivity({ name: 'Lakeside College', people: 80, activeUsers: 20 }),
    ],
    leastActive: [
      createOrganizationActivity({
        name: 'Hillcrest Academy',
        people: 30,
        activeUsers: 0,
        signIns: 0,
      }),
    ],
    ...overrides,
  };
}

/** Nothing at all happened: every day and week is zero. */
export function createEmptyUsageAnalytics(range: 7 | 30 | 90 = 30): UsageAnalytics {
  const usage = createUsageAnalytics(range);
  return {
    ...usage,
    days: usage.days.map((d) => ({ ...d, signIns: 0, activeUsers: 0, teamsFormed: 0 })),
    weeks: usage.weeks.map((w) => ({
      ...w,
      newUsers: 0,
      csvUploads: 0,
      csvFailed: 0,
      csvRowsProcessed: 0,
      csvFailureRate: null,
    })),
    totals: {
      signIns: 0,
      activeUsers: 0,
      newUsers: 0,
      teamsFormed: 0,
      csvUploads: 0,
      csvFailed: 0,
      csvRowsProcessed: 0,
      csvFailureRate: null,
    },
  };
}

export function createAnalyticsOverview(
  overrides: Partial<AnalyticsOverview> = {},
): AnalyticsOverview {
  return {
    users: {
      total: 1250,
      students: 1200,
      instructors: 30,
      teachingAssistants: 12,
      orgAdmins: 45,
      superadmins: 5,
    },
    organizations: { active: 12, deleted: 1 },
    courses: { active: 40, archived: 8 },
    teams: 310,
    enrollments: { total: 1500, active: 1300, pending: 150, inactive: 50 },
    attention: {
      failedUploads: {
        total: 1,
        items: [
          {
            uploadId: uuid(),
            fileName: 'fall-roster.csv',
            failureMessage: 'The file is not UTF-8',
            failedAt: '2026-11-24T09:30:00.000Z',
            organization: { id: NORTHFIELD_ID, name: 'Northfield University' },
            course: { id: uuid(), code: 'CS-401', title: 'Software Engineering Project' },
          },
        ],
      },
      teamlessPastDeadline: {
        total: 12,
        items: [
          {
            course: { id: uuid(), code: 'DB-210', title: 'Databases' },
            organization: { id: NORTHFIELD_ID, name: 'Northfield University' },
            deadline: '2026-11-20T23:59:00.000Z',
            teamlessStudents: 7,
            activeStudents: 60,
          },
        ],
      },
    },
    ...overrides,
  };
}

export const noAttention: AnalyticsOverview['attention'] = {
  failedUploads: { total: 0, items: [] },
  teamlessPastDeadline: { total: 0, items: [] },
};
