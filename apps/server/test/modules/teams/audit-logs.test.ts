import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Paginated, TeamAuditEntry } from '@teamup/shared';
import { auditEvents } from '../../../src/db/schema/index.js';
import { makeTeam } from '../../fixtures.js';
import { buildTestApp, getWorkerDb } from '../../helper.js';
import { call, enrolledStudent, world, type World } from './teams-world.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

const logsUrl = (teamId: string, query = '') => `/student/teams/${teamId}/audit-logs${query}`;

async function logs(teamId: string, headers: Record<string, string>, query = '') {
  const res = await call(app, 'GET', logsUrl(teamId, query), headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Paginated<TeamAuditEntry> }>().data;
}

/** A history written through the API: Lea renames, Mia leaves, Lea removes Max. */
async function history(w: World) {
  const steps: [string, string, Record<string, string>, Record<string, unknown>?][] = [
    ['PATCH', `/student/teams/${w.team.id}`, w.as.lea, { name: 'Alpha 2' }],
    ['POST', `/student/teams/${w.team.id}/leave`, w.as.mia],
    ['DELETE', `/student/teams/${w.team.id}/members/${w.max.id}`, w.as.lea],
  ];
  for (const [method, path, headers, payload] of steps) {
    const res = await call(app, method as 'POST', path, headers, payload);
    expect(res.statusCode, res.body).toBe(200);
  }
}

describe('GET /student/teams/{id}/audit-logs', () => {
  it('lists the team’s history newest first, with actor and target', async () => {
    const w = await world(app);
    await history(w);
    const data = await logs(w.team.id, w.as.lea);
    expect(data).toMatchObject({ page: 1, limit: 20, total: 3 });
    expect(data.items.map((e) => e.action)).toEqual([
      'MEMBER_REMOVED',
      'MEMBER_LEFT',
      'TEAM_UPDATED',
    ]);
    expect(data.items[0]).toEqual({
      id: expect.any(String),
      action: 'MEMBER_REMOVED',
      actor: { id: w.lea.id, fullname: 'Lea Leader', email: w.lea.email, avatar: null },
      // Max left the team: no longer Lea's teammate, and he did not opt in (issue 12).
      target: { id: w.max.id, fullname: 'Max Member', email: null, avatar: null },
      data: {},
      createdAt: expect.any(String),
    });
    expect(data.items[2]).toMatchObject({
      actor: { id: w.lea.id },
      target: null,
      data: { before: { name: 'Alpha' }, after: { name: 'Alpha 2' } },
    });
  });

  it('is readable by current members and admins of the course; former members and other classmates get 403', async () => {
    const w = await world(app);
    await history(w);
    for (const who of ['lea', 'adminA', 'superadmin'] as const) {
      expect((await logs(w.team.id, w.as[who])).total, who).toBe(3);
    }
    // Issue 24: Mia left and Max was removed; like the notices, the team's log is no longer theirs.
    for (const who of ['mia', 'max', 'sue'] as const) {
      const res = await call(app, 'GET', logsUrl(w.team.id), w.as[who]);
      expect(res.statusCode, who).toBe(403);
      expect(res.json(), who).toMatchObject({
        success: false,
        code: 'NOT_TEAM_MEMBER',
        message: 'You are not a member of this team',
      });
    }
  });

  it('is closed to former members once the team is disbanded (403, the team stays readable); classmates get 404', async () => {
    const w = await world(app);
    await call(app, 'POST', `/student/teams/${w.team.id}/disband`, w.as.lea);
    expect((await call(app, 'GET', `/student/teams/${w.team.id}`, w.as.max)).statusCode).toBe(200);
    for (const who of ['lea', 'max'] as const) {
      expect((await call(app, 'GET', logsUrl(w.team.id), w.as[who])).statusCode, who).toBe(403);
    }
    expect((await logs(w.team.id, w.as.adminA)).items[0]!.action).toBe('TEAM_DISBANDED');
    expect((await call(app, 'GET', logsUrl(w.team.id), w.as.sue)).statusCode).toBe(404);
  });

  it('pages through a long history, keeps other teams’ entries out, and shows system changes without an actor', async () => {
    const w = await world(app);
    const bo = await enrolledStudent(w.course.id, 'Bo Beta');
    const beta = await makeTeam(w.course.id, bo.id, { name: 'Beta' });
    const { db } = await getWorkerDb();
    const start = Date.now() - 100_000;
    await db.insert(auditEvents).values([
      ...Array.from({ length: 25 }, (_, i) => ({
        teamId: w.team.id,
        courseId: w.course.id,
        organizationId: w.orgA.id,
        actorId: i === 24 ? null : w.lea.id,
        action: 'TEAM_UPDATED',
        data: { step: i },
        createdAt: new Date(start + i * 1000),
      })),
      { teamId: beta.id, courseId: w.course.id, actorId: bo.id, action: 'TEAM_UPDATED' },
    ]);
    const first = await logs(w.team.id, w.as.lea, '?limit=10');
    expect(first).toMatchObject({ page: 1, limit: 10, total: 25 });
    expect(first.items.map((e) => e.data.step)).toEqual([24, 23, 22, 21, 20, 19, 18, 17, 16, 15]);
    expect(first.items[0]!.actor).toBeNull();
    const last = await logs(w.team.id, w.as.lea, '?limit=10&page=3');
    expect(last.items.map((e) => e.data.step)).toEqual([4, 3, 2, 1, 0]);
  });

  it('refuses bad paging with VALIDATION_ERROR', async () => {
    const w = await world(app);
    const res = await call(app, 'GET', logsUrl(w.team.id, '?limit=500'), w.as.lea);
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].path).toBe('query.limit');
  });
});
