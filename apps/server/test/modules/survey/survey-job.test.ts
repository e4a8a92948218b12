// The survey's timed notices (issue 27): the opening notice when opensAt arrives by itself,
// the 48 h and 24 h closing reminders (each once, however many runs), the email they queue;
// the dashboard's open surveys and formation's read of the answers.
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StudentDashboard } from '@teamup/shared';
import { emailDeliveries, notifications } from '../../../src/db/schema/index.js';
import { readSurveyForFormation } from '../../../src/lib/survey-sql.js';
import { runSurveyJob } from '../../../src/modules/survey/survey-job.js';
import { makeCourse, makeEnrollment } from '../../fixtures.js';
import { buildTestApp, driver, getWorkerDb } from '../../helper.js';
import { makeStudent, teamWorld, type TeamWorld } from '../teams/requests-world.js';
import {
  QUESTIONS,
  Q,
  goodAnswers,
  hoursFromNow,
  inject,
  notified,
  openDates,
  pairs,
  setSurveyDates,
} from './survey-world.js';

describe(`survey notices, dashboard and formation read (${driver})`, () => {
  let app: FastifyInstance;
  let w: TeamWorld;

  beforeAll(async () => {
    app = await buildTestApp({}, { mail: false });
  });

  beforeEach(async () => {
    w = await teamWorld(app);
  });

  const saveSurvey = async (
    dates: { opensAt: string | null; closesAt: string | null },
    courseId = w.course.id,
  ) => {
    const res = await inject(app, 'PUT', `/admin/courses/${courseId}/survey`, w.as.adminA, {
      version: 0,
      questions: QUESTIONS,
      ...dates,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const submit = (headers: Record<string, string>, submit = true) =>
    inject(app, 'PUT', `/student/courses/${w.course.id}/survey/response`, headers, {
      answers: goodAnswers(),
      submit,
    });
  const run = async () => runSurveyJob((await getWorkerDb()).db);

  it('announces a survey whose opening time arrives, once, to ACTIVE students', async () => {
    await makeStudent(w.course.id, { fullname: 'Ina Inactive', status: 'INACTIVE' });
    await saveSurvey({ opensAt: hoursFromNow(1), closesAt: hoursFromNow(24 * 7) });
    expect(await run()).toEqual({ opened: 0, closing: 0 });
    await setSurveyDates(w.course.id, hoursFromNow(-0.01), hoursFromNow(24 * 7));
    expect(await run()).toEqual({ opened: 4, closing: 0 });
    expect(await run()).toEqual({ opened: 0, closing: 0 });
    expect(await notified()).toEqual(
      pairs('SURVEY_OPENED', w.lea.id, w.max.id, w.sue.id, w.tom.id),
    );
    const list = await inject(app, 'GET', '/notifications', w.as.sue);
    expect(list.json().data.items[0]).toMatchObject({
      text: expect.stringMatching(
        /^The team formation survey of A101 is open until .+ UTC: answer it so your instructor can place you well\.$/,
      ),
      link: `/courses/${w.course.id}`,
    });
  });

  it('does not announce a survey of an archived course, nor one closed already', async () => {
    await saveSurvey({ opensAt: hoursFromNow(1), closesAt: hoursFromNow(2) });
    await setSurveyDates(w.course.id, hoursFromNow(-3), hoursFromNow(-1));
    const other = await makeCourse(w.orgA.id, { code: 'A303', archived: true });
    const { db } = await getWorkerDb();
    await db.execute(sql`insert into course_surveys (course_id, questions, opens_at, closes_at, version)
      values (${other.id}, ${JSON.stringify(QUESTIONS)}::jsonb, now() - interval '1 hour',
        now() + interval '1 day', 1)`);
    await makeEnrollment(other.id, { email: w.sue.email, userId: w.sue.id });
    expect(await run()).toEqual({ opened: 0, closing: 0 });
  });

  it('reminds who has not submitted 48 h and 24 h before closing, each once', async () => {
    await saveSurvey(openDates());
    expect((await submit(w.as.sue)).statusCode).toBe(200);
    expect((await submit(w.as.tom, false)).statusCode).toBe(200);
    const { db } = await getWorkerDb();
    await db.delete(notifications);

    // 47 h before closing: the 48 h reminder, to everyone but Sue (Tom has a draft only).
    await setSurveyDates(w.course.id, hoursFromNow(-24), hoursFromNow(47.9));
    expect(await run()).toEqual({ opened: 0, closing: 3 });
    expect(await run()).toEqual({ opened: 0, closing: 0 });
    expect(await notified()).toEqual(pairs('SURVEY_CLOSING', w.lea.id, w.max.id, w.tom.id));
    const [first] = await db.select().from(notifications);
    expect(first!.data).toMatchObject({ hours: 48 });
    // Immediate by email: each queued.
    expect(await db.select().from(emailDeliveries)).toHaveLength(3);

    // 23.9 h before closing: the 24 h one.
    await setSurveyDates(w.course.id, hoursFromNow(-48), hoursFromNow(23.9));
    expect(await run()).toEqual({ opened: 0, closing: 3 });
    expect(await run()).toEqual({ opened: 0, closing: 0 });
    const rows = await db.select().from(notifications);
    expect(rows.map((n) => (n.data as { hours: number }).hours).sort()).toEqual([
      24, 24, 24, 48, 48, 48,
    ]);
    const list = await inject(app, 'GET', '/notifications', w.as.tom);
    expect(list.json().data.items[0].text).toBe(
      'The team formation survey of A101 closes in 24 hours and you have not submitted it.',
    );
  });

  it('skips a reminder whose moment is over an hour past, or came before the opening', async () => {
    await saveSurvey(openDates());
    const { db } = await getWorkerDb();
    await db.delete(notifications);
    // The 48 h moment was 2 h ago (the server was down): skipped, not sent late.
    await setSurveyDates(w.course.id, hoursFromNow(-24), hoursFromNow(46));
    expect(await run()).toEqual({ opened: 0, closing: 0 });
    // Opened 3 minutes ago, 48 h before closing less 6 minutes: the 48 h moment came before
    // the opening, so no 48 h reminder.
    await setSurveyDates(w.course.id, hoursFromNow(-0.05), hoursFromNow(47.9));
    expect(await run()).toEqual({ opened: 0, closing: 0 });
    // Its 24 h moment comes: sent.
    await setSurveyDates(w.course.id, hoursFromNow(-6), hoursFromNow(23.9));
    expect(await run()).toEqual({ opened: 0, closing: 4 });
    expect(
      (await db.select().from(notifications)).every(
        (n) => (n.data as { hours: number }).hours === 24,
      ),
    ).toBe(true);
    // Opened 10 h before closing: no reminder at all (a new closing time is a new key).
    await setSurveyDates(w.course.id, hoursFromNow(-0.5), hoursFromNow(9.5));
    expect(await run()).toEqual({ opened: 0, closing: 0 });
  });

  it('lists my open surveys I have not submitted on my dashboard, closing soonest first', async () => {
    const later = await makeCourse(w.orgA.id, { code: 'A202', title: 'Later' });
    await makeEnrollment(later.id, { email: w.sue.email, userId: w.sue.id });
    await saveSurvey({ opensAt: hoursFromNow(-1), closesAt: hoursFromNow(24 * 9) }, later.id);
    await saveSurvey({ opensAt: hoursFromNow(-1), closesAt: hoursFromNow(24 * 3) });
    const dashboard = async (headers = w.as.sue) => {
      const res = await inject(app, 'GET', '/student/dashboard', headers);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: StudentDashboard }>().data.openSurveys;
    };
    expect(await dashboard()).toEqual([
      {
        courseId: w.course.id,
        courseCode: 'A101',
        courseTitle: 'Course A',
        closesAt: expect.any(String),
        started: false,
      },
      {
        courseId: later.id,
        courseCode: 'A202',
        courseTitle: 'Later',
        closesAt: expect.any(String),
        started: false,
      },
    ]);
    expect((await submit(w.as.sue, false)).statusCode).toBe(200);
    expect((await dashboard()).map((s) => [s.courseCode, s.started])).toEqual([
      ['A101', true],
      ['A202', false],
    ]);
    expect((await submit(w.as.sue)).statusCode).toBe(200);
    expect((await dashboard()).map((s) => s.courseCode)).toEqual(['A202']);
    // Not for a student whose enrollment is not ACTIVE; not before it opens.
    const { db } = await getWorkerDb();
    await db.execute(sql`update enrollments set status = 'INACTIVE' where course_id = ${later.id}`);
    expect(await dashboard()).toEqual([]);
    await setSurveyDates(w.course.id, hoursFromNow(1), hoursFromNow(24 * 3));
    expect(await dashboard(w.as.tom)).toEqual([]);
  });

  it('reads the survey for formation: every response, drafts included, answers that fit', async () => {
    const { db } = await getWorkerDb();
    expect(await readSurveyForFormation(db, w.course.id)).toBeNull();
    await saveSurvey(openDates());
    expect(await readSurveyForFormation(db, w.course.id)).toMatchObject({
      version: 1,
      answers: new Map(),
      latestAnswerAt: null,
    });
    expect((await submit(w.as.sue)).statusCode).toBe(200);
    expect((await submit(w.as.tom, false)).statusCode).toBe(200);
    // An edit drops the option Tom and Sue chose in the role question, and another question.
    const edited = QUESTIONS.filter((q) => q.id !== Q.single).map((q) =>
      q.id === Q.role && q.type === 'ROLE'
        ? { ...q, options: [q.options[1]!, { id: 'qa', label: 'Tester' }] }
        : q,
    );
    const res = await inject(app, 'PUT', `/admin/courses/${w.course.id}/survey`, w.as.adminA, {
      version: 1,
      questions: edited,
      ...openDates(),
    });
    expect(res.statusCode).toBe(200);
    const survey = await readSurveyForFormation(db, w.course.id);
    expect(survey!.version).toBe(2);
    expect(survey!.questions).toHaveLength(QUESTIONS.length - 1);
    expect([...survey!.answers.keys()].sort()).toEqual([w.sue.id, w.tom.id].sort());
    const expected = goodAnswers();
    delete expected[Q.role];
    delete expected[Q.single];
    expect(survey!.answers.get(w.sue.id)).toEqual(expected);
    expect(survey!.latestAnswerAt).toMatch(/^\d{4}-\d\d-\d\dT.+Z$/);
    // A survey without questions reads as none.
    await db.execute(sql`update course_surveys set questions = '[]'::jsonb`);
    expect(await readSurveyForFormation(db, w.course.id)).toBeNull();
  });
});
