import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { applyRoster, queryRows } from './apply-roster.js';
import { completeJob, reportProgress, type ClaimedJob } from './upload-jobs.js';
import { validateRoster } from './validate-roster.js';

/** The process is shutting down: the job goes back to the queue, nothing of it applied. */
export class JobAborted extends Error {
  constructor() {
    super('CSV job abandoned: the worker is stopping');
    this.name = 'JobAborted';
  }
}

/** Another process holds the job now (this one's lease ran out); this one must stop. */
export class LeaseLost extends Error {
  constructor() {
    super('CSV job lease lost to another process');
    this.name = 'LeaseLost';
  }
}

/** The upload cannot be applied at all; the message is for the admin who uploaded it. */
export class JobFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JobFailed';
  }
}

export interface ProcessHooks {
  /** After each progress write, outside any transaction. */
  onProgress?: (uploadId: string, rowsDone: number) => Promise<void> | void;
  /** Inside the apply transaction, after every change, before commit (tests stop jobs here). */
  beforeCommit?: (uploadId: string) => Promise<void> | void;
}

export interface ProcessContext {
  signal: AbortSignal;
  leaseMs: number;
  progressEvery: number;
  hooks: ProcessHooks;
}

function throwIfAborted(signal: AbortSignal) {
  if (signal.aborted) throw new JobAborted();
}

/** Waits for `promise` unless the worker stops first. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  throwIfAborted(signal);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new JobAborted());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * Validates the roster (reporting progress outside any transaction), then applies the valid
 * rows and records the result in ONE transaction: a crash or a failure at any point leaves
 * either the whole upload applied and COMPLETED, or nothing applied and the job claimable
 * again.
 */
export async function processUpload(db: Db, job: ClaimedJob, ctx: ProcessContext): Promise<void> {
  const { signal, leaseMs, progressEvery, hooks } = ctx;
  const validated = await validateRoster(job.content, {
    rowCount: job.totalRows,
    progressEvery,
    onProgress: async (rowsDone) => {
      throwIfAborted(signal);
      if (!(await reportProgress(db, job, rowsDone, leaseMs))) throw new LeaseLost();
      await hooks.onProgress?.(job.id, rowsDone);
    },
  });
  throwIfAborted(signal);

  await db.transaction(async (tx) => {
    // The lock serialises uploads of one course; an archived course takes no more students.
    const [course] = await queryRows<{
      code: string;
      archived: boolean;
      organization_deleted: boolean;
    }>(
      tx,
      sql`
        SELECT c.code, c.archived_at IS NOT NULL AS archived, o.deleted_at IS NOT NULL AS organization_deleted
        FROM courses c JOIN organizations o ON o.id = c.organization_id
        WHERE c.id = ${job.courseId}
        FOR UPDATE OF c
      `,
    );
    if (!course || course.organization_deleted) {
      throw new JobFailed('The course no longer exists; nothing was applied.');
    }
    if (course.archived) {
      throw new JobFailed(
        `${course.code} was archived before the roster was processed; nothing was applied.`,
      );
    }
    const counts = await applyRoster(tx, {
      uploadId: job.id,
      courseId: job.courseId,
      organizationId: job.organizationId,
      uploaderId: job.uploadedBy,
      rows: validated.rows,
    });
    const recorded = await completeJob(tx, job, {
      rowsRead: validated.rowsRead,
      counts,
      errors: validated.errors,
    });
    if (!recorded) throw new LeaseLost();
    if (hooks.beforeCommit) {
      await abortable(Promise.resolve(hooks.beforeCommit(job.id)), signal);
    }
  });
}
