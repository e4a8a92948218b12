// The live stream across two API processes on one PostgreSQL (issue 14, decision 113). Two apps
// built in this process stand in for the two processes, as in multi-process.test.ts: each has
// its own connection pool and its own listening connection on the worker's database, and shares
// only the database and the JWT secret with the other. A stream is held on B (real HTTP on
// 127.0.0.1); the changes are made through A.
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../src/db/schema/index.js';
import { makeUser } from './fixtures.js';
import { API, bearer, buildTwoProcesses, driver, signIn } from './helper.js';
import { listening, openStream, within, type SseStream } from './modules/events/sse-client.js';

describe.skipIf(driver !== 'postgres')('the live stream across two API processes', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  let baseB: string;
  let close: () => Promise<void>;
  const open: SseStream[] = [];
  beforeAll(async () => {
    ({ a, b, close } = await buildTwoProcesses());
    baseB = await listening(b);
  });
  afterEach(() => {
    for (const s of open.splice(0)) s.close();
  });
  afterAll(() => close());

  it('a notification written through A reaches a stream held on B in under one second', async () => {
    const user = await makeUser({ email: 'two-streams@example.edu' });
    const session = await signIn(a, user.email);
    const s = await openStream(baseB, session.token);
    open.push(s);
    await expect.poll(() => s.comments).toContain('connected');

    const timings: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const [row] = await a.db
        .insert(notifications)
        .values({ userId: user.id, kind: 'JOIN_REQUEST_ACCEPTED' })
        .returning();
      const event = await s.next((e) => e.event === 'notification' && e.id === String(row!.seq));
      timings.push(event.at - started);
    }
    console.info(`A → stream on B: ${timings.map((t) => t.toFixed(1)).join(', ')} ms`);
    expect(Math.max(...timings)).toBeLessThan(1_000);
  });

  it('a session signed out through A ends its stream on B', async () => {
    const user = await makeUser({ email: 'two-streams-out@example.edu' });
    const session = await signIn(a, user.email);
    const s = await openStream(baseB, session.token);
    open.push(s);
    await expect.poll(() => s.comments).toContain('connected');
    const started = performance.now();
    const logout = await a.inject({
      method: 'POST',
      url: `${API}/auth/logout`,
      headers: bearer(session.token),
    });
    expect(logout.statusCode).toBe(200);
    expect(await within(s.ended, 1_000)).toBe(true);
    expect(await s.ended).toBe('end revoked');
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
