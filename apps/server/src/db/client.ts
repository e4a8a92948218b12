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

export function openPostgres(connectionString: string, options: PostgresOptions = {}): DbHandle {
  const pool = new pg.Pool({ connectionString, max: options.poolMax ?? DEFAULT_POOL_MAX });
  const db = drizzlePg(pool, { schema });
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
