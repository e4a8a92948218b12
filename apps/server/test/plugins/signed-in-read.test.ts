// Signed-in reads in one round trip (decision 096): the session check of a GET waits for the
// read and goes out with it, and still decides everything: the database's role (403 when it no
// longer admits the caller, the read redone when it differs but admits), the gate that refuses
// a dead session whatever the handler did, and, on PostgreSQL, the wire: the lookup and the
// read leave in one write and nothing else goes out for the request.
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres, pipelinedConnectionOf, type DbHandle } from '../../src/db/client.js';
import { sessions, users } from '../../src/db/schema/index.js';
import { createAccessTokens } from '../../src/lib/access-token.js';
import { signedInRead } from '../../src/lib/signed-in-read.js';
import { authPlugin, requireAuth } from '../../src/plugins/auth.js';
import { dbPlugin } from '../../src/plugins/db.js';
import { errorsPlugin, notFound } from '../../src/plugins/errors.js';
import { authzWorld } from '../authz/world.js';
import { makeUser } from '../fixtures.js';
import { API, bearer, buildTestApp, driver, getWorkerDb, workerDatabaseUrl } from '../helper.js';

async function setRoleOf(userId: string, role: 'STUDENT' | 'ORG_ADMIN' | 'SUPERADMIN') {
  const { db } = await getWorkerDb();
  await db.update(users).set({ role }).where(eq(users.id, userId));
}

// One app for the tests on the real routes (building one per test is slow on a busy machine).
const app = await buildTestApp({}, { csvWorker: false });

describe('the role is the database role on every read', () => {
  it('an admin demoted in the database gets 403 on an admin read with the old token', async () => {
    const w = await authzWorld();
    const before = await app.inject({ url: `${API}/courses`, headers: w.headers('admin') });
    expect(before.statusCode).toBe(200);
    await setRoleOf(w.admin.id, 'STUDENT');
    const after = await app.inject({ url: `${API}/courses`, headers: w.headers('admin') });
    expect(after.statusCode).toBe(403);
    expect(after.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    // The same for a HEAD of the route (deferred too).
    const head = await app.inject({
      method: 'HEAD',
      url: `${API}/courses`,
      headers: w.headers('admin'),
    });
    expect(head.statusCode).toBe(403);
  });

  it('a student promoted in the database may read as an admin with the old token', async () => {
    const w = await authzWorld();
    expect(
      (await app.inject({ url: `${API}/organizations`, headers: w.headers('leader') })).statusCode,
    ).toBe(403);
    await setRoleOf(w.leader.id, 'SUPERADMIN');
    const res = await app.inject({ url: `${API}/organizations`, headers: w.headers('leader') });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.total).toBe(2);
  });

  it('a role that differs from the token but is still admitted: the answer is the database role’s', async () => {
    const w = await authzWorld();
    const asSuperadmin = await app.inject({
      url: `${API}/organizations`,
      headers: w.headers('superadmin'),
    });
    expect(asSuperadmin.json().data.total).toBe(2);
    // Still admitted by the route (ORG_ADMIN), but an organization admin of none.
    await setRoleOf(w.superadmin.id, 'ORG_ADMIN');
    const demoted = await app.inject({
      url: `${API}/organizations`,
      headers: w.headers('superadmin'),
    });
    expect(demoted.statusCode).toBe(200);
    expect(demoted.json().data).toMatchObject({ total: 0, items: [] });

    // And the other way: an admin of one organization made superadmin sees both.
    const asAdmin = await app.inject({ url: `${API}/organizations`, headers: w.headers('admin') });
    expect(asAdmin.json().data.total).toBe(1);
    await setRoleOf(w.admin.id, 'SUPERADMIN');
    const promoted = await app.inject({
      url: `${API}/organizations`,
      headers: w.headers('admin'),
    });
    expect(promoted.json().data.total).toBe(2);
  });

  it('session/me answers from the lookup: revoked at once, the role as the database says', async () => {
    const w = await authzWorld();
    await setRoleOf(w.leader.id, 'ORG_ADMIN');
    const me = await app.inject({ url: `${API}/auth/session/me`, headers: w.headers('leader') });
    expect(me.json().data.role).toBe('ORG_ADMIN');
    const { db } = await getWorkerDb();
    await db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.id, w.leaderSessionId));
    const gone = await app.inject({ url: `${API}/auth/session/me`, headers: w.headers('leader') });
    expect(gone.statusCode).toBe(401);
    expect(gone.json()).toMatchObject({ code: 'SESSION_REVOKED' });
  });

  it('the last-used time is written at most once a minute, by reads too', async () => {
    const w = await authzWorld();
    const { db } = await getWorkerDb();
    const lastUsed = async () =>
      (
        await db
          .select({ at: sessions.lastUsedAt })
          .from(sessions)
          .where(eq(sessions.id, w.leaderSessionId))
      )[0]!.at.getTime();
    const old = new Date(Date.now() - 5 * 60_000);
    await db.update(sessions).set({ lastUsedAt: old }).where(eq(sessions.id, w.leaderSessionId));
    const res = await app.inject({ url: `${API}/student/me/teams`, headers: w.headers('leader') });
    expect(res.statusCode).toBe(200);
    const touched = await lastUsed();
    expect(touched).toBeGreaterThan(old.getTime() + 60_000);
    await app.inject({ url: `${API}/student/me/teams`, headers: w.headers('leader') });
    expect(await lastUsed()).toBe(touched);
  });
});

