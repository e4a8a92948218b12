import type { FastifyInstance } from 'fastify';
import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, teamMembers, teams } from '../../../src/db/schema/index.js';
import { buildTestApp, getWorkerDb } from '../../helper.js';
import { call, world, type World } from './teams-world.js';

type Caller = 'none' | 'olga' | 'sue' | 'ina' | 'max' | 'adminB' | 'adminA' | 'superadmin';
type Expect = [status: number, code?: string];

interface RouteCase {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: (w: World) => string;
  payload?: (w: World) => Record<string, unknown>;
  writes: boolean;
  /** Refusals (and harmless reads); the write that succeeds goes last, as `ok`. */
  expect: Partial<Record<Caller, Expect>>;
  ok: Caller;
  okStatus: number;
}

const READ_OK: Expect = [200];
const STRANGER: Expect = [404, 'NOT_FOUND'];

const ROUTES: RouteCase[] = [
  {
    name: 'GET /student/courses/{courseId}/teams',
    method: 'GET',
    path: (w) => `/student/courses/${w.course.id}/teams`,
    writes: false,
    expect: {
      olga: STRANGER,
      adminB: STRANGER,
      sue: READ_OK,
      ina: READ_OK,
      max: READ_OK,
      superadmin: READ_OK,
    },
    ok: 'adminA',
    okStatus: 200,
  },
  {
    name: 'GET /student/teams',
    method: 'GET',
    path: () => `/student/teams`,
    writes: false,
    expect: { olga: READ_OK, adminB: READ_OK, sue: READ_OK, max: READ_OK },
    ok: 'adminA',
    okStatus: 200,
  },
  {
    name: 'GET /student/me/teams',
    method: 'GET',
    path: () => `/student/me/teams`,
    writes: false,
    expect: { olga: READ_OK, adminB: READ_OK, sue: READ_OK },
    ok: 'max',
    okStatus: 200,
  },
  {
    name: 'GET /student/teams/{id}',
    method: 'GET',
    path: (w) => `/student/teams/${w.team.id}`,
    writes: false,
    expect: {
      olga: STRANGER,
      adminB: STRANGER,
      sue: READ_OK,
      ina: [403, 'NOT_ENROLLED'],
      max: READ_OK,
      superadmin: READ_OK,
    },
    ok: 'adminA',
    okStatus: 200,
  },
  {
    name: 'GET /student/teams/{id}/audit-logs',
    method: 'GET',
    path: (w) => `/student/teams/${w.team.id}/audit-logs`,
    writes: false,
    expect: {
      olga: STRANGER,
      adminB: STRANGER,
      sue: [403, 'NOT_TEAM_MEMBER'],
      ina: [403, 'NOT_ENROLLED'],
      max: READ_OK,
      superadmin: READ_OK,
    },
    ok: 'adminA',
    okStatus: 200,
  },
  {
    name: 'PATCH /student/teams/{id}',
    method: 'PATCH',
    path: (w) => `/student/teams/${w.team.id}`,
    payload: () => ({ description: 'Changed' }),
    writes: true,
    expect: {
      olga: STRANGER,
      adminB: STRANGER,
      sue: [403, 'NOT_TEAM_LEADER'],
      max: [403, 'NOT_TEAM_LEADER'],
    },
    ok: 'adminA',
    okStatus: 200,
  },
  {
    name: 'POST /student/teams/{id}/disband',
    method: 'POST',
    path: (w) => `/student/teams/${w.team.id}/disband`,
    writes: true,
    expect: {
      olga: STRANGER,
      adminB: STRANGER,
      sue: [403, 'NOT_TEAM_LEADER'],
      max: [403, 'NOT_TEAM_LEADER'],
    },
    ok: 'adminA',
    okStatus: 200,
  },
  {
    name: 'DELETE /student/teams/{teamId}/members/{memberId}',
    method: 'DELETE',
    path: (w) => `/student/teams/${w.team.id}/members/${w.mia.id}`,
    writes: true,
    expect: {
      olga: STRANGER,
      adminB: STRANGER,
      sue: [403, 'NOT_TEAM_LEADER'],
      max: [403, 'NOT_TEAM_LEADER'],
    },
    ok: 'adminA',
    okStatus: 200,
  },
  {
    name: 'POST /student/teams/{id}/leave',
    method: 'POST',
    path: (w) => `/student/teams/${w.team.id}/leave`,
    writes: true,
    expect: {
      olga: STRANGER,
      adminB: STRANGER,
      sue: [403, 'NOT_TEAM_MEMBER'],
      adminA: [403, 'NOT_TEAM_MEMBER'],
    },
    ok: 'max',
    okStatus: 200,
  },
  {
    name: 'POST /admin/teams/{id}/members',
    method: 'POST',
    path: (w) => `/admin/teams/${w.team.id}/members`,
    payload: (w) => ({ userId: w.sue.id }),
    writes: true,
    expect: {
      olga: [403, 'FORBIDDEN'],
      sue: [403, 'FORBIDDEN'],
      max: [403, 'FORBIDDEN'],
      adminB: STRANGER,
    },
    ok: 'adminA',
    okStatus: 200,
  },
];

async function snapshot() {
  const { db } = await getWorkerDb();
  const [teamRows, members, [audits]] = await Promise.all([
    db.select().from(teams).orderBy(teams.id),
    db.select().from(teamMembers).orderBy(teamMembers.userId),
    db.select({ n: count() }).from(auditEvents),
  ]);
  return { teamRows, members, audits: audits!.n };
}

describe('team routes: who may call them', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });

  for (const route of ROUTES) {
    it(`${route.name}: 401 without a token, each wrong caller refused, the right one served`, async () => {
      const w = await world(app);
      const send = (who: Caller) =>
        call(
          app,
          route.method,
          route.path(w),
          who === 'none' ? undefined : w.as[who],
          route.payload?.(w),
        );
      const before = await snapshot();

      const anonymous = await send('none');
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().code).toBe('UNAUTHENTICATED');

      for (const [who, [status, code]] of Object.entries(route.expect) as [Caller, Expect][]) {
        const res = await send(who);
        expect(res.statusCode, `${who}: ${res.body}`).toBe(status);
        if (code) expect(res.json().code, who).toBe(code);
        if (status >= 400) expect(res.json().message, who).toEqual(expect.any(String));
      }
      if (route.writes) expect(await snapshot()).toEqual(before);

      const ok = await send(route.ok);
      expect(ok.statusCode, ok.body).toBe(route.okStatus);
      expect(ok.json().success).toBe(true);
      if (route.writes) expect((await snapshot()).audits).toBeGreaterThan(before.audits);
    });
  }

  it('unknown and malformed ids: 404 and 400 naming the parameter', async () => {
    const w = await world(app);
    const missing = await call(app, 'GET', `/student/teams/${w.orgA.id}`, w.as.adminA);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Team not found' });
    const malformed = await call(app, 'GET', `/student/teams/not-a-uuid`, w.as.lea);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().details[0].path).toBe('params.id');
    const course = await call(app, 'GET', `/student/courses/${w.orgA.id}/teams`, w.as.lea);
    expect(course.statusCode).toBe(404);
    expect(course.json().message).toBe('Course not found');
  });
});
