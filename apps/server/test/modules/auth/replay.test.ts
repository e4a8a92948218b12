// An ID token signs in once (decision 082): Google's and the development issuer's alike.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../../../src/db/client.js';
import { sessions, usedIdTokens, users } from '../../../src/db/schema/index.js';
import { DEV_ISSUER } from '../../../src/modules/auth/dev-idp.js';
import { idTokenReplayKey } from '../../../src/modules/auth/id-token.js';
import { USED_ID_TOKEN_GRACE_SECONDS } from '../../../src/modules/auth/service.js';
import {
  TEST_GOOGLE_CLIENT_ID,
  decodePayload,
  devCredential,
  driver,
  getWorkerDb,
  googleIdToken,
  login,
  workerDatabaseUrl,
} from '../../helper.js';
import { buildTestApp } from '../../helper.js';

const REPLAY_MESSAGE = 'This Google credential was already used to sign in. Please sign in again.';

async function sessionCount(): Promise<number> {
  const { db } = await getWorkerDb();
  const [row] = await db.select({ n: count() }).from(sessions);
  return row!.n;
}

async function usedTokenRows() {
  const { db } = await getWorkerDb();
  return db.select().from(usedIdTokens);
}

function expectReplayRefused(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(401);
  expect(res.json()).toEqual({ success: false, code: 'INVALID_TOKEN', message: REPLAY_MESSAGE });
  expect(res.headers['set-cookie']).toBeUndefined();
}

/** The same token with the spare bits of its signature's last character changed. */
function reencodedSignature(token: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const last = alphabet.indexOf(token.at(-1)!);
  const twin = (last & 0b110000) | ((last + 1) & 0b001111);
  return token.slice(0, -1) + alphabet[twin]!;
}

describe('a development ID token signs in once', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({}, { csvWorker: false });
  });

  it('refuses the second use with 401 INVALID_TOKEN and opens no session', async () => {
    const credential = await devCredential(app, 'once@example.edu', 'Once Only');
    expect((await login(app, credential)).statusCode).toBe(200);
    expect(await sessionCount()).toBe(1);

    expectReplayRefused(await login(app, credential));
    expect(await sessionCount()).toBe(1);

    const rows = await usedTokenRows();
    expect(rows).toHaveLength(1);
    // Remembered by a hash, until the token's own expiry.
    expect(rows[0]!.tokenHash).toBe(idTokenReplayKey(DEV_ISSUER, credential));
    expect(rows[0]!.tokenHash).not.toContain(credential.split('.')[1]!);
    expect(rows[0]!.expiresAt.getTime()).toBe(Number(decodePayload(credential).exp) * 1000);
  });

  it('issues a different token each time, so signing in again just takes a new one', async () => {
    const first = await devCredential(app, 'twice@example.edu');
    const second = await devCredential(app, 'twice@example.edu');
    expect(second).not.toBe(first);
    expect(decodePayload(second).jti).not.toBe(decodePayload(first).jti);
    expect((await login(app, first)).statusCode).toBe(200);
    expect((await login(app, second)).statusCode).toBe(200);
    expect(await sessionCount()).toBe(2);
  });

  it('does not use the token up when the sign-in fails after the check', async () => {
    const { db } = await getWorkerDb();
    const credential = await devCredential(app, 'unlucky@example.edu');
    // A sign-in that fails inside its transaction: opening the session raises.
    await db.execute(sql`
      create function h3_refuse_session() returns trigger language plpgsql as
        $$ begin raise exception 'session store unavailable'; end $$`);
    await db.execute(sql`
      create trigger h3_refuse_session before insert on sessions
        for each row execute function h3_refuse_session()`);
    try {
      const failed = await login(app, credential);
      expect(failed.statusCode).toBe(500);
    } finally {
      await db.execute(sql`drop trigger h3_refuse_session on sessions`);
      await db.execute(sql`drop function h3_refuse_session()`);
    }
    expect(await usedTokenRows()).toEqual([]);
    expect(await db.select().from(users).where(eq(users.email, 'unlucky@example.edu'))).toEqual([]);

    expect((await login(app, credential)).statusCode).toBe(200);
    expectReplayRefused(await login(app, credential));
  });

  it('forgets used tokens once they have expired (past a grace), a batch per sign-in', async () => {
    const { db } = await getWorkerDb();
    const ago = (seconds: number) => new Date(Date.now() - seconds * 1000);
    await db.insert(usedIdTokens).values([
      { tokenHash: 'long-expired', expiresAt: ago(24 * 3600) },
      { tokenHash: 'just-past-grace', expiresAt: ago(USED_ID_TOKEN_GRACE_SECONDS + 60) },
      { tokenHash: 'within-grace', expiresAt: ago(USED_ID_TOKEN_GRACE_SECONDS - 60) },
      { tokenHash: 'still-valid', expiresAt: new Date(Date.now() + 600_000) },
    ]);
    expect((await login(app, await devCredential(app, 'pruner@example.edu'))).statusCode).toBe(200);
    const kept = (await usedTokenRows()).map((r) => r.tokenHash).sort();
    expect(kept).toHaveLength(3);
    expect(kept).toEqual(expect.arrayContaining(['within-grace', 'still-valid']));
    expect(kept).not.toContain('long-expired');
    expect(kept).not.toContain('just-past-grace');
  });

  it('deletes at most 100 expired rows per sign-in', async () => {
    const { db } = await getWorkerDb();
    const expiredAt = new Date(Date.now() - 24 * 3600 * 1000);
    await db
      .insert(usedIdTokens)
      .values(
        Array.from({ length: 150 }, (_, i) => ({ tokenHash: `old-${i}`, expiresAt: expiredAt })),
      );
    expect((await login(app, await devCredential(app, 'batch@example.edu'))).statusCode).toBe(200);
    // 150 old ones, 100 pruned, plus the one that just signed in.
    expect(await usedTokenRows()).toHaveLength(51);
    expect((await login(app, await devCredential(app, 'batch@example.edu'))).statusCode).toBe(200);
    expect(await usedTokenRows()).toHaveLength(2);
  });
});

