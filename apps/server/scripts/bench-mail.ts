// Email delivery benchmark (`npm run bench:mail`, issue 26, decision 133). A fresh PostgreSQL
// database (DATABASE_URL names a role that may create one; dropped afterwards, BENCH_KEEP_DB=1
// keeps it), 10,000 recipients (distinct users and addresses, inserted with SQL, so the hourly
// cap of 10 per recipient never applies), a real SMTP sink in this process (smtp-server,
// accepting everything; per message the time it accepted it and its Message-ID, which is
// `<notificationId@host>`), and the real server (`node --import tsx src/server.ts`, as the other
// benches run it) with SMTP_URL pointing at the sink: its mail worker sends with its defaults.
// One signed-in live stream (GET /events) is open on the server for the whole run, reconnecting
// after the kill, and must still be open (and deliver a notification) at the end.
//   Run A: 10,000 notifications written in ONE statement; wait until the sink has all 10,000.
//   Run B: the same with new notifications, and one `kill -9` of the server process the moment
//          the BENCH_MAIL_KILL_AT-th (3,025th: half-way through a batch) has arrived; a new
//          process (same environment) takes over, including the crashed batch once its lease
//          ends.
// Figures per run: total time from the commit to the last first arrival, emails/s, latency
// p50/p99/max from the commit to the sink accepting, lost (notifications never received),
// duplicates (messages received more than once) and the outbox rows' states. Then PASS/MISS per
// goal: all 10,000 within 60 s (run A), 0 lost (both), 0 duplicates without a kill, at most one
// batch (50) repeated after the kill. The exit code is 0 whatever the figures, as the house's
// benches print figures rather than fail on them; 1 only when the bench itself broke.
// BENCH_MAIL_COUNT (10,000), BENCH_MAIL_TIMEOUT_S (180), BENCH_LOG_FILE (/dev/null: the
// server's log lines) and DATABASE_POOL_MAX tune a run. BENCH_MAIL_PROFILE_DIR: the first server
// process runs with `--cpu-prof` writing there, and run B is skipped (the kill -9 would lose the
// profile); summarise it with `node apps/server/scripts/cpu-profile-summary.mjs <file> --all`.
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { openPostgres } from '../src/db/client.js';
import {
  API,
  benchEnv,
  cpuBetween,
  createBenchDatabase,
  freePort,
  machineLine,
  percentile,
  requireDatabaseUrl,
  sampleCpu,
  signInHttp,
  startProcess,
  stopProcess,
  waitReady,
  type ApiProcess,
} from './bench-lib.js';

const COUNT = Number(process.env.BENCH_MAIL_COUNT ?? 10_000);
/**
 * Half-way through a batch of 50 (the worker's batches start at 0 here: nothing is held or
 * cancelled), so the kill lands while a batch is being sent and half of it is repeated: the case
 * the goal bounds. At a multiple of 50 the kill lands as a batch ends, mostly with nothing held.
 */
const KILL_AT = Number(process.env.BENCH_MAIL_KILL_AT ?? Math.round((COUNT * 0.3) / 50) * 50 + 25);
const TIMEOUT_MS = Number(process.env.BENCH_MAIL_TIMEOUT_S ?? 180) * 1000;
const LOG_FILE = process.env.BENCH_LOG_FILE ?? '/dev/null';
const PROFILE_DIR = process.env.BENCH_MAIL_PROFILE_DIR;
/** The worker's defaults (MAIL_WORKER_DEFAULTS): what "one batch" and the lease are. */
const BATCH_SIZE = 50;
const GOAL_SECONDS = 60;
const STREAM_EMAIL = 'mail-stream@bench.example.edu';
const RECIPIENT_PATTERN = 'mail-r%@bench.example.edu';

const databaseUrl = requireDatabaseUrl('bench:mail');
const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const now = () => performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------
// The SMTP sink: accepts every message; keeps, per notification id (from the Message-ID), the
// times it was accepted. Only the header block is read (parsing 20,000 whole messages with
// mailparser would take the CPU the server needs on this machine).

