import type { FastifyInstance } from 'fastify';
import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { CsvRowError } from '@teamup/shared';
import {
  csvUploads,
  notifications,
  refreshTokens,
  sessions,
} from '../../../src/db/schema/index.js';
import {
  createRetentionJob,
  retentionLimits,
  runRetention,
  type RetentionLimits,
} from '../../../src/modules/maintenance/retention.js';
import { API, bearer, buildTestApp, getWorkerDb, refreshCookieOf, signIn } from '../../helper.js';
import { makeUser, makeWorld } from '../../fixtures.js';

const TTL = 30 * 86_400;
const limits = (overrides: Partial<RetentionLimits> = {}) => retentionLimits(TTL, overrides);
const daysAgo = (days: number) => sql`now() - make_interval(days => ${days}::int)`;
const daysAhead = (days: number) => sql`now() + make_interval(days => ${days}::int)`;

// Opening the database (PGlite starts and migrates) belongs in a hook, not in the first test.
beforeAll(async () => {
  await getWorkerDb();
});

let tokenSeq = 0;
const tokenHash = () => `hash-${process.pid}-${++tokenSeq}`.padEnd(64, '0');

async function makeSession(
  userId: string,
  input: { expiresDaysAgo?: number; revokedDaysAgo?: number; expiresInDays?: number },
) {
  const { db } = await getWorkerDb();
  const [row] = await db
    .insert(sessions)
    .values({
      userId,
      expiresAt:
        input.expiresDaysAgo !== undefined
          ? daysAgo(input.expiresDaysAgo)
          : daysAhead(input.expiresInDays ?? 20),
      revokedAt: input.revokedDaysAgo !== undefined ? daysAgo(input.revokedDaysAgo) : null,
      revokedReason: input.revokedDaysAgo !== undefined ? 'logout' : null,
    })
    .returning({ id: sessions.id });
  return row!.id;
}

/** A refresh token; `usedDaysAgo` unset: the session's current (unused) one. */
async function makeToken(
  sessionId: string,
  input: { usedDaysAgo?: number; createdDaysAgo?: number } = {},
) {
  const { db } = await getWorkerDb();
  const created = input.createdDaysAgo ?? (input.usedDaysAgo ?? 0) + 1;
  const [row] = await db
    .insert(refreshTokens)
    .values({
      sessionId,
      tokenHash: tokenHash(),
      createdAt: daysAgo(created),
      usedAt: input.usedDaysAgo !== undefined ? daysAgo(input.usedDaysAgo) : null,
    })
    .returning({ id: refreshTokens.id });
  return row!.id;
}

async function sessionIds() {
  const { db } = await getWorkerDb();
  return (await db.select({ id: sessions.id }).from(sessions)).map((r) => r.id).sort();
}

async function tokenIds() {
  const { db } = await getWorkerDb();
  return (await db.select({ id: refreshTokens.id }).from(refreshTokens)).map((r) => r.id).sort();
}

