import type { FastifyInstance } from 'fastify';
import {
  envelope,
  notificationPreferencesSchema,
  notificationSchema,
  notificationsQuerySchema,
  paginated,
  readAllResultSchema,
  unreadCountSchema,
  updateNotificationPreferencesSchema,
  uuidParamSchema,
} from '@teamup/shared';
import { defineRoute } from '../../lib/route.js';
import { signedInRead } from '../../lib/signed-in-read.js';
import { requireAuth } from '../../plugins/auth.js';
import {
  getPreferences,
  listNotifications,
  markAllRead,
  markRead,
  setPreferences,
  unreadCount,
} from './service.js';

const TAGS = ['notifications'];

/**
 * A user's notifications (issue 14, decisions 111 and 112): the list, the unread count, marking
 * read, and the preferences per kind. Every signed-in role; each call reads or changes only the
 * caller's own rows (another user's notification answers 404), in one statement.
 */
export async function notificationRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/notifications',
    config: { access: 'authenticated' },
    schema: {
      tags: TAGS,
      summary: 'My notifications, newest first (unread=true: only the unread ones)',
      querystring: notificationsQuerySchema,
      response: { 200: envelope(paginated(notificationSchema)) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await signedInRead(request, (db, caller) =>
        listNotifications(db, caller.userId, request.query),
      ),
    }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/notifications/unread-count',
    config: { access: 'authenticated' },
    schema: {
      tags: TAGS,
      summary: 'How many of my notifications are unread',
      response: { 200: envelope(unreadCountSchema) },
    },
    handler: async (request) => ({
      success: true as const,
      data: {
        unread: await signedInRead(request, (db, caller) => unreadCount(db, caller.userId)),
      },
    }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/notifications/:id/read',
    config: { access: 'authenticated' },
    schema: {
      tags: TAGS,
      summary: 'Mark one of my notifications read (again: no change; not mine: 404)',
      params: uuidParamSchema,
      response: { 200: envelope(notificationSchema) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await markRead(app.db, requireAuth(request).userId, request.params.id),
    }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/notifications/read-all',
    config: { access: 'authenticated' },
    schema: {
      tags: TAGS,
      summary: 'Mark all my notifications read; answers how many were unread',
      response: { 200: envelope(readAllResultSchema) },
    },
    handler: async (request) => ({
      success: true as const,
      data: { marked: await markAllRead(app.db, requireAuth(request).userId) },
    }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/notifications/preferences',
    config: { access: 'authenticated' },
    schema: {
      tags: TAGS,
      summary: 'Every notification kind with whether I muted it',
      response: { 200: envelope(notificationPreferencesSchema) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await signedInRead(request, (db, caller) => getPreferences(db, caller.userId)),
    }),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/notifications/preferences',
    config: { access: 'authenticated' },
    schema: {
      tags: TAGS,
      summary: 'Mute exactly these kinds (neither stored nor streamed); show every other kind',
      body: updateNotificationPreferencesSchema,
      response: { 200: envelope(notificationPreferencesSchema) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await setPreferences(app.db, requireAuth(request).userId, request.body.muted),
    }),
  });
}
