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
import {
  DEFAULT_READ_LANES,
  pipelinedConnection,
  ReadLanes,
  type PipelinedConnection,
} from './pipelined.js';
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

/** The connections of a PostgreSQL handle right now (the detailed health and /metrics). */
export interface DbPoolStats {
  max: number;
  /** Pooled connections lent out (transactions, queries, signed-in reads without lanes). */
  inUse: number;
  idle: number;
  /** Callers waiting for a pooled connection. */
  waiting: number;
  /** The read lanes (decision 104): how many, how many are open, queries in flight on them. */
  readLanes: { size: number; open: number; inFlight: number };
}

export interface DbHandle {
  db: Db;
  driver: DbDriver;
  /** Applies the drizzle migrations in apps/server/drizzle. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL's pool counters; absent on PGlite (one in-process connection, not pooled). */
  poolStats?(): DbPoolStats;
}

/** node-postgres' own default; DATABASE_POOL_MAX overrides it. */
export const DEFAULT_POOL_MAX = 10;

/** The configured database: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR. */
export function createDb(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'> &
    Partial<Pick<Config, 'DATABASE_POOL_MAX' | 'DATABASE_READ_LANES'>>,
): DbHandle {
  if (config.DATABASE_URL) {
    return openPostgres(config.DATABASE_URL, {
      poolMax: config.DATABASE_POOL_MAX,
      readLanes: config.DATABASE_READ_LANES,
    });
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
  /**
   * Connections kept for signed-in reads, besides the pool (default 2; 0: reads borrow a
   * pooled connection each). Decision 104.
   */
  readLanes?: number;
}

export type { PipelinedConnection };

/** How signed-in reads reach each PostgreSQL database object (`pipelinedConnectionOf`). */
const readSources = new WeakMap<Db, () => Promise<PipelinedConnection>>();

/**
 * Where a signed-in read of a PostgreSQL database sends its session check and its queries
 * together (decisions 096, 104): one of the process's read lanes, or a pooled connection lent
 * to it when there are none; undefined for PGlite (no pool, no round trip to save) and for any
 * other object standing in for a database (a test's wrapper), whose reads then go through it.
 */
export function pipelinedConnectionOf(db: Db): (() => Promise<PipelinedConnection>) | undefined {
  return readSources.get(db);
}

export function openPostgres(connectionString: string, options: PostgresOptions = {}): DbHandle {
  const pool = new pg.Pool({ connectionString, max: options.poolMax ?? DEFAULT_POOL_MAX });
  const db = drizzlePg(pool, { schema });
  const laneCount = options.readLanes ?? DEFAULT_READ_LANES;
  const lanes = laneCount > 0 ? new ReadLanes(connectionString, laneCount) : undefined;
  readSources.set(
    db as unknown as Db,
    lanes ? () => lanes.take() : () => pipelinedConnection(pool),
  );
  return {
    db: db as unknown as Db,
    driver: 'postgres',
    migrate: () => migratePg(db, { migrationsFolder }),
    poolStats: () => {
      const max = pool.options.max ?? DEFAULT_POOL_MAX;
      return {
        max,
        inUse: pool.totalCount - pool.idleCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        readLanes: lanes?.stats() ?? { size: 0, open: 0, inFlight: 0 },
      };
    },
    close: async () => {
      await lanes?.close();
      await pool.end();
    },
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
