// Races on the waitlist (issue 15, decision 117): a seat that opens goes to exactly one request.
// On PostgreSQL the calls run truly concurrently on separate connections, queued on the team's
// lock; on PGlite they queue, and the outcome must be the same.
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JoinRequest } from '@teamup/shared';
import { createDb, type DbHandle } from '../../../src/db/client.js';
import { auditEvents, joinRequests } from '../../../src/db/schema/index.js';
import { runWaitlistJob } from '../../../src/modules/teams/waitlist-job.js';
import { makeTeam } from '../../fixtures.js';
import {
  API,
  bearer,
  buildTestApp,
  driver,
  getWorkerDb,
  signIn,
  workerDatabaseUrl,
} from '../../helper.js';
import { makeStudent, requestRow, teamRow, teamWorld } from './requests-world.js';
import { allAtOnce } from './teams-world.js';

let app: FastifyInstance;
let raceDb: DbHandle | undefined;
beforeAll(async () => {
  await getWorkerDb();
  if (driver === 'postgres') {
    raceDb = createDb({ DATABASE_URL: workerDatabaseUrl(), DATABASE_POOL_MAX: 20, DATA_DIR: '' });
  }
  app = await buildTestApp(
    { DATABASE_POOL_MAX: 20 },
    { csvWorker: false, ...(raceDb ? { db: raceDb } : {}) },
  );
});
afterAll(async () => {
  await raceDb?.close();
});

type Headers = Record<string, string>;
const post = (url: string, headers: Headers, payload?: object) =>
  app.inject({ method: 'POST', url: `${API}${url}`, headers, ...(payload ? { payload } : {}) });

/** A full team of `size` (Lea, Max and fillers) and `waiting` students on its waitlist. */
async function world(size: number, waiting: number) {
  const w = await teamWorld(app, { maxSize: size });
  const members = [];
  for (let i = 2; i < size; i++) {
    const s = await makeStudent(w.course.id, { fullname: `Member ${i}` });
    const h = bearer((await signIn(app, s.email)).token);
    const r = (await post(`/student/teams/${w.team.id}/join-requests`, h, {})).json().data;
    await post(`/student/join-requests/${r.id}/accept`, w.as.lea, {});
    members.push({ user: s, h });
  }
  const line: { user: { id: string; email: string }; h: Headers; request: JoinRequest }[] = [];
  for (let i = 0; i < waiting; i++) {
    const s = await makeStudent(w.course.id, { fullname: `Waiting ${i}` });
    const h = bearer((await signIn(app, s.email)).token);
    const request = (await post(`/student/teams/${w.team.id}/join-requests`, h, {})).json()
      .data as JoinRequest;
    expect(request.status).toBe('WAITLISTED');
    line.push({ user: s, h, request });
  }
  return { ...w, members, line };
}

async function statuses(teamId: string) {
  const { db } = await getWorkerDb();
  const rows = await db
    .select({ userId: joinRequests.userId, status: joinRequests.status })
    .from(joinRequests)
    .where(eq(joinRequests.teamId, teamId));
  return rows;
}

async function promotions(teamId: string) {
  const { db } = await getWorkerDb();
  return db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.teamId, teamId), eq(auditEvents.action, 'REQUEST_PROMOTED')));
}

/** Open seats a PENDING request waits for never exceed the open seats. */
async function expectCovered(teamId: string) {
  const team = await teamRow(teamId);
  const pending = (await statuses(teamId)).filter((r) => r.status === 'PENDING').length;
  expect(team.memberCount).toBeLessThanOrEqual(team.maxSize);
  expect(pending).toBeLessThanOrEqual(team.maxSize - team.memberCount);
}

