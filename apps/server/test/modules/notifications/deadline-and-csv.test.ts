// DEADLINE_SOON (the job, once per course and deadline however many run it) and the CSV
// upload's notifications (the students it enrolls with an account, and the uploader).
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { courses, notificationDeadlineReminders, users } from '../../../src/db/schema/index.js';
import { createCsvWorker } from '../../../src/modules/csv/worker.js';
import {
  createDeadlineReminderJob,
  sendDeadlineReminders,
} from '../../../src/modules/notifications/deadline-job.js';
import {
  makeCourse,
  makeEnrollment,
  makeOrganization,
  makeTeam,
  makeUser,
  makeWorld,
} from '../../fixtures.js';
import { buildTestApp, driver, getWorkerDb, signIn } from '../../helper.js';
import { fixture, uploadRoster, waitForJobStatus, waitForUpload } from '../csv/csv-api.js';
import { makeStudent } from '../teams/requests-world.js';
import { allNotifications, hiddenForEmail, ok, pairs, received } from './notifications-world.js';

const hoursFromNow = (h: number) => new Date(Date.now() + h * 3_600_000);

describe(`DEADLINE_SOON (${driver})`, () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp();
  });

  async function dueWorld() {
    const org = await makeOrganization();
    const course = await makeCourse(org.id, { code: 'CS301', deadline: hoursFromNow(12) });
    const alone = await makeStudent(course.id, { fullname: 'Alone' });
    const inTeam = await makeStudent(course.id);
    await makeTeam(course.id, inTeam.id);
    const inactive = await makeStudent(course.id, { status: 'INACTIVE' });
    const muting = await makeStudent(course.id);
    const { db } = await getWorkerDb();
    await db
      .update(users)
      .set({ mutedNotificationKinds: ['DEADLINE_SOON'] })
      .where(eq(users.id, muting.id));
    await makeEnrollment(course.id, { email: 'no-account@example.edu' });
    // Not due: later than 72 h, passed, archived.
    const later = await makeCourse(org.id, { deadline: hoursFromNow(80) });
    const passed = await makeCourse(org.id, { deadline: hoursFromNow(-1) });
    const archived = await makeCourse(org.id, { deadline: hoursFromNow(5), archived: true });
    for (const c of [later, passed, archived]) await makeStudent(c.id);
    return { course, alone, inTeam, inactive, muting };
  }

  it('tells the ACTIVE students without a team of a course due within 24 h, once, however many jobs race', async () => {
    const w = await dueWorld();
    const { db } = await getWorkerDb();
    const jobs = [
      createDeadlineReminderJob(db, app.log),
      createDeadlineReminderJob(db, app.log),
      createDeadlineReminderJob(db, app.log),
    ];
    // Concurrent statements: on PostgreSQL, each on its own pooled connection.
    const written = await Promise.all([...jobs.map((j) => j.runOnce()), sendDeadlineReminders(db)]);
    // Alone's, and the hidden one kept for the muting student's email.
    expect(written.reduce((a, b) => a + b, 0)).toBe(2);
    expect(await received()).toEqual(pairs(['DEADLINE_SOON', w.alone]));
    expect(await db.select().from(notificationDeadlineReminders)).toHaveLength(1);

    expect(await jobs[0]!.runOnce()).toBe(0);
    const list = await ok(
      app,
      { authorization: `Bearer ${(await signIn(app, w.alone.email)).token}` },
      'GET',
      '/notifications',
    );
    expect(list.items[0]).toMatchObject({
      kind: 'DEADLINE_SOON',
      text: 'Team formation in CS301 closes in 24 hours and you have no team yet.',
      link: `/courses/${w.course.id}`,
      actor: null,
      course: { id: w.course.id, code: 'CS301' },
    });
    await Promise.all(jobs.map((j) => j.stop()));
    // Muted in the app, wanted by email (DEADLINE_SOON is immediate by default): kept hidden.
    expect(await hiddenForEmail()).toEqual(pairs(['DEADLINE_SOON', w.muting]));
  });

  it('reminds 72 h before and again 24 h before, each once (issue 26)', async () => {
    const org = await makeOrganization();
    const course = await makeCourse(org.id, { code: 'CS302', deadline: hoursFromNow(60) });
    const alone = await makeStudent(course.id);
    const { db } = await getWorkerDb();
    expect(await sendDeadlineReminders(db)).toBe(1);
    expect(await sendDeadlineReminders(db)).toBe(0);
    // 40 hours later the deadline is 20 h away.
    await db
      .update(courses)
      .set({ teamFormationDeadline: hoursFromNow(20) })
      .where(eq(courses.id, course.id));
    // A moved deadline is a new key; its first reminder is the 24 h one.
    expect(await sendDeadlineReminders(db)).toBe(1);
    expect(await sendDeadlineReminders(db)).toBe(0);
    const list = await ok(
      app,
      { authorization: `Bearer ${(await signIn(app, alone.email)).token}` },
      'GET',
      '/notifications',
    );
    expect(list.items.map((n: { text: string }) => n.text)).toEqual([
      'Team formation in CS302 closes in 24 hours and you have no team yet.',
      'Team formation in CS302 closes in 72 hours and you have no team yet.',
    ]);
  });

  it('announces a moved deadline again', async () => {
    const w = await dueWorld();
    const { db } = await getWorkerDb();
    // Alone's, and the muting student's (hidden, kept for the email).
    expect(await sendDeadlineReminders(db)).toBe(2);
    await db
      .update(courses)
      .set({ teamFormationDeadline: sql`team_formation_deadline + interval '2 hours'` })
      .where(eq(courses.id, w.course.id));
    expect(await sendDeadlineReminders(db)).toBe(2);
    expect(await sendDeadlineReminders(db)).toBe(0);
    expect(await received()).toEqual(pairs(['DEADLINE_SOON', w.alone], ['DEADLINE_SOON', w.alone]));
  });

  it('runs by itself soon after start when started', async () => {
    const w = await dueWorld();
    const { db } = await getWorkerDb();
    const job = createDeadlineReminderJob(db, app.log, { firstDelayMs: 10, intervalMs: 60_000 });
    job.start();
    const until = Date.now() + 5_000;
    while ((await received()).length === 0 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await job.stop();
    expect(await received()).toEqual(pairs(['DEADLINE_SOON', w.alone]));
  });
});

