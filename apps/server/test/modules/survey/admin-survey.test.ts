// The survey for the course's admins (issue 27, decision 135): saving it (version 0 creates,
// a stale version is refused, copying from a course of the same organization), the opening
// notice when a save leaves it open, the answers page and CSV, and the one-click reminder.
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminSurveyView } from '@teamup/shared';
import { emailDeliveries } from '../../../src/db/schema/index.js';
import { readSurveyForFormation } from '../../../src/lib/survey-sql.js';
import { makeCourse } from '../../fixtures.js';
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
} from './survey-world.js';

describe(`survey for admins (${driver})`, () => {
  let app: FastifyInstance;
  let w: TeamWorld;
  const url = (courseId = w.course.id) => `/admin/courses/${courseId}/survey`;

  beforeAll(async () => {
    app = await buildTestApp({}, { mail: false });
  });

  beforeEach(async () => {
    w = await teamWorld(app);
  });

  const view = async (headers = w.as.adminA, courseId = w.course.id) => {
    const res = await inject(app, 'GET', url(courseId), headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: AdminSurveyView }>().data;
  };
  const put = (body: unknown, headers = w.as.adminA, courseId = w.course.id) =>
    inject(app, 'PUT', url(courseId), headers, body);
  const draft = { opensAt: null, closesAt: null };

  it('creates with version 0, edits with the current version, refuses a stale one', async () => {
    expect(await view()).toMatchObject({ survey: null, activeStudents: 4, submitted: 0 });
    const created = await put({ version: 0, questions: QUESTIONS, ...draft });
    expect(created.statusCode, created.body).toBe(200);
    const first = created.json<{ data: AdminSurveyView }>().data;
    expect(first.survey).toMatchObject({
      version: 1,
      state: 'DRAFT',
      openedAt: null,
      updatedBy: { id: w.adminA.id },
    });
    expect(first.survey!.questions).toEqual(QUESTIONS);

    // Someone else creating at the same time: the course already has one.
    expect((await put({ version: 0, questions: [], ...draft })).json()).toMatchObject({
      code: 'SURVEY_CHANGED',
    });
    const edited = await put(
      { version: 1, questions: QUESTIONS.slice(0, 2), ...draft },
      w.as.superadmin,
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.survey).toMatchObject({ version: 2 });
    // The editor who loaded version 1 saves late: refused, nothing changes.
    const stale = await put({ version: 1, questions: QUESTIONS, ...draft });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ success: false, code: 'SURVEY_CHANGED' });
    expect((await view()).survey!.questions).toHaveLength(2);
  });

  it('refuses bad surveys with 400 and changes nothing', async () => {
    await put({ version: 0, questions: QUESTIONS, ...draft });
    const bad = [
      { version: 1, questions: [QUESTIONS[0], QUESTIONS[0]], ...draft },
      { version: 1, questions: QUESTIONS, opensAt: hoursFromNow(1), closesAt: null },
      { version: 1, questions: QUESTIONS, opensAt: hoursFromNow(2), closesAt: hoursFromNow(1) },
      { version: 1, questions: [{ ...QUESTIONS[0], toHour: 6 }], ...draft },
      { version: 1, questions: [{ ...QUESTIONS[7], maxChoices: 9 }], ...draft },
    ];
    for (const body of bad) {
      const res = await put(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await view()).survey).toMatchObject({ version: 1 });
  });

  it("copies the questions of another course of the organization, never another organization's", async () => {
    const other = await makeCourse(w.orgA.id, { code: 'A202' });
    await put({ version: 0, questions: QUESTIONS, ...openDates() }, w.as.adminA, other.id);
    const courseB = await makeCourse(w.orgB.id, { code: 'B202' });
    await put({ version: 0, questions: QUESTIONS.slice(0, 1), ...draft }, w.as.adminB, courseB.id);

    expect((await view()).copySources).toEqual([
      { courseId: other.id, code: 'A202', title: 'Test Course', questionCount: QUESTIONS.length },
    ]);
    const refused = await put({ version: 0, copyFromCourseId: courseB.id });
    expect(refused.statusCode).toBe(404);
    const copied = await put({ version: 0, copyFromCourseId: other.id });
    expect(copied.statusCode, copied.body).toBe(200);
    // The questions (ids kept), not the dates.
    expect(copied.json().data.survey).toMatchObject({
      questions: QUESTIONS,
      opensAt: null,
      closesAt: null,
      state: 'DRAFT',
    });
    // Nothing was announced: the copy is a draft.
    expect(await notified()).toEqual([]);
  });

  it('announces a survey a save leaves open to the ACTIVE students, once', async () => {
    const ina = await makeStudent(w.course.id, { fullname: 'Ina Inactive', status: 'INACTIVE' });
    // Open dates without questions: nothing to answer, nothing announced.
    await put({ version: 0, questions: [], ...openDates() });
    expect(await notified()).toEqual([]);
    const res = await put({ version: 1, questions: QUESTIONS, ...openDates() });
    expect(res.json()).toMatchObject({ message: 'Survey saved; students were told it is open' });
    expect(res.json().data.survey.state).toBe('OPEN');
    expect(res.json().data.survey.openedAt).not.toBeNull();
    expect(await notified()).toEqual(
      pairs('SURVEY_OPENED', w.lea.id, w.max.id, w.sue.id, w.tom.id),
    );
    expect((await notified()).some(([, id]) => id === ina.id)).toBe(false);
    // The notice is immediate by email: one outbox row each.
    const { db } = await getWorkerDb();
    expect((await db.select().from(emailDeliveries)).map((d) => d.state)).toEqual(
      Array(4).fill('PENDING'),
    );
    // Another save while open: announced already.
    await put({ version: 2, questions: QUESTIONS, ...openDates() });
    expect(await notified()).toHaveLength(4);
  });

  it('refuses to change the survey of an archived course', async () => {
    await getWorkerDb().then(({ db }) =>
      db.execute(sql`update courses set archived_at = now() where id = ${w.course.id}`),
    );
    const res = await put({ version: 0, questions: QUESTIONS, ...draft });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('COURSE_ARCHIVED');
  });

  it("answers 404 for another organization's course and 403 for students", async () => {
    expect((await inject(app, 'GET', url(), w.as.adminB)).statusCode).toBe(404);
    expect((await put({ version: 0, questions: [], ...draft }, w.as.adminB)).statusCode).toBe(404);
    expect((await inject(app, 'GET', url(), w.as.sue)).statusCode).toBe(403);
    expect((await inject(app, 'GET', `${url()}/responses`, w.as.adminB)).statusCode).toBe(404);
    expect((await inject(app, 'POST', `${url()}/remind`, w.as.adminB)).statusCode).toBe(404);
  });

  describe('answers', () => {
    const answer = (headers: Record<string, string>, submit: boolean, answers = goodAnswers()) =>
      inject(app, 'PUT', `/student/courses/${w.course.id}/survey/response`, headers, {
        answers,
        submit,
      });

    beforeEach(async () => {
      await put({ version: 0, questions: QUESTIONS, ...openDates() });
      expect((await answer(w.as.sue, true, goodAnswers([w.tom.id], [w.lea.id]))).statusCode).toBe(
        200,
      );
      expect((await answer(w.as.tom, false)).statusCode).toBe(200);
    });

    it('pages the responses by name, ANSWERED or MISSING, with the counts', async () => {
      expect(await view()).toMatchObject({ activeStudents: 4, submitted: 1, drafts: 1 });
      const answered = await inject(app, 'GET', `${url()}/responses`, w.as.adminA);
      expect(answered.statusCode, answered.body).toBe(200);
      const page = answered.json().data;
      expect(page).toMatchObject({ page: 1, total: 2 });
      expect(page.items.map((i: { student: { fullname: string } }) => i.student.fullname)).toEqual([
        'Sue Student',
        'Tom Student',
      ]);
      expect(page.items[0].student.email).toBe(w.sue.email);
      expect(page.items[0].response.submittedAt).not.toBeNull();
      expect(page.items[1].response.submittedAt).toBeNull();

      const missing = await inject(
        app,
        'GET',
        `${url()}/responses?status=MISSING&limit=2`,
        w.as.adminA,
      );
      const m = missing.json().data;
      expect(m).toMatchObject({ total: 3, limit: 2 });
      expect(m.items.map((i: { student: { fullname: string } }) => i.student.fullname)).toEqual([
        'Lea Leader',
        'Max Member',
      ]);
      expect(m.items[0].response).toBeNull();
      const next = await inject(
        app,
        'GET',
        `${url()}/responses?status=MISSING&limit=2&page=2`,
        w.as.adminA,
      );
      expect(next.json().data.items[0]).toMatchObject({ student: { fullname: 'Tom Student' } });
    });

    it('counts the answers each question and option has, for the warning before an edit (issue 35)', async () => {
      const { answerCounts } = await view();
      expect(answerCounts[Q.role]).toEqual({ answers: 2, refs: { dev: 2 } });
      expect(answerCounts[Q.multi]).toEqual({ answers: 2, refs: { git: 2, docker: 2 } });
      expect(answerCounts[Q.skills]).toEqual({ answers: 2, refs: { React: 2, SQL: 2 } });
      expect(answerCounts[Q.project]).toEqual({ answers: 2, refs: { atlas: 2, beacon: 2 } });
      expect(answerCounts[Q.hours]).toEqual({ answers: 2, refs: {} });
      // Only ACTIVE students count, as for "submitted" and "drafts".
      const { db } = await getWorkerDb();
      await db.execute(
        sql`update enrollments set status = 'INACTIVE' where user_id = ${w.tom.id} and course_id = ${w.course.id}`,
      );
      expect((await view()).answerCounts[Q.role]).toEqual({ answers: 1, refs: { dev: 1 } });
    });

    it('a renamed option keeps its answers; a removed one is shown as removed, the rest kept (issue 35)', async () => {
      const responses = async () =>
        (await inject(app, 'GET', `${url()}/responses`, w.as.adminA)).json().data.items as {
          student: { fullname: string };
          response: { answers: Record<string, unknown> } | null;
          removed: string[];
        }[];
      // Rename the role Sue and Tom chose, drop a tool they chose, a skill, and a whole question.
      const renamed = QUESTIONS.filter((q) => q.id !== Q.single).map((q) => {
        if (q.id === Q.role && q.type === 'ROLE') {
          return { ...q, options: [{ id: 'dev', label: 'Software developer' }, q.options[1]!] };
        }
        if (q.id === Q.multi && q.type === 'MULTIPLE_CHOICE') {
          return { ...q, options: q.options.filter((o) => o.id !== 'docker') };
        }
        if (q.id === Q.skills && q.type === 'SKILLS') return { ...q, skills: ['SQL', 'Rust'] };
        return q;
      });
      const saved = await put({ version: 1, questions: renamed, ...openDates() });
      expect(saved.statusCode, saved.body).toBe(200);
      let [sue] = await responses();
      expect(sue!.student.fullname).toBe('Sue Student');
      expect(sue!.response!.answers[Q.role]).toEqual({ type: 'ROLE', option: 'dev' });
      expect(sue!.response!.answers[Q.multi]).toEqual({
        type: 'MULTIPLE_CHOICE',
        options: ['git'],
      });
      expect(sue!.response!.answers[Q.skills]).toEqual({ type: 'SKILLS', levels: { SQL: 2 } });
      expect(sue!.response!.answers[Q.single]).toBeUndefined();
      // A deleted question is not a removed option: it is simply gone from the survey.
      expect(sue!.removed.sort()).toEqual([Q.multi, Q.skills].sort());
      const counts = (await view()).answerCounts;
      expect(counts[Q.role]).toEqual({ answers: 2, refs: { dev: 2 } });

      // Now the chosen role itself goes: the answer is shown as removed, not as nothing.
      const removedRole = renamed.map((q) =>
        q.id === Q.role && q.type === 'ROLE'
          ? { ...q, options: [q.options[1]!, { id: 'qa', label: 'Tester' }] }
          : q,
      );
      expect((await put({ version: 2, questions: removedRole, ...openDates() })).statusCode).toBe(
        200,
      );
      [sue] = await responses();
      expect(sue!.response!.answers[Q.role]).toBeUndefined();
      expect(sue!.removed).toContain(Q.role);
      // Placement reads the same: what is left of each answer.
      const formation = await readSurveyForFormation((await getWorkerDb()).db, w.course.id);
      expect(formation!.answers.get(w.sue.id)![Q.multi]).toEqual({
        type: 'MULTIPLE_CHOICE',
        options: ['git'],
      });
      expect(formation!.answers.get(w.sue.id)![Q.role]).toBeUndefined();
    });

    it('exports every ACTIVE student in words; an answer an edit left behind is blank', async () => {
      // The role question loses the option Sue and Tom chose.
      const edited = QUESTIONS.map((q) =>
        q.id === Q.role && q.type === 'ROLE'
          ? { ...q, options: [q.options[1]!, { id: 'qa', label: 'Tester' }] }
          : q,
      );
      expect((await put({ version: 1, questions: edited, ...openDates() })).statusCode).toBe(200);
      const res = await inject(app, 'GET', `${url()}/responses.csv`, w.as.adminA);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toMatch(/A101-survey-responses\.csv/);
      const rows = parse(res.body.replace(/^\uFEFF/, ''), {
        relax_column_count: false,
      }) as string[][];
      expect(rows[0]).toEqual([
        'Student',
        'Email',
        'Status',
        'Submitted at',
        'When are you free?',
        'Your skills',
        'Preferred role',
        'Which project?',
        'Teammates',
        'Background',
        // A prompt a spreadsheet would run as a formula is neutralised.
        `'=Favourite, "language"`,
        'Tools',
      ]);
      expect(rows.slice(1).map((r) => [r[0], r[2]])).toEqual([
        ['Lea Leader', 'Not answered'],
        ['Max Member', 'Not answered'],
        ['Sue Student', 'Submitted'],
        ['Tom Student', 'Draft'],
      ]);
      const sue = rows[3]!;
      expect(sue[1]).toBe(w.sue.email);
      expect(sue[3]).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(sue.slice(4)).toEqual([
        'Mon 9–12, Wed 14–16',
        'React 4; SQL 2',
        '',
        'Beacon; Atlas',
        'Would like: Tom Student; Rather not: Lea Leader',
        'Group A',
        'TypeScript',
        'Git; Docker',
      ]);
      expect(rows[1]!.slice(4)).toEqual(Array(8).fill(''));
    });

    it('reminds who has not submitted, once per 24 h; then nothing is left to remind', async () => {
      const remind = (headers = w.as.adminA) => inject(app, 'POST', `${url()}/remind`, headers);
      const first = await remind();
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({
        data: { notified: 3 },
        message: 'Reminder sent to 3 students',
      });
      expect(await notified('SURVEY_REMINDER')).toEqual(
        pairs('SURVEY_REMINDER', w.lea.id, w.max.id, w.tom.id),
      );
      expect((await view()).remindAvailableAt).not.toBeNull();
      const again = await remind(w.as.superadmin);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('REMINDER_TOO_SOON');
      expect(await notified('SURVEY_REMINDER')).toHaveLength(3);

      const { db } = await getWorkerDb();
      await db.execute(sql`update course_reminders set sent_at = now() - interval '25 hours'`);
      await db.execute(sql`update survey_responses set submitted_at = now()`);
      for (const s of [w.lea, w.max]) {
        await db.execute(sql`insert into survey_responses (course_id, user_id, answers, submitted_at)
          values (${w.course.id}, ${s.id}, '{}'::jsonb, now())`);
      }
      const none = await remind();
      expect(none.statusCode).toBe(409);
      expect(none.json().code).toBe('NOTHING_TO_REMIND');
      // The refusal rolled back its claim: the last reminder is still the one of yesterday.
      expect((await view()).remindAvailableAt).toBeNull();
    });

    it('reminds only while the survey is open', async () => {
      await put({
        version: 1,
        questions: QUESTIONS,
        opensAt: hoursFromNow(-48),
        closesAt: hoursFromNow(-1),
      });
      const res = await inject(app, 'POST', `${url()}/remind`, w.as.adminA);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('SURVEY_NOT_OPEN');
    });
  });
});
