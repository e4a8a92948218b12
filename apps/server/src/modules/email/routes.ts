import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  REMINDER_MESSAGE_MAX,
  TEAMLESS_REMINDER_INTERVAL_HOURS,
  devMailQuerySchema,
  devMailSchema,
  devMailSummarySchema,
  emailPreferencesSchema,
  envelope,
  reminderBodySchema,
  teamlessReminderPreviewSchema,
  teamlessReminderResultSchema,
  unsubscribeBodySchema,
  unsubscribeInfoSchema,
  unsubscribeQuerySchema,
  updateEmailPreferencesSchema,
  updateTimeZoneSchema,
  uuidParamSchema,
} from '@teamup/shared';
import type { Config } from '../../config.js';
import { defineRoute, COURSE_STAFF } from '../../lib/route.js';
import { signedInRead } from '../../lib/signed-in-read.js';
import { requireAuth } from '../../plugins/auth.js';
import { authRateLimit } from '../../plugins/security.js';
import { getDevMail, listDevMail } from './dev-mailbox.js';
import {
  getEmailPreferences,
  invalidToken,
  sendTeamlessReminder,
  setEmailPreferences,
  setTimeZone,
  teamlessPreview,
  unsubscribe,
  unsubscribeInfo,
} from './service.js';
import type { UnsubscribeTokens } from './unsubscribe-token.js';

const TAGS = ['email'];
const courseParams = z.object({ courseId: z.uuid() });

/** A mail client's one-click POST (RFC 8058), form-encoded. */
const oneClickBodySchema = z.strictObject({ 'List-Unsubscribe': z.literal('One-Click') });

export interface EmailRoutesOptions {
  config: Pick<Config, 'AUTH_RATE_LIMIT_MAX' | 'AUTH_DEV_LOGIN'>;
  tokens: UnsubscribeTokens;
  /** Whether this server sends email (false: production without SMTP_URL). */
  emailEnabled: boolean;
  /** Whether the development mailbox holds the mail (no SMTP_URL, development sign-in on). */
  devMailbox: boolean;
  /** Something was queued: the worker looks now. */
  onQueued: () => void;
}

/**
 * Email (issue 26, decision 133): my preferences and time zone, the unsubscribe link (no
 * session: the signed token is the credential), "Remind students without a team", and the
 * development mailbox (only where the development sign-in is on and no SMTP server is set).
 */
