import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client.js';
import { createPeriodicJob } from '../../lib/periodic-job.js';
import { cancelWaitlistsPastDeadline, promoteOnTeam, teamsOwedPromotion } from './waitlist.js';

/**
 * The waitlist's periodic work (issue 15, decision 117): cancels the WAITLISTED requests of
 * courses whose formation deadline passed, and promotes on the (rare) teams left with an open
 * seat no pending request covers. Safe with many processes (see the functions it runs).
 */
export interface WaitlistJobOptions {
  /** Between runs, before jitter. */
  intervalMs: number;
  jitter: number;
  /** Before the first run; unset: a random wait in [5 s, 30 s]. */
  firstDelayMs?: number;
}

export const WAITLIST_JOB_DEFAULTS: WaitlistJobOptions = { intervalMs: 60_000, jitter: 0.1 };

export interface WaitlistRun {
  cancelled: number;
  promoted: number;
}

export interface WaitlistJob {
  start(): void;
  runOnce(): Promise<WaitlistRun>;
  stop(): Promise<void>;
}

export async function runWaitlistJob(db: DbOrTx): Promise<WaitlistRun> {
  const cancelled = await cancelWaitlistsPastDeadline(db);
  let promoted = 0;
  for (const teamId of await teamsOwedPromotion(db)) promoted += await promoteOnTeam(db, teamId);
  return { cancelled, promoted };
}

export function createWaitlistJob(
  db: DbOrTx,
  log: FastifyBaseLogger,
  overrides: Partial<WaitlistJobOptions> = {},
): WaitlistJob {
  const options = { ...WAITLIST_JOB_DEFAULTS, ...overrides };
  return createPeriodicJob(
    'waitlist',
    log,
    {
      intervalMs: options.intervalMs,
      jitter: options.jitter,
      firstDelayMs: options.firstDelayMs ?? 5_000 + Math.round(Math.random() * 25_000),
    },
    async () => {
      const run = await runWaitlistJob(db);
      if (run.cancelled > 0 || run.promoted > 0) log.info(run, 'waitlist job');
      return run;
    },
  );
}
