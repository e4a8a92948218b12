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
  SESSION_OPTIONS,
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
  /**
   * Subscribes to a NOTIFY channel (the live stream, decision 113). One listening connection per
   * handle, shared by every subscriber (several apps on one handle in tests): on PostgreSQL a
   * dedicated client outside the pool that reconnects with backoff and then calls each
   * `onReconnect` (what was sent meanwhile is lost); on PGlite `PGlite.listen`, in process.
   * Resolves with the unsubscribe. Absent on stand-in handles of tests.
   */
  listen?(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
}

/** What a `DbHandle.listen` subscriber is told. */
export interface ListenHandlers {
  /** A payload of the channel, in commit order as the database delivers them. */
  onPayload(payload: string): void;
  /** Listening again after the connection was lost: payloads may have been missed. */
  onReconnect?(): void;
  /** The listening connection failed (it is being re-established). */
  onError?(error: unknown): void;
}

/** Backoff of the listening connection's reconnects: 100 ms doubling, at most 5 s, plus jitter. */
export const LISTEN_BACKOFF = { firstMs: 100, maxMs: 5_000 };

/** node-postgres' own default; DATABASE_POOL_MAX overrides it. */
export const DEFAULT_POOL_MAX = 10;

/** The configured database: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR. */
export function createDb(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'> &
    Partial<Pick<Config, 'DATABASE_POOL_MAX' | 'DATABASE_READ_LANES'>>,
  options: Pick<PostgresOptions, 'onIdleError'> = {},
): DbHandle {
  if (config.DATABASE_URL) {
    return openPostgres(config.DATABASE_URL, {
      poolMax: config.DATABASE_POOL_MAX,
      readLanes: config.DATABASE_READ_LANES,
      onIdleError: options.onIdleError,
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
  /**
   * A connection resting in the pool failed (the server restarted, an administrator or a
   * dropped database ended it). The pool has already let it go and opens a new one when needed;
   * this only reports it. Without a listener node-postgres would end the process.
   */
  onIdleError?: (error: Error) => void;
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
  const pool = new pg.Pool({
    connectionString,
    max: options.poolMax ?? DEFAULT_POOL_MAX,
    options: SESSION_OPTIONS,
  });
  pool.on('error', (error) => options.onIdleError?.(error));
  const db = drizzlePg(pool, { schema });
  const laneCount = options.readLanes ?? DEFAULT_READ_LANES;
  const listener = new PostgresListener(connectionString);
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
    listen: (channel, handlers) => listener.subscribe(channel, handlers),
    close: async () => {
      await listener.close();
      await lanes?.close();
      await pool.end();
    },
  };
}

type Subscribers = Map<string, Set<ListenHandlers>>;

function deliver(subscribers: Subscribers, channel: string, payload: string): void {
  for (const handlers of subscribers.get(channel) ?? []) {
    try {
      handlers.onPayload(payload);
    } catch (error) {
      handlers.onError?.(error);
    }
  }
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The one LISTENing connection of a PostgreSQL handle: opened at the first subscription, closed
 * with the last one or the handle. Lost (an error, the server ending it): reconnects with
 * backoff, LISTENs again on every channel, then tells every subscriber (`onReconnect`).
 */
class PostgresListener {
  private readonly subscribers: Subscribers = new Map();
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private retry: NodeJS.Timeout | null = null;
  private failures = 0;
  private closed = false;

  constructor(private readonly connectionString: string) {}

  async subscribe(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>> {
    if (this.closed) throw new Error('the database handle is closed');
    let set = this.subscribers.get(channel);
    const newChannel = !set;
    if (!set) this.subscribers.set(channel, (set = new Set()));
    set.add(handlers);
    if (!this.client && !this.connecting && !this.retry) {
      await this.connect(false);
    } else if (this.connecting) {
      await this.connecting.catch(() => undefined);
    } else if (newChannel && this.client) {
      await this.client.query(`LISTEN ${quoteIdent(channel)}`);
    }
    return async () => {
      set.delete(handlers);
      if (set.size === 0) this.subscribers.delete(channel);
      if (this.subscribers.size === 0) await this.disconnect();
      else if (set.size === 0) await this.client?.query(`UNLISTEN ${quoteIdent(channel)}`);
    };
  }

  private connect(reconnect: boolean): Promise<void> {
    const attempt = (async () => {
      const client = new pg.Client({
        connectionString: this.connectionString,
        application_name: 'teamup-listener',
        keepAlive: true,
      });
      client.on('notification', (message) => {
        deliver(this.subscribers, message.channel, message.payload ?? '');
      });
      const lost = (error?: unknown) => {
        if (this.client !== client) return;
        this.client = null;
        client.removeAllListeners('notification');
        client.end().catch(() => undefined);
        this.notifyError(error ?? new Error('the listening connection ended'));
        this.scheduleReconnect();
      };
      client.on('error', lost);
      client.on('end', () => lost());
      try {
        await client.connect();
        for (const channel of this.subscribers.keys()) {
          await client.query(`LISTEN ${quoteIdent(channel)}`);
        }
      } catch (error) {
        client.removeAllListeners();
        client.on('error', () => undefined);
        await client.end().catch(() => undefined);
        throw error;
      }
      if (this.closed || this.subscribers.size === 0) {
        await client.end().catch(() => undefined);
        return;
      }
      this.client = client;
      this.failures = 0;
      if (reconnect) {
        for (const set of this.subscribers.values()) {
          for (const handlers of set) handlers.onReconnect?.();
        }
      }
    })();
    this.connecting = attempt;
    return attempt
      .catch((error: unknown) => {
        this.notifyError(error);
        this.scheduleReconnect();
      })
      .finally(() => {
        if (this.connecting === attempt) this.connecting = null;
      });
  }

  private scheduleReconnect(): void {
    if (this.closed || this.retry || this.subscribers.size === 0) return;
    const base = Math.min(LISTEN_BACKOFF.maxMs, LISTEN_BACKOFF.firstMs * 2 ** this.failures);
    this.failures += 1;
    this.retry = setTimeout(
      () => {
        this.retry = null;
        void this.connect(true);
      },
      base + Math.random() * base * 0.2,
    );
    this.retry.unref();
  }

  private notifyError(error: unknown): void {
    for (const set of this.subscribers.values()) {
      for (const handlers of set) handlers.onError?.(error);
    }
  }

  private async disconnect(): Promise<void> {
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    await this.connecting?.catch(() => undefined);
    const client = this.client;
    this.client = null;
    if (client) {
      client.removeAllListeners('notification');
      await client.end().catch(() => undefined);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.subscribers.clear();
    await this.disconnect();
  }
}

/** PGlite's NOTIFY, in process: one `PGlite.listen` per channel, shared by its subscribers. */
function pgliteListener(client: PGlite) {
  const subscribers: Subscribers = new Map();
  const unlisteners = new Map<string, Promise<() => Promise<void>>>();
  return async (channel: string, handlers: ListenHandlers): Promise<() => Promise<void>> => {
    let set = subscribers.get(channel);
    if (!set) subscribers.set(channel, (set = new Set()));
    set.add(handlers);
    let unlisten = unlisteners.get(channel);
    if (!unlisten) {
      unlisten = client.listen(channel, (payload) => deliver(subscribers, channel, payload));
      unlisteners.set(channel, unlisten);
    }
    await unlisten;
    return async () => {
      set.delete(handlers);
      if (set.size > 0 || unlisteners.get(channel) !== unlisten) return;
      subscribers.delete(channel);
      unlisteners.delete(channel);
      if (!client.closed) await (await unlisten)().catch(() => undefined);
    };
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
    listen: pgliteListener(client),
    close: () => client.close(),
  };
}