export async function emailRoutes(app: FastifyInstance, opts: EmailRoutesOptions) {
  // Mail clients send the one-click unsubscribe as a form; only this plugin reads forms.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  defineRoute(app, {
    method: 'GET',
    url: '/profile/email-preferences',
    config: { access: 'authenticated' },
    schema: {
      tags: TAGS,
      summary: 'Every notification kind with how I get it by email, and my digest time zone',
      response: { 200: envelope(emailPreferencesSchema) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await signedInRead(request, (db, caller) =>
        getEmailPreferences(db, caller.userId, opts.emailEnabled),
      ),
    }),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/profile/email-preferences',
    config: { access: 'authenticated' },
    schema: {
      tags: TAGS,
      summary:
        'Set how I get the listed kinds by email (IMMEDIATE, DIGEST or OFF), or all email off',
      description:
        'Kinds not listed keep their mode. What waits to be sent follows the new choice (an OFF kind is not sent).',
      body: updateEmailPreferencesSchema,
      response: { 200: envelope(emailPreferencesSchema) },
    },
    handler: async (request) => {
      const auth = requireAuth(request);
      const data = await app.db.transaction((tx) =>
        setEmailPreferences(tx, auth.userId, request.body, opts.emailEnabled),
      );
      opts.onQueued();
      return { success: true as const, data };
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/profile/time-zone',
    config: { access: 'authenticated' },
    schema: {
      tags: TAGS,
      summary: "My time zone as my browser reports it (the daily digest's 08:00)",
      body: updateTimeZoneSchema,
      response: { 200: envelope(emailPreferencesSchema) },
    },
    handler: async (request) => {
      const auth = requireAuth(request);
      return {
        success: true as const,
        data: await app.db.transaction((tx) =>
          setTimeZone(tx, auth.userId, request.body.timeZone, opts.emailEnabled),
        ),
      };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/email/unsubscribe',
    config: { access: 'public', rateLimit: authRateLimit(opts.config) },
    schema: {
      tags: TAGS,
      summary: "What an email's unsubscribe link would turn off (changes nothing)",
      description: '400 INVALID_UNSUBSCRIBE_TOKEN for a forged, malformed or expired token.',
      querystring: unsubscribeQuerySchema,
      response: { 200: envelope(unsubscribeInfoSchema) },
    },
    handler: async (request) => {
      const claims = opts.tokens.verify(request.query.token);
      if (!claims) throw invalidToken();
      return { success: true as const, data: await unsubscribeInfo(app.db, claims) };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/email/unsubscribe',
    config: { access: 'public', rateLimit: authRateLimit(opts.config) },
    schema: {
      tags: TAGS,
      summary: "Unsubscribe with an email's link, without signing in (RFC 8058 one-click)",
      description: [
        "A mail client's one-click POST (`List-Unsubscribe=One-Click`, form-encoded) turns the link's kind off; the unsubscribe page posts JSON `{ scope }`: KIND (the link's kind; a digest's link: every kind in the digest) or ALL (every Teamup email).",
        '400 INVALID_UNSUBSCRIBE_TOKEN for a forged, malformed or expired token.',
      ].join('\n\n'),
      querystring: unsubscribeQuerySchema,
      body: z.union([unsubscribeBodySchema, oneClickBodySchema]),
      response: { 200: envelope(unsubscribeInfoSchema) },
    },
    handler: async (request) => {
      const claims = opts.tokens.verify(request.query.token);
      if (!claims) throw invalidToken();
      const scope = 'scope' in request.body ? request.body.scope : 'KIND';
      return {
        success: true as const,
        data: await app.db.transaction((tx) => unsubscribe(tx, claims, scope)),
        message:
          scope === 'ALL'
            ? 'You will get no more Teamup emails'
            : 'You will get no more of these emails',
      };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/admin/courses/:courseId/reminders/teamless',
    config: { access: COURSE_STAFF },
    schema: {
      tags: TAGS,
      summary: 'Who "Remind students without a team" would reach, and what it says',
      description: `The ACTIVE students of the course without a team, the sentence and subject they would get, and when the course was last reminded (once per ${TEAMLESS_REMINDER_INTERVAL_HOURS} h). Another organization's course answers 404.`,
      params: courseParams,
      response: { 200: envelope(teamlessReminderPreviewSchema) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await signedInRead(request, (db, caller) =>
        teamlessPreview(db, caller, request.params.courseId),
      ),
    }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/admin/courses/:courseId/reminders/teamless',
    config: { access: COURSE_STAFF },
    schema: {
      tags: TAGS,
      summary: 'Remind every ACTIVE student of the course without a team (notification and email)',
      description: `An optional body { message } (one line, at most ${REMINDER_MESSAGE_MAX} characters) adds the instructor's own words to each notification and email. 409 REMINDER_TOO_SOON within ${TEAMLESS_REMINDER_INTERVAL_HOURS} h of the last reminder, NOTHING_TO_REMIND when every student has a team (nothing is sent nor counted), COURSE_ARCHIVED. Another organization's course answers 404.`,
      params: courseParams,
      // No body at all (null to Fastify) is no message.
      body: reminderBodySchema.nullish(),
      response: { 200: envelope(teamlessReminderResultSchema) },
    },
    handler: async (request) => {
      const auth = requireAuth(request);
      const data = await app.db.transaction((tx) =>
        sendTeamlessReminder(tx, auth, request.params.courseId, request.body?.message),
      );
      opts.onQueued();
      return {
        success: true as const,
        data,
        message: `Reminder sent to ${data.sent} ${data.sent === 1 ? 'student' : 'students'}`,
      };
    },
  });

  if (!opts.devMailbox) return;

  defineRoute(app, {
    method: 'GET',
    url: '/dev/mail',
    config: { access: 'public' },
    schema: {
      tags: ['dev'],
      summary: 'The development mailbox, newest first (development only)',
      querystring: devMailQuerySchema,
      response: { 200: envelope(z.array(devMailSummarySchema)) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await listDevMail(app.db, request.query),
    }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/dev/mail/:id',
    config: { access: 'public' },
    schema: {
      tags: ['dev'],
      summary: 'One message of the development mailbox: HTML, text and headers (development only)',
      params: uuidParamSchema,
      response: { 200: envelope(devMailSchema) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await getDevMail(app.db, request.params.id),
    }),
  });
}
