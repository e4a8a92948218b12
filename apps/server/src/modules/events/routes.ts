import type { FastifyInstance } from 'fastify';
import type { EventHub } from './hub.js';

/** GET /events: the signed-in user's live stream (Server-Sent Events). */
export async function eventRoutes(_app: FastifyInstance, _options: { hub: EventHub }) {}
