// A mail worker alone in a process, for crash.test.ts (issue 26, decision 133: "kill -9
// mid-batch"): the real worker and SMTP transport on the test's PostgreSQL database, sending to
// the test's sink, so the test can kill the whole process with SIGKILL in the middle of a batch.
// Run with `node --import tsx`; settings from the environment:
//   CRASH_DATABASE_URL, CRASH_SMTP_URL (required), CRASH_BATCH_SIZE (20), CRASH_LEASE_MS (1000),
//   CRASH_CONCURRENCY (2), CRASH_PAUSE_AFTER (0: never): after that many messages were handed to
//   the SMTP server, every lane stops before its batch is recorded (the worker's afterSend hook)
//   and the process prints `paused <n>`, so the kill lands while a batch is sent but not yet
//   marked SENT: the worst case the lease has to cover.
import Fastify from 'fastify';
import { openPostgres } from '../../../src/db/client.js';
import { createSmtpTransport } from '../../../src/modules/email/transport.js';
import { createUnsubscribeTokens } from '../../../src/modules/email/unsubscribe-token.js';
import { createMailWorker } from '../../../src/modules/email/worker.js';

function required(name: string): string {
  const value = process.env[name];
  if (!value) {
    console.error(`crash-worker: ${name} is required`);
    process.exit(2);
  }
  return value;
}

const databaseUrl = required('CRASH_DATABASE_URL');
const smtpUrl = required('CRASH_SMTP_URL');
const batchSize = Number(process.env.CRASH_BATCH_SIZE ?? 20);
const leaseMs = Number(process.env.CRASH_LEASE_MS ?? 1000);
const concurrency = Number(process.env.CRASH_CONCURRENCY ?? 2);
const pauseAfter = Number(process.env.CRASH_PAUSE_AFTER ?? 0);

const handle = openPostgres(databaseUrl, { poolMax: 2, readLanes: 0 });
let sent = 0;
const worker = createMailWorker(
  handle.db,
  createSmtpTransport(smtpUrl, 'Teamup <no-reply@localhost>', { maxConnections: concurrency }),
  {
    publicUrl: 'http://localhost:5173',
    tokens: createUnsubscribeTokens('crash-test-secret-crash-test-secret-42'),
  },
  Fastify({ logger: false }).log,
  {
    batchSize,
    leaseMs,
    concurrency,
    pollIntervalMs: 20,
    async afterSend() {
      sent += 1;
      if (pauseAfter > 0 && sent >= pauseAfter) {
        if (sent === pauseAfter) process.stdout.write(`paused ${sent}\n`);
        // Held here until the test kills the process; the lease keeps being renewed meanwhile.
        await new Promise<never>(() => undefined);
      }
    },
  },
);
worker.start();
// The worker's timers are unref'd (a server's listening socket keeps its process alive): this
// one stands in for it until the test kills the process.
setInterval(() => undefined, 60_000);
process.stdout.write('started\n');
