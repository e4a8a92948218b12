import type { FastifyBaseLogger } from 'fastify';
import type { DbHandle } from '../../db/client.js';

/**
 * The live stream's hub in this process (issue 14, decision 111): LISTENs on EVENTS_CHANNEL (one
 * connection per process on PostgreSQL; in process on PGlite) and hands each event to the open
 * streams it concerns.
 */
export interface EventHubOptions {
  heartbeatMs: number;
}

export interface EventHub {
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createEventHub(
  _handle: DbHandle,
  _log: FastifyBaseLogger,
  _overrides: Partial<EventHubOptions> = {},
): EventHub {
  return { start: async () => {}, stop: async () => {} };
}
