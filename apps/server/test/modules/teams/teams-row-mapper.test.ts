// The compiled row mapper (src/db/fast-prepared.ts) gives exactly drizzle's own results. Each
// hot prepared read is run twice on the same data, back to back: once as the app has it (the
// compiled mapper) and once with the mapper taken off, so drizzle's mapResultRow maps the rows;
// the two must be equal, value for value, key order included. The app here has a database
// handle of its own, so its statements are prepared while the test watches (the worker's handle
// keeps the statements earlier files prepared).
import type { FastifyInstance } from 'fastify';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { NodePgPreparedQuery, NodePgSession } from 'drizzle-orm/node-postgres';
import { PgliteSession, PglitePreparedQuery, drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openPostgres, type Db, type DbHandle } from '../../../src/db/client.js';
import { fastPrepared } from '../../../src/db/fast-prepared.js';
import * as schema from '../../../src/db/schema/index.js';
import { teams, users } from '../../../src/db/schema/index.js';
import { makeTeam } from '../../fixtures.js';
import {
  bearer,
  buildTestApp,
  driver,
  getWorkerDb,
  signIn,
  workerDatabaseUrl,
} from '../../helper.js';
import { call, enrolledStudent, pendingInvitation, pendingRequest, world } from './teams-world.js';

interface Internals {
  customResultMapper?: unknown;
}
type Execute = (this: Internals, params?: Record<string, unknown>) => Promise<unknown>;

