// Email delivery end to end (issue 26, decision 133), on both drivers, against a real SMTP server
// started in the test: which notifications become emails, their headers and parts, preferences,
// the in-app mute beside email, retries on 421/451, the stop on 550, the hourly cap, the digest
// at 08:00 in the recipient's zone, and two processes sending one batch once.
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EMAIL_DEFAULTS, EMAIL_IMMEDIATE_CAP_PER_HOUR, NOTIFICATION_KINDS } from '@teamup/shared';
import { emailDeliveries, notifications, users } from '../../../src/db/schema/index.js';
import { queueDigests } from '../../../src/modules/email/digest-job.js';
import { createMailWorker } from '../../../src/modules/email/worker.js';
import { createSmtpTransport } from '../../../src/modules/email/transport.js';
import { createUnsubscribeTokens } from '../../../src/modules/email/unsubscribe-token.js';
import { buildTestApp, driver, getWorkerDb, testConfig } from '../../helper.js';
import { teamWorld, type TeamWorld } from '../teams/requests-world.js';
import { ok } from '../notifications/notifications-world.js';
import { header, startSmtpSink, type SmtpSink } from './smtp-sink.js';

const PUBLIC = 'http://localhost:5173';

async function deliveries() {
  const { db } = await getWorkerDb();
  return db
    .select({
      state: emailDeliveries.state,
      kind: emailDeliveries.kind,
      userId: emailDeliveries.userId,
      attempts: emailDeliveries.attempts,
      errorCode: emailDeliveries.errorCode,
    })
    .from(emailDeliveries);
}

/** Every retry due now (the back-off waits minutes). */
async function makeRetriesDue() {
  const { db } = await getWorkerDb();
  await db.execute(
    sql`update email_deliveries set next_attempt_at = now() where state = 'PENDING'`,
  );
}

