import type {
  ActivatedEnrollment,
  AuthUser,
  DetailedHealth,
  DevUser,
  Profile,
  Session,
} from '@teamup/shared';
import type { SessionUser } from '@/lib/auth-store';

let seq = 0;
/** A deterministic UUID-shaped id, unique within a test run. */
export function uuid(): string {
  seq += 1;
  return `00000000-0000-4000-8000-${seq.toString(16).padStart(12, '0')}`;
}

function base64Url(value: string): string {
  return btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned JWT: the client only decodes it. `exp` in seconds; `null` leaves the claim out. */
export function createToken({
  exp = Math.floor(Date.now() / 1000) + 15 * 60,
  sub = 'user',
}: { exp?: number | null; sub?: string } = {}): string {
  const header = base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64Url(JSON.stringify(exp === null ? { sub } : { sub, exp }));
  return `${header}.${payload}.signature`;
}

export function createAuthUser(overrides: Partial<AuthUser> = {}): AuthUser {
  return {
    id: uuid(),
    fullname: 'Maya Chen',
    email: 'maya.chen@student.northfield.edu',
    avatar: null,
    role: 'STUDENT',
    expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
    ...overrides,
  };
}

export function createSessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  const user = createAuthUser(overrides);
  return {
    ...user,
    token: overrides.token ?? createToken({ exp: Math.floor(Date.parse(user.expiresAt) / 1000) }),
  };
}

export function createProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: uuid(),
    email: 'maya.chen@student.northfield.edu',
    fullname: 'Maya Chen',
    avatar: null,
    role: 'STUDENT',
    bio: 'Frontend developer who likes accessible interfaces.',
    skills: ['React', 'TypeScript'],
    headline: 'Frontend developer, accessibility nerd',
    links: [{ label: 'GitHub', url: 'https://github.com/maya' }],
    profileVisibility: 'CLASSMATES',
    showEmail: false,
    createdAt: '2026-09-01T10:00:00.000Z',
    lastSignInAt: '2026-11-20T08:00:00.000Z',
    ...overrides,
  };
}

export function createSession(overrides: Partial<Session> = {}): Session {
  return {
    id: uuid(),
    userAgent: 'Mozilla/5.0',
    device: 'Chrome on Linux',
    ip: '203.0.113.7',
    createdAt: '2026-11-20T08:00:00.000Z',
    lastUsedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    expiresAt: '2026-12-20T08:00:00.000Z',
    current: false,
    ...overrides,
  };
}

export const DEV_USERS: DevUser[] = [
  { email: 'maya.chen@student.northfield.edu', fullname: 'Maya Chen', role: 'STUDENT' },
  { email: 'omar.haddad@northfield.edu', fullname: 'Omar Haddad', role: 'ORG_ADMIN' },
  { email: 'root@teamup.dev', fullname: 'Sam Root', role: 'SUPERADMIN' },
];

export function createActivatedEnrollment(
  overrides: Partial<ActivatedEnrollment> = {},
): ActivatedEnrollment {
  return {
    enrollmentId: uuid(),
    courseId: uuid(),
    courseTitle: 'Software Engineering Project',
    courseCode: 'CS-401',
    organizationName: 'Northfield University',
    ...overrides,
  };
}

/** A healthy PostgreSQL server's detailed health; overrides replace whole groups. */
export function createDetailedHealth(overrides: Partial<DetailedHealth> = {}): DetailedHealth {
  const ok = (value: number | null, degradedAbove: number) =>
    ({ value, degradedAbove, status: 'ok' }) as const;
  return {
    status: 'ok',
    checkedAt: '2026-11-25T12:00:00.000Z',
    version: '0.1.0',
    commit: '3f2c1a9b8e7d6c5b4a39281706f5e4d3c2b1a098',
    uptimeSeconds: 3725,
    database: {
      driver: 'postgres',
      reachable: true,
      latencyMs: 1.8,
      latency: ok(1.8, 100),
      latencyP99: { ...ok(4.2, 250), samples: 30, windowSeconds: 300 },
      pool: {
        max: 10,
        inUse: 2,
        idle: 3,
        waiting: ok(0, 5),
        readLanes: { size: 2, open: 2, inFlight: 1 },
      },
      migrations: { applied: 12, expected: 12, latest: '0011_dashboards', pending: ok(0, 0) },
    },
    csvJobs: {
      queued: 1,
      processing: 1,
      oldestWaitingSeconds: ok(12, 300),
      failedLast24h: ok(0, 3),
      lease: {
        uploadId: '6f1d6a54-7c2b-4d59-9a53-0b1c2d3e4f50',
        attempt: 1,
        expiresInSeconds: 11.5,
      },
      leaseOverdueSeconds: ok(0, 60),
    },
    mail: {
      enabled: true,
      pending: 3,
      held: 14,
      oldestPendingSeconds: ok(4, 600),
      sentLast24h: 212,
      failedLast24h: ok(1, 20),
      undeliverableAddresses: 2,
    },
    memory: {
      rssBytes: 120 * 1024 * 1024,
      heapUsedBytes: 40 * 1024 * 1024,
      heapTotalBytes: 80 * 1024 * 1024,
      heapLimitBytes: 2048 * 1024 * 1024,
    },
    process: {
      rssMb: ok(120, 1024),
      heapUsedPercent: ok(2, 90),
      eventLoopDelayP99Ms: ok(21.3, 200),
      requestsPerMinute: 42,
      serverErrorsPerMinute: ok(0, 5),
    },
    ...overrides,
  };
}
