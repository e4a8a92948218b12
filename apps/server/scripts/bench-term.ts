// The start of term (`npm run bench:term`, issue 25, decision 130). Two real API processes on one
// PostgreSQL (bench-lib's seed: 10,000 students in 10 courses, 2,000 teams of 4 with 5 seats),
// and at once, over BENCH_TERM_DURATION_S (300 s):
//   - 5,000 students arrive at planned times (an open model: each arrival starts when planned,
//     whatever the answers before it took) and do what the web app does on first load, in its
//     rounds (CALLS below): the login page, the sign-in, the dashboard, a course page, the
//     community page and a community search, with a moment of reading between pages;
//   - 2,000 of them ask to join a team (one request per team, one team per applicant); each
//     team's leader, signed in among the 5,000, opens the dashboard and decides: accepts most,
//     rejects one in seven;
//   - an admin uploads 20 rosters of 500 new students through the real CSV route, alternately
//     through each process (the CSV worker runs in both), following each as the web does;
//   - 1,000 live streams (GET /events, leaders and applicants of the first requests), opened
//     before the load, half on each process, held to the end.
// Then it proves nothing was lost: every accepted request is a membership (and no team is over
// its size), every rejected one is not, every roster row is an enrollment, every stream is still
// open and received exactly the notifications written for its user and one `changed` event per
// change of its courses that the database announced (an observer LISTENs on the channel).
// Prints p50/p99/max per kind of call (from the planned start: the client's own delay counts),
// errors, how late the client started calls, CPU per request per process and for PostgreSQL.
// BENCH_TERM_SCALE (1) scales every count and the duration for quick runs; BENCH_LOG_FILE,
// DATABASE_POOL_MAX, DATABASE_READ_LANES and BENCH_KEEP_DB as in the other benches.
import { fork, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import { openPostgres } from '../src/db/client.js';
import { prng } from '../src/modules/formation/formation-algorithm.js';
import {
  API,
  COURSES,
  createBenchDatabase,
  machineLine,
  multipart,
  ms,
  percentile,
  requireDatabaseUrl,
  sampleCpu,
  seed,
  signInHttp,
  startTwoProcesses,
  stopProcess,
  type ApiProcess,
} from './bench-lib.js';

const SCALE = Number(process.env.BENCH_TERM_SCALE ?? 1);
const scaled = (n: number) => Math.max(1, Math.round(n * SCALE));
const STUDENTS = scaled(5_000);
const REQUESTS = Math.min(scaled(2_000), 2_000); // one per team: the seed has 2,000
const UPLOADS = scaled(20);
const ROSTER_ROWS = 500;
const STREAMS = scaled(1_000);
const DURATION_S = Number(process.env.BENCH_TERM_DURATION_S ?? Math.max(20, 300 * SCALE));
const LOG_FILE = process.env.BENCH_LOG_FILE ?? '/dev/null';
const POOL_MAX = process.env.DATABASE_POOL_MAX ?? '10';
const ADMIN = 'term-admin@bench.example.edu';
const GOAL_P99_MS = 200;
/** A stream that has not said `: connected` by then counts as failed. */
const OPEN_TIMEOUT_MS = 30_000;
/** Everything after the last arrival must be done by then (a busy machine drains slowly). */
const DRAIN_TIMEOUT_MS = 600_000;
const EVENTS_CHANNEL = 'teamup_events';
const PROFILE = process.env.BENCH_TERM_PROFILE === '1';

const databaseUrl = requireDatabaseUrl('bench:term');

// ---------------------------------------------------------------------------------------
// The web's calls on first load, in rounds: a round's calls start together, the next round when
// the last answer of the one before is in. Recorded with Playwright on the built app (issue 25,
// 2026-11-27: a student signing in, then /dashboard, a course page, /community and a search).
// `{course}` is the student's course, `{team}` a team. Update this table when the pages change.

interface Call {
  /** The kind of call in the figures. */
  kind: string;
  method: 'GET' | 'POST';
  path: string;
}
const get = (kind: string, path = kind): Call => ({ kind: `GET ${kind}`, method: 'GET', path });

const CALLS = {
  /** The login page (before the sign-in: GET /dev/users is the development picker only). */
  loginPage: [[get('/auth/config')]],
  /** The sign-in through the development identity provider, then the real login. */
  signIn: [
    [{ kind: 'POST /dev/id-token', method: 'POST', path: '/dev/id-token' }],
    [{ kind: 'POST /auth/login/google', method: 'POST', path: '/auth/login/google' }],
  ],
  /** The shell (its bell) and the student's home; the shell's stream is not opened here. */
  dashboard: [[get('/notifications/unread-count'), get('/student/dashboard')]],
  /** A course page, one round (decision 093). */
  course: [
    [
      get('/student/courses/{course}'),
      get('/student/me/teams'),
      get('/student/me/invitations', '/student/me/invitations?status=PENDING&limit=100'),
      get(
        '/student/courses/{course}/teams (open seats, match)',
        '/student/courses/{course}/teams?page=1&limit=12&sort=match&hasOpenSeats=true',
      ),
      get(
        '/student/courses/{course}/students (without a team)',
        '/student/courses/{course}/students?page=1&limit=9&withoutTeam=true&sort=match',
      ),
      get(
        '/student/courses/{course}/students (in a team)',
        '/student/courses/{course}/students?page=1&limit=9&inTeam=true',
      ),
      get('/student/courses/{course}/team-history'),
    ],
  ],
  /** /community: the directory and my courses, then the skill suggestions. */
  community: [
    [
      get('/community/students', '/community/students?page=1&limit=20'),
      get('/student/my-courses', '/student/my-courses?page=1&limit=100'),
    ],
    [get('/community/skills', '/community/skills?q=&limit=10')],
  ],
  /** A search: course, looking for a team, one skill. */
  communitySearch: [
    [
      get(
        '/community/students (course, looking, skill)',
        '/community/students?page=1&limit=20&skills=SQL&courseId={course}&looking=true',
      ),
    ],
  ],
} satisfies Record<string, Call[][]>;

const APPLY: Call = {
  kind: 'POST /student/teams/{team}/join-requests',
  method: 'POST',
  path: '/student/teams/{team}/join-requests',
};
const decideCall = (action: 'accept' | 'reject'): Call => ({
  kind: `POST /student/join-requests/{id}/${action}`,
  method: 'POST',
  path: `/student/join-requests/{id}/${action}`,
});
const UPLOAD: Call = { kind: 'POST /csv/upload', method: 'POST', path: '/csv/upload' };
const UPLOAD_STATUS = get('/csv/status/{id}');
const STREAM_OPEN_KIND = 'GET /events (until ": connected")';

// ---------------------------------------------------------------------------------------
// The stream clients: a child process (its own event loop), one connection per stream.

type ToStreams =
  | { type: 'open'; streams: { base: string; token: string }[] }
  | { type: 'mark' }
  | { type: 'report' }
  | { type: 'close' };
interface StreamReport {
  /** Seqs of the notifications received after the mark, in order. */
  seqs: number[];
  /** `changed` events after the mark, per course named. */
  changed: Record<string, number>;
  /** `changed` events naming nothing (refetch everything). */
  refetchAll: number;
  ended: string | null;
}
type FromStreams =
  | { type: 'opened'; failed: number; openMs: number[] }
  | { type: 'marked' }
  | { type: 'report'; streams: StreamReport[] };

function streamClients() {
  const send = (message: FromStreams) => process.send!(message);
  const requests: http.ClientRequest[] = [];
  let reports: StreamReport[] = [];
  let counting = false;

  const openOne = (base: string, token: string, report: StreamReport) =>
    new Promise<number | null>((resolve) => {
      const started = process.hrtime.bigint();
      const timer = setTimeout(() => resolve(null), OPEN_TIMEOUT_MS);
      const req = http.get(`${base}${API}/events`, {
        headers: { authorization: `Bearer ${token}` },
        agent: false,
      });
      requests.push(req);
      req.on('error', () => resolve(null));
      req.on('response', (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          resolve(null);
          return;
        }
        res.setEncoding('utf8');
        let buffered = '';
        res.on('data', (chunk: string) => {
          buffered += chunk;
          let end: number;
          while ((end = buffered.indexOf('\n\n')) >= 0) {
            const block = buffered.slice(0, end);
            buffered = buffered.slice(end + 2);
            let event = '';
            let id = '';
            let data = '';
            for (const line of block.split('\n')) {
              if (line === ': connected') {
                clearTimeout(timer);
                resolve(ms(started));
              } else if (line.startsWith(': end ')) report.ended = line.slice(6);
              else if (line.startsWith('event: ')) event = line.slice(7);
              else if (line.startsWith('id: ')) id = line.slice(4);
              else if (line.startsWith('data: ')) data = line.slice(6);
            }
            if (!counting) continue;
            if (event === 'notification') report.seqs.push(Number(id));
            else if (event === 'changed') {
              const { courseIds } = JSON.parse(data) as { courseIds: string[] };
              if (courseIds.length === 0) report.refetchAll += 1;
              for (const c of courseIds) report.changed[c] = (report.changed[c] ?? 0) + 1;
            }
          }
        });
        res.on('end', () => (report.ended ??= 'closed by the server'));
      });
    });

  process.on('message', async (message: ToStreams) => {
    if (message.type === 'open') {
      reports = message.streams.map(() => ({
        seqs: [],
        changed: {},
        refetchAll: 0,
        ended: null,
      }));
      const openMs: number[] = [];
      let failed = 0;
      // 50 at a time, as tabs opening over a moment would.
      for (let i = 0; i < message.streams.length; i += 50) {
        const batch = message.streams.slice(i, i + 50);
        const results = await Promise.all(
          batch.map((s, j) => openOne(s.base, s.token, reports[i + j]!)),
        );
        for (const r of results) {
          if (r === null) failed += 1;
          else openMs.push(r);
        }
      }
      send({ type: 'opened', failed, openMs });
    } else if (message.type === 'mark') {
      counting = true;
      send({ type: 'marked' });
    } else if (message.type === 'report') {
      send({ type: 'report', streams: reports });
    } else {
      for (const req of requests) req.destroy();
      process.exit(0);
    }
  });
}