describe('a Google ID token signs in once', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ GOOGLE_CLIENT_ID: TEST_GOOGLE_CLIENT_ID }, { csvWorker: false });
  });

  it('refuses the replay, also of a copy whose signature is encoded differently', async () => {
    const credential = await googleIdToken({ claims: { email: 'replay@gmail.com' } });
    const twin = reencodedSignature(credential);
    expect(twin).not.toBe(credential);

    expect((await login(app, twin)).statusCode).toBe(200);
    expectReplayRefused(await login(app, credential));
    expectReplayRefused(await login(app, twin));
    expect(await sessionCount()).toBe(1);
  });

  it('checks the token before remembering it: a forged one is refused and leaves no trace', async () => {
    const forged = await googleIdToken({ key: 'stranger' });
    const res = await login(app, forged);
    expect(res.json()).toMatchObject({
      code: 'INVALID_TOKEN',
      message: 'Invalid Google credential',
    });
    expect(await usedTokenRows()).toEqual([]);
  });
});

// On PostgreSQL the sign-ins run on separate connections at the same moment; on PGlite (one
// connection) they queue, and the outcome must be the same.
describe('concurrent sign-ins with one token', () => {
  const RACERS = 8;
  let app: FastifyInstance;
  let raceDb: DbHandle | undefined;
  beforeAll(async () => {
    await getWorkerDb();
    if (driver === 'postgres') {
      raceDb = createDb({ DATABASE_URL: workerDatabaseUrl(), DATABASE_POOL_MAX: 20, DATA_DIR: '' });
    }
    app = await buildTestApp({}, { csvWorker: false, ...(raceDb ? { db: raceDb } : {}) });
  });
  afterAll(async () => {
    await raceDb?.close();
  });

  async function waitingForLocks(): Promise<number> {
    const { db } = await getWorkerDb();
    const result = (await db.execute(
      sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
    )) as unknown as { rows: { n: number }[] };
    return result.rows[0]!.n;
  }

  /**
   * On PostgreSQL: holds the token's key in an open transaction of its own until all racers
   * wait on it, then rolls back, so they all reach the insert at once.
   */
  async function allAtOnce<T>(credential: string, race: () => Promise<T>): Promise<T> {
    if (driver !== 'postgres') return race();
    const { db } = await getWorkerDb();
    let held!: () => void;
    let release!: () => void;
    const holding = new Promise<void>((resolve) => (held = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    const holder = db
      .transaction(async (tx) => {
        await tx.insert(usedIdTokens).values({
          tokenHash: idTokenReplayKey(DEV_ISSUER, credential),
          expiresAt: new Date(Date.now() + 600_000),
        });
        held();
        await released;
        throw new Error('rolled back on purpose');
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error) || error.message !== 'rolled back on purpose') throw error;
      });
    await holding;
    const running = race();
    try {
      const deadline = Date.now() + 10_000;
      let waiting = await waitingForLocks();
      while (waiting < RACERS && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        waiting = await waitingForLocks();
      }
      expect(waiting, 'sign-ins waiting on the token at once').toBe(RACERS);
    } finally {
      release();
      await holder;
    }
    return running;
  }

  it(`${RACERS} sign-ins with the same token: exactly one succeeds and opens a session`, async () => {
    const credential = await devCredential(app, 'racer@example.edu');
    const responses = await allAtOnce(credential, () =>
      Promise.all(Array.from({ length: RACERS }, () => login(app, credential))),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, ...Array.from({ length: RACERS - 1 }, () => 401)]);
    for (const res of responses.filter((r) => r.statusCode === 401)) expectReplayRefused(res);
    expect(await sessionCount()).toBe(1);
    expect(await usedTokenRows()).toHaveLength(1);
  });
});
