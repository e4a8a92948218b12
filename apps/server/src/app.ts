import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import type { JWTVerifyGetKey } from 'jose';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { createDb, type DbHandle } from './db/client.js';
import { seedDemo } from './db/seed.js';
import { createAccessTokens } from './lib/access-token.js';
import { dbErrorSummary } from './lib/pg-errors.js';
import { redactLogArguments, redactLoggedError, serializeRequest } from './lib/redact-url.js';
import { responseSerializerCompiler } from './lib/response-serializer.js';
import { resolveJwtSecret } from './lib/secrets.js';
import { authRoutes } from './modules/auth/routes.js';
import { analyticsRoutes } from './modules/analytics/routes.js';
import { communityRoutes } from './modules/community/routes.js';
import { courseRoutes } from './modules/courses/routes.js';
import { csvRoutes } from './modules/csv/routes.js';
import { createCsvWorker, type CsvWorkerOptions } from './modules/csv/worker.js';
import { devLmsRoutes } from './modules/dev-lms/routes.js';
import { createDevMailboxTransport } from './modules/email/dev-mailbox.js';
import { createDigestJob } from './modules/email/digest-job.js';
import { emailRoutes } from './modules/email/routes.js';
import { createSmtpTransport, type MailTransport } from './modules/email/transport.js';
import { createUnsubscribeTokens } from './modules/email/unsubscribe-token.js';
import { createMailWorker, mailCounters, type MailWorkerOptions } from './modules/email/worker.js';
import { enrollmentAdminRoutes } from './modules/enrollments/routes.js';
import { activatePendingEnrollments, changeStatus } from './modules/enrollments/service.js';
import { enrollmentStudentRoutes } from './modules/enrollments/student-routes.js';
import { adminDashboardRoutes } from './modules/dashboard/admin-routes.js';
import { studentDashboardRoutes } from './modules/dashboard/student-routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { metricsRoutes } from './modules/health/metrics-routes.js';
import { createHealthMonitor, type HealthMonitorOptions } from './modules/health/monitor.js';
import { createRetentionJob, type RetentionJobOptions } from './modules/maintenance/retention.js';
import { createRollupJob, type RollupJobOptions } from './modules/analytics/rollup.js';
import { createEventHub, type EventHubOptions } from './modules/events/hub.js';
import { eventRoutes } from './modules/events/routes.js';
import {
  createDeadlineReminderJob,
  type DeadlineReminderJobOptions,
} from './modules/notifications/deadline-job.js';
import { createWaitlistJob, type WaitlistJobOptions } from './modules/teams/waitlist-job.js';
import { notificationRoutes } from './modules/notifications/routes.js';
import { organizationRoutes } from './modules/organizations/routes.js';
import { profileRoutes } from './modules/profile/routes.js';
import { lockStudentWithTeam, releaseFromCourse } from './modules/teams/membership.js';
import { courseHealthRoutes } from './modules/formation/course-health-routes.js';
import { formationRoutes } from './modules/formation/formation-routes.js';
import { teamNoticeRoutes } from './modules/teams/notices-routes.js';
import { teamRequestRoutes } from './modules/teams/requests-routes.js';
import { teamRoutes } from './modules/teams/routes.js';
import { apiCompressionPlugin } from './plugins/api-compression.js';
import { idempotencyPlugin } from './plugins/idempotency.js';
import { authPlugin } from './plugins/auth.js';
import { bodyDrainPlugin } from './plugins/body-drain.js';
import { dbPlugin } from './plugins/db.js';
import { docsPlugin } from './plugins/docs.js';
import { clientErrorHandler, frameworkErrorHandler } from './plugins/edge-errors.js';
import { errorsPlugin, serializeError } from './plugins/errors.js';
import { inputTextPlugin } from './plugins/input-text.js';
import { securityPlugin } from './plugins/security.js';
import { surveyRoutes } from './modules/survey/routes.js';
import { staffRoutes } from './modules/staff/routes.js';
import { ltiAdminRoutes } from './modules/lti/admin-routes.js';
import { createFrameAncestors } from './modules/lti/frame-ancestors.js';
import { loadToolKeys } from './modules/lti/keys.js';
import { createPlatformKeyStore } from './modules/lti/platform-keys.js';
import { ltiLinkEventRoutes } from './modules/lti/link-events.js';
import { ltiRoutes } from './modules/lti/routes.js';
import { createOutbound, type Outbound } from './modules/lti/outbound.js';
import { createServiceTokenClient } from './modules/lti/service-token.js';
import { createRosterSync } from './modules/lti/sync-service.js';
import { createRosterSyncJob } from './modules/lti/sync-job.js';
import { createSurveyJob, type SurveyJobOptions } from './modules/survey/survey-job.js';
import { staticPlugin } from './plugins/static.js';

