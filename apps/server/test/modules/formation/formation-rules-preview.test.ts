// Issue 36 (decision 152) through the preview: a survey with "never a whole team" on an answer
// every answering student gave and a required mutual pair. The preview keeps the pair together,
// lists each rule with how often it broke, and names the broken ones; another organization's
// admin is refused (404) and nothing is placed by a preview.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FormationProposal, SurveyAnswers, SurveyQuestion } from '@teamup/shared';
import { buildTestApp, getWorkerDb } from '../../helper.js';
import { call, enrolledStudent, world } from '../teams/teams-world.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

const Q = { group: randomUUID(), mates: randomUUID() };
const questions: SurveyQuestion[] = [
  {
    id: Q.group,
    type: 'DEMOGRAPHIC',
    prompt: 'Gender',
    help: '',
    weight: 0,
    goal: 'DIVERSE',
    required: false,
    options: [
      { id: 'woman', label: 'Woman' },
      { id: 'man', label: 'Man' },
    ],
    doNotIsolate: [],
    notAllOf: ['man'],
  },
  {
    id: Q.mates,
    type: 'TEAMMATES',
    prompt: 'Teammates',
    help: '',
    weight: 1,
    goal: 'SIMILAR',
    required: false,
    likeRule: 'REQUIRED_MUTUAL',
  },
];

async function putSurvey(courseId: string) {
  const { db } = await getWorkerDb();
  await db.execute(sql`
    insert into course_surveys (course_id, questions, opens_at, closes_at, opened_at, version, updated_at)
    values (${courseId}, ${JSON.stringify(questions)}::jsonb, now() - interval '2 days',
      now() + interval '2 days', now() - interval '2 days', 1, now())`);
}

async function answer(courseId: string, userId: string, answers: SurveyAnswers) {
  const { db } = await getWorkerDb();
  await db.execute(sql`
    insert into survey_responses (course_id, user_id, answers, updated_at, submitted_at)
    values (${courseId}, ${userId}, ${JSON.stringify(answers)}::jsonb, clock_timestamp(), clock_timestamp())`);
}

describe('issue 36 rules in the preview', () => {
  it('keeps a required pair together, counts each rule, names what broke', async () => {
    const w = await world(app, { teamSizeMax: 3 });
    await putSurvey(w.course.id);
    const people = [];
    for (const name of ['Nia New', 'Ola New', 'Pip New', 'Quin New', 'Rex New'])
      people.push(await enrolledStudent(w.course.id, name));
    const [nia, ola] = people as [(typeof people)[0], (typeof people)[0]];
    for (const s of [...people, w.sue])
      await answer(w.course.id, s.id, {
        [Q.group]: { type: 'DEMOGRAPHIC', option: 'man' },
        [Q.mates]: {
          type: 'TEAMMATES',
          like: s.id === nia.id ? [ola.id] : s.id === ola.id ? [nia.id] : [],
          avoid: [],
        },
      });

    const hostile = await call(
      app,
      'POST',
      `/admin/courses/${w.course.id}/formation/preview`,
      w.as.adminB,
      { seed: 3 },
    );
    expect(hostile.statusCode).toBe(404);

    const res = await call(
      app,
      'POST',
      `/admin/courses/${w.course.id}/formation/preview`,
      w.as.adminA,
      { seed: 3 },
    );
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json().data as FormationProposal;
    const teamOf = (id: string) => p.placements.find((x) => x.userId === id)?.teamKey;
    expect(teamOf(nia.id)).toBeDefined();
    expect(teamOf(nia.id)).toBe(teamOf(ola.id));

    const c = p.criteria!;
    const allMen = c.violations.filter((v) => v.kind === 'ALL_ONE_ANSWER');
    expect(allMen.length).toBeGreaterThan(0);
    for (const v of allMen) {
      expect(v.questionId).toBe(Q.group);
      expect(v.detail).toMatch(
        /^Every member of .* answered "Man" to "Gender" \(no team entirely of one answer\), as /,
      );
    }
    expect(c.violations.filter((v) => v.kind === 'APART')).toEqual([]);
    expect(c.rules).toEqual([
      {
        questionId: Q.group,
        prompt: 'Gender',
        kind: 'NOT_ALL_ONE',
        weight: 0,
        options: ['Man'],
        broken: allMen.length,
      },
      {
        questionId: Q.mates,
        prompt: 'Teammates',
        kind: 'AVOID',
        weight: 1,
        options: [],
        broken: 0,
      },
      {
        questionId: Q.mates,
        prompt: 'Teammates',
        kind: 'REQUIRED_TEAMMATES',
        weight: 1,
        options: [],
        mutual: true,
        broken: 0,
      },
    ]);
  });
});
