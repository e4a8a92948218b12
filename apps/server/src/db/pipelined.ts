// Pipelined reads on PostgreSQL (decisions 096 and 104): a signed-in read sends its session
// lookup and its queries without waiting for each answer, on a pooled connection lent to it
// or on one of the process's read lanes, which carry the reads of many requests at once.
import { once, type EventEmitter } from 'node:events';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from './client.js';
import * as schema from './schema/index.js';

/**
 * One pooled connection lent to a signed-in read (decision 096). Queries given to `db` are sent
 * without waiting for the answers of the ones before them (pg's pipeline mode, each with its own
 * Sync, so one query's error does not touch the next), and between `cork` and `uncork` they
 * leave in one socket write.
 */
export interface PipelinedConnection {
  /** A drizzle database bound to this connection, built once per connection, not per request. */
  db: Db;
  /**
   * Whether `db` takes writes: a pooled connection lent to one read does (and a write that read
   * needs must go on it: a second pooled connection could wait for the one this read holds);
   * a read lane does not (decision 104).
   */
  writable: boolean;
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

  /** Queries given and not yet settled (a read lane's load). */
  get pending(): number {
    return this.inFlight;
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

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function pipelinedConnection(pool: pg.Pool): Promise<PipelinedConnection> {
  const client = await pool.connect();
  const raw = client as unknown as PipelineClient;
  const { db, counter } = boundClient(client);
  raw.pipeline = true;
  counter.lent = true;
  let corked = false;
  let released = false;
  return {
    db,
    writable: true,
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

/** Read lanes per process unless DATABASE_READ_LANES says otherwise (decision 104). */
export const DEFAULT_READ_LANES = 2;

/**
 * A lane's connection: read-only, so a read that tried to write would fail instead of
 * writing outside any transaction of its request.
 */
const LANE_SETUP = 'set session characteristics as transaction read only';

/**
 * Settings of every connection the app opens for its queries (the pool and the read lanes;
 * decision 130): no JIT compilation. PostgreSQL compiles a statement whose estimated cost passes
 * `jit_above_cost` (100,000), and the per-row subqueries of a list page (the email rule, the
 * matched skills) reach that on 2,000 rows: 50 ms of compiling to run 9 ms of query, on every
 * call. A DATABASE_URL with its own `options` parameter keeps them instead.
 */
export const SESSION_OPTIONS = '-c jit=off';

interface LaneState {
  client: pg.Client;
  raw: PipelineClient;
  bound: BoundClient;
  /** The stream is corked for this turn of the event loop; it is uncorked at its end. */
  corked: boolean;
}

/**
 * The read lanes of one database (decision 104): a few connections held open in pipeline mode
 * for signed-in reads only. A read is given the lane with the fewest queries waiting (in turn
 * when equal); what every read of one turn of the event loop gives a lane leaves in one socket
 * write at the end of that turn, and PostgreSQL answers the lane's queries one after another,
 * each with its own Sync, so one query's error touches no other. A lane is never lent out and
 * never holds a transaction, so nothing has to be given back: `release` only waits. A lane whose
 * connection fails is opened again for the next read; the reads in flight on it fail as they
 * would on a pooled connection that broke.
 */
export class ReadLanes {
  private readonly lanes: (Promise<LaneState> | undefined)[];
  private readonly ready: (LaneState | undefined)[];
  private turn = 0;
  private closed = false;

  constructor(
    private readonly connectionString: string,
    count: number,
  ) {
    this.lanes = Array.from({ length: count }, () => undefined);
    this.ready = Array.from({ length: count }, () => undefined);
  }

  get size(): number {
    return this.lanes.length;
  }

  /** How many lanes are open and the queries in flight on them (the detailed health). */
  stats(): { size: number; open: number; inFlight: number } {
    let open = 0;
    let inFlight = 0;
    for (const lane of this.ready) {
      if (!lane) continue;
      open += 1;
      inFlight += lane.bound.counter.pending;
    }
    return { size: this.lanes.length, open, inFlight };
  }

  /** A lane for one read, opened first if it is not. */
  async take(): Promise<PipelinedConnection> {
    if (this.closed) throw new Error('the read lanes are closed');
    const index = this.choose();
    const state = this.ready[index] ?? (await this.open(index));
    return laneConnection(state);
  }

  /** The lane with the fewest queries waiting; among equals, the next in turn. */
  private choose(): number {
    const count = this.lanes.length;
    let best = this.turn % count;
    let bestLoad = this.ready[best]?.bound.counter.pending ?? 0;
    for (let step = 1; step < count && bestLoad > 0; step++) {
      const index = (this.turn + step) % count;
      const load = this.ready[index]?.bound.counter.pending ?? 0;
      if (load < bestLoad) {
        best = index;
        bestLoad = load;
      }
    }
    this.turn = best + 1;
    return best;
  }

  private open(index: number): Promise<LaneState> {
    let opening = this.lanes[index];
    if (opening) return opening;
    opening = (async () => {
      const client = new pg.Client({
        connectionString: this.connectionString,
        options: SESSION_OPTIONS,
      });
      const forget = () => {
        if (this.ready[index]?.client === client) this.ready[index] = undefined;
        if (this.lanes[index] === opening) this.lanes[index] = undefined;
      };
      // A broken lane is forgotten (and opened again when next chosen); its queries in flight
      // get the error. Without a listener, pg's 'error' event would end the process.
      client.on('error', forget);
      client.on('end', forget);
      try {
        await client.connect();
        await client.query(LANE_SETUP);
      } catch (error) {
        forget();
        await client.end().catch(() => undefined);
        throw error;
      }
      const raw = client as unknown as PipelineClient;
      raw.pipeline = true;
      const bound = boundClient(client as unknown as pg.PoolClient);
      bound.counter.lent = true;
      const state: LaneState = { client, raw, bound, corked: false };
      if (this.closed) {
        await client.end().catch(() => undefined);
        throw new Error('the read lanes are closed');
      }
      this.ready[index] = state;
      return state;
    })();
    this.lanes[index] = opening;
    return opening;
  }

  /** Ends every lane once the queries on it have been answered. */
  async close(): Promise<void> {
    this.closed = true;
    const opened = await Promise.allSettled(this.lanes.map((lane) => lane));
    this.lanes.fill(undefined);
    this.ready.fill(undefined);
    await Promise.all(
      opened.map((result) =>
        result.status === 'fulfilled' && result.value
          ? result.value.client.end().catch(() => undefined)
          : undefined,
      ),
    );
  }
}

function laneConnection(state: LaneState): PipelinedConnection {
  return {
    db: state.bound.db,
    writable: false,
    cork() {
      if (state.corked) return;
      state.corked = true;
      state.raw.connection.stream.cork();
      // The end of this turn of the event loop: the reads of every request handled in it are
      // on the lane by then, and leave together.
      setImmediate(() => {
        state.corked = false;
        state.raw.connection.stream.uncork();
      });
    },
    uncork() {
      // Held until the end of the turn (cork).
    },
    // Nothing to give back: the lane stays with the process.
    release: () => Promise.resolve(),
  };
}