function ask<T extends FromStreams['type']>(
  child: ChildProcess,
  message: ToStreams,
  type: T,
): Promise<Extract<FromStreams, { type: T }>> {
  return new Promise((resolve) => {
    const on = (reply: FromStreams) => {
      if (reply.type !== type) return;
      child.off('message', on);
      resolve(reply as Extract<FromStreams, { type: T }>);
    };
    child.on('message', on);
    child.send(message);
  });
}

// ---------------------------------------------------------------------------------------
// The load client: node:http with one keep-alive agent per process and no cap on sockets, so a
// call never waits in the client for a free connection (the open model).

interface Sample {
  kind: string;
  process: string;
  /** From the planned start to the last byte of the answer. */
  ms: number;
  /** How late the client sent it after its planned start. */
  lagMs: number;
  /** When it was planned (performance.now() ms). */
  due: number;
  status: number;
}
const samples: Sample[] = [];

const agents = new Map<number, http.Agent>();
const agentOf = (port: number) => {
  let agent = agents.get(port);
  if (!agent) {
    agent = new http.Agent({ keepAlive: true, maxFreeSockets: 1024, scheduling: 'lifo' });
    agents.set(port, agent);
  }
  return agent;
};

function fill(path: string, ids: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, key: string) => ids[key] ?? `{${key}}`);
}

const EXPECTED: Record<string, number> = {
  [APPLY.kind]: 201,
  [UPLOAD.kind]: 202,
};

/**
 * One call at `due` (performance.now() ms, when its round became due). Resolves with the status
 * and, when `wantBody`, the parsed JSON; never rejects (a network error is status 0).
 */
