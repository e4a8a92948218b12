import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import {
  JobAborted,
  JobFailed,
  LeaseLost,
  processUpload,
  type ProcessHooks,
} from './process-upload.js';
import {
  claimNextJob,
  failJob,
  msUntilNextLeaseExpiry,
  renewLease,
  requeueJob,
  type ClaimedJob,
} from './upload-jobs.js';

export interface CsvWorkerOptions {
  /** How often an idle worker looks for jobs other processes queued (its own wake it). */
  pollIntervalMs: number;
  /**
   * How long a claim lasts without renewal. The worker renews it every third of this while it
   * works (a heartbeat), so only a dead or stalled process lets it run out, and a crashed
   * process's job waits at most this long before another process takes it.
   */
  leaseMs: number;
  /** Claims of one job, crashes included, before it is given up as FAILED. */
  maxAttempts: number;
  /** Progress is written every this many validated rows. */
  progressEvery: number;
  hooks: ProcessHooks;
}

export const CSV_WORKER_DEFAULTS: CsvWorkerOptions = {
  pollIntervalMs: 2000,
  leaseMs: 15_000,
  maxAttempts: 3,
  progressEvery: 1000,
  hooks: {},
};

export interface CsvWorker {
  /**
   * Claims at once what is waiting (QUEUED jobs, and PROCESSING jobs whose lease ran out: their
   * process died), then polls; a PROCESSING job whose lease still runs is looked at again the
   * moment that lease ends.
   */
  start(): void;
  /** A job was just queued here: look now rather than at the next poll. */
  wake(): void;
  /** Claims and processes one job; its id, or null when none was waiting. */
  runOnce(): Promise<string | null>;
  /** Processes jobs until none is waiting; the ids it processed. */
  drain(): Promise<string[]>;
  /**
   * Stops polling and abandons the current job at its next checkpoint: its transaction rolls
   * back and the job is queued again for any process. Resolves when nothing runs any more.
   */
  stop(): Promise<void>;
}

/** How long after a lease ends an idle worker looks for the job (never a busy loop). */
const LEASE_GRACE_MS = 25;

const GAVE_UP =
  'Processing the roster failed; nothing was applied. Upload the file again, or ask an administrator if it keeps failing.';

/**
 * The in-process CSV worker. It holds no job state beyond the job it is running: the queue is
 * the csv_uploads table, so any number of processes can run one.
 */
export function createCsvWorker(
  db: Db,
  log: FastifyBaseLogger,
  overrides: Partial<CsvWorkerOptions> = {},
): CsvWorker {
  const options: CsvWorkerOptions = { ...CSV_WORKER_DEFAULTS, ...overrides };
  const abort = new AbortController();
  let started = false;
  let stopped = false;
  let wakeRequested = false;
  let timer: NodeJS.Timeout | undefined;
  let loop: Promise<void> | null = null;

  /** The heartbeat: renews the claim every third of the lease until the job is settled. */
  function keepLease(job: ClaimedJob) {
    let renewing: Promise<unknown> | null = null;
    const interval = setInterval(
      () => {
        renewing ??= renewLease(db, job, options.leaseMs)
          .catch((error: unknown) =>
            log.warn({ err: error, uploadId: job.id }, 'csv lease renewal failed'),
          )
          .finally(() => (renewing = null));
      },
      Math.max(Math.floor(options.leaseMs / 3), 10),
    );
    interval.unref();
    return async () => {
      clearInterval(interval);
      await renewing;
    };
  }

  /** Never throws: whatever happens is recorded on the job (or left to its lease). */
  async function handle(job: ClaimedJob): Promise<void> {
    const logger = log.child({ uploadId: job.id, attempt: job.attempts });
    if (job.attempts > options.maxAttempts) {
      logger.error('csv upload abandoned: its processing was interrupted on every attempt');
      await failJob(db, job, GAVE_UP).catch((error: unknown) =>
        logger.warn({ err: error }, 'csv job state not recorded; its lease will expire'),
      );
      return;
    }
    const stopLease = keepLease(job);
    const startedAt = Date.now();
    let failure: unknown;
    try {
      await processUpload(db, job, {
        signal: abort.signal,
        leaseMs: options.leaseMs,
        progressEvery: options.progressEvery,
        hooks: options.hooks,
      });
      logger.info({ ms: Date.now() - startedAt }, 'csv upload applied');
    } catch (error) {
      failure = error ?? new Error('unknown failure');
    } finally {
      await stopLease();
    }
    if (failure === undefined) return;
    await settle(job, failure, logger).catch((error: unknown) =>
      logger.warn({ err: error }, 'csv job state not recorded; its lease will expire'),
    );
  }

  async function settle(job: ClaimedJob, error: unknown, logger: FastifyBaseLogger) {
    if (error instanceof JobAborted) {
      logger.info('csv job handed back: worker stopping');
      await requeueJob(db, job);
    } else if (error instanceof LeaseLost) {
      logger.warn('csv job lease lost; another process has it');
    } else if (error instanceof JobFailed) {
      logger.info({ reason: error.message }, 'csv upload failed');
      await failJob(db, job, error.message);
    } else if (job.attempts < options.maxAttempts) {
      logger.error({ err: error }, 'csv upload failed; it will be retried');
      await requeueJob(db, job);
    } else {
      logger.error({ err: error }, 'csv upload failed on its last attempt');
      await failJob(db, job, GAVE_UP);
    }
  }

  async function runOnce(): Promise<string | null> {
    if (stopped) return null;
    const job = await claimNextJob(db, options.leaseMs);
    if (!job) return null;
    await handle(job);
    return job.id;
  }

  async function drain(): Promise<string[]> {
    const done: string[] = [];
    for (let id = await runOnce(); id; id = await runOnce()) done.push(id);
    return done;
  }

  function schedule(delayMs: number) {
    if (!started || stopped) return;
    clearTimeout(timer);
    timer = setTimeout(tick, delayMs);
    timer.unref();
  }

  function tick() {
    if (stopped) return;
    if (loop) {
      wakeRequested = true;
      return;
    }
    wakeRequested = false;
    loop = drain()
      .then(() => (stopped ? 0 : nextLook()))
      .catch((error: unknown) => {
        log.warn({ err: error }, 'csv worker could not claim a job');
        return options.pollIntervalMs;
      })
      .then((delayMs) => {
        loop = null;
        schedule(wakeRequested ? 0 : delayMs);
      });
  }

  /**
   * When to look again: at the next poll, or as soon as a running job's lease ends if that is
   * sooner (its process may have died; if it is alive it will have renewed the lease).
   */
  async function nextLook(): Promise<number> {
    const untilExpiry = await msUntilNextLeaseExpiry(db);
    if (untilExpiry === null) return options.pollIntervalMs;
    // A little after the end, so the claim's `lease_expires_at < now()` holds by then.
    return Math.min(options.pollIntervalMs, Math.max(untilExpiry, 0) + LEASE_GRACE_MS);
  }

  return {
    start() {
      if (started || stopped) return;
      started = true;
      schedule(0);
    },
    wake() {
      if (loop) wakeRequested = true;
      else schedule(0);
    },
    runOnce,
    drain,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      abort.abort();
      await loop;
    },
  };
}