// ---------------------------------------------------------------------------------------
// The gate, on a small app with routes that misbehave on purpose

const SECRET = 'g'.repeat(32);

async function gateApp(): Promise<FastifyInstance> {
  const app = Fastify({ logger: { level: 'silent' } });
  await app.register(errorsPlugin);
  await app.register(dbPlugin, { handle: await getWorkerDb() });
  await app.register(authPlugin, { accessTokens: createAccessTokens(SECRET, 600) });
  // Stands for the security headers: set before the check, kept on a refusal.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('x-kept', 'yes');
  });
  const config = { access: 'authenticated' as const };
  // Forgets signedInRead: answers without looking at the session.
  app.get('/naive', { config }, async () => ({ success: true, data: 'secret' }));
  // Takes the claims as if checked.
  app.get('/careless', { config }, async (request) => ({
    success: true,
    data: requireAuth(request).userId,
  }));
  // Validation fails before any handler runs.
  app.get(
    '/validated',
    {
      config,
      schema: {
        querystring: {
          type: 'object',
          properties: { n: { type: 'integer' } },
          required: ['n'],
        },
      },
    },
    async () => ({ success: true, data: 'validated' }),
  );
  // The read itself refuses (not found).
  app.get('/missing', { config }, async (request) =>
    signedInRead(request, async () => {
      throw notFound('No such thing');
    }),
  );
  // A file, not JSON, with its own headers.
  app.get('/file', { config }, async (_request, reply) =>
    reply
      .header('content-disposition', 'attachment; filename="x.csv"')
      .type('text/csv; charset=utf-8')
      .send('a,b\n1,2\n'),
  );
  // Two reads in one request: the check runs once.
  app.get('/twice', { config }, async (request) => {
    const [a, b] = await Promise.all([
      signedInRead(request, async (db, caller) => {
        const rows = await db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.id, caller.userId));
        return rows.length;
      }),
      signedInRead(request, async (_db, caller) => caller.userId),
    ]);
    return { success: true, data: `${a}:${b === requireAuth(request).userId}` };
  });
  await app.ready();
  return app;
}

async function sessionToken(state: 'live' | 'revoked' | 'expired') {
  const user = await makeUser();
  const { db } = await getWorkerDb();
  const [session] = await db
    .insert(sessions)
    .values({
      userId: user.id,
      ip: '127.0.0.1',
      expiresAt: new Date(Date.now() + (state === 'expired' ? -1000 : 3_600_000)),
      revokedAt: state === 'revoked' ? new Date() : null,
    })
    .returning();
  const { token } = await createAccessTokens(SECRET, 600).sign({
    userId: user.id,
    sessionId: session!.id,
    role: user.role,
    email: user.email,
  });
  return { user, headers: bearer(token) };
}

