import { once, type EventEmitter } from 'node:events';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Config } from '../config.js';
import { migrationsFolder } from '../lib/paths.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/**
 * The one database type the code uses. Both drivers produce a PgDatabase; services never
 * know which one they run on.
 */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A service takes either the database or an open transaction. */
export type DbOrTx = Db | Tx;

export type DbDriver = 'pglite' | 'postgres';

export interface DbHandle {
  db: Db;
  driver: DbDriver;
  /** Applies the drizzle migrations in apps/server/drizzle. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** node-postgres' own default; DATABASE_POOL_MAX overrides it. */
export const DEFAULT_POOL_MAX = 10;

/** The configured database: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR. */
export function createDb(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'> & Partial<Pick<Config, 'DATABASE_POOL_MAX'>>,
): DbHandle {
  if (config.DATABASE_URL) {
    return openPostgres(config.DATABASE_URL, { poolMax: config.DATABASE_POOL_MAX });
  }
  const dir = join(config.DATA_DIR, 'pglite');
  mkdirSync(dir, { recursive: true });
  return openPglite(dir);
}

export interface PostgresOptions {
  /**
   * Most connections the process opens at once (default 10). Each open transaction holds one,
   * so this bounds how many transactions run at the same time; the rest wait for a connection.
   */
  poolMax?: number;
}

/**
 * One pooled connection lent to a signed-in read (decision 096). Queries given to `db` are sent
 * without waiting for the answers of the ones before them (pg's pipeline mode, each with its own
 * Sync, so one query's error does not touch the next), and between `cork` and `uncork` they
 * leave in one socket write.
 */
export interface PipelinedConnection {
  /** A drizzle database bound to this connection, built once per connection, not per request. */
  db: Db;
  cork(): void;
  uncork(): void;
  /**
   * Gives the connection back once every query given to `db` has settled and the server has
   * answered them all. `orphans`: some work given to `db` failed, and chains it started may
   * still be queuing queries; they get a turn of the event loop to do so before the count is
   * trusted.
   */
  release(options?: { orphans?: boolean }): Promise<void>;
}

/**
 * The parts of pg's client the pipelined connection uses. pg 8.23: `pipeline` is read on every
 * send, so it can be switched on an idle client; the three queue fields say whether the server
 * still owes an answer (an error reaches its query before the server's ReadyForQuery does).
 */
interface PipelineClient extends EventEmitter {
  pipeline: boolean;
  _queryable: boolean;
  readyForQuery: boolean;
  _activeQuery: unknown;
  _queryQueue: unknown[];
  _sentQueryQueue: unknown[];
  connection: { stream: { cork(): void; uncork(): void } };
}

const owesAnswers = (client: PipelineClient) =>
  !client.readyForQuery ||
  Boolean(client._activeQuery) ||
  client._queryQueue.length > 0 ||
  client._sentQueryQueue.length > 0;

/**
 * What drizzle is given instead of the pool client: it counts the queries in flight, so the
 * connection goes back to the pool only when the last one has settled (a read may give up on
 * a query, e.g. after a sibling failed, while that query is still on the wire), and it refuses
 * queries while the connection is not lent (a stray chain must not write on a connection that
 * is back in the pool, perhaps inside someone's transaction).
 */
class CountingClient {
  lent = false;
  private inFlight = 0;
  private waiters: (() => void)[] = [];

  constructor(readonly client: pg.PoolClient) {}

  get busy(): boolean {
    return this.inFlight > 0;
  }

  query(...args: unknown[]): unknown {
    if (!this.lent) {
      return Promise.reject(new Error('query on a read connection that was given back'));
    }
    const result = (this.client.query as (...a: unknown[]) => unknown)(...args);
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      this.inFlight += 1;
      const settled = () => {
        this.inFlight -= 1;
        if (this.inFlight === 0) for (const wake of this.waiters.splice(0)) wake();
      };
      (result as Promise<unknown>).then(settled, settled);
    }
    return result;
  }

  settled(): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }
}

interface BoundClient {
  db: Db;
  counter: CountingClient;
}

/** One drizzle instance per pooled connection: the relational config and statements built once. */
const boundClients = new WeakMap<pg.PoolClient, BoundClient>();

function boundClient(client: pg.PoolClient): BoundClient {
  let found = boundClients.get(client);
  if (!found) {
    const counter = new CountingClient(client);
    found = {
      db: drizzlePg(counter as unknown as pg.PoolClient, { schema }) as unknown as Db,
      counter,
    };
    boundClients.set(client, found);
  }
  return found;
}

/** The pool behind each PostgreSQL database object, for `pipelinedConnectionOf`. */
const poolsByDb = new WeakMap<Db, pg.Pool>();

/**
 * One pooled connection in pipeline mode of a PostgreSQL database, for a signed-in read whose
 * session check and read go out together (decision 096); undefined for PGlite (no pool, no
 * round trip to save) and for any other object standing in for a database (a test's wrapper),
 * whose reads then go through it.
 */
export function pipelinedConnectionOf(db: Db): (() => Promise<PipelinedConnection>) | undefined {
  const pool = poolsByDb.get(db);
  return pool ? () => pipelinedConnection(pool) : undefined;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

async function pipelinedConnection(pool: pg.Pool): Promise<PipelinedConnection> {
  const client = await pool.connect();
  const raw = client as unknown as PipelineClient;
  const { db, counter } = boundClient(client);
  raw.pipeline = true;
  counter.lent = true;
  let corked = false;
  let released = false;
  return {
    db,
    cork() {
      if (corked) return;
      corked = true;
      raw.connection.stream.cork();
    },
    uncork() {
      if (!corked) return;
      corked = false;
      raw.connection.stream.uncork();
    },
    async release(options = {}) {
      if (released) return;
      released = true;
      if (corked) {
        corked = false;
        raw.connection.stream.uncork();
      }
      await counter.settled();
      if (options.orphans) {
        do {
          await nextTurn();
          await counter.settled();
        } while (counter.busy);
      }
      counter.lent = false;
      try {
        if (!raw._queryable) throw new Error('the read connection failed');
        // Answers the server still owes (after an error) arrive before the connection goes back.
        if (owesAnswers(raw)) await once(raw, 'drain');
      } catch (error) {
        // A broken connection is closed, not given back.
        raw.pipeline = false;
        client.release(error as Error);
        return;
      }
      // Back to one query at a time: transactions and other users of the pool expect it.
      raw.pipeline = false;
      client.release();
    },
  };
}

export function openPostgres(connectionString: string, options: PostgresOptions = {}): DbHandle {
  const pool = new pg.Pool({ connectionString, max: options.poolMax ?? DEFAULT_POOL_MAX });
  const db = drizzlePg(pool, { schema });
  poolsByDb.set(db as unknown as Db, pool);
  return {
    db: db as unknown as Db,
    driver: 'postgres',
    migrate: () => migratePg(db, { migrationsFolder }),
    close: () => pool.end(),
  };
}

/** PGlite stored in `dataDir`, or in memory when it is undefined (tests). */
export function openPglite(dataDir?: string): DbHandle {
  const client = new PGlite(dataDir);
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    driver: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}