interface Sink {
  url: string;
  /** Notification id → when each copy was accepted (performance.now()). */
  accepted: Map<string, number[]>;
  /** Messages accepted in all, those without a notification's Message-ID, connections reset. */
  counts: { messages: number; foreign: number; connectionErrors: number };
  /** Called when a notification's first copy is accepted, before the sink answers 250. */
  onFirst?: (id: string) => void;
  close(): Promise<void>;
}

const HEADER_END = Buffer.from('\r\n\r\n');

function messageIdOf(head: string): string | null {
  const unfolded = head.replace(/\r\n[ \t]+/g, ' ');
  const line = /^message-id:[ \t]*<([^@>\s]+)@[^>]*>/im.exec(unfolded);
  return line ? line[1]! : null;
}

async function startSink(): Promise<Sink> {
  const accepted = new Map<string, number[]>();
  const counts = { messages: 0, foreign: 0, connectionErrors: 0 };
  // A message cut off by the sender's death is destroyed, never ended: it is not counted.
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, _session, callback) {
      let head: Buffer | null = Buffer.alloc(0);
      let id: string | null = null;
      stream.on('error', () => undefined);
      stream.on('data', (chunk: Buffer) => {
        if (!head) return;
        head = Buffer.concat([head, chunk]);
        const end = head.indexOf(HEADER_END);
        if (end >= 0 || head.length > 65_536) {
          id = messageIdOf(head.toString('latin1', 0, end >= 0 ? end : head.length));
          head = null;
        }
      });
      stream.on('end', () => {
        const at = now();
        if (head) id = messageIdOf(head.toString('latin1'));
        counts.messages += 1;
        if (id) {
          const times = accepted.get(id);
          if (times) times.push(at);
          else {
            accepted.set(id, [at]);
            sink.onFirst?.(id);
          }
        } else {
          counts.foreign += 1;
        }
        callback();
      });
    },
  });
  // A sender killed in the middle of a transaction resets its connection (ECONNRESET): counted,
  // not fatal.
  server.on('error', () => (counts.connectionErrors += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const sink: Sink = {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    counts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return sink;
}

// ---------------------------------------------------------------------------------------
// The live stream: one signed-in GET /events held open; when it ends (the process it was on
// died) it signs in again and reconnects to whichever process serves now.

class LiveStream {
  open = false;
  opens = 0;
  drops = 0;
  notifications = 0;
  private request: http.ClientRequest | undefined;
  private stopped = false;

  constructor(
    private readonly baseOf: () => string,
    private readonly email: string,
  ) {}

  /** Resolves once the stream said `: connected` (retrying every 250 ms, within 60 s). */
  async connect(): Promise<void> {
    const end = Date.now() + 60_000;
    while (!this.stopped) {
      try {
        await this.once();
        return;
      } catch (error) {
        if (Date.now() > end) throw error;
        await sleep(250);
      }
    }
  }

  private async once(): Promise<void> {
    const base = this.baseOf();
    const token = await signInHttp(base, this.email);
    await new Promise<void>((resolve, reject) => {
      const request = http.get(`${base}${API}/events`, {
        headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
        agent: false,
      });
      this.request = request;
      let settled = false;
      const lost = () => {
        if (!this.open || this.request !== request) return;
        this.open = false;
        this.drops += 1;
        if (!this.stopped) void this.connect().catch(() => undefined);
      };
      const fail = (error: Error) => {
        if (settled) return lost();
        settled = true;
        reject(error);
      };
      request.on('error', fail);
      request.on('response', (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          fail(new Error(`GET /events answered ${res.statusCode}`));
          return;
        }
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (!settled && chunk.includes(': connected')) {
            settled = true;
            this.open = true;
            this.opens += 1;
            resolve();
          }
          this.notifications += chunk.split('event: notification\n').length - 1;
        });
        res.on('close', () => fail(new Error('the stream closed before it opened')));
      });
    });
  }

  close() {
    this.stopped = true;
    this.open = false;
    this.request?.destroy();
  }
}

