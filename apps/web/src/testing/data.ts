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

export function createDetailedHealth(overrides: Partial<DetailedHealth> = {}): DetailedHealth {
  return {
    status: 'ok',
    version: '0.1.0',
    uptimeSeconds: 3725,
    database: { driver: 'pglite', reachable: true, latencyMs: 1.8 },
    memory: {
      rssBytes: 120 * 1024 * 1024,
      heapUsedBytes: 40 * 1024 * 1024,
      heapTotalBytes: 80 * 1024 * 1024,
    },
    ...overrides,
  };
}
