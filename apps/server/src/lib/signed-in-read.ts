import type { FastifyRequest } from 'fastify';
import { pipelinedConnectionOf, type Db, type PipelinedConnection } from '../db/client.js';
import {
  lookupSession,
  requireAuth,
  runDeferredCheck,
  settleCheck,
  type AuthContext,
  type DeferredCheck,
} from '../plugins/auth.js';
import { isStaffAccess } from './route.js';

/** What a read may know of its caller before the session check has answered: the token's word. */
export type ReadCaller = Pick<AuthContext, 'userId' | 'role' | 'sessionId' | 'courseStaff'>;

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

const settle = <T>(promise: Promise<T>): Promise<Settled<T>> =>
  promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

/** Calls `fn`, turning a synchronous throw into a rejection. */
function start<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return fn();
  } catch (error) {
    return Promise.reject(error);
  }
}

/**
 * A signed-in read in one round trip (decision 096). On PostgreSQL the session-and-user lookup
 * and the queries `fn` submits synchronously leave together, in one write on one pooled
 * connection in pipeline mode. The lookup answers first; its rules (not found, revoked,
 * expired, last used, the route's roles with the database's role) decide before anything of
 * the read is used: a refused session gets its 401 or 403, never the read's answer or error.
 * When the database's role differs from the token's but is allowed, `fn` runs again with it.
 * On PGlite (in process, no round trip to save) the check runs first, then `fn`.
 *
 * `fn` gets the database to read from (bound to that connection) and the caller; it must not
 * write. On a route whose check already ran (not a deferred read) it simply runs `fn`.
 */
export async function signedInRead<T>(
  request: FastifyRequest,
  fn: (db: Db, caller: ReadCaller) => Promise<T>,
): Promise<T> {
  const app = request.server;
  const check = request.deferredCheck;
  if (!check) return fn(app.db, requireAuth(request));
  const connect = pipelinedConnectionOf(app.db);
  if (check.outcome || !connect) {
    const auth = await runDeferredCheck(request, check, app.db);
    return fn(app.db, auth);
  }
  return pipelinedRead(request, check, connect, fn);
}

/** The session check alone, for a read answered from the lookup itself (`GET /auth/session/me`). */
export async function signedInCheck(request: FastifyRequest): Promise<AuthContext> {
  const check = request.deferredCheck;
  if (!check) return requireAuth(request);
  const connect = pipelinedConnectionOf(request.server.db);
  if (check.outcome || !connect) return runDeferredCheck(request, check, request.server.db);
  // The lookup alone, on the read path (a read lane on PostgreSQL, decision 104).
  await pipelinedRead(request, check, connect, () => Promise.resolve(undefined));
  return check.outcome ?? runDeferredCheck(request, check, request.server.db);
}

async function pipelinedRead<T>(
  request: FastifyRequest,
  check: DeferredCheck,
  connect: () => Promise<PipelinedConnection>,
  fn: (db: Db, caller: ReadCaller) => Promise<T>,
): Promise<T> {
  const connection = await connect();
  // Everything given to the connection; it goes back to the pool when all of it has settled,
  // in the background (a refusal is answered without waiting for the discarded read).
  const work: Promise<Settled<unknown>>[] = [];
  const run = (caller: ReadCaller) => {
    const result = settle(start(() => fn(connection.db, caller)));
    work.push(result);
    return result;
  };
  const value = (result: Settled<T>): T => {
    if (!result.ok) throw result.error;
    return result.value;
  };
  try {
    // The check may have been started while the connection was awaited (a second read of the
    // same request): then it is that check's outcome that counts.
    if (check.outcome) return value(await run(await check.outcome));
    const { claims } = check;
    const tokenCaller: ReadCaller = {
      userId: claims.userId,
      sessionId: claims.sessionId,
      role: claims.role,
      courseStaff: isStaffAccess(check.access) ? check.access.courseStaff : null,
    };
    let read: Promise<Settled<T>>;
    let outcome: Promise<AuthContext>;
    connection.cork();
    try {
      // The lookup first, so it is answered first; then what fn submits before its first await.
      const row = lookupSession(connection.db, claims).then((rows) => rows[0]);
      // The last-used write (once a minute) goes on the lent connection: one from the pool
      // could wait for the connections that reads like this one hold. A read lane is
      // read-only and holds no pooled connection, so there it goes through the pool.
      const writeDb = connection.writable ? connection.db : request.server.db;
      outcome = settleCheck(request, check, row, writeDb);
      check.outcome = outcome;
      work.push(settle(outcome));
      read = run(tokenCaller);
    } finally {
      connection.uncork();
    }
    const auth = await outcome;
    // The role changed since the token was signed and the route still admits it: the read is
    // done again as the database says (rare; a correct answer over a fast one).
    if (auth.role !== tokenCaller.role) return value(await run(auth));
    return value(await read);
  } finally {
    void Promise.all(work)
      .then((results) => connection.release({ orphans: results.some((result) => !result.ok) }))
      .catch((error: unknown) => request.log.error({ err: error }, 'read connection release'));
  }
}