describe('retention: sessions and refresh tokens', () => {
  it('deletes sessions dead for more than 30 days with their tokens, and keeps the rest', async () => {
    const { db } = await getWorkerDb();
    const user = await makeUser();
    const expiredLongAgo = await makeSession(user.id, { expiresDaysAgo: 31 });
    const revokedLongAgo = await makeSession(user.id, { revokedDaysAgo: 31, expiresInDays: 5 });
    // Revoked recently but expired long ago: dead since its expiry.
    const expiredThenRevoked = await makeSession(user.id, {
      expiresDaysAgo: 40,
      revokedDaysAgo: 2,
    });
    const expiredRecently = await makeSession(user.id, { expiresDaysAgo: 29 });
    const revokedRecently = await makeSession(user.id, { revokedDaysAgo: 29, expiresInDays: 5 });
    const live = await makeSession(user.id, { expiresInDays: 20 });
    const goneTokens = [
      await makeToken(expiredLongAgo, { usedDaysAgo: 35 }),
      await makeToken(expiredLongAgo, { createdDaysAgo: 35 }),
      await makeToken(revokedLongAgo, { usedDaysAgo: 3, createdDaysAgo: 32 }),
      await makeToken(revokedLongAgo, { createdDaysAgo: 32 }),
      await makeToken(expiredThenRevoked, { createdDaysAgo: 41 }),
    ];
    const keptTokens = [
      await makeToken(expiredRecently, { usedDaysAgo: 2 }),
      await makeToken(revokedRecently, { createdDaysAgo: 30 }),
      await makeToken(live, { usedDaysAgo: 1 }),
      await makeToken(live),
    ];

    const counts = await runRetention(db, limits());

    expect(counts).toEqual({
      sessions: 3,
      refreshTokens: 5,
      csvContents: 0,
      activityDays: 0,
      notifications: 0,
      idempotencyKeys: 0,
      capped: false,
    });
    expect(await sessionIds()).toEqual([expiredRecently, revokedRecently, live].sort());
    expect(await tokenIds()).toEqual([...keptTokens].sort());
    const left = await db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(inArray(refreshTokens.id, goneTokens));
    expect(left).toEqual([]);
  });

  it('deletes used tokens of a live session once the use is older than REFRESH_TOKEN_TTL + 1 day, never its current one', async () => {
    const { db } = await getWorkerDb();
    const user = await makeUser();
    const live = await makeSession(user.id, { expiresInDays: 29 });
    await makeToken(live, { usedDaysAgo: 31, createdDaysAgo: 31 });
    await makeToken(live, { usedDaysAgo: 45 });
    const recent = await makeToken(live, { usedDaysAgo: 30 });
    // Created long ago but never used (a tab that has not refreshed): still the cookie's token.
    const current = await makeToken(live, { createdDaysAgo: 60 });

    const counts = await runRetention(db, limits());

    expect(counts).toMatchObject({ sessions: 0, refreshTokens: 2 });
    expect(await tokenIds()).toEqual([recent, current].sort());
    expect(await sessionIds()).toEqual([live]);
  });

  it('follows REFRESH_TOKEN_TTL: with a 7-day TTL, a use 9 days ago is past it', async () => {
    const { db } = await getWorkerDb();
    const user = await makeUser();
    const live = await makeSession(user.id, { expiresInDays: 6 });
    await makeToken(live, { usedDaysAgo: 9 });
    const kept = await makeToken(live, { usedDaysAgo: 7 });
    await runRetention(db, retentionLimits(7 * 86_400));
    expect(await tokenIds()).toEqual([kept]);
  });

  it('keeps reuse detection: a rotated token presented again still revokes the session after a run', async () => {
    const { db } = await getWorkerDb();
    const app = await buildTestApp();
    const first = await signIn(app, 'retention-reuse@example.edu');
    const rotated = await app.inject({
      method: 'GET',
      url: `${API}/auth/refresh-token`,
      cookies: { teamup_refresh: first.cookie },
    });
    expect(rotated.statusCode).toBe(200);
    expect(refreshCookieOf(rotated)).toBeDefined();

    expect(await runRetention(db, limits())).toMatchObject({ sessions: 0, refreshTokens: 0 });

    const replay = await app.inject({
      method: 'GET',
      url: `${API}/auth/refresh-token`,
      cookies: { teamup_refresh: first.cookie },
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ success: false, code: 'REFRESH_TOKEN_REUSED' });
  });

  it('refuses a token it deleted as unknown: never a way back in', async () => {
    const { db } = await getWorkerDb();
    const app = await buildTestApp();
    const first = await signIn(app, 'retention-old@example.edu');
    const rotated = await app.inject({
      method: 'GET',
      url: `${API}/auth/refresh-token`,
      cookies: { teamup_refresh: first.cookie },
    });
    const session = rotated.json<{ data: { token: string } }>().data.token;
    await db
      .update(refreshTokens)
      .set({ usedAt: daysAgo(32) })
      .where(sql`used_at is not null`);
    expect(await runRetention(db, limits())).toMatchObject({ refreshTokens: 1 });

    const replay = await app.inject({
      method: 'GET',
      url: `${API}/auth/refresh-token`,
      cookies: { teamup_refresh: first.cookie },
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    // The session itself is untouched: its current cookie and access token still work.
    const me = await app.inject({
      method: 'GET',
      url: `${API}/auth/session/me`,
      headers: bearer(session),
    });
    expect(me.statusCode).toBe(200);
    const next = await app.inject({
      method: 'GET',
      url: `${API}/auth/refresh-token`,
      cookies: { teamup_refresh: refreshCookieOf(rotated)! },
    });
    expect(next.statusCode).toBe(200);
  });
});

describe('retention: uploaded files', () => {
  async function makeUpload(
    courseId: string,
    organizationId: string,
    input: { status: 'QUEUED' | 'PROCESSING' | 'COMPLETED' | 'FAILED'; finishedDaysAgo?: number },
  ) {
    const { db } = await getWorkerDb();
    const errors: CsvRowError[] = [
      { row: 3, email: 'bad', fullname: 'Bad Row', studentId: '', reason: 'Invalid email' },
    ];
    const [row] = await db
      .insert(csvUploads)
      .values({
        courseId,
        organizationId,
        fileName: 'roster.csv',
        content: 'email,fullname\na@example.edu,A\nbad,Bad Row\n',
        status: input.status,
        totalRows: 2,
        processedRows: 2,
        createdCount: 1,
        rejectedCount: 1,
        errors,
        createdAt: daysAgo(60),
        finishedAt: input.finishedDaysAgo !== undefined ? daysAgo(input.finishedDaysAgo) : null,
      })
      .returning({ id: csvUploads.id });
    return row!.id;
  }

  async function contentOf(id: string) {
    const { db } = await getWorkerDb();
    const [row] = await db
      .select({
        content: csvUploads.content,
        rejected: csvUploads.rejectedCount,
        errors: csvUploads.errors,
      })
      .from(csvUploads)
      .where(eq(csvUploads.id, id));
    return row!;
  }

  it('clears the file of uploads finished more than 30 days ago and keeps counts and rejected rows', async () => {
    const { db } = await getWorkerDb();
    const w = await makeWorld();
    const org = w.orgA.id;
    const course = w.courseA.id;
    const completedOld = await makeUpload(course, org, {
      status: 'COMPLETED',
      finishedDaysAgo: 31,
    });
    const failedOld = await makeUpload(course, org, { status: 'FAILED', finishedDaysAgo: 31 });
    const completedRecent = await makeUpload(course, org, {
      status: 'COMPLETED',
      finishedDaysAgo: 29,
    });
    const queued = await makeUpload(course, org, { status: 'QUEUED' });
    const processing = await makeUpload(course, org, { status: 'PROCESSING' });

    expect(await runRetention(db, limits())).toMatchObject({ csvContents: 2 });

    for (const id of [completedOld, failedOld]) {
      const row = await contentOf(id);
      expect(row.content).toBe('');
      expect(row.rejected).toBe(1);
      expect(row.errors).toHaveLength(1);
    }
    for (const id of [completedRecent, queued, processing]) {
      expect((await contentOf(id)).content).toContain('a@example.edu');
    }
    // A second run finds nothing left to clear.
    expect(await runRetention(db, limits())).toMatchObject({ csvContents: 0 });

    // The status call and the rejected-rows report read what is kept, not the file.
    const app = await buildTestApp();
    const { token } = await signIn(app, w.adminA.email);
    const status = await app.inject({
      method: 'GET',
      url: `${API}/csv/status/${completedOld}`,
      headers: bearer(token),
    });
    expect(status.statusCode).toBe(200);
    expect(status.json().data).toMatchObject({
      status: 'COMPLETED',
      counts: { rowsRead: 2, created: 1, rejected: 1 },
    });
    const report = await app.inject({
      method: 'GET',
      url: `${API}/csv/status/${completedOld}/errors.csv`,
      headers: bearer(token),
    });
    expect(report.statusCode).toBe(200);
    expect(report.body).toContain('Invalid email');
  });
});

describe('retention: batches and concurrency', () => {
  async function deadSessions(n: number, tokensEach: number) {
    const { db } = await getWorkerDb();
    const user = await makeUser();
    const rows = await db
      .insert(sessions)
      .values(Array.from({ length: n }, () => ({ userId: user.id, expiresAt: daysAgo(40) })))
      .returning({ id: sessions.id });
    if (tokensEach > 0) {
      await db
        .insert(refreshTokens)
        .values(
          rows.flatMap((s) =>
            Array.from({ length: tokensEach }, () => ({ sessionId: s.id, tokenHash: tokenHash() })),
          ),
        );
    }
    return rows.map((r) => r.id);
  }

  it('stops after maxBatches statements and says more is waiting; the next run goes on', async () => {
    const { db } = await getWorkerDb();
    await deadSessions(25, 0);
    const small = limits({ batchRows: 10, maxBatches: 2 });

    expect(await runRetention(db, small)).toEqual({
      sessions: 20,
      refreshTokens: 0,
      csvContents: 0,
      activityDays: 0,
      notifications: 0,
      idempotencyKeys: 0,
      capped: true,
    });
    expect(await sessionIds()).toHaveLength(5);
    expect(await runRetention(db, small)).toMatchObject({ sessions: 5, capped: false });
    expect(await sessionIds()).toHaveLength(0);
  });

  it('never lets a session deletion cascade: a session whose tokens are not all gone waits', async () => {
    const { db } = await getWorkerDb();
    await deadSessions(3, 4);
    // 12 tokens, 5 per batch and one batch per run: the sessions go once their tokens have.
    const small = limits({ batchRows: 5, maxBatches: 1 });
    const first = await runRetention(db, small);
    expect(first).toMatchObject({ refreshTokens: 5, capped: true });
    const runs = [first];
    while (runs.at(-1)!.capped) runs.push(await runRetention(db, small));
    const total = runs.reduce(
      (sum, c) => ({ sessions: sum.sessions + c.sessions, tokens: sum.tokens + c.refreshTokens }),
      { sessions: 0, tokens: 0 },
    );
    expect(total).toEqual({ sessions: 3, tokens: 12 });
    expect(await sessionIds()).toEqual([]);
    expect(await tokenIds()).toEqual([]);
  });

  it('two runs at once both succeed and together delete every row once', async () => {
    const { db } = await getWorkerDb();
    await deadSessions(40, 2);
    const small = limits({ batchRows: 7, maxBatches: 100 });
    const [a, b] = await Promise.all([runRetention(db, small), runRetention(db, small)]);
    expect(a.sessions + b.sessions).toBe(40);
    expect(a.refreshTokens + b.refreshTokens).toBe(80);
    expect(await sessionIds()).toEqual([]);
    expect(await tokenIds()).toEqual([]);
  });
});

describe('retention job in the app', () => {
  function logLines() {
    const lines: Record<string, unknown>[] = [];
    return {
      lines,
      stream: {
        write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>),
      },
      runs: () => lines.filter((l) => l.msg === 'retention run'),
    };
  }

  const waitFor = async (check: () => boolean, ms = 5000) => {
    const until = Date.now() + ms;
    while (!check()) {
      if (Date.now() > until) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 10));
    }
  };

  it('is off in tests unless asked for', async () => {
    const log = logLines();
    await buildTestApp({ LOG_LEVEL: 'info' }, { logStream: log.stream });
    await new Promise((r) => setTimeout(r, 100));
    expect(log.runs()).toEqual([]);
  });

  it('runs on its interval, logs its counts, and stops with the app', async () => {
    const user = await makeUser();
    const dead = await makeSession(user.id, { expiresDaysAgo: 31 });
    const log = logLines();
    const app: FastifyInstance = await buildTestApp(
      { LOG_LEVEL: 'info' },
      { logStream: log.stream, retention: { firstDelayMs: 0, intervalMs: 20, jitter: 0 } },
    );
    await waitFor(() => log.runs().length >= 2);
    expect(log.runs()[0]).toMatchObject({
      level: 30,
      sessions: 1,
      refreshTokens: 0,
      csvContents: 0,
      capped: false,
    });
    expect(await sessionIds()).not.toContain(dead);

    await app.close();
    const after = log.runs().length;
    await new Promise((r) => setTimeout(r, 100));
    expect(log.runs().length).toBe(after);
  });

  it('close() waits for a run under way, which stops at its next batch', async () => {
    const { db } = await getWorkerDb();
    const lines: string[] = [];
    const log = {
      info: (o: unknown, m: string) => lines.push(m),
      warn: (o: unknown, m: string) => lines.push(m),
    } as unknown as Parameters<typeof createRetentionJob>[1];
    const job = createRetentionJob(db, log, TTL, { limits: { batchRows: 1, maxBatches: 1000 } });
    await makeSession((await makeUser()).id, { expiresDaysAgo: 31 });
    const running = job.runOnce();
    // runOnce during a run is that same run.
    expect(job.runOnce()).toBe(running);
    await job.stop();
    await expect(running).resolves.toMatchObject({ capped: false });
    expect(lines).toEqual(['retention run']);
    job.start();
    await new Promise((r) => setTimeout(r, 50));
    expect(lines).toEqual(['retention run']);
  });

  it('leaves no timer behind once stopped', async () => {
    const { db } = await getWorkerDb();
    const log = { info: () => undefined, warn: () => undefined } as unknown as Parameters<
      typeof createRetentionJob
    >[1];
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const job = createRetentionJob(db, log, TTL);
      expect(vi.getTimerCount()).toBe(0);
      job.start();
      job.start();
      expect(vi.getTimerCount()).toBe(1);
      await job.stop();
      expect(vi.getTimerCount()).toBe(0);
      // A stopped job cannot be started again.
      job.start();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('retention: notifications', () => {
  it('deletes notifications older than 90 days, read or not, in batches, and keeps the newer ones', async () => {
    const { db } = await getWorkerDb();
    const user = await makeUser();
    const write = (days: number, read: boolean) =>
      db
        .insert(notifications)
        .values({
          userId: user.id,
          kind: 'DEADLINE_SOON',
          createdAt: daysAgo(days),
          readAt: read ? daysAgo(days) : null,
        })
        .returning({ id: notifications.id })
        .then(([row]) => row!.id);
    const old = [await write(91, true), await write(91, false), await write(120, false)];
    const kept = [await write(89, false), await write(1, true)];

    const counts = await runRetention(db, limits({ batchRows: 2 }));

    expect(counts.notifications).toBe(3);
    const left = await db
      .select({ id: notifications.id })
      .from(notifications)
      .where(inArray(notifications.id, [...old, ...kept]));
    expect(left.map((r) => r.id).sort()).toEqual([...kept].sort());
  });
});
