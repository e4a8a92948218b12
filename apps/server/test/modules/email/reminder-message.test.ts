// Issue 35 (item 11): the one-click reminders (students without a team, the survey) take an
// optional message of the instructor's own, bounded and one line, that reaches each student in
// the app and by email (a real SMTP server started in the test); nobody to remind is a 409
// NOTHING_TO_REMIND that sends nothing; a course's teaching assistant may remind, a student and
// another organization's admin may not.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REMINDER_MESSAGE_MAX } from '@teamup/shared';
import { courseStaff, notifications } from '../../../src/db/schema/index.js';
import { createMailWorker } from '../../../src/modules/email/worker.js';
import { createSmtpTransport } from '../../../src/modules/email/transport.js';
import { createUnsubscribeTokens } from '../../../src/modules/email/unsubscribe-token.js';
import { makeUser } from '../../fixtures.js';
import {
  API,
  bearer,
  buildTestApp,
  driver,
  getWorkerDb,
  signIn,
  testConfig,
} from '../../helper.js';
import { teamWorld, type TeamWorld } from '../teams/requests-world.js';
import { ok } from '../notifications/notifications-world.js';
import { QUESTIONS, openDates } from '../survey/survey-world.js';
import { startSmtpSink, type SmtpSink } from './smtp-sink.js';

const PUBLIC = 'http://localhost:5173';

describe(`reminders with the instructor's message (${driver})`, () => {
  let sink: SmtpSink;
  let app: FastifyInstance;
  let w: TeamWorld;
  let ta: { authorization: string };
  const workers: { stop(): Promise<void> }[] = [];
  const teamless = () => `/admin/courses/${w.course.id}/reminders/teamless`;
  const survey = () => `/admin/courses/${w.course.id}/survey/remind`;

  beforeAll(async () => {
    sink = await startSmtpSink();
    app = await buildTestApp({}, { mail: false });
  });

  afterAll(async () => {
    await sink.close();
  });

  beforeEach(async () => {
    sink.received.length = 0;
    w = await teamWorld(app);
    // A teaching assistant of course A with no global role beyond STUDENT.
    const user = await makeUser({ email: `ta-${randomUUID().slice(0, 8)}@example.edu` });
    const { db } = await getWorkerDb();
    await db
      .insert(courseStaff)
      .values({ courseId: w.course.id, userId: user.id, role: 'TEACHING_ASSISTANT' });
    ta = bearer((await signIn(app, user.email)).token);
  });

  afterEach(async () => {
    await Promise.all(workers.splice(0).map((x) => x.stop()));
  });

  async function drain() {
    const { db } = await getWorkerDb();
    const tokens = createUnsubscribeTokens(testConfig().JWT_SECRET!);
    const made = createMailWorker(
      db,
      createSmtpTransport(sink.url, 'Teamup <no-reply@localhost>'),
      { publicUrl: PUBLIC, tokens },
      app.log,
    );
    workers.push(made);
    return made.drain();
  }

  const post = (url: string, headers: Record<string, string>, payload?: unknown) =>
    app.inject({
      method: 'POST',
      url: `${API}${url}`,
      headers,
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });

  async function count() {
    const { db } = await getWorkerDb();
    return (await db.select().from(notifications)).length;
  }

  it('puts a teaching assistant’s message into the teamless reminder, in the app and by email', async () => {
    const res = await post(teamless(), ta, {
      message: '  Teams are due Friday:\nask me in\tthe lab if you need help.  ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.sent).toBe(2);
    // One line: the line break and the tab became spaces, the ends trimmed.
    const said = 'Teams are due Friday: ask me in the lab if you need help.';
    const list = await ok(app, w.as.sue, 'GET', '/notifications');
    expect(list.items[0].text).toMatch(
      new RegExp(`reminds you that you have no team in A101 yet: ${said}$`),
    );
    expect(await drain()).toBe(2);
    const mails = await sink.waitFor(2);
    for (const mail of mails) {
      expect(mail.text).toContain(said);
      expect(mail.html).toContain('Teams are due Friday: ask me in the lab if you need help.');
    }
  });

  it('puts an admin’s message into the survey reminder; markup stays text in the email', async () => {
    const put = await app.inject({
      method: 'PUT',
      url: `${API}/admin/courses/${w.course.id}/survey`,
      headers: w.as.adminA,
      payload: { version: 0, questions: QUESTIONS, ...openDates() },
    });
    expect(put.statusCode, put.body).toBe(200);
    await (await getWorkerDb()).db.execute(sql`delete from notifications`);
    await (await getWorkerDb()).db.execute(sql`delete from email_deliveries`);
    const res = await post(survey(), w.as.adminA, { message: 'Five minutes, <b>promise</b>.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.notified).toBe(4);
    const list = await ok(app, w.as.tom, 'GET', '/notifications');
    expect(list.items[0].text).toMatch(
      /reminds you to answer the team formation survey of A101: Five minutes, <b>promise<\/b>\.$/,
    );
    expect(await drain()).toBe(4);
    const [mail] = await sink.waitFor(4);
    expect(mail!.text).toContain('Five minutes, <b>promise</b>.');
    expect(mail!.html).toContain('Five minutes, &lt;b&gt;promise&lt;/b&gt;.');
    expect(mail!.html).not.toContain('<b>promise</b>');
  });

  it('with a message of only spaces says the usual sentence', async () => {
    const res = await post(teamless(), w.as.adminA, { message: '   ' });
    expect(res.statusCode, res.body).toBe(200);
    const list = await ok(app, w.as.sue, 'GET', '/notifications');
    expect(list.items[0].text).toMatch(/no team in A101 yet\. Find one or start your own\.$/);
    const { db } = await getWorkerDb();
    const rows = await db.select().from(notifications);
    expect(rows.every((n) => JSON.stringify(n.data) === '{}')).toBe(true);
  });

  it.each([
    ['too long', { message: 'x'.repeat(REMINDER_MESSAGE_MAX + 1) }],
    ['not text', { message: 42 }],
    ['an unknown field', { message: 'Hi', subject: 'Other' }],
  ])('refuses a body with %s (400), sending nothing', async (_what, payload) => {
    for (const url of [teamless(), survey()]) {
      const res = await post(url, w.as.adminA, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    }
    expect(await count()).toBe(0);
    expect((await ok(app, w.as.adminA, 'GET', teamless())).lastSentAt).toBeNull();
  });

  it('accepts a message of exactly the limit', async () => {
    const res = await post(teamless(), w.as.adminA, { message: 'y'.repeat(REMINDER_MESSAGE_MAX) });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('with nobody to remind answers 409 NOTHING_TO_REMIND, sends nothing and keeps no claim', async () => {
    const { db } = await getWorkerDb();
    await db.execute(sql`update enrollments set status = 'INACTIVE'
      where course_id = ${w.course.id} and user_id in (${w.sue.id}, ${w.tom.id})`);
    const res = await post(teamless(), ta, { message: 'Anyone?' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, code: 'NOTHING_TO_REMIND' });
    expect(await count()).toBe(0);
    expect((await ok(app, w.as.adminA, 'GET', teamless())).lastSentAt).toBeNull();
  });

  it('refuses a student (403) and another organization’s admin (404), with or without a message', async () => {
    for (const url of [teamless(), survey()]) {
      expect((await post(url, w.as.lea, { message: 'Hi' })).statusCode).toBe(403);
      expect((await post(url, w.as.adminB, { message: 'Hi' })).statusCode).toBe(404);
    }
    expect(await count()).toBe(0);
  });
});
