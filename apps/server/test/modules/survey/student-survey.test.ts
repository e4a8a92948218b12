// The survey for students (issue 27, decision 135): what they see, saving a draft and
// submitting, every answer checked against its question, and the survey's dates.
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SURVEY_ANSWERS_MAX_BYTES, type StudentSurveyView } from '@teamup/shared';
import { buildTestApp, driver, getWorkerDb } from '../../helper.js';
import { makeStudent, teamWorld, type TeamWorld } from '../teams/requests-world.js';
import { setEnrollmentStatus } from '../teams/teams-world.js';
import { QUESTIONS, Q, goodAnswers, hoursFromNow, inject, openDates } from './survey-world.js';

describe(`survey for students (${driver})`, () => {
  let app: FastifyInstance;
  let w: TeamWorld;
  const surveyUrl = () => `/student/courses/${w.course.id}/survey`;
  const responseUrl = () => `/student/courses/${w.course.id}/survey/response`;

  beforeAll(async () => {
    app = await buildTestApp({}, { mail: false });
  });

  beforeEach(async () => {
    w = await teamWorld(app);
  });

  const saveSurvey = async (dates: { opensAt: string | null; closesAt: string | null }) => {
    const current = await inject(app, 'GET', `/admin/courses/${w.course.id}/survey`, w.as.adminA);
    const version = current.json().data.survey?.version ?? 0;
    const res = await inject(app, 'PUT', `/admin/courses/${w.course.id}/survey`, w.as.adminA, {
      version,
      questions: QUESTIONS,
      ...dates,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const get = async (headers = w.as.sue) => {
    const res = await inject(app, 'GET', surveyUrl(), headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: StudentSurveyView }>().data;
  };
  const save = (answers: unknown, submit: boolean, headers = w.as.sue) =>
    inject(app, 'PUT', responseUrl(), headers, { answers, submit });
  const stored = async () => {
    const { db } = await getWorkerDb();
    const { rows } = (await db.execute(
      sql`select user_id, answers, submitted_at from survey_responses order by user_id`,
    )) as unknown as { rows: { user_id: string; answers: unknown; submitted_at: unknown }[] };
    return rows;
  };

  it('shows nothing before the survey opens, and refuses answers then', async () => {
    expect(await get()).toEqual({ survey: null, response: null, classmates: [], team: null });
    await saveSurvey({ opensAt: hoursFromNow(2), closesAt: hoursFromNow(50) });
    expect((await get()).survey).toBeNull();
    const res = await save(goodAnswers(), false);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('SURVEY_NOT_OPEN');
  });

  it('shows the open survey with the ACTIVE classmates (no emails), saves a draft, then submits', async () => {
    await makeStudent(w.course.id, { fullname: 'Ina Inactive', status: 'INACTIVE' });
    await saveSurvey(openDates());
    const view = await get();
    expect(view.survey).toMatchObject({ state: 'OPEN', version: 1 });
    expect(view.survey!.questions).toEqual(QUESTIONS);
    expect(view.classmates).toEqual([
      { id: w.lea.id, fullname: 'Lea Leader' },
      { id: w.max.id, fullname: 'Max Member' },
      { id: w.tom.id, fullname: 'Tom Student' },
    ]);
    expect(view.response).toBeNull();

    // A draft may leave required questions out.
    const partial = { [Q.skills]: goodAnswers()[Q.skills]! };
    const draft = await save(partial, false);
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json()).toMatchObject({
      message: 'Answers saved',
      data: { answers: partial, submittedAt: null },
    });
    // Submitting needs the required ones: one detail per question, nothing saved.
    const missing = await save(partial, true);
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(
      missing
        .json()
        .details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual([`answers.${Q.hours}`, `answers.${Q.role}`].sort());
    expect((await stored())[0]!.submitted_at).toBeNull();

    const answers = goodAnswers([w.tom.id], [w.lea.id]);
    const submitted = await save(answers, true);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const first = submitted.json().data;
    expect(first.submittedAt).not.toBeNull();
    expect(first.answers).toEqual(answers);
    // A later draft save keeps it submitted, with its first submit time.
    const later = await save(answers, false);
    expect(later.json().data.submittedAt).toBe(first.submittedAt);
    expect((await get()).response).toMatchObject({ answers, submittedAt: first.submittedAt });
    // Classmates see nothing of it.
    expect((await get(w.as.tom)).response).toBeNull();
  });

  it("names the student's team in the course, for the form to say what answering does (issue 35)", async () => {
    await saveSurvey(openDates());
    expect((await get(w.as.lea)).team).toEqual({ id: w.team.id, name: 'Team T' });
    expect((await get(w.as.max)).team).toEqual({ id: w.team.id, name: 'Team T' });
    expect((await get(w.as.sue)).team).toBeNull();
  });

  it('refuses answers that do not fit their question, one detail each, and saves nothing', async () => {
    await saveSurvey(openDates());
    expect((await save(goodAnswers(), false)).statusCode).toBe(200);
    const before = await stored();
    const bad = {
      ...goodAnswers(),
      [Q.hours]: { type: 'AVAILABILITY', hours: [7] }, // before the 8:00 window
      [Q.skills]: { type: 'SKILLS', levels: { Rust: 3 } }, // not a skill of the question
      [Q.role]: { type: 'SINGLE_CHOICE', option: 'dev' }, // wrong type
      [Q.project]: { type: 'PROJECT', ranking: ['zeppelin'] }, // not a project
      [Q.single]: { type: 'SINGLE_CHOICE', option: 'go' }, // not an option
      [Q.multi]: { type: 'MULTIPLE_CHOICE', options: ['git', 'docker', 'k8s'] }, // over maxChoices
    };
    const res = await save(bad, false);
    expect(res.statusCode).toBe(422);
    expect(
      res
        .json()
        .details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(
      [Q.hours, Q.skills, Q.role, Q.project, Q.single, Q.multi].map((id) => `answers.${id}`).sort(),
    );
    expect(
      res.json().details.find((d: { path: string }) => d.path === `answers.${Q.hours}`),
    ).toEqual({
      path: `answers.${Q.hours}`,
      message: 'Pick hours between 8:00 and 20:00 only',
    });
    // An unknown question id.
    const unknown = await save(
      { '6f1d8a3e-5b3c-4c8e-9d61-1c2f6a0e7b11': { type: 'ROLE', option: 'dev' } },
      false,
    );
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().details[0].path).toBe('answers.6f1d8a3e-5b3c-4c8e-9d61-1c2f6a0e7b11');
    expect(await stored()).toEqual(before);
  });

  it('accepts ACTIVE classmates only as teammates, never myself', async () => {
    await saveSurvey(openDates());
    const ina = await makeStudent(w.course.id, { fullname: 'Ina Inactive', status: 'INACTIVE' });
    const mates = (like: string[], avoid: string[] = []) => ({
      [Q.mates]: { type: 'TEAMMATES', like, avoid },
    });
    for (const [answers, message] of [
      [mates([w.sue.id]), 'Name classmates, not yourself'],
      [mates([ina.id]), 'Name active classmates of this course only'],
      [mates([w.olga.id]), 'Name active classmates of this course only'],
      [
        mates([w.tom.id], [w.tom.id]),
        'A classmate cannot be both one you would like and one you would rather not work with',
      ],
    ] as const) {
      const res = await save(answers, false);
      expect(res.statusCode, JSON.stringify(answers)).toBe(422);
      expect(res.json().details).toEqual([{ path: `answers.${Q.mates}`, message }]);
    }
    expect((await save(mates([w.tom.id, w.max.id], [w.lea.id]), false)).statusCode).toBe(200);
    // A teammate whose enrollment ends is left out of what I see, so my next save goes through.
    await setEnrollmentStatus(w.course.id, w.max.id, 'INACTIVE');
    const view = await get();
    expect(view.response!.answers[Q.mates]).toEqual({
      type: 'TEAMMATES',
      like: [w.tom.id],
      avoid: [w.lea.id],
    });
    expect((await save(view.response!.answers, false)).statusCode).toBe(200);
  });

  it('refuses answers over the size limit', async () => {
    await saveSurvey(openDates());
    // Many made-up question ids: the body is valid JSON of the shape, only too big.
    const answers = Object.fromEntries(
      Array.from({ length: 400 }, (_, i) => [
        `6f1d8a3e-5b3c-4c8e-9d61-${String(i).padStart(12, '0')}`,
        { type: 'MULTIPLE_CHOICE', options: ['a-long-option-id-to-fill-the-space'] },
      ]),
    );
    expect(Buffer.byteLength(JSON.stringify(answers))).toBeGreaterThan(SURVEY_ANSWERS_MAX_BYTES);
    const res = await save(answers, false);
    expect(res.statusCode).toBe(422);
    expect(res.json().details).toEqual([
      { path: 'answers', message: `At most ${SURVEY_ANSWERS_MAX_BYTES} bytes of answers` },
    ]);
  });

  it('refuses answers after closing, and keeps showing the closed survey', async () => {
    await saveSurvey({ opensAt: hoursFromNow(-48), closesAt: hoursFromNow(-1) });
    expect((await get()).survey).toMatchObject({ state: 'CLOSED' });
    const res = await save(goodAnswers(), true);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('SURVEY_CLOSED');
  });

  it('answers 404 when not enrolled, 403 when the enrollment is not active, 409 when archived', async () => {
    await saveSurvey(openDates());
    expect((await inject(app, 'GET', surveyUrl(), w.as.olga)).statusCode).toBe(404);
    expect((await inject(app, 'GET', surveyUrl(), w.as.adminA)).statusCode).toBe(404);
    expect((await save(goodAnswers(), false, w.as.olga)).statusCode).toBe(404);
    await setEnrollmentStatus(w.course.id, w.tom.id, 'INACTIVE');
    const inactive = await save(goodAnswers(), false, w.as.tom);
    expect(inactive.statusCode).toBe(403);
    expect(inactive.json().code).toBe('NOT_ENROLLED');
    const { db } = await getWorkerDb();
    await db.execute(sql`update courses set archived_at = now() where id = ${w.course.id}`);
    const archived = await save(goodAnswers(), false);
    expect(archived.statusCode).toBe(409);
    expect(archived.json().code).toBe('COURSE_ARCHIVED');
    expect(await stored()).toEqual([]);
  });
});