describe('the gate', () => {
  it('a handler that forgets signedInRead still refuses a dead session', async () => {
    const app = await gateApp();
    try {
      const live = await sessionToken('live');
      expect((await app.inject({ url: '/naive', headers: live.headers })).json()).toEqual({
        success: true,
        data: 'secret',
      });
      const revoked = await sessionToken('revoked');
      const refused = await app.inject({ url: '/naive', headers: revoked.headers });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({
        success: false,
        message: 'This session has ended',
        code: 'SESSION_REVOKED',
      });
      expect(refused.body).not.toContain('secret');
      expect(refused.headers['x-kept']).toBe('yes');
      const expired = await sessionToken('expired');
      const late = await app.inject({ url: '/naive', headers: expired.headers });
      expect(late.statusCode).toBe(401);
      expect(late.json()).toMatchObject({ code: 'UNAUTHENTICATED', message: 'Session expired' });
    } finally {
      await app.close();
    }
  });

  it('requireAuth before the check is a server error, never unchecked data', async () => {
    const app = await gateApp();
    try {
      const live = await sessionToken('live');
      const res = await app.inject({ url: '/careless', headers: live.headers });
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain(live.user.id);
      const revoked = await sessionToken('revoked');
      const refused = await app.inject({ url: '/careless', headers: revoked.headers });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ code: 'SESSION_REVOKED' });
    } finally {
      await app.close();
    }
  });

  it('a validation error, a not-found read and a file give way to the refusal', async () => {
    const app = await gateApp();
    try {
      const live = await sessionToken('live');
      expect((await app.inject({ url: '/validated', headers: live.headers })).statusCode).toBe(400);
      expect((await app.inject({ url: '/missing', headers: live.headers })).statusCode).toBe(404);
      expect((await app.inject({ url: '/file', headers: live.headers })).body).toBe('a,b\n1,2\n');
      const revoked = await sessionToken('revoked');
      for (const url of ['/validated', '/missing', '/file']) {
        const res = await app.inject({ url, headers: revoked.headers });
        expect(res.statusCode, url).toBe(401);
        expect(res.json(), url).toMatchObject({ success: false, code: 'SESSION_REVOKED' });
        expect(res.headers['content-type'], url).toMatch(/^application\/json/);
        expect(res.headers['content-disposition'], url).toBeUndefined();
        expect(res.headers['x-kept'], url).toBe('yes');
      }
    } finally {
      await app.close();
    }
  });

  it('two reads in one request share one check', async () => {
    const app = await gateApp();
    try {
      const live = await sessionToken('live');
      const res = await app.inject({ url: '/twice', headers: live.headers });
      expect(res.json()).toEqual({ success: true, data: '1:true' });
      const revoked = await sessionToken('revoked');
      expect((await app.inject({ url: '/twice', headers: revoked.headers })).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('a token of a role the route refuses is looked up at once: 401 for a dead session, 403 for a live one', async () => {
    const app = Fastify({ logger: { level: 'silent' } });
    await app.register(errorsPlugin);
    await app.register(dbPlugin, { handle: await getWorkerDb() });
    await app.register(authPlugin, { accessTokens: createAccessTokens(SECRET, 600) });
    app.get('/admin', { config: { access: ['SUPERADMIN'] } }, async () => ({ ok: true }));
    await app.ready();
    try {
      const live = await sessionToken('live');
      const revoked = await sessionToken('revoked');
      expect((await app.inject({ url: '/admin', headers: live.headers })).statusCode).toBe(403);
      const dead = await app.inject({ url: '/admin', headers: revoked.headers });
      expect(dead.statusCode).toBe(401);
      expect(dead.json()).toMatchObject({ code: 'SESSION_REVOKED' });
    } finally {
      await app.close();
    }
  });
});

// ---------------------------------------------------------------------------------------
// The wire, on PostgreSQL: a proxy between the app and the database records what crosses it

interface Wire {
  /** Directions of the chunks that crossed, in order: C client to server, S server to client. */
  chunks: { from: 'C' | 'S'; data: Buffer }[];
  url: string;
  close(): Promise<void>;
}

async function recordingProxy(target: URL): Promise<Wire> {
  const chunks: Wire['chunks'] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    client.on('data', (data) => {
      chunks.push({ from: 'C', data: Buffer.from(data) });
      upstream.write(data);
    });
    upstream.on('data', (data) => {
      chunks.push({ from: 'S', data: Buffer.from(data) });
      client.write(data);
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.on('error', () => undefined);
    upstream.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as AddressInfo).port);
  return {
    chunks,
    url: url.toString(),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The frontend messages of a chunk: type byte, then a length that counts itself. */
function messageTypes(data: Buffer): string[] {
  const types: string[] = [];
  let at = 0;
  while (at + 5 <= data.length) {
    types.push(String.fromCharCode(data[at]!));
    at += 1 + data.readInt32BE(at + 1);
  }
  return types;
}

/**
 * What a request sent: how many times the app wrote to the database after having heard from
 * it or at first (round trips: runs of client chunks), and how many queries (Sync messages).
 */
function summarize(chunks: Wire['chunks']) {
  let trips = 0;
  let previous: 'C' | 'S' | undefined;
  let syncs = 0;
  for (const chunk of chunks) {
    if (chunk.from === 'C') {
      if (previous !== 'C') trips += 1;
      syncs += messageTypes(chunk.data).filter((t) => t === 'S').length;
    }
    previous = chunk.from;
  }
  const writes = chunks.filter((c) => c.from === 'C').length;
  return { trips, writes, syncs };
}

describe.runIf(driver === 'postgres')('one round trip on PostgreSQL', () => {
  let handle: DbHandle | undefined;
  let wire: Wire | undefined;
  afterAll(async () => {
    await handle?.close();
    await wire?.close();
  });

  it('the hot reads: the lookup and the read leave in one write, nothing else goes out', async () => {
    await getWorkerDb();
    wire = await recordingProxy(new URL(workerDatabaseUrl()));
    // One connection and no read lane (the pooled path), so every query of the app crosses
    // the one recorded socket.
    handle = openPostgres(wire.url, { poolMax: 1, readLanes: 0 });
    const app = await buildTestApp({}, { db: handle, csvWorker: false });
    const w = await authzWorld();
    const headers = w.headers('leader');
    const reads = [
      `${API}/auth/session/me`,
      `${API}/student/me/teams`,
      `${API}/student/courses/${w.course.id}/teams`,
      `${API}/student/teams/${w.team.id}`,
    ];
    const seen: Record<string, ReturnType<typeof summarize>> = {};
    for (const url of reads) {
      // The first call opens the connection and prepares the statements.
      expect((await app.inject({ url, headers })).statusCode, url).toBe(200);
      wire.chunks.length = 0;
      const res = await app.inject({ url, headers });
      expect(res.statusCode, url).toBe(200);
      seen[url] = summarize(wire.chunks);
    }
    expect(seen).toEqual({
      [reads[0]!]: { trips: 1, writes: 1, syncs: 1 },
      [reads[1]!]: { trips: 1, writes: 1, syncs: 2 },
      [reads[2]!]: { trips: 1, writes: 1, syncs: 2 },
      [reads[3]!]: { trips: 1, writes: 1, syncs: 2 },
    });

    // A revoked session: still one trip, and the read's answer is not used.
    const { db } = await getWorkerDb();
    await db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.id, w.leaderSessionId));
    wire.chunks.length = 0;
    const refused = await app.inject({ url: reads[3]!, headers });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'SESSION_REVOKED' });
    expect(summarize(wire.chunks)).toEqual({ trips: 1, writes: 1, syncs: 2 });

    // The connection is handed back only after the read's answers have arrived: the next
    // request on the same (only) connection gets its own answers.
    const member = await app.inject({ url: reads[1]!, headers: w.headers('member') });
    expect(member.statusCode).toBe(200);
    expect(member.json().data.teams.map((t: { id: string }) => t.id)).toEqual([w.team.id]);
    // And it is back to one query at a time for everything else (a transaction, say).
    const result = (await handle.db.transaction(async (tx) =>
      tx.execute(sql`select 1 as one`),
    )) as unknown as { rows: { one: number }[] };
    expect(result.rows).toEqual([{ one: 1 }]);
  });

  it('a read that fails while its queries still run: the connection goes back only after them', async () => {
    const own = openPostgres(workerDatabaseUrl(), { poolMax: 1, readLanes: 0 });
    const app = Fastify({ logger: { level: 'silent' } });
    try {
      await app.register(errorsPlugin);
      await app.register(dbPlugin, { handle: own });
      await app.register(authPlugin, { accessTokens: createAccessTokens(SECRET, 600) });
      let chainDone = false;
      app.get('/orphans', { config: { access: 'authenticated' } }, async (request) =>
        signedInRead(request, async (db) => {
          await Promise.all([
            (async () => {
              await db.execute(sql`select pg_sleep(0.1)`);
              await db.execute(sql`select pg_sleep(0.05)`);
              chainDone = true;
            })(),
            Promise.reject(notFound('Gone')),
          ]);
        }),
      );
      app.get('/value', { config: { access: 'authenticated' } }, async (request) =>
        signedInRead(request, async (db) => {
          const result = (await db.execute(sql`select 42 as n`)) as unknown as {
            rows: { n: number }[];
          };
          return { n: result.rows[0]!.n };
        }),
      );
      await app.ready();
      const live = await sessionToken('live');
      const res = await app.inject({ url: '/orphans', headers: live.headers });
      expect(res.statusCode).toBe(404);
      // The only connection: a transaction gets it once the read has given it back, which is
      // after the failed read's own chain has finished its queries.
      const inTx = (await own.db.transaction(async (tx) => {
        const done = chainDone;
        const rows = (await tx.execute(sql`select 7 as n`)) as unknown as { rows: unknown[] };
        return { done, rows: rows.rows };
      })) as { done: boolean; rows: unknown[] };
      expect(inTx).toEqual({ done: true, rows: [{ n: 7 }] });
      expect((await app.inject({ url: '/value', headers: live.headers })).json()).toEqual({
        n: 42,
      });
    } finally {
      await app.close();
      await own.close();
    }
  });
});