/**
 * bench-lib's startProcess with `--cpu-prof` (not allowed in NODE_OPTIONS): the profile is
 * written to `dir` when the process exits (SIGTERM at the end of the bench).
 */
function startProfiled(
  name: string,
  port: number,
  url: string,
  logFd: number,
  env: Record<string, string>,
  dir: string,
): ApiProcess {
  const dataDir = mkdtempSync(join(tmpdir(), `teamup-bench-${name}-`));
  const child = spawn(
    process.execPath,
    ['--cpu-prof', `--cpu-prof-dir=${dir}`, '--import', 'tsx', 'src/server.ts'],
    {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        ...benchEnv(url, dataDir),
        HOST: '127.0.0.1',
        PORT: String(port),
        WEB_DIST_DIR: dataDir,
        ...env,
      },
      stdio: ['ignore', logFd, 'pipe'],
    },
  );
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  return { name, port, base: `http://127.0.0.1:${port}`, child, stderr: () => stderr };
}

// ---------------------------------------------------------------------------------------

interface RunResult {
  label: string;
  received: number;
  seconds: number;
  rate: number;
  p50: number;
  p99: number;
  max: number;
  lost: number;
  duplicates: number;
  duplicatedIds: number;
  states: Record<string, number>;
  retried: number;
  timedOut: boolean;
  /** First arrivals per 5 s after the commit. */
  timeline: number[];
  cpu: { server: number; postgres: number; bench: number };
  kill?: {
    atReceived: number;
    afterSeconds: number;
    restartSeconds: number;
    /** Rows the killed process held claimed (PENDING under a lease) just after the kill. */
    inFlight: number;
  };
}

const fmtMs = (v: number) => (Number.isFinite(v) ? `${v.toFixed(0)} ms` : 'n/a');

