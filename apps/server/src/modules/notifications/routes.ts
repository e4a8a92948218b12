import type { FastifyInstance } from 'fastify';

/**
 * A user's notifications (issue 14, decision 111): the list, the unread count, marking read,
 * and the preferences per kind.
 */
export async function notificationRoutes(_app: FastifyInstance) {}