export const API_PREFIX = '/api/v1';
const JSON_BODY_LIMIT = 1024 * 1024;

export interface BuildOptions {
  /**
   * An open, migrated database the app uses but does not close (tests share one per worker).
   * Without it the app opens the configured database, migrates it and closes it on close().
   */
  db?: DbHandle;
  /** Replaces Google's remote JWKS, so the Google sign-in path is testable offline. */
  googleJwks?: JWTVerifyGetKey;
  /** Where the log goes instead of stdout (tests read what was logged). */
  logStream?: { write(line: string): void };
  /** CSV worker settings (tests shorten the lease or hook into a job); false: no worker. */
  csvWorker?: Partial<CsvWorkerOptions> | false;
  /**
   * The retention job (decision 103): settings, or false for none. Unset: it runs, except
   * under NODE_ENV=test, where a test that wants it passes settings.
   */
  retention?: Partial<RetentionJobOptions> | false;
  /**
   * The analytics rollup job (decision 109): settings, or false for none. Unset: it runs,
   * except under NODE_ENV=test, where the tests run it themselves.
   */
  analyticsRollup?: Partial<RollupJobOptions> | false;
  /** The health monitor's probe and windows (decision 110); tests replace its clock. */
  health?: Partial<HealthMonitorOptions>;
  /**
   * The DEADLINE_SOON job (decision 111): settings, or false for none. Unset: it runs, except
   * under NODE_ENV=test, where the tests run it themselves.
   */
  deadlineReminders?: Partial<DeadlineReminderJobOptions> | false;
  /**
   * The waitlist job (issue 15, decision 117): settings, or false for none. Unset: it runs,
   * except under NODE_ENV=test, where the tests run it themselves.
   */
  waitlist?: Partial<WaitlistJobOptions> | false;
  /**
   * The survey's opening notices and closing reminders (issue 27): settings, or false for none.
   * Unset: it runs, except under NODE_ENV=test, where the tests run it themselves.
   */
  surveyJob?: Partial<SurveyJobOptions> | false;
  /**
   * The nightly LMS roster sync (issue 28). Unset: it runs, except under NODE_ENV=test, where
   * the tests call syncDueRosters themselves.
   */
  rosterSync?: false | true;
  /** The live stream's hub (decision 111); tests shorten its heartbeat. */
  events?: Partial<EventHubOptions>;
  /**
   * The mail worker and the digest job (issue 26, decision 133): settings, or false for none.
   * Unset: they run as MAIL_WORKER says (on, except under NODE_ENV=test).
   */
  mail?: (Partial<MailWorkerOptions> & { digestIntervalMs?: number }) | false;
  /** Replaces the transport the configuration chooses (a test's failing or slow transport). */
  mailTransport?: MailTransport;
  /**
   * Replaces the guard of requests to an LMS (decision 143): a test whose platform is the app
   * itself answers those in process. The app's own guard otherwise.
   */
  ltiOutbound?: Outbound;
}

