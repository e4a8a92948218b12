// The mail worker (issue 26, decision 133), started in every process like the CSV worker: it
// claims due outbox rows in batches under a lease, renders and sends each, and records the end
// of each attempt only while its claim still holds. Delivery is at least once: a process that
// dies mid-batch leaves that batch's rows to be claimed again when their lease runs out, so what
// it had sent but not yet recorded goes once more, with the same Message-ID.
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client.js';
import { composeDigest, composeNotification, type ComposeContext } from './compose.js';
import {
  claimDeliveries,
  holdOverCap,
  markCancelled,
  markPermanentFailure,
  markRetry,
  markSent,
  renewLeases,
  type Claim,
  type ClaimedDelivery,
} from './outbox.js';
import { domainOf, type MailTransport, type SendOutcome } from './transport.js';

export interface MailWorkerOptions {
  /** Rows claimed at once. */
  batchSize: number;
  /** How long a claim lasts without renewal; renewed every third of it while a batch is sent. */
  leaseMs: number;
  /** How often an idle worker looks for due rows. */
  pollIntervalMs: number;
  /** Messages sent at once (the SMTP pool's connections). */
  concurrency: number;
  /** Test hook: after each message is handed to the transport (a crash test kills here). */
  afterSend?: (delivery: ClaimedDelivery) => void | Promise<void>;
}

export const MAIL_WORKER_DEFAULTS: MailWorkerOptions = {
  batchSize: 50,
  leaseMs: 10_000,
  pollIntervalMs: 1_000,
  concurrency: 4,
};

/** What this process's worker did (the /metrics counters). */
export const mailCounters = { sent: 0, retried: 0, failed: 0, held: 0, cancelled: 0 };

export interface MailWorker {
  start(): void;
  /** Something was just queued here: look now rather than at the next poll. */
  wake(): void;
  /** Claims and sends one batch; how many rows it claimed. */
  runOnce(): Promise<number>;
  /** Sends batches until none is due; how many rows were claimed in all. */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>) {
  const results = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  });
  await Promise.all(lanes);
  return results;
}

export function createMailWorker(
  db: DbOrTx,
  transport: MailTransport,
  compose: ComposeContext,
  log: FastifyBaseLogger,
  overrides: Partial<MailWorkerOptions> = {},
): MailWorker {
  const options: MailWorkerOptions = { ...MAIL_WORKER_DEFAULTS, ...overrides };
  let started = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | null = null;
  let again = false;

  async function sendOne(delivery: ClaimedDelivery): Promise<SendOutcome> {
    try {
      const message =
        delivery.kind === 'DIGEST'
          ? await composeDigest(compose, delivery)
          : await composeNotification(compose, delivery, delivery.notification!);
      const outcome = await transport.send(message);
      await options.afterSend?.(delivery);
      return outcome;
    } catch (error) {
      // A template that cannot render this row: retrying will not help, but it is not the
      // address's fault either. Logged without the body or the address.
      log.error({ err: error, delivery: delivery.id }, 'an email could not be composed');
      return { ok: false, permanent: false, code: null };
    }
  }

  async function batch(): Promise<number> {
    const claimed = await claimDeliveries(db, options.batchSize, options.leaseMs);
    if (claimed.length === 0) return 0;
    const claim = (d: ClaimedDelivery): Claim => ({ id: d.id, attempts: d.attempts });
    const gone = claimed.filter(
      (d) =>
        d.stopped || (d.kind === 'NOTIFICATION' ? d.notification === null : d.items.length === 0),
    );
    await markCancelled(db, gone.map(claim));
    mailCounters.cancelled += gone.length;
    const live = claimed.filter((d) => !gone.includes(d));
    const held = await holdOverCap(db, live.filter((d) => d.kind === 'NOTIFICATION').map(claim));
    mailCounters.held += held.size;
    const toSend = live.filter((d) => !held.has(d.id));

    const heartbeat = setInterval(() => {
      renewLeases(db, toSend.map(claim), options.leaseMs).catch((error: unknown) =>
        log.warn({ err: error }, 'renewing the mail lease failed'),
      );
    }, options.leaseMs / 3);
    let outcomes: SendOutcome[];
    try {
      outcomes = await mapLimit(toSend, options.concurrency, sendOne);
    } finally {
      clearInterval(heartbeat);
    }

    const sent: Claim[] = [];
    for (const [i, outcome] of outcomes.entries()) {
      const delivery = toSend[i]!;
      if (outcome.ok) {
        sent.push(claim(delivery));
      } else if (outcome.permanent) {
        mailCounters.failed++;
        log.warn(
          { delivery: delivery.id, domain: domainOf(delivery.email), code: outcome.code },
          'an address refused email permanently; it is marked undeliverable',
        );
        await markPermanentFailure(db, claim(delivery), delivery.userId, outcome.code);
      } else {
        mailCounters.retried++;
        log.info(
          { delivery: delivery.id, domain: domainOf(delivery.email), code: outcome.code },
          'an email failed for now; it will be tried again',
        );
        await markRetry(db, claim(delivery), outcome.code);
      }
    }
    mailCounters.sent += await markSent(db, sent);
    return claimed.length;
  }

  function runOnce(): Promise<number> {
    running ??= batch().finally(() => {
      running = null;
    });
    return running;
  }

  async function drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await runOnce();
      total += n;
      if (n === 0 || stopped) return total;
    }
  }

  function schedule(ms: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      void loop();
    }, ms);
    timer.unref?.();
  }

  async function loop() {
    if (stopped) return;
    again = false;
    try {
      await drain();
    } catch (error) {
      log.error({ err: error }, 'the mail worker failed a round; it will try again');
    }
    schedule(again ? 0 : options.pollIntervalMs);
  }

  return {
    start() {
      if (started) return;
      started = true;
      schedule(0);
    },
    wake() {
      if (!started || stopped) return;
      if (running) again = true;
      else schedule(0);
    },
    runOnce,
    drain,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
      transport.close();
    },
  };
}