describe.runIf(driver === 'postgres')('pooled reads without lanes', () => {
  it('a read whose session is due a last-used write completes with every pooled connection held by reads', async () => {
    // The write goes on the read's own connection: from the pool it would wait for a
    // connection that only a finished read gives back (a deadlock once reads fill the pool).
    const handle = openPostgres(workerDatabaseUrl(), { poolMax: 1, readLanes: 0 });
    try {
      const app = await buildTestApp({}, { db: handle, csvWorker: false });
      const w = await authzWorld();
      const { db } = await getWorkerDb();
      const old = new Date(Date.now() - 5 * 60_000);
      await db.update(sessions).set({ lastUsedAt: old }).where(eq(sessions.id, w.leaderSessionId));
      const answers = await Promise.race([
        Promise.all(
          [0, 1, 2].map(() =>
            app.inject({ url: `${API}/student/me/teams`, headers: w.headers('leader') }),
          ),
        ),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), 5_000)),
      ]);
      expect(answers?.map((res) => res.statusCode)).toEqual([200, 200, 200]);
      const [row] = await db
        .select({ at: sessions.lastUsedAt })
        .from(sessions)
        .where(eq(sessions.id, w.leaderSessionId));
      expect(row!.at.getTime()).toBeGreaterThan(old.getTime() + 60_000);
      await app.close();
    } finally {
      await handle.close();
    }
  });
});