/** Builds the whole application, ready to `listen()` or `inject()`. */
export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const ownsDb = !options.db;
  // Set once the logger exists: a pooled connection failing while idle is reported, not fatal.
  const idle: { report?: (error: Error) => void } = {};
  const handle = options.db ?? createDb(config, { onIdleError: (error) => idle.report?.(error) });
  let dbClosed = false;
  const closeDb = async () => {
    if (!ownsDb || dbClosed) return;
    dbClosed = true;
    await handle.close();
  };

  const app = Fastify({
    // Database errors carry the statement's values (names, emails): the serializer drops them.
    // URLs may carry credentials (a registration link, a sign-in code): every line loses them
    // (decision 144).
    logger: {
      level: config.LOG_LEVEL,
      serializers: {
        err: (error: Error) => redactLoggedError(serializeError(error)),
        req: serializeRequest,
      },
      hooks: {
        logMethod(args, method) {
          return method.apply(this, redactLogArguments(args) as Parameters<typeof method>);
        },
      },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    bodyLimit: JSON_BODY_LIMIT,
    // Refusals before routing (a URL that does not decode, what Node's parser refuses) answer
    // in the envelope with the security headers and echo nothing back (decision 080).
    frameworkErrors: frameworkErrorHandler(config),
    clientErrorHandler: clientErrorHandler(config),
    // Behind a load balancer, request.ip (rate limits, the sessions list) must be the client's
    // address from X-Forwarded-For, believed only from the proxies TRUST_PROXY names.
    trustProxy: config.TRUST_PROXY,
  });
  idle.report = (error) =>
    app.log.warn(
      { err: dbErrorSummary(error) },
      'an idle database connection failed; the pool opens a new one',
    );
  // close() lets in-flight requests finish before onClose hooks run, so the database goes last.
  app.addHook('onClose', closeDb);
  const csvWorker = createCsvWorker(handle.db, app.log, options.csvWorker || {});
  // onClose hooks run last-added first: the worker lets go of its job before the db closes.
  app.addHook('onClose', () => csvWorker.stop());
  const retention = createRetentionJob(
    handle.db,
    app.log,
    config.REFRESH_TOKEN_TTL,
    options.retention || {},
  );
  app.addHook('onClose', () => retention.stop());
  const analyticsRollup = createRollupJob(handle.db, app.log, options.analyticsRollup || {});
  app.addHook('onClose', () => analyticsRollup.stop());
  // Requests, 5xx and durations of every route (added before any route, so it reaches them all).
  const health = createHealthMonitor(handle, options.health);
  app.addHook('onClose', () => health.stop());
  const deadlineReminders = createDeadlineReminderJob(
    handle.db,
    app.log,
    options.deadlineReminders || {},
  );
  app.addHook('onClose', () => deadlineReminders.stop());
  const waitlist = createWaitlistJob(handle.db, app.log, options.waitlist || {});
  app.addHook('onClose', () => waitlist.stop());
  // Email (issue 26): SMTP when configured; else the development mailbox where the development
  // sign-in is on; else none (production without SMTP_URL: said once at start).
  const mailTransport =
    options.mailTransport ??
    (config.SMTP_URL
      ? createSmtpTransport(config.SMTP_URL, config.MAIL_FROM, {
          dkim: config.DKIM,
          // One connection per send lane of the worker.
          maxConnections: (options.mail && options.mail.concurrency) || undefined,
        })
      : config.AUTH_DEV_LOGIN
        ? createDevMailboxTransport(handle.db, config.MAIL_FROM)
        : null);
  const unsubscribeTokens = createUnsubscribeTokens(resolveJwtSecret(config));
  const mailWorker = mailTransport
    ? createMailWorker(
        handle.db,
        mailTransport,
        {
          publicUrl: config.PUBLIC_URL,
          tokens: unsubscribeTokens,
          unsubscribeMailto: config.MAIL_UNSUBSCRIBE_MAILTO,
        },
        app.log,
        options.mail || {},
      )
    : null;
  if (mailWorker) app.addHook('onClose', () => mailWorker.stop());
  const digestJob = createDigestJob(handle.db, app.log, () => mailWorker?.wake(), {
    intervalMs: (options.mail && options.mail.digestIntervalMs) || undefined,
    emailOff: mailTransport === null,
  });
  app.addHook('onClose', () => digestJob.stop());
  const surveyJob = createSurveyJob(
    handle.db,
    app.log,
    () => mailWorker?.wake(),
    options.surveyJob || {},
  );
  app.addHook('onClose', () => surveyJob.stop());
  // Closed before the database: its streams end and its listening connection goes first.
  const eventHub = createEventHub(handle, app.log, options.events);
  app.addHook('onClose', () => eventHub.stop());
  app.addHook('onResponse', async (request, reply) => {
    health.recordResponse({
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      statusCode: reply.statusCode,
      seconds: reply.elapsedTime / 1000,
    });
  });
  try {
    if (ownsDb) {
      await handle.migrate();
      app.log.info({ driver: handle.driver }, 'database migrated');
    }
    if (config.SEED_DEMO) {
      // The development LMS is registered as a demo platform where it is served (below).
      const devLmsUrl = config.AUTH_DEV_LOGIN ? config.PUBLIC_URL : undefined;
      const seeded = await seedDemo(handle.db, { devLmsUrl });
      app.log.info(seeded, 'demo data seeded');
    }

    app.setValidatorCompiler(validatorCompiler);
    // Compiled from the zod response schemas; checked against zod on every response in tests.
    app.setSerializerCompiler(
      responseSerializerCompiler({ check: config.RESPONSE_CHECK, log: app.log }),
    );
    // The API speaks JSON (and, for uploads, multipart); a text body is a client mistake
    // and gets 415 instead of reaching validation as a string.
    app.removeContentTypeParser('text/plain');

    // LTI (issue 28): the tool's keys, the roster sync, and who may frame the web app.
    const ltiKeys = await loadToolKeys({
      dataDir: config.DATA_DIR,
      privateKeys: config.LTI_PRIVATE_KEYS,
    });
    if (!config.LTI_PRIVATE_KEYS && config.NODE_ENV === 'production') {
      app.log.warn(
        'LTI_PRIVATE_KEYS is not set: the LTI signing key is the one generated into DATA_DIR; set it to rotate keys across servers',
      );
    }
    // Every request to an LMS goes through one guard (decision 143): https and public
    // addresses in production, but the on-premises LMS hosts the operator allows.
    const ltiOutbound =
      options.ltiOutbound ??
      createOutbound({
        restricted: config.NODE_ENV === 'production',
        allowedPrivateHosts: config.LTI_ALLOWED_PRIVATE_HOSTS,
        log: app.log,
      });
    const rosterSync = createRosterSync({
      db: handle.db,
      tokens: createServiceTokenClient({ keys: ltiKeys, outbound: ltiOutbound }),
      setStatus: (tx, caller, enrollmentId, status) =>
        changeStatus(
          tx,
          caller,
          { lock: lockStudentWithTeam, release: releaseFromCourse },
          enrollmentId,
          status,
        ),
      log: app.log,
    });
    const rosterSyncJob = createRosterSyncJob(handle.db, rosterSync, app.log);
    app.addHook('onClose', () => rosterSyncJob.stop());
    // Only the documents a launch opens may sit in its platform's frame (decision 142).
    const frameAncestors = createFrameAncestors(handle.db, app.log, {
      secret: resolveJwtSecret(config),
    });

    await app.register(errorsPlugin);
    // An answer that comes before the body has arrived waits for it (EPIPE otherwise).
    await app.register(bodyDrainPlugin);
    await app.register(dbPlugin, { handle });
    // Security headers and CORS first: their onRequest hooks run before the access check,
    // so its 401 and 403 carry them like every other answer.
    await app.register(cookie);
    await app.register(securityPlugin, { config });
    await app.register(authPlugin, {
      accessTokens: createAccessTokens(resolveJwtSecret(config), config.ACCESS_TOKEN_TTL),
    });
    await app.register(idempotencyPlugin);
    await app.register(inputTextPlugin);
    await app.register(docsPlugin);
    // JSON answers of 1 KB or more go out compressed when the client accepts it (decision 127).
    await app.register(apiCompressionPlugin);

    await app.register(
      async (api) => {
        await api.register(healthRoutes, { monitor: health, mailEnabled: mailTransport !== null });
        await api.register(authRoutes, {
          config,
          googleJwks: options.googleJwks,
          activatePendingEnrollments,
        });
        await api.register(profileRoutes);
        await api.register(organizationRoutes);
        await api.register(courseRoutes);
        // Ending an enrollment takes the student out of their team (decision 081).
        await api.register(enrollmentAdminRoutes, {
          teamRelease: { lock: lockStudentWithTeam, release: releaseFromCourse },
        });
        await api.register(enrollmentStudentRoutes);
        await api.register(csvRoutes, { onQueued: () => csvWorker.wake() });
        await api.register(teamRoutes);
        await api.register(teamRequestRoutes, { askLimit: config.TEAM_ASK_LIMIT });
        await api.register(teamNoticeRoutes);
        await api.register(formationRoutes);
        await api.register(courseHealthRoutes);
        await api.register(communityRoutes);
        await api.register(studentDashboardRoutes);
        await api.register(adminDashboardRoutes);
        await api.register(analyticsRoutes);
        await api.register(notificationRoutes);
        await api.register(eventRoutes, { hub: eventHub });
        await api.register(emailRoutes, {
          config,
          tokens: unsubscribeTokens,
          emailEnabled: mailTransport !== null,
          devMailbox: !config.SMTP_URL && config.AUTH_DEV_LOGIN && !options.mailTransport,
          onQueued: () => mailWorker?.wake(),
        });
        await api.register(surveyRoutes, { onQueued: () => mailWorker?.wake() });
        await api.register(staffRoutes);
        await api.register(ltiLinkEventRoutes);
        await api.register(ltiAdminRoutes, {
          publicUrl: config.PUBLIC_URL,
          secret: resolveJwtSecret(config),
          onPlatformsChanged: frameAncestors.refresh,
          sync: rosterSync,
          httpsOnly: ltiOutbound.restricted,
        });
      },
      { prefix: API_PREFIX },
    );
    // The endpoints an LMS is configured with, outside the API (issue 28).
    await app.register(ltiRoutes, {
      keys: ltiKeys,
      platformKeys: createPlatformKeyStore({ outbound: ltiOutbound }),
      secret: resolveJwtSecret(config),
      publicUrl: config.PUBLIC_URL,
      outbound: ltiOutbound,
      onPlatformsChanged: frameAncestors.refresh,
      launch: {
        superadminEmails: config.SUPERADMIN_EMAILS,
        claimEnrollments: activatePendingEnrollments,
        // One role per course: a person the launch makes staff leaves their student place,
        // as themselves (they are the course's staff by then).
        deactivate: (tx, userId, enrollmentId) => {
          const asStaff = {
            userId,
            role: 'STUDENT' as const,
            courseStaff: 'TEACHING_ASSISTANT' as const,
          };
          return changeStatus(
            tx,
            asStaff,
            { lock: lockStudentWithTeam, release: releaseFromCourse },
            enrollmentId,
            'INACTIVE',
          );
        },
      },
    });
    // A small LMS to try launches from, only where the development sign-in is (issue 28).
    if (config.AUTH_DEV_LOGIN) {
      await app.register(devLmsRoutes, {
        publicUrl: config.PUBLIC_URL,
        dataDir: config.DATA_DIR,
        toolJwks: () => ltiKeys.jwks(),
      });
    }
    // Outside the API prefix, where Prometheus scrapers look (issue 13).
    await app.register(metricsRoutes, { config, monitor: health, mailCounters });

    await app.register(staticPlugin, { config, frames: frameAncestors });
    await app.ready();
    // Started only now: it first takes up jobs left by a process that stopped mid-way.
    if (options.csvWorker !== false) csvWorker.start();
    const retentionOn =
      options.retention === undefined ? config.NODE_ENV !== 'test' : options.retention !== false;
    if (retentionOn) retention.start();
    const rollupOn =
      options.analyticsRollup === undefined
        ? config.NODE_ENV !== 'test'
        : options.analyticsRollup !== false;
    if (rollupOn) analyticsRollup.start();
    health.start();
    const remindersOn =
      options.deadlineReminders === undefined
        ? config.NODE_ENV !== 'test'
        : options.deadlineReminders !== false;
    if (remindersOn) deadlineReminders.start();
    const waitlistOn =
      options.waitlist === undefined ? config.NODE_ENV !== 'test' : options.waitlist !== false;
    if (waitlistOn) waitlist.start();
    const surveyJobOn =
      options.surveyJob === undefined ? config.NODE_ENV !== 'test' : options.surveyJob !== false;
    if (surveyJobOn) surveyJob.start();
    const rosterSyncOn =
      options.rosterSync === undefined ? config.NODE_ENV !== 'test' : options.rosterSync !== false;
    if (rosterSyncOn) rosterSyncJob.start();
    const mailOn = options.mail === undefined ? config.MAIL_WORKER : options.mail !== false;
    if (mailOn) {
      mailWorker?.start();
      digestJob.start();
    }
    if (!mailTransport && config.NODE_ENV === 'production') {
      app.log.warn(
        'email is off: SMTP_URL is not set, so no email is sent (notifications still are)',
      );
    }
    await eventHub.start();
    return app;
  } catch (error) {
    await app.close().catch(() => undefined);
    await closeDb().catch(() => undefined);
    throw error;
  }
}
