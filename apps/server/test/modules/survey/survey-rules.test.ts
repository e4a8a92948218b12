// Issue 36 (decision 152): the rules' fields of the survey schema. Old surveys (doNotIsolate
// alone) still parse and mean the same; the new fields are optional; a rule naming an option the
// question does not have, a pair of one option, BALANCED on a choice question are refused, and
// PUT /admin/courses/:id/survey answers 400 and saves nothing; a good survey with every rule saves
// and reads back as sent.
import type { FastifyInstance } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { surveyQuestionsSchema, type AdminSurveyView, type SurveyQuestion } from '@teamup/shared';
import { buildTestApp, driver } from '../../helper.js';
import { teamWorld, type TeamWorld } from '../teams/requests-world.js';
import { QUESTIONS, Q, inject } from './survey-world.js';

const group = QUESTIONS.find((q) => q.type === 'DEMOGRAPHIC')! as SurveyQuestion & {
  type: 'DEMOGRAPHIC';
};
const skills = QUESTIONS.find((q) => q.type === 'SKILLS')!;
const role = QUESTIONS.find((q) => q.type === 'ROLE')!;
const mates = QUESTIONS.find((q) => q.type === 'TEAMMATES')!;

const gender: SurveyQuestion = {
  ...group,
  prompt: 'Gender',
  options: [
    { id: 'woman', label: 'Woman' },
    { id: 'man', label: 'Man' },
    { id: 'nonbinary', label: 'Nonbinary' },
    { id: 'self-described', label: 'Self-described' },
    { id: 'prefer-not-to-say', label: 'Prefer not to say' },
  ],
  doNotIsolate: ['woman', 'nonbinary'],
  togetherMin: 3,
  notAllOf: ['man'],
  requireMixed: true,
  incompatible: [['woman', 'self-described']],
};

describe('the rules in the survey schema', () => {
  it('keeps an old survey as it was: the new fields are absent, not added', () => {
    const old = surveyQuestionsSchema.parse(QUESTIONS);
    expect(old).toEqual(QUESTIONS);
    const parsed = old.find((q) => q.type === 'DEMOGRAPHIC')!;
    expect(parsed).not.toHaveProperty('togetherMin');
    expect(parsed).not.toHaveProperty('notAllOf');
    expect(parsed).not.toHaveProperty('requireMixed');
    // A stored question from before "do not isolate" had a default still gets it.
    const { doNotIsolate: _d, ...older } = group;
    expect(surveyQuestionsSchema.parse([older])[0]).toMatchObject({ doNotIsolate: [] });
  });

  it('takes every rule, BALANCED skills and required teammates', () => {
    const questions = [
      gender,
      { ...skills, goal: 'BALANCED' },
      { ...role, incompatible: [['dev', 'pm']] },
      { ...mates, likeRule: 'REQUIRED_MUTUAL' },
    ];
    expect(surveyQuestionsSchema.safeParse(questions).success).toBe(true);
  });

  it('refuses rules that name no option of the question, and BALANCED off skills', () => {
    const refused: [unknown, string][] = [
      [{ ...gender, notAllOf: ['alien'] }, 'notAllOf'],
      [{ ...gender, incompatible: [['woman', 'alien']] }, 'incompatible'],
      [{ ...gender, incompatible: [['man', 'man']] }, 'incompatible'],
      [
        {
          ...gender,
          incompatible: [
            ['man', 'woman'],
            ['woman', 'man'],
          ],
        },
        'incompatible',
      ],
      [{ ...gender, togetherMin: 4 }, 'togetherMin'],
      [{ ...role, goal: 'BALANCED' }, 'goal'],
      [{ ...mates, likeRule: 'ALWAYS' }, 'likeRule'],
      [{ ...QUESTIONS.find((q) => q.type === 'MULTIPLE_CHOICE')!, incompatible: [] }, ''],
    ];
    for (const [question, field] of refused) {
      const r = surveyQuestionsSchema.safeParse([question]);
      expect(r.success, JSON.stringify(question)).toBe(false);
      if (field)
        expect(
          r.error!.issues.some((i) => i.path.includes(field)),
          JSON.stringify(r.error),
        ).toBe(true);
    }
  });
});

describe(`PUT the survey with rules (${driver})`, () => {
  let app: FastifyInstance;
  let w: TeamWorld;
  const url = () => `/admin/courses/${w.course.id}/survey`;
  const draft = { opensAt: null, closesAt: null };

  beforeAll(async () => {
    app = await buildTestApp({}, { mail: false });
  });
  beforeEach(async () => {
    w = await teamWorld(app);
  });

  it('saves every rule and reads it back; refuses an unknown option with 400, saving nothing', async () => {
    const questions = [gender, { ...skills, goal: 'BALANCED' }, { ...mates, likeRule: 'REQUIRED' }];
    const saved = await inject(app, 'PUT', url(), w.as.adminA, { version: 0, questions, ...draft });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ data: AdminSurveyView }>().data.survey!.questions).toEqual(questions);

    for (const bad of [
      { ...gender, incompatible: [['woman', 'alien']] },
      { ...gender, notAllOf: ['alien'] },
      { ...gender, doNotIsolate: ['alien'] },
    ]) {
      const res = await inject(app, 'PUT', url(), w.as.adminA, {
        version: 1,
        questions: [bad],
        ...draft,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ success: false });
    }
    const view = await inject(app, 'GET', url(), w.as.adminA);
    const survey = view.json<{ data: AdminSurveyView }>().data.survey!;
    expect(survey.version).toBe(1);
    expect(survey.questions.find((q) => q.id === Q.group)).toEqual(gender);
  });
});