describe.runIf(driver === 'postgres')('read lanes on PostgreSQL (decision 104)', () => {
  it('the reads of one turn of the event loop leave in one write on the lane, each answered with its own data', async () => {
    await getWorkerDb();
    const wire = await recordingProxy(new URL(workerDatabaseUrl()));
    const handle = openPostgres(wire.url, { poolMax: 1, readLanes: 1 });
    try {
      const app = await buildTestApp({}, { db: handle, csvWorker: false });
      const w = await authzWorld();
      const teamsUrl = `${API}/student/me/teams`;
      // Warm: the lane is opened and the statements are prepared on it.
      expect((await app.inject({ url: teamsUrl, headers: w.headers('leader') })).statusCode).toBe(
        200,
      );
      expect((await app.inject({ url: teamsUrl, headers: w.headers('member') })).statusCode).toBe(
        200,
      );
      wire.chunks.length = 0;
      const who = ['leader', 'member', 'classmate', 'leader', 'member'] as const;
      const answers = await Promise.all(
        who.map((role) => app.inject({ url: teamsUrl, headers: w.headers(role) })),
      );
      for (const [i, res] of answers.entries()) {
        expect(res.statusCode, who[i]).toBe(200);
        const ids = res.json().data.teams.map((t: { id: string }) => t.id);
        expect(ids, who[i]).toEqual(who[i] === 'classmate' ? [] : [w.team.id]);
      }
      // Five requests, one lookup and one read each (the classmate, without a team, asks for
      // its requests too): every query of the turn went out in the lane's first write.
      const sent = wire.chunks.filter((c) => c.from === 'C');
      expect(sent.length).toBeLessThanOrEqual(2);
      const syncs = messageTypes(sent[0]!.data).filter((t) => t === 'S').length;
      expect(syncs).toBeGreaterThanOrEqual(10);
    } finally {
      await handle.close();
      await wire.close();
    }
  });

  it('a revoked session is refused on the lane, and a lane is read-only', async () => {
    const handle = openPostgres(workerDatabaseUrl(), { poolMax: 2, readLanes: 1 });
    try {
      const app = await buildTestApp({}, { db: handle, csvWorker: false });
      const w = await authzWorld();
      const url = `${API}/student/teams/${w.team.id}`;
      expect((await app.inject({ url, headers: w.headers('leader') })).statusCode).toBe(200);
      const { db } = await getWorkerDb();
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(eq(sessions.id, w.leaderSessionId));
      const refused = await app.inject({ url, headers: w.headers('leader') });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ code: 'SESSION_REVOKED' });
      // A write given to a lane fails instead of writing outside the request's transaction.
      const connect = pipelinedConnectionOf(handle.db)!;
      const lane = await connect();
      const refusedWrite = await lane.db
        .update(users)
        .set({ fullname: 'Changed' })
        .where(eq(users.id, w.member.id))
        .then(
          () => null,
          (error: { cause?: { code?: string } }) => error,
        );
      // 25006: read_only_sql_transaction.
      expect(refusedWrite?.cause?.code).toBe('25006');
      // The lane still answers after the refused write (each query has its own Sync).
      const ok = await app.inject({ url, headers: w.headers('member') });
      expect(ok.statusCode).toBe(200);
    } finally {
      await handle.close();
    }
  });

  it('a lane whose connection is ended by the server is opened again for the next read', async () => {
    const handle = openPostgres(workerDatabaseUrl(), { poolMax: 2, readLanes: 1 });
    try {
      const app = await buildTestApp({}, { db: handle, csvWorker: false });
      const w = await authzWorld();
      const url = `${API}/student/me/teams`;
      expect((await app.inject({ url, headers: w.headers('member') })).statusCode).toBe(200);
      const lane = await pipelinedConnectionOf(handle.db)!();
      const pid = (
        (await lane.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
          rows: { pid: number }[];
        }
      ).rows[0]!.pid;
      const { db } = await getWorkerDb();
      await db.execute(sql`select pg_terminate_backend(${pid})`);
      // The lane notices the end of its connection, and the next read gets a fresh one.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const res = await app.inject({ url, headers: w.headers('member') });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.teams.map((t: { id: string }) => t.id)).toEqual([w.team.id]);
    } finally {
      await handle.close();
    }
  });
});