describe('waitlist races', () => {
  it('two members leave at once with one waitlisted request: it is promoted once', async () => {
    const w = await world(4, 1);
    const heads = [w.as.max, w.members[0]!.h];
    const res = await allAtOnce(w.team.id, 2, () =>
      Promise.all(heads.map((h) => post(`/student/teams/${w.team.id}/leave`, h))),
    );
    expect(res.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await requestRow(w.line[0]!.request.id)).status).toBe('PENDING');
    expect(await promotions(w.team.id)).toHaveLength(1);
    await expectCovered(w.team.id);
  });

  it('three members leave at once with four waitlisted: exactly the first three are promoted', async () => {
    const w = await world(5, 4);
    const heads = [w.as.max, ...w.members.map((m) => m.h)];
    await allAtOnce(w.team.id, 3, () =>
      Promise.all(heads.slice(0, 3).map((h) => post(`/student/teams/${w.team.id}/leave`, h))),
    );
    const got = await Promise.all(w.line.map((l) => requestRow(l.request.id)));
    expect(got.map((r) => r.status)).toEqual(['PENDING', 'PENDING', 'PENDING', 'WAITLISTED']);
    expect(await promotions(w.team.id)).toHaveLength(3);
    await expectCovered(w.team.id);
  });

  it('a member leaves while the first waitlisted student withdraws: the seat goes to the next', async () => {
    const w = await world(3, 3);
    const [first, second, third] = w.line;
    const res = await allAtOnce(w.team.id, 2, () =>
      Promise.all([
        post(`/student/teams/${w.team.id}/leave`, w.as.max),
        post(`/student/join-requests/${first!.request.id}/withdraw`, first!.h),
      ]),
    );
    expect(res.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await requestRow(first!.request.id)).status).toBe('WITHDRAWN');
    expect((await requestRow(second!.request.id)).status).toBe('PENDING');
    expect((await requestRow(third!.request.id)).status).toBe('WAITLISTED');
    await expectCovered(w.team.id);
  });

  it('the promoted request and extra applicants accepted at once: never above maxSize', async () => {
    const w = await world(3, 2);
    await post(`/student/teams/${w.team.id}/leave`, w.as.max);
    const promoted = w.line[0]!.request;
    expect((await requestRow(promoted.id)).status).toBe('PENDING');
    // Raise the size by one: the second is promoted; then the leader accepts both while two
    // more students apply.
    await app.inject({
      method: 'PATCH',
      url: `${API}/student/teams/${w.team.id}`,
      headers: w.as.lea,
      payload: { maxSize: 4 },
    });
    expect((await requestRow(w.line[1]!.request.id)).status).toBe('PENDING');
    const res = await allAtOnce(w.team.id, 4, () =>
      Promise.all([
        post(`/student/join-requests/${promoted.id}/accept`, w.as.lea, {}),
        post(`/student/join-requests/${w.line[1]!.request.id}/accept`, w.as.lea, {}),
        post(`/student/teams/${w.team.id}/join-requests`, w.as.sue, {}),
        post(`/student/teams/${w.team.id}/join-requests`, w.as.tom, {}),
      ]),
    );
    expect(res.map((r) => r.statusCode).sort()).toEqual([200, 200, 201, 201]);
    const team = await teamRow(w.team.id);
    expect(team.memberCount).toBe(4);
    expect(team.memberCount).toBeLessThanOrEqual(team.maxSize);
    // Sue and Tom applied to a team that was full or filling: each is PENDING or WAITLISTED.
    const late = await Promise.all(res.slice(2).map((r) => r.json().data.status));
    for (const s of late) expect(['PENDING', 'WAITLISTED']).toContain(s);
  });

  it('a waitlisted student joins another team while a seat opens: one request ends, the seat is never lost', async () => {
    const w = await world(3, 2);
    const [first, second] = w.line;
    const louUser = await makeStudent(w.course.id, { fullname: 'Lou Leader' });
    const other = await makeTeam(w.course.id, louUser.id, { name: 'Team U', maxSize: 4 });
    const lou = bearer((await signIn(app, louUser.email)).token);
    const there = (await post(`/student/teams/${other.id}/join-requests`, first!.h, {})).json()
      .data as JoinRequest;
    const res = await Promise.all([
      post(`/student/teams/${w.team.id}/leave`, w.as.max),
      post(`/student/join-requests/${there.id}/accept`, lou, {}),
    ]);
    expect(res.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await requestRow(first!.request.id)).status).toBe('CANCELLED');
    // Either the promotion skipped the cancelled request, or the job gives the seat on.
    const { db } = await getWorkerDb();
    await runWaitlistJob(db);
    expect((await requestRow(second!.request.id)).status).toBe('PENDING');
    await expectCovered(w.team.id);
  });
});
