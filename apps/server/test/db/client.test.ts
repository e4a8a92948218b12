import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createDb, pipelinedConnectionOf, type Db } from '../../src/db/client.js';
import { serializeError } from '../../src/plugins/errors.js';
import { driver, getWorkerDb, testConfig, workerDatabaseUrl } from '../helper.js';

describe('DATABASE_POOL_MAX', () => {
  it('defaults to 10 connections and takes a whole number from 1 to 1000', () => {
    expect(loadConfig({}).DATABASE_POOL_MAX).toBe(10);
    expect(loadConfig({ DATABASE_POOL_MAX: ' 40 ' }).DATABASE_POOL_MAX).toBe(40);
    for (const bad of ['0', '1001', 'many', '2.5']) {
      expect(() => loadConfig({ DATABASE_POOL_MAX: bad }), bad).toThrow(/DATABASE_POOL_MAX:/);
    }
  });

  it.skipIf(driver !== 'postgres')(
    'opens at most that many PostgreSQL connections at once',
    async () => {
      await getWorkerDb();
      const handle = createDb({
        DATABASE_URL: workerDatabaseUrl(),
        DATA_DIR: '',
        DATABASE_POOL_MAX: 3,
      });
      try {
        // Six transactions that each hold their connection for a moment: three at a time.
        const pids = await Promise.all(
          Array.from({ length: 6 }, () =>
            handle.db.transaction(async (tx) => {
              const result = (await tx.execute(
                sql`select pg_backend_pid() as pid, pg_sleep(0.05)`,
              )) as unknown as { rows: { pid: number }[] };
              return result.rows[0]!.pid;
            }),
          ),
        );
        expect(new Set(pids).size).toBe(3);
      } finally {
        await handle.close();
      }
    },
  );
});

describe('a pooled PostgreSQL connection that fails while idle', () => {
  it.skipIf(driver !== 'postgres')(
    'is reported and replaced, and the process carries on',
    async () => {
      await getWorkerDb();
      const failures: Error[] = [];
      const handle = createDb(
        { DATABASE_URL: workerDatabaseUrl(), DATA_DIR: '', DATABASE_POOL_MAX: 2 },
        { onIdleError: (error) => failures.push(error) },
      );
      try {
        const pidOf = async () =>
          (
            (await handle.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
              rows: { pid: number }[];
            }
          ).rows[0]!.pid;
        const idle = await pidOf();
        // Another connection ends it, as a server restart or DROP DATABASE … WITH (FORCE) would.
        const { db } = await getWorkerDb();
        await db.execute(sql`select pg_terminate_backend(${idle})`);
        await expect.poll(() => failures.length, { timeout: 5_000 }).toBe(1);
        expect(failures[0]!.message).toMatch(/terminat/i);
        const next = await pidOf();
        expect(next).not.toBe(idle);
      } finally {
        await handle.close();
      }
    },
  );
});

describe("an idle connection's failure in the log (issue 24)", () => {
  it.skipIf(driver !== 'postgres')(
    "says the error's message, code and severity, and nothing of the connection",
    async () => {
      await getWorkerDb();
      const url = workerDatabaseUrl();
      const lines: string[] = [];
      // The app opens its own pool (no `db` given), so its idle-error report is the one logged.
      const app = await buildApp(
        testConfig({ DATABASE_URL: url, LOG_LEVEL: 'warn', DATABASE_READ_LANES: 0 }),
        {
          csvWorker: false,
          logStream: { write: (line: string) => lines.push(line) },
        },
      );
      try {
        const result = (await app.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
          rows: { pid: number }[];
        };
        const { db } = await getWorkerDb();
        await db.execute(sql`select pg_terminate_backend(${result.rows[0]!.pid})`);
        const warning = () =>
          lines
            .map((line) => JSON.parse(line) as Record<string, unknown>)
            .find((entry) => String(entry.msg).startsWith('an idle database connection failed'));
        await expect.poll(warning, { timeout: 5_000 }).toBeDefined();
        const { level, msg, err } = warning()!;
        expect({ level, msg }).toEqual({
          level: 40,
          msg: 'an idle database connection failed; the pool opens a new one',
        });
        expect(err).toEqual({
          message: expect.stringMatching(/terminat/i),
          code: '57P01',
          severity: 'FATAL',
        });
        const text = lines.join('\n');
        const password = new URL(url).password;
        for (const secret of ['secretKey', 'processID', 'connectionParameters', password]) {
          expect(text).not.toContain(secret);
        }
      } finally {
        await app.close();
      }
    },
  );
});

describe('the err serializer', () => {
  it("keeps an error's own text and numbers, never an object it carries (a client, a request, a row)", () => {
    const error = Object.assign(new Error('boom'), {
      code: 'E1',
      position: 3,
      client: { connectionParameters: { password: 'hunter2' }, secretKey: 42 },
      request: { headers: { authorization: 'Bearer abc' } },
      row: { email: 'someone@example.edu' },
    });
    const logged = serializeError(error);
    expect(logged).toMatchObject({ message: 'boom', code: 'E1', position: 3 });
    expect(JSON.stringify(logged)).not.toMatch(/hunter2|secretKey|Bearer|someone@example/);
  });
});

describe('the connections of a PostgreSQL handle', () => {
  it.skipIf(driver !== 'postgres')(
    'compile no statement just in time, pooled or on a read lane (decision 130)',
    async () => {
      await getWorkerDb();
      const handle = createDb({
        DATABASE_URL: workerDatabaseUrl(),
        DATA_DIR: '',
        DATABASE_READ_LANES: 1,
      });
      try {
        const jitOf = async (db: Db) =>
          ((await db.execute(sql`show jit`)) as unknown as { rows: { jit: string }[] }).rows[0]!
            .jit;
        expect(await jitOf(handle.db)).toBe('off');
        const lane = await pipelinedConnectionOf(handle.db)!();
        try {
          expect(lane.writable).toBe(false);
          expect(await jitOf(lane.db)).toBe('off');
        } finally {
          await lane.release();
        }
      } finally {
        await handle.close();
      }
    },
  );
});
