import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client.js';

/**
 * DEADLINE_SOON (issue 14, decision 111): students without a team in a course whose formation
 * deadline is within DEADLINE_REMINDER_HOURS are told once per course and deadline, however many
 * processes run the job (a claim row per course and deadline, inserted with the reminders).
 */
export interface DeadlineReminderJobOptions {
  /** Between runs. */
  intervalMs: number;
}

export interface DeadlineReminderJob {
  start(): void;
  /** Runs now; resolves with the number of reminders written. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

export function createDeadlineReminderJob(
  _db: DbOrTx,
  _log: FastifyBaseLogger,
  _overrides: Partial<DeadlineReminderJobOptions> = {},
): DeadlineReminderJob {
  return {
    start() {},
    runOnce: async () => 0,
    stop: async () => {},
  };
}