function call(
  via: ApiProcess,
  c: Call,
  due: number,
  opts: {
    token?: string;
    ids?: Record<string, string>;
    body?: unknown;
    raw?: ReturnType<typeof multipart>;
    wantBody?: boolean;
  } = {},
): Promise<{ status: number; json?: unknown }> {
  return new Promise((resolve) => {
    const sent = performance.now();
    const headers: Record<string, string | number> = {};
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let payload: Buffer | undefined;
    if (opts.raw) {
      payload = opts.raw.payload;
      Object.assign(headers, opts.raw.headers);
    } else if (opts.body !== undefined) {
      payload = Buffer.from(JSON.stringify(opts.body));
      headers['content-type'] = 'application/json';
    }
    if (payload) headers['content-length'] = payload.length;
    const done = (status: number, json?: unknown) => {
      samples.push({
        kind: c.kind,
        process: via.name,
        ms: performance.now() - due,
        lagMs: sent - due,
        due,
        status,
      });
      resolve({ status, json });
    };
    const req = http.request(
      {
        host: '127.0.0.1',
        port: via.port,
        method: c.method,
        path: `${API}${fill(c.path, opts.ids ?? {})}`,
        agent: agentOf(via.port),
        headers,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const expected = EXPECTED[c.kind] ?? 200;
        if (!opts.wantBody && status === expected) {
          res.resume();
          res.on('end', () => done(status));
          return;
        }
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          if (status !== expected && errorBodies.length < 20) {
            errorBodies.push(`${c.kind} via ${via.name}: ${status} ${text.slice(0, 300)}`);
          }
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          done(status, json);
        });
      },
    );
    req.on('error', (error) => {
      if (errorBodies.length < 20) errorBodies.push(`${c.kind} via ${via.name}: ${error.message}`);
      done(0);
    });
    req.end(payload);
  });
}
const errorBodies: string[] = [];

// ---------------------------------------------------------------------------------------
// The plan.

/** Deterministic, so every run makes the same plan. */
const rand = prng(25);
/** Reading time between two pages: 1 to 3 s. */
const think = () => new Promise((r) => setTimeout(r, 1_000 + rand() * 2_000));
const sleep = (msValue: number) => new Promise((r) => setTimeout(r, msValue));

interface Student {
  userId: string;
  email: string;
  courseId: string;
  via: ApiProcess;
  token?: string;
  /** Resolves once signed in (a leader's decision waits for it). */
  ready: Promise<string | null>;
  setReady: (token: string | null) => void;
}

interface PlannedRequest {
  courseId: string;
  teamId: string;
  applicant: Student;
  leader: Student;
  action: 'accept' | 'reject';
  requestId?: string;
  applied?: boolean;
  decided?: boolean;
}

async function round(s: Student, calls: Call[], ids: Record<string, string> = {}) {
  const due = performance.now();
  const results = await Promise.all(
    calls.map((c) => call(s.via, c, due, { token: s.token, ids: { course: s.courseId, ...ids } })),
  );
  return results;
}

/** One student's visit: login page, sign-in, dashboard, course page, community, search. */
async function visit(s: Student, request: PlannedRequest | undefined): Promise<void> {
  await round(s, CALLS.loginPage[0]!);
  const idToken = await call(s.via, CALLS.signIn[0]![0]!, performance.now(), {
    body: { email: s.email },
    wantBody: true,
  });
  const credential = (idToken.json as { data?: { credential?: string } } | undefined)?.data
    ?.credential;
  if (!credential) {
    s.setReady(null);
    return;
  }
  const login = await call(s.via, CALLS.signIn[1]![0]!, performance.now(), {
    body: { credential },
    wantBody: true,
  });
  const token = (login.json as { data?: { token?: string } } | undefined)?.data?.token;
  if (!token) {
    s.setReady(null);
    return;
  }
  s.token = token;
  s.setReady(token);
  for (const calls of CALLS.dashboard) await round(s, calls);
  await think();
  for (const calls of CALLS.course) await round(s, calls);
  if (request) {
    await think();
    const applied = await call(s.via, APPLY, performance.now(), {
      token,
      ids: { team: request.teamId },
      body: { message: 'Start of term: happy to help' },
      wantBody: true,
    });
    const id = (applied.json as { data?: { id?: string } } | undefined)?.data?.id;
    if (applied.status === 201 && id) {
      request.requestId = id;
      request.applied = true;
    }
  }
  await think();
  for (const calls of CALLS.community) await round(s, calls);
  await think();
  for (const calls of CALLS.communitySearch) await round(s, calls);
}

/** The leader's side: once asked and signed in, reads the dashboard, decides, reads it again. */
async function decide(r: PlannedRequest, applied: Promise<void>): Promise<void> {
  await applied;
  const token = await r.leader.ready;
  if (!r.requestId || !token) return;
  await sleep(2_000 + rand() * 6_000);
  for (const calls of CALLS.dashboard) await round(r.leader, calls);
  const res = await call(r.leader.via, decideCall(r.action), performance.now(), {
    token,
    ids: { id: r.requestId },
    body: {},
  });
  if (res.status === 200) r.decided = true;
  for (const calls of CALLS.dashboard) await round(r.leader, calls);
}

interface Upload {
  courseId: string;
  emails: string[];
  id?: string;
  status?: string;
  seconds?: number;
}

/** An admin's roster upload, followed as the upload page does (status every 500 ms). */
async function uploadAndFollow(via: ApiProcess, token: string, u: Upload, n: number) {
  const csv = ['email,fullname', ...u.emails.map((e, i) => `${e},Term Student ${n}-${i}`)];
  const started = performance.now();
  const res = await call(via, UPLOAD, started, {
    token,
    raw: multipart(u.courseId, `term-roster-${n}.csv`, csv.join('\n') + '\n'),
    wantBody: true,
  });
  const id = (res.json as { data?: { id?: string } } | undefined)?.data?.id;
  if (!id) return;
  u.id = id;
  const end = Date.now() + 120_000;
  while (Date.now() < end) {
    await sleep(500);
    const status = await call(via, UPLOAD_STATUS, performance.now(), {
      token,
      ids: { id },
      wantBody: true,
    });
    const s = (status.json as { data?: { status?: string } } | undefined)?.data?.status;
    if (s === 'COMPLETED' || s === 'FAILED') {
      u.status = s;
      u.seconds = (performance.now() - started) / 1000;
      return;
    }
  }
  u.status = 'TIMED OUT';
}