describe(`email delivery (${driver})`, () => {
  let sink: SmtpSink;
  let app: FastifyInstance;
  let w: TeamWorld;
  const workers: { stop(): Promise<void> }[] = [];

  beforeAll(async () => {
    sink = await startSmtpSink();
    // The app's own worker is off: each test drives one (drain) so what it sees is settled.
    app = await buildTestApp({}, { mail: false });
  });

  afterAll(async () => {
    await sink.close();
  });

  beforeEach(async () => {
    sink.received.length = 0;
    w = await teamWorld(app);
  });

  afterEach(async () => {
    await Promise.all(workers.splice(0).map((x) => x.stop()));
  });

  async function worker(overrides: Parameters<typeof createMailWorker>[4] = {}) {
    const { db } = await getWorkerDb();
    const tokens = createUnsubscribeTokens(testConfig().JWT_SECRET!);
    const made = createMailWorker(
      db,
      createSmtpTransport(sink.url, 'Teamup <no-reply@localhost>'),
      { publicUrl: PUBLIC, tokens },
      app.log,
      overrides,
    );
    workers.push(made);
    return made;
  }

  it('the database keeps EMAIL_DEFAULTS as @teamup/shared does', async () => {
    const { db } = await getWorkerDb();
    const result = (await db.execute(
      sql`select k, teamup_email_default(k) as mode from unnest(${`{${NOTIFICATION_KINDS.join(',')}}`}::text[]) k`,
    )) as unknown as { rows: { k: string; mode: string }[] };
    expect(Object.fromEntries(result.rows.map((r) => [r.k, r.mode]))).toEqual(EMAIL_DEFAULTS);
  });

  it('an invitation is emailed at once: both parts, the link, Message-ID, threading and one-click unsubscribe', async () => {
    const invitation = await ok(app, w.as.lea, 'POST', `/student/teams/${w.team.id}/invite`, {
      userId: w.sue.id,
    });
    expect(invitation.id).toBeDefined();
    const [queued] = await deliveries();
    expect(queued).toMatchObject({ state: 'PENDING', kind: 'NOTIFICATION', userId: w.sue.id });

    expect(await (await worker()).drain()).toBe(1);
    const [mail] = await sink.waitFor(1);
    const { db } = await getWorkerDb();
    const [n] = await db.select().from(notifications).where(eq(notifications.userId, w.sue.id));
    expect(mail!.to).toMatchObject({ value: [{ address: w.sue.email }] });
    expect(mail!.subject).toBe('Lea Leader invited you to join Team T (A101)');
    expect(mail!.messageId).toBe(`<${n!.id}@localhost>`);
    expect(mail!.inReplyTo).toBe(`<team-${w.team.id}@localhost>`);
    expect(header(mail!, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const unsubscribe =
      /<(http:\/\/localhost:5173\/api\/v1\/email\/unsubscribe\?token=[^>]+)>/.exec(
        header(mail!, 'list-unsubscribe'),
      );
    expect(unsubscribe).not.toBeNull();
    expect(mail!.text).toContain('Lea Leader invited you to join Team T (A101).');
    expect(mail!.text).toContain(`${PUBLIC}/teams/my`);
    expect(mail!.html).toContain(`href="${PUBLIC}/teams/my"`);
    // No address of anyone but the recipient, no image, no tracking.
    expect(`${mail!.html}${mail!.text}`).not.toContain(w.lea.email);
    expect(mail!.html).not.toMatch(/<img/i);
    expect((await deliveries())[0]).toMatchObject({ state: 'SENT', attempts: 1 });

    // The one-click POST a mail client sends turns the kind off without a session.
    const url = new URL(unsubscribe![1]!);
    const oneClick = await app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json().data).toMatchObject({ kind: 'INVITATION_RECEIVED', kindOff: true });
    const prefs = await ok(app, w.as.sue, 'GET', '/profile/email-preferences');
    expect(
      prefs.kinds.find((k: { kind: string }) => k.kind === 'INVITATION_RECEIVED'),
    ).toMatchObject({
      mode: 'OFF',
      defaultMode: 'IMMEDIATE',
    });
  });

  it("a join request's email quotes the student's message as written (escaped) and names their skills", async () => {
    const { db } = await getWorkerDb();
    await db
      .update(users)
      .set({ skills: ['React', 'SQL <b>bold</b>', 'Rust & C'] })
      .where(eq(users.id, w.sue.id));
    const message = 'Hi Lea!\nI can do the <script>alert(1)</script> front end & tests.\n\nSue';
    await ok(app, w.as.sue, 'POST', `/student/teams/${w.team.id}/join-requests`, { message });
    expect(await (await worker()).drain()).toBe(1);
    const [mail] = await sink.waitFor(1);
    expect(mail!.to).toMatchObject({ value: [{ address: w.lea.email }] });
    expect(mail!.subject).toBe('Sue Student asked to join Team T (A101)');
    // The text part: the message line by line as she wrote it, then her skills.
    expect(mail!.text).toContain(
      'Hi Lea!\nI can do the <script>alert(1)</script> front end & tests.',
    );
    expect(mail!.text).toContain("Sue Student's skills: React, SQL <b>bold</b>, Rust & C.");
    // The HTML part: the same, escaped (no markup of hers becomes markup), line breaks kept.
    expect(mail!.html).toContain(
      'I can do the &lt;script&gt;alert(1)&lt;/script&gt; front end &amp; tests.',
    );
    expect(mail!.html).toContain('white-space:pre-wrap');
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.html).not.toContain('<b>bold</b>');
    expect(mail!.html).toContain('SQL &lt;b&gt;bold&lt;/b&gt;, Rust &amp; C.');
    expect(`${mail!.html}${mail!.text}`).not.toContain(w.sue.email);
  });

  it('a join request without a message or skills says so, and other kinds carry neither line', async () => {
    await ok(app, w.as.tom, 'POST', `/student/teams/${w.team.id}/join-requests`, {});
    expect(await (await worker()).drain()).toBe(1);
    const [mail] = await sink.waitFor(1);
    expect(mail!.text).toContain('Tom Student asked to join Team T (A101).');
    expect(mail!.text).toContain('Tom Student has not listed any skills on their profile.');
    expect(mail!.html).not.toContain('white-space:pre-wrap');
    sink.received.length = 0;
    await ok(app, w.as.lea, 'POST', `/student/teams/${w.team.id}/invite`, { userId: w.sue.id });
    expect(await (await worker()).drain()).toBe(1);
    const [invite] = await sink.waitFor(1);
    expect(invite!.text).not.toContain('skills');
  });

  it('follows the preferences: OFF queues nothing, DIGEST waits, an in-app mute still emails', async () => {
    await ok(app, w.as.sue, 'PUT', '/profile/email-preferences', {
      modes: [{ kind: 'INVITATION_RECEIVED', mode: 'OFF' }],
    });
    await ok(app, w.as.tom, 'PUT', '/profile/email-preferences', {
      modes: [{ kind: 'INVITATION_RECEIVED', mode: 'DIGEST' }],
    });
    // Max mutes invitations in the app but keeps their email (the default).
    await ok(app, w.as.max, 'POST', `/student/teams/${w.team.id}/leave`);
    await ok(app, w.as.max, 'PUT', '/notifications/preferences', {
      muted: ['INVITATION_RECEIVED'],
    });
    for (const who of [w.sue, w.tom, w.max]) {
      await ok(app, w.as.lea, 'POST', `/student/teams/${w.team.id}/invite`, { userId: who.id });
    }
    const rows = await deliveries();
    expect(rows.filter((r) => r.userId === w.sue.id)).toEqual([]);
    expect(rows.find((r) => r.userId === w.tom.id)).toMatchObject({ state: 'HELD' });
    expect(rows.find((r) => r.userId === w.max.id)).toMatchObject({ state: 'PENDING' });
    expect(await (await worker()).drain()).toBe(1);
    const [mail] = await sink.waitFor(1);
    expect(mail!.to).toMatchObject({ value: [{ address: w.max.email }] });
    // Not in Max's bell or list.
    expect(await ok(app, w.as.max, 'GET', '/notifications/unread-count')).toEqual({ unread: 0 });
    expect((await ok(app, w.as.max, 'GET', '/notifications')).items).toEqual([]);
    // Muted in the app AND off by email: nothing is written at all.
    await ok(app, w.as.max, 'PUT', '/profile/email-preferences', { allOff: true });
    await ok(app, w.as.max, 'PUT', '/notifications/preferences', {
      muted: ['INVITATION_RECEIVED', 'INVITATION_CANCELLED'],
    });
    const { db } = await getWorkerDb();
    const [invitation] = (
      (await db.execute(
        sql`select id from invitations where invitee_id = ${w.max.id} and status = 'PENDING'`,
      )) as unknown as { rows: { id: string }[] }
    ).rows;
    await ok(app, w.as.lea, 'POST', `/student/invitations/${invitation!.id}/cancel`, {});
    const maxRows = await db.select().from(notifications).where(eq(notifications.userId, w.max.id));
    expect(maxRows.map((n) => n.kind)).toEqual(['INVITATION_RECEIVED']);
  });

  it('retries a 451 with a back-off and the same Message-ID, and stops for good at a 550', async () => {
    sink.refuse(w.sue.email, 451, 1);
    sink.refuse(w.tom.email, 550);
    for (const who of [w.sue, w.tom]) {
      await ok(app, w.as.lea, 'POST', `/student/teams/${w.team.id}/invite`, { userId: who.id });
    }
    const mailer = await worker();
    await mailer.drain();
    let rows = await deliveries();
    expect(rows.find((r) => r.userId === w.sue.id)).toMatchObject({
      state: 'PENDING',
      attempts: 1,
      errorCode: 451,
    });
    expect(rows.find((r) => r.userId === w.tom.id)).toMatchObject({
      state: 'FAILED',
      errorCode: 550,
    });
    const { db } = await getWorkerDb();
    const [tom] = await db.select().from(users).where(eq(users.id, w.tom.id));
    expect(tom!.emailUndeliverableAt).not.toBeNull();
    // Not due yet: the back-off waits a minute.
    expect(await mailer.drain()).toBe(0);
    await makeRetriesDue();
    await mailer.drain();
    const [mail] = await sink.waitFor(1);
    rows = await deliveries();
    expect(rows.find((r) => r.userId === w.sue.id)).toMatchObject({ state: 'SENT', attempts: 2 });
    const [n] = await db.select().from(notifications).where(eq(notifications.userId, w.sue.id));
    expect(mail!.messageId).toBe(`<${n!.id}@localhost>`);
    // Tom's address is undeliverable: nothing more is queued for him, and he sees why.
    const prefs = await ok(app, w.as.tom, 'GET', '/profile/email-preferences');
    expect(prefs.undeliverable).toBe(true);
    await db.insert(notifications).values({ userId: w.tom.id, kind: 'DEADLINE_SOON' });
    expect((await deliveries()).filter((r) => r.userId === w.tom.id)).toHaveLength(1);
    // Tom fixed his mailbox and says so: email is queued for him again.
    const resumed = await ok(app, w.as.tom, 'PUT', '/profile/email-preferences', {
      resumeDelivery: true,
    });
    expect(resumed.undeliverable).toBe(false);
    await db.insert(notifications).values({ userId: w.tom.id, kind: 'DEADLINE_SOON' });
    expect((await deliveries()).filter((r) => r.userId === w.tom.id)).toHaveLength(2);
  });

  it('a temporary failure 24 h after the first attempt gives up', async () => {
    sink.refuse(w.sue.email, 421);
    await ok(app, w.as.lea, 'POST', `/student/teams/${w.team.id}/invite`, { userId: w.sue.id });
    const mailer = await worker();
    await mailer.drain();
    const { db } = await getWorkerDb();
    await db.execute(
      sql`update email_deliveries set first_attempt_at = now() - interval '24 hours', next_attempt_at = now()`,
    );
    await mailer.drain();
    expect((await deliveries())[0]).toMatchObject({ state: 'FAILED', errorCode: 421 });
  });

  it(`sends at most ${EMAIL_IMMEDIATE_CAP_PER_HOUR} immediate emails an hour to one person; the rest wait for the digest`, async () => {
    const { db } = await getWorkerDb();
    await db.insert(notifications).values(
      Array.from({ length: EMAIL_IMMEDIATE_CAP_PER_HOUR + 3 }, () => ({
        userId: w.sue.id,
        kind: 'DEADLINE_SOON',
        courseId: w.course.id,
        data: { hours: 24 },
      })),
    );
    await (await worker({ batchSize: 5 })).drain();
    await sink.waitFor(EMAIL_IMMEDIATE_CAP_PER_HOUR);
    const rows = await deliveries();
    expect(rows.filter((r) => r.state === 'SENT')).toHaveLength(EMAIL_IMMEDIATE_CAP_PER_HOUR);
    expect(rows.filter((r) => r.state === 'HELD')).toHaveLength(3);
    expect(sink.received).toHaveLength(EMAIL_IMMEDIATE_CAP_PER_HOUR);
  });

  const pinNotice = () =>
    ok(app, w.as.lea, 'POST', `/student/teams/${w.team.id}/notices`, {
      body: 'Meeting on Friday',
      pinned: true,
    });

  it("sends the digest at 08:00 in the recipient's time zone, none when nothing waits", async () => {
    // NOTICE_PINNED is a digest kind by default: Max's waits (HELD).
    await ok(app, w.as.max, 'PUT', '/profile/time-zone', { timeZone: 'America/New_York' });
    await ok(app, w.as.lea, 'PUT', '/profile/time-zone', { timeZone: 'Asia/Tokyo' });
    await pinNotice();
    expect((await deliveries()).filter((r) => r.state === 'HELD')).toEqual([
      expect.objectContaining({ userId: w.max.id }),
    ]);
    const { db } = await getWorkerDb();
    // 12:30 UTC: 07:30 in New York, not yet.
    expect(await queueDigests(db, new Date('2026-11-27T12:30:00Z'))).toBe(0);
    // 13:30 UTC: 08:30 in New York. Lea (Tokyo, 22:30) has nothing waiting: no digest.
    expect(await queueDigests(db, new Date('2026-11-27T13:30:00Z'))).toBe(1);
    expect(await queueDigests(db, new Date('2026-11-27T13:35:00Z'))).toBe(0);
    await (await worker()).drain();
    const [mail] = await sink.waitFor(1);
    expect(mail!.to).toMatchObject({ value: [{ address: w.max.email }] });
    expect(mail!.subject).toBe('Your Teamup digest: 1 update');
    expect(mail!.text).toContain('Lea Leader pinned a notice in Team T.');
    expect(mail!.text).toContain(`${PUBLIC}/teams/${w.team.id}`);
    expect(header(mail!, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const rows = await deliveries();
    expect(rows.filter((r) => r.kind === 'DIGEST')).toEqual([
      expect.objectContaining({ state: 'SENT', userId: w.max.id }),
    ]);
    expect(rows.filter((r) => r.kind === 'NOTIFICATION')).toEqual([
      expect.objectContaining({ state: 'DIGESTED' }),
    ]);
  });

  it("one digest a day: what arrives after today's waits for tomorrow's 08:00", async () => {
    await ok(app, w.as.max, 'PUT', '/profile/time-zone', { timeZone: 'Asia/Tokyo' });
    await pinNotice();
    const { db } = await getWorkerDb();
    // 22:30 UTC is 07:30 in Tokyo; 23:05 is 08:05.
    expect(await queueDigests(db, new Date('2026-11-27T22:30:00Z'))).toBe(0);
    expect(await queueDigests(db, new Date('2026-11-27T23:05:00Z'))).toBe(1);
    await pinNotice();
    expect(await queueDigests(db, new Date('2026-11-28T10:00:00Z'))).toBe(0);
    expect(await queueDigests(db, new Date('2026-11-28T23:01:00Z'))).toBe(1);
  });

  it('a digest link turns every digest kind off; the page may turn all email off; a forged link is refused', async () => {
    await ok(app, w.as.max, 'PUT', '/profile/time-zone', { timeZone: 'UTC' });
    await pinNotice();
    const { db } = await getWorkerDb();
    // Noon UTC (Max's zone) two days from now: past 08:00 whatever the hour the test runs at.
    const noon = new Date(Date.now() + 2 * 86_400_000);
    noon.setUTCHours(12, 0, 0, 0);
    expect(await queueDigests(db, noon)).toBe(1);
    await (await worker()).drain();
    const [mail] = await sink.waitFor(1);
    const link = /<(http[^>]+)>/.exec(header(mail!, 'list-unsubscribe'))![1]!;
    const path = `${new URL(link).pathname}${new URL(link).search}`;
    // GET says what it would do and changes nothing.
    const info = await app.inject({ method: 'GET', url: path });
    expect(info.json().data).toMatchObject({
      kind: null,
      label: null,
      kindOff: false,
      allOff: false,
    });
    expect(info.json().data.emailDomain).toBe(w.max.email.split('@')[1]);
    expect((await ok(app, w.as.max, 'GET', '/profile/email-preferences')).allOff).toBe(false);
    const kindOff = await app.inject({ method: 'POST', url: path, payload: { scope: 'KIND' } });
    expect(kindOff.json().data).toMatchObject({ kindOff: true, allOff: false });
    const prefs = await ok(app, w.as.max, 'GET', '/profile/email-preferences');
    expect(prefs.kinds.filter((k: { mode: string }) => k.mode === 'DIGEST')).toEqual([]);
    expect(prefs.kinds.find((k: { kind: string }) => k.kind === 'INVITATION_RECEIVED').mode).toBe(
      'IMMEDIATE',
    );
    const all = await app.inject({ method: 'POST', url: path, payload: { scope: 'ALL' } });
    expect(all.json().data).toMatchObject({ allOff: true });
    const forged = await app.inject({
      method: 'POST',
      url: `${new URL(link).pathname}?token=${w.max.id}.DIGEST.9999999999.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`,
      payload: { scope: 'ALL' },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ success: false, code: 'INVALID_UNSUBSCRIBE_TOKEN' });
    const expired = createUnsubscribeTokens(testConfig().JWT_SECRET!).sign(
      { userId: w.max.id, target: 'DIGEST' },
      new Date(Date.now() - 91 * 86_400_000),
    );
    const old = await app.inject({
      method: 'GET',
      url: `/api/v1/email/unsubscribe?token=${expired}`,
    });
    expect(old.statusCode).toBe(400);
  });

  it('refuses a time zone the server does not know', async () => {
    const response = await app.inject({
      method: 'PUT',
      url: '/api/v1/profile/time-zone',
      headers: w.as.sue,
      payload: { timeZone: 'Mars/Olympus_Mons' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  });
});