describe(`CSV upload notifications (${driver})`, () => {
  let app: FastifyInstance;
  let w: Awaited<ReturnType<typeof makeWorld>>;
  let token: string;
  const closers: (() => Promise<unknown>)[] = [];

  beforeAll(async () => {
    app = await buildTestApp({}, { csvWorker: { pollIntervalMs: 50 } });
  });

  beforeEach(async () => {
    w = await makeWorld();
    token = (await signIn(app, w.adminA.email)).token;
  });

  afterEach(async () => {
    await Promise.all(closers.splice(0).map((close) => close()));
  });

  it('the fixture roster tells the enrolled students that have accounts and the uploader', async () => {
    const ada = await makeUser({ email: 'ada@example.edu', fullname: 'Ada Lovelace' });
    const grace = await makeUser({ email: 'grace@example.edu', fullname: 'Grace Hopper' });
    const id = await uploadRoster(
      app,
      token,
      w.courseA.id,
      fixture('roster-basic.csv'),
      'fall.csv',
    );
    expect((await waitForUpload(app, token, id)).status).toBe('COMPLETED');

    expect(await received()).toEqual(
      pairs(
        ['ENROLLMENT_ADDED', ada],
        ['ENROLLMENT_ADDED', grace],
        ['CSV_UPLOAD_FINISHED', w.adminA],
      ),
    );
    const mine = await ok(app, { authorization: `Bearer ${token}` }, 'GET', '/notifications');
    expect(mine.items[0]).toMatchObject({
      kind: 'CSV_UPLOAD_FINISHED',
      text: 'fall.csv was imported into A101. 3 students added: 2 enrolled, 1 pending sign-in.',
      // Issue 35: nothing rejected, so to the course's roster.
      link: `/admin/courses/${w.courseA.id}/roster`,
      course: { id: w.courseA.id, code: 'A101' },
    });
    const forAda = (await allNotifications()).find((n) => n.userId === ada.id)!;
    expect(forAda).toMatchObject({ actorId: w.adminA.id, courseId: w.courseA.id });
  });

  it('a failed upload tells the uploader, and nothing else is written', async () => {
    const queueApp = await buildTestApp({}, { csvWorker: false });
    await makeUser({ email: 'ada@example.edu' });
    const course = await makeCourse(w.orgA.id, { code: 'GONE1' });
    const id = await uploadRoster(queueApp, token, course.id, fixture('roster-basic.csv'), 'x.csv');
    const { db } = await getWorkerDb();
    await db.update(courses).set({ archivedAt: new Date() }).where(eq(courses.id, course.id));
    const worker = createCsvWorker(db, queueApp.log, { pollIntervalMs: 20 });
    closers.push(() => worker.stop());
    worker.start();
    await waitForJobStatus(id, ['FAILED']);

    expect(await received()).toEqual(pairs(['CSV_UPLOAD_FAILED', w.adminA]));
    const mine = await ok(app, { authorization: `Bearer ${token}` }, 'GET', '/notifications');
    expect(mine.items[0].text).toBe('x.csv could not be imported into GONE1; nothing was changed.');
  });

  it('an uploader who muted the kind gets none', async () => {
    await ok(app, { authorization: `Bearer ${token}` }, 'PUT', '/notifications/preferences', {
      muted: ['CSV_UPLOAD_FINISHED'],
    });
    const id = await uploadRoster(app, token, w.courseA.id, fixture('roster-basic.csv'));
    await waitForUpload(app, token, id);
    expect(await received()).toEqual([]);
  });
});