async function main() {
  console.log(await machineLine());
  const database = await createBenchDatabase(databaseUrl);
  const logFd = openSync(LOG_FILE, 'a');
  const processes: ApiProcess[] = [];
  let current: ApiProcess | undefined;
  let sink: Sink | undefined;
  let stream: LiveStream | undefined;
  const client = new pg.Client({ connectionString: database.url });
  let broken = false;
  try {
    const handle = openPostgres(database.url);
    try {
      await handle.migrate();
    } finally {
      await handle.close();
    }
    await client.connect();
    const seeding = now();
    const {
      rows: [org],
    } = await client.query<{ id: string }>(
      `insert into organizations (name, slug) values ('Bench Mail', 'bench-mail') returning id`,
    );
    const {
      rows: [course],
    } = await client.query<{ id: string }>(
      `insert into courses (organization_id, code, title, term, team_size_min, team_size_max,
         team_formation_deadline)
       values ($1, 'MAIL101', 'Delivery', 'Fall 2026', 2, 4, now() + interval '30 days')
       returning id`,
      [org!.id],
    );
    await client.query(
      `insert into users (email, fullname)
       select 'mail-r' || i || '@bench.example.edu', 'Mail Recipient ' || i
       from generate_series(1, $1::int) i`,
      [COUNT],
    );
    await client.query('analyze');
    console.log(
      `Seeded ${COUNT.toLocaleString('en')} recipients in ${((now() - seeding) / 1000).toFixed(1)} s ` +
        `into ${database.name}`,
    );

    const mailSink = await startSink();
    sink = mailSink;
    const env: Record<string, string> = {
      SMTP_URL: mailSink.url,
    };
    const start = async (name: string) => {
      const port = await freePort();
      const p = PROFILE_DIR
        ? startProfiled(name, port, database.url, logFd, env, PROFILE_DIR)
        : startProcess(name, port, database.url, logFd, env);
      processes.push(p);
      await waitReady(p);
      return p;
    };
    current = await start('mail-1');
    console.log(
      `Server process ${current.name} (pid ${current.child.pid}) on :${current.port}, ` +
        `SMTP_URL ${mailSink.url}, the mail worker with its defaults ` +
        `(batch ${BATCH_SIZE}, concurrency 4, lease 10 s, poll 1 s)${PROFILE_DIR ? `, --cpu-prof to ${PROFILE_DIR}` : ''}`,
    );

    // The live stream's user: signed in through the dev identity provider (which creates them),
    // every email off so its probe notification queues none.
    const live = new LiveStream(() => current!.base, STREAM_EMAIL);
    stream = live;
    await live.connect();
    const {
      rows: [streamUser],
    } = await client.query<{ id: string }>(
      `update users set email_all_off = true where email = $1 returning id`,
      [STREAM_EMAIL],
    );
    console.log(`Live stream open on ${current.name} (GET ${API}/events, signed in)`);

    const run = async (label: string, killAt?: number): Promise<RunResult> => {
      const cpuBefore = await sampleCpu(database.admin, database.name, [current!.child.pid!]);
      let cpuAtKill: Awaited<ReturnType<typeof sampleCpu>> | undefined;
      const sinkCpuBefore = process.cpuUsage();
      const { rows } = await client.query<{ id: string }>(
        `insert into notifications (user_id, kind, organization_id, course_id, data)
         select id, 'DEADLINE_SOON', $1, $2, '{"hours": 24}'::jsonb from users
         where email like $3
         returning id`,
        [org!.id, course!.id, RECIPIENT_PATTERN],
      );
      const committed = now();
      const ids = rows.map((r) => r.id);
      const receivedOf = () => ids.reduce((n, id) => n + (mailSink.accepted.has(id) ? 1 : 0), 0);
      let kill: RunResult['kill'];
      let restart: Promise<void> | undefined;
      // The kill is sent from the sink the moment the killAt-th notification arrives (before the
      // sink answers it), so it lands where that count puts it in a batch, not at a poll.
      if (killAt !== undefined) {
        const wanted = new Set(ids);
        let arrived = receivedOf();
        mailSink.onFirst = (id) => {
          if (!wanted.has(id) || ++arrived !== killAt) return;
          mailSink.onFirst = undefined;
          const victim = current!;
          processes.splice(processes.indexOf(victim), 1);
          const exited = new Promise((resolve) => victim.child.once('exit', resolve));
          victim.child.kill('SIGKILL');
          const killedAt = now();
          kill = {
            atReceived: arrived,
            afterSeconds: (killedAt - committed) / 1000,
            restartSeconds: 0,
            inFlight: 0,
          };
          restart = (async () => {
            await exited;
            const held = await client.query<{ n: number }>(
              `select count(*)::int as n from email_deliveries
               where notification_id = any($1::uuid[]) and state = 'PENDING'
                 and lease_expires_at > now()`,
              [ids],
            );
            kill!.inFlight = held.rows[0]!.n;
            current = await start('mail-2');
            kill!.restartSeconds = (now() - killedAt) / 1000;
          })();
        };
      }
      let received = 0;
      const deadline = committed + TIMEOUT_MS;
      while (now() < deadline) {
        received = receivedOf();
        if (received >= ids.length) break;
        // The CPU the process to be killed used so far (its /proc entry goes with it).
        if (killAt !== undefined && !kill) {
          const sample = await sampleCpu(database.admin, database.name, [current!.child.pid!]);
          if (!kill) cpuAtKill = sample;
        }
        await sleep(killAt !== undefined && !kill ? 250 : 20);
      }
      mailSink.onFirst = undefined;
      await restart;
      const timedOut = received < ids.length;
      const lastFirst = ids.reduce(
        (last, id) => Math.max(last, mailSink.accepted.get(id)?.[0] ?? -Infinity),
        -Infinity,
      );
      // The rows settle (the last ones are marked SENT after their batch): then late copies
      // of a crashed batch have arrived too.
      const settleEnd = now() + 30_000;
      while (now() < settleEnd) {
        const pending = await client.query<{ n: number }>(
          `select count(*)::int as n from email_deliveries
           where notification_id = any($1::uuid[]) and state = 'PENDING'`,
          [ids],
        );
        if (pending.rows[0]!.n === 0) break;
        await sleep(100);
      }
      await sleep(500);
      // CPU seconds: with a kill, the killed process up to the kill plus the new one from its
      // start (its startup and migration check included); PostgreSQL's backends likewise.
      const cpuAfter = await sampleCpu(database.admin, database.name, [current!.child.pid!]);
      const used = cpuAtKill
        ? [cpuBetween(cpuBefore, cpuAtKill), cpuBetween(cpuAtKill, cpuAfter)]
        : [cpuBetween(cpuBefore, cpuAfter)];
      const benchCpu = process.cpuUsage(sinkCpuBefore);
      const timeline: number[] = [];
      const latencies = Float64Array.from(
        ids.flatMap((id) => {
          const first = mailSink.accepted.get(id)?.[0];
          return first === undefined ? [] : [first - committed];
        }),
      ).sort();
      for (const ms of latencies) {
        const slot = Math.floor(ms / 5000);
        while (timeline.length <= slot) timeline.push(0);
        timeline[slot]! += 1;
      }
      let duplicates = 0;
      let duplicatedIds = 0;
      for (const id of ids) {
        const copies = mailSink.accepted.get(id)?.length ?? 0;
        if (copies > 1) {
          duplicates += copies - 1;
          duplicatedIds += 1;
        }
      }
      const states = await client.query<{ state: string; n: number }>(
        `select state, count(*)::int as n from email_deliveries
         where notification_id = any($1::uuid[]) group by state order by state`,
        [ids],
      );
      const retried = await client.query<{ n: number }>(
        `select count(*)::int as n from email_deliveries
         where notification_id = any($1::uuid[]) and attempts > 1`,
        [ids],
      );
      const receivedIds = latencies.length;
      const seconds = (lastFirst - committed) / 1000;
      return {
        label,
        received: receivedIds,
        seconds,
        rate: receivedIds / seconds,
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        max: latencies[latencies.length - 1] ?? NaN,
        lost: ids.length - receivedIds,
        duplicates,
        duplicatedIds,
        states: Object.fromEntries(states.rows.map((r) => [r.state, r.n])),
        retried: retried.rows[0]!.n,
        timedOut,
        timeline,
        cpu: {
          server: used.reduce((sum, u) => sum + u.apiSeconds, 0),
          postgres: used.reduce((sum, u) => sum + u.postgresSeconds, 0),
          bench: (benchCpu.user + benchCpu.system) / 1e6,
        },
        kill,
      };
    };

    const print = (r: RunResult) => {
      console.log(
        `  received ${r.received.toLocaleString('en')} of ${COUNT.toLocaleString('en')} in ` +
          `${r.seconds.toFixed(1)} s (commit → last first arrival)${r.timedOut ? `, TIMED OUT after ${TIMEOUT_MS / 1000} s` : ''}`,
      );
      console.log(`  throughput ${r.rate.toFixed(0)} emails/s`);
      console.log(
        `  latency commit → accepted: p50 ${fmtMs(r.p50)}, p99 ${fmtMs(r.p99)}, max ${fmtMs(r.max)}`,
      );
      console.log(
        `  lost ${r.lost}, duplicates ${r.duplicates} (${r.duplicatedIds} notifications received more than once)`,
      );
      console.log(
        `  outbox rows: ${Object.entries(r.states)
          .map(([state, n]) => `${state} ${n.toLocaleString('en')}`)
          .join(', ')}; claimed more than once: ${r.retried}`,
      );
      console.log(`  first arrivals per 5 s after the commit: ${r.timeline.join(', ')}`);
      console.log(
        `  CPU: server process${r.kill ? 'es' : ''} ${r.cpu.server.toFixed(1)} s, PostgreSQL ` +
          `${r.cpu.postgres.toFixed(1)} s, this process (sink, stream, polling) ${r.cpu.bench.toFixed(1)} s` +
          (r.kill
            ? ' (the new process from its start, the killed one up to its last sample)'
            : ` (${((r.cpu.server / r.received) * 1000).toFixed(2)} ms of server CPU per email)`),
      );
      if (r.kill) {
        console.log(
          `  kill -9 of the server process at ${r.kill.atReceived.toLocaleString('en')} received, ` +
            `${r.kill.afterSeconds.toFixed(1)} s after the commit, with ${r.kill.inFlight} row(s) ` +
            `claimed by it; the new process answered ${r.kill.restartSeconds.toFixed(1)} s after the kill`,
        );
      }
    };

    console.log(`\nRun A: ${COUNT.toLocaleString('en')} notifications in one statement`);
    const a = await run('A');
    print(a);
    let b: RunResult | undefined;
    if (PROFILE_DIR) {
      console.log(
        '\nRun B skipped: BENCH_MAIL_PROFILE_DIR is set (a kill -9 would lose the profile)',
      );
    } else {
      console.log(
        `\nRun B: ${COUNT.toLocaleString('en')} new notifications in one statement, kill -9 of the ` +
          `server process after ~${KILL_AT.toLocaleString('en')} arrived, a new process takes over`,
      );
      b = await run('B', KILL_AT);
      print(b);
    }

    // The live stream: still open (after reconnecting, in run B), and live: a notification for
    // its user arrives on it.
    const before = live.notifications;
    await client.query(
      `insert into notifications (user_id, kind, organization_id, course_id, data)
       values ($1, 'DEADLINE_SOON', $2, $3, '{"hours": 24}'::jsonb)`,
      [streamUser!.id, org!.id, course!.id],
    );
    const probeEnd = now() + 10_000;
    while (live.notifications === before && now() < probeEnd) await sleep(20);
    const streamOk = live.open && live.notifications > before;
    console.log(
      `\nLive stream: ${live.open ? 'open' : 'CLOSED'} at the end on ${current.name}, opened ` +
        `${live.opens} time(s) (${live.drops} drop(s): the kill), the probe notification ` +
        `${live.notifications > before ? 'arrived' : 'did NOT arrive within 10 s'}`,
    );
    console.log(
      `SMTP sink: ${mailSink.counts.messages.toLocaleString('en')} messages accepted, ` +
        `${mailSink.counts.foreign} without a notification's Message-ID, ` +
        `${mailSink.counts.connectionErrors} connection(s) reset mid-transaction (the kill)`,
    );

    const goal = (ok: boolean) => (ok ? 'PASS' : 'MISS');
    console.log('\nSummary');
    console.log(
      `  ${goal(!a.timedOut && a.lost === 0 && a.seconds < GOAL_SECONDS)}  all ${COUNT.toLocaleString('en')} ` +
        `delivered in under ${GOAL_SECONDS} s (run A: ${a.seconds.toFixed(1)} s, ${a.rate.toFixed(0)} emails/s)`,
    );
    console.log(`  ${goal(a.lost === 0)}  0 lost without a kill (run A: ${a.lost})`);
    console.log(
      `  ${goal(a.duplicates === 0)}  0 duplicates without a kill (run A: ${a.duplicates})`,
    );
    if (b) {
      console.log(`  ${goal(b.lost === 0)}  0 lost after the kill (run B: ${b.lost})`);
      console.log(
        `  ${goal(b.duplicates <= BATCH_SIZE)}  at most one batch (${BATCH_SIZE}) repeated after the ` +
          `kill (run B: ${b.duplicates})`,
      );
      console.log(
        `  info  run B, with the kill and restart, took ${b.seconds.toFixed(1)} s ` +
          `(${b.rate.toFixed(0)} emails/s)`,
      );
    }
    console.log(
      `  ${goal(streamOk)}  the live stream is open at the end and delivers (${live.drops} reconnect(s))`,
    );
    console.log(await machineLine());
  } catch (error) {
    broken = true;
    console.error(error);
    for (const p of processes) if (p.stderr()) console.error(`${p.name} stderr:\n${p.stderr()}`);
  } finally {
    stream?.close();
    await Promise.all(processes.map(stopProcess));
    await sink?.close();
    await client.end().catch(() => undefined);
    await database.drop();
    closeSync(logFd);
  }
  if (broken) {
    console.log('\nbench:mail broke (see above)');
    process.exit(1);
  }
}

void main();
