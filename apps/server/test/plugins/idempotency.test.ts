import type { FastifyInstance } from 'fastify';
import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, teams } from '../../src/db/schema/index.js';
import { runRetention, retentionLimits } from '../../src/modules/maintenance/retention.js';
import { getWorkerDb } from '../helper.js';
import { buildTestApp } from '../helper.js';
import { call, world, type World } from '../modules/teams/teams-world.js';

// Issue 35 item 12, decision 149: every call that creates or applies something is done once
// per Idempotency-Key, and a repeat gets the first answer.

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

const create = (w: World, headers: Record<string, string>, name = 'Bravo') =>
  call(app, 'POST', `/student/courses/${w.course.id}/teams`, headers, { name });

async function teamCount(name: string): Promise<number> {
  const { db } = await getWorkerDb();
  const [row] = await db.select({ n: count() }).from(teams).where(eq(teams.name, name));
  return row!.n;
}

describe('Idempotency-Key', () => {
  it('a repeat with the same key gets the first answer and creates nothing more', async () => {
    const w = await world(app);
    const headers = { ...w.as.sue, 'idempotency-key': 'create-bravo-1' };
    const first = await create(w, headers);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await create(w, headers);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await teamCount('Bravo')).toBe(1);
    // Without the key, the same call is a second action (and is refused: Sue leads a team now).
    const plain = await create(w, w.as.sue);
    expect(plain.statusCode).toBe(409);
  });

  it('a double click (two calls at once) acts once and both are told the same success', async () => {
    const w = await world(app);
    const headers = { ...w.as.sue, 'idempotency-key': 'double-click' };
    const [a, b] = await Promise.all([create(w, headers), create(w, headers)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json()).toEqual(b.json());
    expect(await teamCount('Bravo')).toBe(1);
    const replayed = [a, b].filter((r) => r.headers['idempotent-replayed'] === 'true');
    expect(replayed).toHaveLength(1);
  });

  it('a refusal is kept too: the repeat is refused the same way, and the key is not spent on another action', async () => {
    const w = await world(app);
    const headers = { ...w.as.lea, 'idempotency-key': 'refused' };
    const first = await create(w, headers); // Lea leads Alpha already
    expect(first.statusCode).toBe(409);
    const again = await create(w, headers);
    expect(again.statusCode).toBe(409);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
  });

  it('the same key with another body or path is refused with 422 and changes nothing', async () => {
    const w = await world(app);
    const headers = { ...w.as.sue, 'idempotency-key': 'reused-key' };
    expect((await create(w, headers, 'Bravo')).statusCode).toBe(201);
    const other = await create(w, headers, 'Charlie');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ success: false, code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await teamCount('Charlie')).toBe(0);
    const otherPath = await call(app, 'POST', `/student/courses/${w.courseB.id}/teams`, headers, {
      name: 'Bravo',
    });
    expect(otherPath.statusCode).toBe(422);
  });

  it('keys are per person: another person with the same key acts for themselves, never reads the first answer', async () => {
    const w = await world(app);
    const key = 'shared-key';
    const sue = await create(w, { ...w.as.sue, 'idempotency-key': key }, 'Bravo');
    expect(sue.statusCode).toBe(201);
    const mia = await call(app, 'POST', `/student/teams/${w.team.id}/leave`, {
      ...w.as.mia,
      'idempotency-key': key,
    });
    expect(mia.headers['idempotent-replayed']).toBeUndefined();
    expect(mia.body).not.toContain('Bravo');
  });

  it('a malformed key is refused with 400 before anything is done', async () => {
    const w = await world(app);
    const res = await create(w, { ...w.as.sue, 'idempotency-key': 'has space' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(await teamCount('Bravo')).toBe(0);
    const long = await create(w, { ...w.as.sue, 'idempotency-key': 'k'.repeat(256) });
    expect(long.statusCode).toBe(400);
  });

  it('a claim left without an answer (a stopped process) is taken again after a while; a day-old key starts afresh', async () => {
    const w = await world(app);
    const { db } = await getWorkerDb();
    const headers = { ...w.as.sue, 'idempotency-key': 'abandoned' };
    const first = await create(w, headers, 'Bravo');
    expect(first.statusCode).toBe(201);
    // Make the kept answer a day old: the key may be used again for a new action.
    await db.execute(
      sql`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = 'abandoned'`,
    );
    const later = await call(app, 'POST', `/student/teams/${w.team.id}/join-requests`, headers, {});
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(later.statusCode).not.toBe(422);

    // A claim with no answer, five minutes old: claimed again, the call runs.
    await db.execute(
      sql`INSERT INTO idempotency_keys (user_id, key, method, path, fingerprint, created_at)
          SELECT user_id, 'stale', 'POST', 'x', 'x', now() - interval '6 minutes'
          FROM idempotency_keys WHERE key = 'abandoned'`,
    );
    const retried = await call(app, 'POST', `/student/teams/${w.team.id}/leave`, {
      ...w.as.mia,
      'idempotency-key': 'stale',
    });
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
  });

  it('the retention job deletes keys a day old and keeps newer ones', async () => {
    const w = await world(app);
    const { db } = await getWorkerDb();
    await create(w, { ...w.as.sue, 'idempotency-key': 'old' }, 'Bravo');
    await create(w, { ...w.as.mia, 'idempotency-key': 'new' }, 'Mia team');
    await db.execute(
      sql`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = 'old'`,
    );
    const counts = await runRetention(db, retentionLimits(3600));
    expect(counts.idempotencyKeys).toBe(1);
    const left = await db.select({ key: idempotencyKeys.key }).from(idempotencyKeys);
    expect(left.map((r) => r.key)).toEqual(['new']);
  });

  it('reads and public calls ignore the header', async () => {
    const w = await world(app);
    const read = await call(app, 'GET', `/student/courses/${w.course.id}/teams`, {
      ...w.as.sue,
      'idempotency-key': 'read',
    });
    expect(read.statusCode).toBe(200);
    const { db } = await getWorkerDb();
    const [row] = await db.select({ n: count() }).from(idempotencyKeys);
    expect(row!.n).toBe(0);
  });
});