/** A second handle on the worker's database (no migration, the worker's is migrated). */
async function ownHandle(): Promise<DbHandle> {
  const worker = await getWorkerDb();
  if (driver === 'postgres') return openPostgres(workerDatabaseUrl());
  const client = (worker.db as unknown as { $client: PGlite }).$client;
  return {
    db: drizzlePglite(client, { schema }) as unknown as Db,
    driver: 'pglite',
    migrate: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
}

/** Prepared statements' names, recorded as they are prepared. */
const names = new WeakMap<object, string>();
/** Every execution of a prepared select: its name, and both mappings when it had the mapper. */
let runs: { name: string; fast: unknown; slow?: unknown }[] = [];

function watch() {
  const sessions = [NodePgSession.prototype, PgliteSession.prototype] as unknown as {
    prepareQuery: (...args: unknown[]) => object;
  }[];
  for (const session of sessions) {
    const prepare = session.prepareQuery;
    vi.spyOn(session, 'prepareQuery').mockImplementation(function (this: unknown, ...args) {
      const query = prepare.apply(this, args);
      if (typeof args[2] === 'string') names.set(query, args[2]);
      return query;
    });
  }
  const prepared = [NodePgPreparedQuery.prototype, PglitePreparedQuery.prototype] as unknown as {
    execute: Execute;
  }[];
  for (const proto of prepared) {
    const execute = proto.execute;
    vi.spyOn(proto, 'execute').mockImplementation(function (this: Internals, params) {
      const name = names.get(this) ?? '(unnamed)';
      const mapper = this.customResultMapper;
      // Both executions are handed to the driver before either answers (drizzle reads the
      // mapper synchronously), so nothing else runs between them.
      const fast = execute.call(this, params);
      if (!mapper) {
        return fast.then((rows) => {
          runs.push({ name, fast: rows });
          return rows;
        });
      }
      this.customResultMapper = undefined;
      const slow = execute.call(this, params);
      this.customResultMapper = mapper;
      return Promise.all([fast, slow]).then(([f, s]) => {
        runs.push({ name, fast: f, slow: s });
        return f;
      });
    });
  }
}

function expectSameMappings() {
  for (const run of runs) {
    expect(run.fast, run.name).toStrictEqual(run.slow ?? run.fast);
    expect(JSON.stringify(run.fast), run.name).toBe(JSON.stringify(run.slow ?? run.fast));
  }
}

/** Names of the runs that went through the compiled mapper, with how many rows they gave. */
const mapped = () =>
  runs.filter((r) => r.slow !== undefined).map((r) => `${r.name}:${(r.fast as []).length}`);

let handle: DbHandle;
let app: FastifyInstance;
beforeAll(async () => {
  handle = await ownHandle();
  watch();
  app = await buildTestApp({}, { db: handle });
});
afterAll(async () => {
  vi.restoreAllMocks();
  await handle.close();
});
beforeEach(() => {
  runs = [];
});
afterEach(() => {
  expectSameMappings();
});

describe('compiled row mapper: the hot prepared reads map rows as drizzle does', () => {
  it('course list (first page, next page, past the end, filters, admin, empty course)', async () => {
    const w = await world(app);
    const bo = await enrolledStudent(w.course.id, 'Bo Beta');
    await handle.db
      .update(users)
      .set({ avatar: 'https://example.edu/bo.png' })
      .where(eq(users.id, bo.id));
    const beta = await makeTeam(w.course.id, bo.id, { name: 'Beta', openToRequests: false });
    await handle.db
      .update(teams)
      .set({ leaderAvatar: 'https://example.edu/bo.png' })
      .where(eq(teams.id, beta.id));
    const ivy = await enrolledStudent(w.course.id, 'Ivy Invited');
    await pendingRequest(w.team, w.sue.id);
    await pendingInvitation(w.team, ivy.id);

    const base = `/student/courses/${w.course.id}/teams`;
    for (const [query, headers] of [
      ['', w.as.lea],
      ['', w.as.sue],
      ['?page=2&limit=1', w.as.sue],
      ['?page=9&limit=1', w.as.sue],
      ['?search=alp&hasOpenSeats=true', w.as.max],
      ['?hasOpenSeats=false', w.as.mia],
      ['?search=zzz&page=2', w.as.mia],
      ['', w.as.adminA],
    ] as const) {
      const res = await call(app, 'GET', `${base}${query}`, headers);
      expect(res.statusCode, `${query} ${res.body}`).toBe(200);
    }
    const empty = await call(app, 'GET', `/student/courses/${w.courseB.id}/teams`, w.as.olga);
    expect(empty.statusCode, empty.body).toBe(200);

    expect(mapped()).toEqual(
      expect.arrayContaining([
        'teams_course_c_first:2',
        'teams_course_c_page:1',
        'teams_course_c_page:0',
        'teams_course_c_count:1',
        'teams_course_soc_first:1',
        'teams_course_fc_first:1',
        'teams_course_sc_page:0',
        'teams_course_sc_count:1',
        'teams_course_c_first:0',
        'teams_course_access:1',
        'auth_session_lookup:1',
      ]),
    );
    expect(runs.filter((r) => r.slow === undefined && r.name !== '(unnamed)')).toEqual([]);
  });

  it('all teams, my teams (with and without a team), team details, the session lookup', async () => {
    const w = await world(app);
    const bo = await enrolledStudent(w.courseB.id, 'Bo Beta');
    await makeTeam(w.courseB.id, bo.id, { name: 'Beta' });
    const ivy = await enrolledStudent(w.course.id, 'Ivy Invited');
    const request = await pendingRequest(w.team, w.sue.id);
    await pendingInvitation(w.team, ivy.id);
    const ivyToken = bearer((await signIn(app, ivy.email)).token).authorization;

    for (const [path, headers] of [
      ['/student/teams', w.as.lea],
      ['/student/teams?page=2&limit=1', w.as.sue],
      [`/student/teams?courseId=${w.course.id}&search=al`, w.as.sue],
      ['/student/teams?hasOpenSeats=true', w.as.olga],
      ['/student/me/teams', w.as.lea],
      ['/student/me/teams', w.as.sue],
      ['/student/me/teams', w.as.olga],
      [`/student/teams/${w.team.id}`, w.as.lea],
      [`/student/teams/${w.team.id}`, w.as.sue],
      [`/student/teams/${w.team.id}`, { authorization: ivyToken }],
      [`/student/teams/${w.team.id}`, w.as.adminA],
      ['/auth/session/me', w.as.mia],
    ] as const) {
      const res = await call(app, 'GET', path, headers);
      expect(res.statusCode, `${path} ${res.body}`).toBe(200);
    }
    const sue = runs.find((r) => r.name === 'teams_my_requests');
    expect((sue?.fast as { id: string; createdAt: Date }[])[0]).toMatchObject({
      id: request.id,
      createdAt: expect.any(Date),
    });

    expect(mapped()).toEqual(
      expect.arrayContaining([
        'teams_all__first:1',
        'teams_all__page:0',
        'teams_all__count:1',
        'teams_all_sc_first:1',
        'teams_all_o_first:1',
        'teams_my_summaries:1',
        'teams_my_summaries:0',
        'teams_my_requests:1',
        'teams_my_requests:0',
        'teams_detail:1',
        'auth_session_lookup:1',
      ]),
    );
    expect(runs.filter((r) => r.slow === undefined && r.name !== '(unnamed)')).toEqual([]);
  });
});

describe('compiled row mapper: nested selections and left joins', () => {
  /** The same select prepared twice: drizzle's mapping and the compiled one. */
  async function both<T>(
    build: (db: Db) => { prepare(name: string): { execute(): Promise<T> } },
    name: string,
  ) {
    const plain = build(handle.db).prepare(`rm_${name}_plain`);
    const fast = fastPrepared(build(handle.db).prepare(`rm_${name}_fast`));
    const [a, b] = [await plain.execute(), await fast.execute()];
    expect(b).toStrictEqual(a);
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    return { rows: b, installed: Boolean((fast as Internals).customResultMapper) };
  }

  it('whole tables, objects mixing tables, deeper paths, aliased and mapped SQL', async () => {
    const w = await world(app);
    const bo = await enrolledStudent(w.course.id, 'Bo Beta');
    await makeTeam(w.course.id, bo.id, { name: 'Beta' });
    // Whole tables: { teams: {...}, users: {...} | null }, users null where the join misses.
    const whole = await both(
      (db) =>
        db
          .select()
          .from(teams)
          .leftJoin(users, and(eq(users.id, teams.leaderId), eq(users.fullname, 'Lea Leader')))
          .orderBy(teams.name),
      'whole',
    );
    expect(whole.installed).toBe(true);
    expect(whole.rows.map((r) => r.users?.fullname ?? null)).toEqual(['Lea Leader', null]);
    expect(whole.rows[0]!.teams.createdAt).toBeInstanceOf(Date);

    // Nested objects: one mixing two tables (never nulled), one of the joined table (nulled
    // when its first column is null, even if a later one is not: drizzle's rule), deeper paths,
    // an aliased SQL and a mapped SQL.
    const nested = await both(
      (db) =>
        db
          .select({
            team: { id: teams.id, leaderName: users.fullname },
            leader: {
              avatar: users.avatar,
              id: users.id,
              createdAt: users.createdAt,
              upper: sql<string>`upper(${users.fullname})`.as('upper_name'),
            },
            // Deeper than drizzle's types allow; its runtime maps any depth.
            deep: {
              a: { b: teams.createdAt, c: sql`${teams.memberCount} * 2`.mapWith(Number) },
            } as unknown as SQL<{ a: { b: Date; c: number } }>,
            n: sql`'7'`.mapWith(Number),
          })
          .from(teams)
          .leftJoin(users, and(eq(users.id, teams.leaderId), eq(users.fullname, 'Lea Leader')))
          .orderBy(teams.name),
      'nested',
    );
    expect(nested.installed).toBe(true);
    // Lea has no avatar: her leader object is null although the join found her.
    expect(nested.rows.map((r) => r.leader)).toEqual([null, null]);
    expect(nested.rows[0]!.team.leaderName).toBe('Lea Leader');
    expect(nested.rows[0]!.deep.a.c).toBe(6);

    // The joined table's first column set: the object is kept.
    const kept = await both(
      (db) =>
        db
          .select({ leader: { id: users.id, avatar: users.avatar }, name: teams.name })
          .from(teams)
          .leftJoin(users, and(eq(users.id, teams.leaderId), eq(users.fullname, 'Lea Leader')))
          .orderBy(teams.name),
      'kept',
    );
    expect(kept.rows.map((r) => r.leader?.id ?? null)).toEqual([w.lea.id, null]);

    // An inner join is never nulled, whatever its first column holds.
    const inner = await both(
      (db) =>
        db
          .select({ leader: { avatar: users.avatar, id: users.id } })
          .from(teams)
          .innerJoin(users, eq(users.id, teams.leaderId))
          .orderBy(teams.name),
      'inner',
    );
    expect(inner.rows.map((r) => r.leader.id)).toEqual([w.lea.id, bo.id]);
  });

  it('leaves drizzle its mapping where a key is one plain objects inherit', async () => {
    await world(app);
    const odd = await both(
      (db) => db.select({ id: teams.id, toString: teams.name }).from(teams),
      'odd',
    );
    expect(odd.installed).toBe(false);
    expect(odd.rows).toHaveLength(1);
  });
});