/**
 * BENCH_TERM_PROFILE=1: where PostgreSQL's time goes, without pg_stat_statements (it needs a
 * server restart): every 20 ms, the statements the bench database's backends are running.
 * A statement's share of the samples is its share of the backends' busy time.
 */
function sampleQueries(url: string, dbName: string) {
  const client = new pg.Client({ connectionString: url });
  const counts = new Map<string, number>();
  const states = new Map<string, number>();
  let samplesTaken = 0;
  let running = true;
  const loop = (async () => {
    await client.connect();
    while (running) {
      const { rows: all } = await client.query<{
        query: string;
        wait: string | null;
        state: string | null;
      }>(
        `select query, state, wait_event_type || ':' || wait_event as wait from pg_stat_activity
          where datname = $1 and pid <> pg_backend_pid() and backend_type = 'client backend'`,
        [dbName],
      );
      samplesTaken += 1;
      for (const r of all) states.set(r.state ?? '?', (states.get(r.state ?? '?') ?? 0) + 1);
      const rows = all.filter((r) => r.state === 'active');
      for (const r of rows) {
        const key = `${r.wait ?? 'CPU'} | ${r.query.replace(/\s+/g, ' ').slice(0, 160)}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      await sleep(20);
    }
    await client.end();
  })();
  return {
    async stop() {
      running = false;
      await loop;
      const total = [...counts.values()].reduce((a, b) => a + b, 0);
      console.log(
        `\nPostgreSQL statements running, ${samplesTaken} samples every 20 ms ` +
          `(${(total / samplesTaken).toFixed(2)} busy backends on average); the top 15:`,
      );
      console.log(
        '  backends by state, on average: ' +
          [...states].map(([state, n]) => `${state} ${(n / samplesTaken).toFixed(2)}`).join(', '),
      );
      for (const [key, n] of [...counts].sort((x, y) => y[1] - x[1]).slice(0, 15)) {
        console.log(`  ${((n / total) * 100).toFixed(1).padStart(5)}%  ${key}`);
      }
    },
  };
}

/**
 * Each process's own view every 2 s (GET /healthcheck/detailed, an administrator's call, not
 * counted as a call of the load): its pool (connections in use, requests waiting for one) and
 * its event loop's delay. Prints the mean and the highest of each per process.
 */
function sampleHealth(processes: ApiProcess[], token: string) {
  type Seen = { inUse: number; waiting: number; loopP99: number };
  const seen = new Map<string, Seen[]>(processes.map((p) => [p.name, []]));
  let running = true;
  const loops = processes.map(async (p) => {
    while (running) {
      try {
        const res = await fetch(`${p.base}${API}/healthcheck/detailed`, {
          headers: { authorization: `Bearer ${token}` },
        });
        const { data } = (await res.json()) as {
          data: {
            database: { pool: { inUse: number; waiting: { value: number } } | null };
            process: { eventLoopDelayP99Ms: { value: number | null } };
          };
        };
        seen.get(p.name)!.push({
          inUse: data.database.pool?.inUse ?? NaN,
          waiting: data.database.pool?.waiting.value ?? NaN,
          loopP99: data.process.eventLoopDelayP99Ms.value ?? NaN,
        });
      } catch {
        // a missed sample
      }
      await sleep(2_000);
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      console.log('\nEach process every 2 s (GET /healthcheck/detailed): mean / highest');
      for (const [name, list] of seen) {
        const stat = (key: keyof Seen) => {
          const values = list.map((v) => v[key]).filter(Number.isFinite);
          const mean = values.reduce((a, b) => a + b, 0) / (values.length || 1);
          return `${mean.toFixed(1)} / ${Math.max(...values).toFixed(1)}`;
        };
        console.log(
          `  ${name} (${list.length} samples): pool connections in use ${stat('inUse')}, ` +
            `requests waiting for one ${stat('waiting')}, event loop delay p99 ${stat('loopP99')} ms`,
        );
      }
    },
  };
}

// ---------------------------------------------------------------------------------------

const fmt = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '-');

function cpuOfPid(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return 0;
  }
}

async function main() {
  console.log(await machineLine());
  const database = await createBenchDatabase(databaseUrl);
  const logFd = openSync(LOG_FILE, 'a');
  const processes: ApiProcess[] = [];
  let streamsChild: ChildProcess | undefined;
  let observer: pg.Client | undefined;
  let failed = false;
  let lost = false;
  const fail = (line: string) => {
    failed = true;
    console.log(`  FAIL: ${line}`);
  };
  /** A failure of the "nothing lost" proof. */
  const loss = (line: string) => {
    lost = true;
    fail(line);
  };
  try {
    const handle = openPostgres(database.url);
    let courseIds: string[];
    try {
      await handle.migrate();
      const started = process.hrtime.bigint();
      ({ courseIds } = await seed(handle.db));
      await handle.db.execute('ANALYZE');
      console.log(`Seeded in ${(ms(started) / 1000).toFixed(1)} s into ${database.name}`);
    } finally {
      await handle.close();
    }

    const env = { DATABASE_POOL_MAX: POOL_MAX, SUPERADMIN_EMAILS: ADMIN };
    const [a, b] = await startTwoProcesses(database.url, logFd, env);
    processes.push(a, b);
    const lanes = process.env.DATABASE_READ_LANES ?? '2 (default)';
    console.log(
      `Two API processes: A pid ${a.child.pid}, B pid ${b.child.pid}; pool ${POOL_MAX} and read ` +
        `lanes ${lanes} each; CSV worker in both; TEAM_ASK_LIMIT 1,000,000 and ` +
        `AUTH_RATE_LIMIT_MAX 1,000,000 (bench-lib: the arrivals come from one address); logging ` +
        `at info to ${LOG_FILE}`,
    );

    // ---- the population, from the seeded database
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const { rows: teamRows } = await db.query<{
      id: string;
      course_id: string;
      leader_id: string;
      email: string;
    }>(
      `select t.id, t.course_id, t.leader_id, u.email from teams t join users u on u.id = t.leader_id
        order by t.course_id, t.name`,
    );
    const { rows: freeRows } = await db.query<{
      course_id: string;
      user_id: string;
      email: string;
      requested: string | null;
    }>(
      `select e.course_id, e.user_id, u.email, jr.team_id as requested
         from enrollments e join users u on u.id = e.user_id
         left join team_members tm on tm.course_id = e.course_id and tm.user_id = e.user_id
         left join join_requests jr
           on jr.course_id = e.course_id and jr.user_id = e.user_id and jr.status = 'PENDING'
        where tm.user_id is null order by e.course_id, u.email`,
    );
    const { rows: allRows } = await db.query<{ id: string; email: string; course_id: string }>(
      `select u.id, u.email, min(e.course_id::text) as course_id
         from users u join enrollments e on e.user_id = u.id group by u.id order by u.email`,
    );
    const students = new Map<string, Student>();
    let nextVia = 0;
    const student = (userId: string, email: string, courseId: string): Student => {
      let s = students.get(userId);
      if (!s) {
        let setReady!: (token: string | null) => void;
        const ready = new Promise<string | null>((r) => (setReady = r));
        // A load balancer's round robin: every other student on each process.
        s = { userId, email, courseId, via: processes[nextVia++ % 2]!, ready, setReady };
        students.set(userId, s);
      }
      return s;
    };
    const teamsOf = (courseId: string) => teamRows.filter((t) => t.course_id === courseId);
    const courseOrder = courseIds.slice(0, COURSES);
    const used = new Set<string>();
    const leaders = new Set(teamRows.map((t) => t.leader_id));
    const freeOf = new Map<string, typeof freeRows>();
    for (const f of freeRows) {
      if (leaders.has(f.user_id)) continue;
      freeOf.set(f.course_id, [...(freeOf.get(f.course_id) ?? []), f]);
    }
    const requests: PlannedRequest[] = [];
    for (let k = 0; k < REQUESTS; k++) {
      const courseId = courseOrder[k % COURSES]!;
      const team = teamsOf(courseId)[Math.floor(k / COURSES)]!;
      const free = freeOf
        .get(courseId)
        ?.find((f) => f.requested !== team.id && !used.has(f.user_id));
      if (!free) throw new Error(`no applicant left for course ${k % COURSES}`);
      used.add(free.user_id);
      const leaderEmail = team.email;
      requests.push({
        courseId,
        teamId: team.id,
        applicant: student(free.user_id, free.email, courseId),
        leader: student(team.leader_id, leaderEmail, courseId),
        action: k % 7 === 3 ? 'reject' : 'accept',
      });
    }
    for (const row of allRows) {
      if (students.size >= STUDENTS) break;
      if (!used.has(row.id)) student(row.id, row.email, row.course_id);
    }
    // The stream holders: the leaders and applicants of the first requests, in turn.
    const holders: string[] = [];
    for (const r of requests) {
      for (const s of [r.leader, r.applicant]) {
        if (holders.length < STREAMS && !holders.includes(s.userId)) holders.push(s.userId);
      }
    }
    for (const s of students.values()) {
      if (holders.length >= STREAMS) break;
      if (!holders.includes(s.userId)) holders.push(s.userId);
    }

    // ---- the streams, opened before the load (their own sessions: tabs left open)
    const adminToken = await signInHttp(a.base, ADMIN);
    const holderTokens: string[] = [];
    for (let i = 0; i < holders.length; i += 20) {
      const batch = holders.slice(i, i + 20);
      holderTokens.push(
        ...(await Promise.all(
          batch.map((userId, j) =>
            signInHttp(processes[(i + j) % 2]!.base, students.get(userId)!.email),
          ),
        )),
      );
    }
    streamsChild = fork(process.argv[1]!, ['streams'], { execArgv: process.execArgv });
    const opening = performance.now();
    const opened = await ask(
      streamsChild,
      {
        type: 'open',
        streams: holders.map((_, i) => ({
          base: processes[i % 2]!.base,
          token: holderTokens[i]!,
        })),
      },
      'opened',
    );
    console.log(
      `Opened ${holders.length - opened.failed} of ${holders.length} streams (half on each ` +
        `process) in ${((performance.now() - opening) / 1000).toFixed(1)} s`,
    );
    if (opened.failed > 0) fail(`${opened.failed} streams did not open`);

    // The observer: what the database announced on the channel, from the mark on.
    observer = new pg.Client({ connectionString: database.url });
    await observer.connect();
    const announced: { c: string; u: string[] | null }[] = [];
    let lastAnnounced = performance.now();
    let observing = false;
    observer.on('notification', (n) => {
      lastAnnounced = performance.now();
      if (!observing || !n.payload) return;
      const p = JSON.parse(n.payload) as { t: string; c?: string; u?: string[] | null };
      if (p.t === 'c' && p.c) announced.push({ c: p.c, u: p.u ?? null });
    });
    await observer.query(`LISTEN ${EVENTS_CHANNEL}`);
    await sleep(1_000);
    const seq0 =
      (await db.query<{ max: string | null }>('select max(seq) as max from notifications')).rows[0]
        ?.max ?? '0';
    observing = true;
    await ask(streamsChild, { type: 'mark' }, 'marked');

    // ---- the load
    const uploads: Upload[] = Array.from({ length: UPLOADS }, (_, u) => ({
      courseId: courseOrder[u % COURSES]!,
      emails: Array.from({ length: ROSTER_ROWS }, (_, r) =>
        `term-${u}-${r}@new.bench.example.edu`.toLowerCase(),
      ),
    }));
    const order = [...students.values()];
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    const requestOf = new Map(requests.map((r) => [r.applicant.userId, r]));
    console.log(
      `\nStart of term: ${order.length.toLocaleString('en')} students over ${DURATION_S} s ` +
        `(${(order.length / DURATION_S).toFixed(1)} arrivals/s), ${requests.length.toLocaleString('en')} ` +
        `join requests and decisions, ${UPLOADS} rosters of ${ROSTER_ROWS} rows, ` +
        `${holders.length - opened.failed} streams open`,
    );
    const apiPids = processes.map((p) => p.child.pid!);
    const cpuBefore = await sampleCpu(database.admin, database.name, apiPids);
    const streamsCpuBefore = cpuOfPid(streamsChild.pid!);
    const clientCpuBefore = process.cpuUsage();
    const profile = PROFILE ? sampleQueries(database.url, database.name) : undefined;
    const health = sampleHealth(processes, adminToken);
    const t0 = performance.now();
    const work: Promise<void>[] = [];
    const visits = order.map((s, i) => {
      const at = (i * DURATION_S * 1000) / order.length;
      return new Promise<void>((resolve) => {
        setTimeout(() => {
          visit(s, requestOf.get(s.userId)).then(resolve, (error: unknown) => {
            console.error(error);
            resolve();
          });
        }, at);
      });
    });
    work.push(...visits);
    const visitOf = new Map(order.map((s, i) => [s.userId, visits[i]!]));
    for (const r of requests) work.push(decide(r, visitOf.get(r.applicant.userId)!));
    uploads.forEach((u, n) => {
      const at = ((n + 0.5) * DURATION_S * 1000) / UPLOADS;
      work.push(sleep(at).then(() => uploadAndFollow(processes[n % 2]!, adminToken, u, n)));
    });
    const progress = setInterval(() => {
      console.log(
        `  ${((performance.now() - t0) / 1000).toFixed(0)} s: ${samples.length.toLocaleString('en')} calls answered`,
      );
    }, 30_000);
    let drainTimer: NodeJS.Timeout | undefined;
    const drained = await Promise.race([
      Promise.all(work).then(() => true),
      new Promise<boolean>((resolve) => {
        drainTimer = setTimeout(() => resolve(false), DURATION_S * 1000 + DRAIN_TIMEOUT_MS);
      }),
    ]);
    // The run ends when its work does, not when the drain time would have been up.
    clearTimeout(drainTimer);
    clearInterval(progress);
    const loadSeconds = (performance.now() - t0) / 1000;
    const cpuAfter = await sampleCpu(database.admin, database.name, apiPids);
    const streamsCpu = cpuOfPid(streamsChild.pid!) - streamsCpuBefore;
    const clientCpu = process.cpuUsage(clientCpuBefore);
    if (!drained) fail('the load did not finish within the drain time');
    await health.stop();
    if (profile) await profile.stop();
    console.log(`Load done in ${loadSeconds.toFixed(1)} s`);

    // ---- the figures
    const kinds = [
      ...Object.values(CALLS).flatMap((rounds) => rounds.flat().map((c) => c.kind)),
      APPLY.kind,
      decideCall('accept').kind,
      decideCall('reject').kind,
      UPLOAD.kind,
      UPLOAD_STATUS.kind,
    ];
    const table: Record<string, string | number>[] = [];
    const misses: string[] = [];
    const row = (kind: string, list: Sample[]) => {
      const sorted = Float64Array.from(list.map((s) => s.ms)).sort();
      const errors = list.filter((s) => s.status !== (EXPECTED[s.kind] ?? 200)).length;
      const p99 = percentile(sorted, 99);
      return {
        'kind of call': kind,
        calls: list.length,
        errors,
        'p50 ms': Number(fmt(percentile(sorted, 50))),
        'p99 ms': Number(fmt(p99)),
        'max ms': Number(fmt(sorted[sorted.length - 1] ?? NaN)),
      };
    };
    for (const kind of [...new Set(kinds)]) {
      const list = samples.filter((s) => s.kind === kind);
      if (list.length === 0) continue;
      const r = row(kind, list);
      table.push(r);
      if (r['p99 ms'] >= GOAL_P99_MS) misses.push(`${kind} (p99 ${r['p99 ms']} ms)`);
    }
    table.push(row('all calls', samples));
    for (const p of processes)
      table.push(
        row(
          `all calls via ${p.name}`,
          samples.filter((s) => s.process === p.name),
        ),
      );
    const openSorted = Float64Array.from(opened.openMs).sort();
    table.push({
      'kind of call': STREAM_OPEN_KIND,
      calls: opened.openMs.length + opened.failed,
      errors: opened.failed,
      'p50 ms': Number(fmt(percentile(openSorted, 50))),
      'p99 ms': Number(fmt(percentile(openSorted, 99))),
      'max ms': Number(fmt(openSorted[openSorted.length - 1] ?? NaN)),
    });
    console.log(
      "\nLatency from the planned start of each call to its last byte (the client's delay counts):",
    );
    console.table(table);
    const errors = samples.filter((s) => s.status !== (EXPECTED[s.kind] ?? 200));
    const byStatus = new Map<string, number>();
    for (const e of errors) {
      const key = `${e.kind} → ${e.status || 'network error'}`;
      byStatus.set(key, (byStatus.get(key) ?? 0) + 1);
    }
    console.log(`Errors: ${errors.length}`);
    for (const [key, n] of byStatus) console.log(`  ${key}: ${n}`);
    for (const line of errorBodies) console.log(`  e.g. ${line}`);
    if (errors.length > 0) failed = true;

    // Over time: a stall (a process, the database, the machine) shows as one window.
    const windowS = Math.max(5, Math.round(loadSeconds / 20));
    const timeline: Record<string, string | number>[] = [];
    for (let from = 0; from < loadSeconds; from += windowS) {
      const inWindow = samples.filter((s) => {
        const at = (s.due - t0) / 1000;
        return at >= from && at < from + windowS;
      });
      if (inWindow.length === 0) continue;
      const sorted = Float64Array.from(inWindow.map((s) => s.ms)).sort();
      timeline.push({
        seconds: `${from}–${from + windowS}`,
        calls: inWindow.length,
        'p50 ms': Number(fmt(percentile(sorted, 50))),
        'p99 ms': Number(fmt(percentile(sorted, 99))),
        'max ms': Number(fmt(sorted[sorted.length - 1] ?? NaN)),
      });
    }
    console.log(`By the planned start, ${windowS} s windows:`);
    console.table(timeline);

    const lags = Float64Array.from(samples.map((s) => s.lagMs)).sort();
    const lagP99 = percentile(lags, 99);
    console.log(
      `Client delay (sent after the planned start): p50 ${fmt(percentile(lags, 50))} ms, ` +
        `p99 ${fmt(lagP99)} ms, max ${fmt(lags[lags.length - 1] ?? NaN)} ms` +
        (lagP99 > 20 ? ' - the client fell behind: these latencies include its delay' : ''),
    );

    const calls = samples.length;
    const us = (seconds: number, n: number) =>
      `${Math.round((seconds / n) * 1e6).toLocaleString('en')} µs`;
    console.log(
      `\nCPU over the load (${loadSeconds.toFixed(0)} s, ${calls.toLocaleString('en')} calls, ` +
        `${(calls / loadSeconds).toFixed(0)} calls/s; stream events not counted as calls):`,
    );
    let pgSeconds = 0;
    for (const [pid, s] of cpuAfter.postgres) pgSeconds += s - (cpuBefore.postgres.get(pid) ?? 0);
    for (const p of processes) {
      const pid = p.child.pid!;
      const seconds = (cpuAfter.api.get(pid) ?? 0) - (cpuBefore.api.get(pid) ?? 0);
      const n = samples.filter((s) => s.process === p.name).length;
      console.log(
        `  API ${p.name}: ${seconds.toFixed(1)} s for ${n.toLocaleString('en')} calls, ${us(seconds, n)} per call ` +
          `(${((seconds / loadSeconds) * 100).toFixed(0)}% of a core)`,
      );
    }
    console.log(
      `  PostgreSQL (backends of the bench database): ${pgSeconds.toFixed(1)} s, ${us(pgSeconds, calls)} per call ` +
        `(${((pgSeconds / loadSeconds) * 100).toFixed(0)}% of a core)`,
    );
    const clientSeconds = (clientCpu.user + clientCpu.system) / 1e6;
    console.log(
      `  load client ${clientSeconds.toFixed(1)} s, stream clients ${streamsCpu.toFixed(1)} s ` +
        '(the same two cores)',
    );

    // ---- nothing lost
    console.log('\nNothing lost:');
    // Work still in flight would read as lost: no proof then, and the run fails.
    if (!drained) loss('not proved: the load was still running when the drain time was up');
    else {
      await sleep(1_000);
      const quietEnd = performance.now() + 60_000;
      while (performance.now() - lastAnnounced < 3_000 && performance.now() < quietEnd) {
        await sleep(250);
      }
      await sleep(2_000);
      const report = await ask(streamsChild, { type: 'report' }, 'report');

      // Join requests: accepted → member, rejected → not; no team over its size.
      const planned = requests.filter((r) => r.applied);
      const { rows: decided } = await db.query<{
        id: string;
        status: string;
        member: boolean;
      }>(
        `select jr.id, jr.status,
              exists (select 1 from team_members tm
                       where tm.team_id = jr.team_id and tm.user_id = jr.user_id) as member
         from join_requests jr where jr.id = any($1::uuid[])`,
        [planned.map((r) => r.requestId)],
      );
      const byId = new Map(decided.map((d) => [d.id, d]));
      let acceptedOk = 0;
      let rejectedOk = 0;
      const wrong: string[] = [];
      for (const r of planned) {
        const d = byId.get(r.requestId!);
        if (!r.decided) wrong.push(`request ${r.requestId}: not decided`);
        else if (r.action === 'accept' && d?.status === 'ACCEPTED' && d.member) acceptedOk += 1;
        else if (r.action === 'reject' && d?.status === 'REJECTED' && !d.member) rejectedOk += 1;
        else
          wrong.push(
            `request ${r.requestId}: ${r.action}ed, now ${d?.status}, member ${d?.member}`,
          );
      }
      const accepts = planned.filter((r) => r.action === 'accept').length;
      console.log(
        `  join requests: ${planned.length} of ${requests.length} filed; ${acceptedOk} of ${accepts} ` +
          `accepted are memberships, ${rejectedOk} of ${planned.length - accepts} rejected are not`,
      );
      if (planned.length !== requests.length)
        loss(`${requests.length - planned.length} requests not filed`);
      for (const line of wrong.slice(0, 10)) loss(line);
      const { rows: over } = await db.query<{ n: string }>(
        `select count(*) as n from teams t
        where t.member_count > t.max_size
           or t.member_count <> (select count(*) from team_members tm where tm.team_id = t.id)`,
      );
      console.log(`  teams over their size or with a wrong member count: ${over[0]!.n}`);
      if (Number(over[0]!.n) > 0) loss('a team is over its size or miscounted');

      // Rosters: every row an enrollment. The job's status is the database's (the upload
      // page's follower gives up after 2 minutes; a job done later is not lost).
      let rosterRows = 0;
      let completed = 0;
      for (const [n, u] of uploads.entries()) {
        const { rows } = await db.query<{ n: string; status: string | null }>(
          `select (select count(*) from enrollments
                  where course_id = $1 and email = any($2::text[]) and removed_at is null) as n,
                (select status from csv_uploads where id = $3) as status`,
          [u.courseId, u.emails, u.id ?? null],
        );
        const enrolled = Number(rows[0]!.n);
        const status = rows[0]!.status ?? 'not accepted';
        rosterRows += enrolled;
        if (status === 'COMPLETED') completed += 1;
        if (status !== 'COMPLETED' || enrolled !== ROSTER_ROWS) {
          loss(`roster ${n}: ${status}, ${enrolled} of ${ROSTER_ROWS} rows enrolled`);
        }
      }
      const times = uploads.map((u) => u.seconds ?? NaN).filter(Number.isFinite);
      console.log(
        `  rosters: ${completed} of ${uploads.length} COMPLETED; ${rosterRows.toLocaleString('en')} ` +
          `of ${(uploads.length * ROSTER_ROWS).toLocaleString('en')} rows are enrollments; ` +
          `followed to the end by the upload page's polling: ${times.length} (upload → COMPLETED ` +
          `${fmt(Math.min(...times))}–${fmt(Math.max(...times))} s), the others gave up after 2 min`,
      );

      // Streams: still open; exactly the user's notifications; one `changed` per announced change
      // of their courses.
      const holderCourses = new Map<string, Set<string>>();
      const { rows: enrolledRows } = await db.query<{ user_id: string; course_id: string }>(
        `select user_id, course_id from enrollments where user_id = any($1::uuid[]) and removed_at is null`,
        [holders],
      );
      for (const e of enrolledRows) {
        const set = holderCourses.get(e.user_id) ?? new Set<string>();
        set.add(e.course_id);
        holderCourses.set(e.user_id, set);
      }
      const { rows: written } = await db.query<{ user_id: string; seq: string }>(
        `select user_id, seq from notifications where seq > $1 and user_id = any($2::uuid[])
        order by seq`,
        [seq0, holders],
      );
      const writtenFor = new Map<string, number[]>();
      for (const w of written) {
        const list = writtenFor.get(w.user_id) ?? [];
        list.push(Number(w.seq));
        writtenFor.set(w.user_id, list);
      }
      let ended = 0;
      let notificationsExpected = 0;
      let notificationsMissing = 0;
      let notificationsExtra = 0;
      let changedExpected = 0;
      let changedMissing = 0;
      let changedExtra = 0;
      let refetchAll = 0;
      holders.forEach((userId, i) => {
        const got = report.streams[i]!;
        if (got.ended) ended += 1;
        refetchAll += got.refetchAll;
        const expected = writtenFor.get(userId) ?? [];
        notificationsExpected += expected.length;
        const seen = new Set(got.seqs);
        notificationsMissing += expected.filter((s) => !seen.has(s)).length;
        notificationsExtra += got.seqs.length - expected.filter((s) => seen.has(s)).length;
        const courses = holderCourses.get(userId) ?? new Set<string>();
        const want = new Map<string, number>();
        for (const p of announced) {
          if (courses.has(p.c) || p.u?.includes(userId)) want.set(p.c, (want.get(p.c) ?? 0) + 1);
        }
        for (const c of new Set([...want.keys(), ...Object.keys(got.changed)])) {
          const w = want.get(c) ?? 0;
          const g = got.changed[c] ?? 0;
          changedExpected += w;
          if (g < w) changedMissing += w - g;
          else changedExtra += g - w;
        }
      });
      const planKinds = await db.query<{ kind: string; n: string }>(
        `select kind, count(*) as n from notifications where seq > $1 group by kind order by kind`,
        [seq0],
      );
      console.log(
        `  notifications written during the run, by kind: ` +
          planKinds.rows.map((r) => `${r.kind} ${r.n}`).join(', '),
      );
      const acceptedN = planKinds.rows.find((r) => r.kind === 'JOIN_REQUEST_ACCEPTED')?.n ?? '0';
      const rejectedN = planKinds.rows.find((r) => r.kind === 'JOIN_REQUEST_REJECTED')?.n ?? '0';
      const receivedN = planKinds.rows.find((r) => r.kind === 'JOIN_REQUEST_RECEIVED')?.n ?? '0';
      if (Number(receivedN) < planned.length)
        loss(`only ${receivedN} JOIN_REQUEST_RECEIVED notifications`);
      if (Number(acceptedN) < acceptedOk)
        loss(`only ${acceptedN} JOIN_REQUEST_ACCEPTED notifications`);
      if (Number(rejectedN) < rejectedOk)
        loss(`only ${rejectedN} JOIN_REQUEST_REJECTED notifications`);
      console.log(
        `  streams: ${holders.length - ended} of ${holders.length} still open at the end; ` +
          `notifications ${notificationsExpected.toLocaleString('en')} written for their users, ` +
          `${notificationsMissing} missing, ${notificationsExtra} extra or repeated; changes announced ` +
          `on the channel ${announced.length.toLocaleString('en')}, \`changed\` events due ` +
          `${changedExpected.toLocaleString('en')}, ${changedMissing} missing, ${changedExtra} extra; ` +
          `refetch-everything events ${refetchAll}`,
      );
      if (ended > 0) loss(`${ended} streams ended during the run`);
      if (notificationsMissing + notificationsExtra > 0)
        loss('a stream missed or repeated a notification');
      if (changedMissing + changedExtra > 0) loss('a stream missed or repeated a change');
    }
    await db.end();

    // ---- the goal
    console.log(
      `\nGoal: 0 errors, nothing lost, p99 < ${GOAL_P99_MS} ms for every kind of call: ` +
        `errors ${errors.length ? 'MISS' : 'PASS'} (${errors.length}), nothing lost ` +
        `${lost ? 'MISS' : 'PASS'}, p99 ` +
        (misses.length ? `MISS: ${misses.join('; ')}` : 'PASS'),
    );
    console.log(await machineLine());
  } catch (error) {
    failed = true;
    console.error(error);
    for (const p of processes) if (p.stderr()) console.error(`${p.name} stderr:\n${p.stderr()}`);
  } finally {
    streamsChild?.send({ type: 'close' });
    await observer?.end().catch(() => undefined);
    for (const agent of agents.values()) agent.destroy();
    await Promise.all(processes.map(stopProcess));
    await database.drop();
    closeSync(logFd);
  }
  if (failed) {
    console.log('\nbench:term FAILED (see above)');
    process.exit(1);
  }
}

if (process.argv[2] === 'streams') streamClients();
else void main();
