import type { FastifyBaseLogger } from 'fastify';

/**
 * A job that runs every `intervalMs` (with jitter, so processes started together spread out),
 * once `firstDelayMs` after start, never twice at once in a process, and stops cleanly: the
 * scheduling the retention and rollup jobs each wrote out, kept once for the jobs after them.
 */
export interface PeriodicJobOptions {
  /** Between runs, before jitter. */
  intervalMs: number;
  /** Each wait is intervalMs times a random factor in [1 - jitter, 1 + jitter]. */
  jitter: number;
  /** Before the first run. */
  firstDelayMs: number;
}

export interface PeriodicJob<T> {
  /** Schedules the runs (the first after firstDelayMs). */
  start(): void;
  /** Runs now; while a run is under way, the same run. Throws what the run throws. */
  runOnce(): Promise<T>;
  /** No further run; resolves when a run under way has ended. */
  stop(): Promise<void>;
}

export function createPeriodicJob<T>(
  name: string,
  log: FastifyBaseLogger,
  options: PeriodicJobOptions,
  run: () => Promise<T>,
): PeriodicJob<T> {
  let started = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<T> | null = null;

  function runOnce(): Promise<T> {
    running ??= run().finally(() => {
      running = null;
    });
    return running;
  }

  function withJitter(ms: number) {
    return Math.round(ms * (1 - options.jitter + 2 * options.jitter * Math.random()));
  }

  function schedule(delayMs: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(tick, delayMs);
    timer.unref();
  }

  function tick() {
    runOnce()
      .catch((error: unknown) => {
        log.warn({ err: error }, `${name} failed; it will run again at the next interval`);
      })
      .then(() => schedule(withJitter(options.intervalMs)));
  }

  return {
    start() {
      if (started || stopped) return;
      started = true;
      schedule(options.firstDelayMs);
    },
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
