// Shared pieces of the survey tests (issue 27): a survey of every question type, and calls.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { SurveyAnswers, SurveyQuestion } from '@teamup/shared';
import { API, getWorkerDb } from '../../helper.js';

export const Q = {
  hours: randomUUID(),
  skills: randomUUID(),
  role: randomUUID(),
  project: randomUUID(),
  mates: randomUUID(),
  group: randomUUID(),
  single: randomUUID(),
  multi: randomUUID(),
};

const base = { help: '', weight: 3, required: false } as const;

/** One question of each type; availability and role are required. */
export const QUESTIONS: SurveyQuestion[] = [
  {
    ...base,
    id: Q.hours,
    type: 'AVAILABILITY',
    prompt: 'When are you free?',
    goal: 'SIMILAR',
    required: true,
    fromHour: 8,
    toHour: 20,
    hoursNeeded: 4,
  },
  {
    ...base,
    id: Q.skills,
    type: 'SKILLS',
    prompt: 'Your skills',
    goal: 'DIVERSE',
    skills: ['React', 'SQL'],
  },
  {
    ...base,
    id: Q.role,
    type: 'ROLE',
    prompt: 'Preferred role',
    goal: 'DIVERSE',
    required: true,
    options: [
      { id: 'dev', label: 'Developer' },
      { id: 'pm', label: 'Project manager' },
    ],
  },
  {
    ...base,
    id: Q.project,
    type: 'PROJECT',
    prompt: 'Which project?',
    goal: 'SIMILAR',
    projects: [
      { id: 'atlas', name: 'Atlas', capacity: 2 },
      { id: 'beacon', name: 'Beacon', capacity: 2 },
    ],
  },
  { ...base, id: Q.mates, type: 'TEAMMATES', prompt: 'Teammates', goal: 'SIMILAR' },
  {
    ...base,
    id: Q.group,
    type: 'DEMOGRAPHIC',
    prompt: 'Background',
    goal: 'DIVERSE',
    options: [
      { id: 'a', label: 'Group A' },
      { id: 'b', label: 'Group B' },
    ],
    doNotIsolate: ['b'],
  },
  {
    ...base,
    id: Q.single,
    type: 'SINGLE_CHOICE',
    prompt: '=Favourite, "language"',
    goal: 'SIMILAR',
    options: [
      { id: 'ts', label: 'TypeScript' },
      { id: 'py', label: 'Python' },
    ],
  },
  {
    ...base,
    id: Q.multi,
    type: 'MULTIPLE_CHOICE',
    prompt: 'Tools',
    goal: 'SIMILAR',
    options: [
      { id: 'git', label: 'Git' },
      { id: 'docker', label: 'Docker' },
      { id: 'k8s', label: 'Kubernetes' },
    ],
    maxChoices: 2,
  },
];

const hour = (day: number, h: number) => day * 24 + h;

/** Answers that fit QUESTIONS; `mates` are the ids named in the teammates answer. */
export function goodAnswers(like: string[] = [], avoid: string[] = []): SurveyAnswers {
  return {
    [Q.hours]: {
      type: 'AVAILABILITY',
      hours: [hour(0, 9), hour(0, 10), hour(0, 11), hour(2, 14), hour(2, 15)],
    },
    [Q.skills]: { type: 'SKILLS', levels: { React: 4, SQL: 2 } },
    [Q.role]: { type: 'ROLE', option: 'dev' },
    [Q.project]: { type: 'PROJECT', ranking: ['beacon', 'atlas'] },
    [Q.mates]: { type: 'TEAMMATES', like, avoid },
    [Q.group]: { type: 'DEMOGRAPHIC', option: 'a' },
    [Q.single]: { type: 'SINGLE_CHOICE', option: 'ts' },
    [Q.multi]: { type: 'MULTIPLE_CHOICE', options: ['git', 'docker'] },
  };
}

export const hoursFromNow = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

/** Opened a day ago, closes in a week: OPEN. */
export const openDates = () => ({ opensAt: hoursFromNow(-24), closesAt: hoursFromNow(24 * 7) });

export async function inject(
  app: FastifyInstance,
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
) {
  return app.inject({
    method,
    url: `${API}${url}`,
    headers,
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}

/** Kinds and recipients of the notifications written so far, sorted. */
export async function notified(kind?: string): Promise<[string, string][]> {
  const { db } = await getWorkerDb();
  const { rows } = (await db.execute(
    sql`select kind, user_id from notifications ${kind ? sql`where kind = ${kind}` : sql``}`,
  )) as unknown as { rows: { kind: string; user_id: string }[] };
  return rows.map((r): [string, string] => [r.kind, r.user_id]).sort();
}

/** Pairs [kind, user], sorted, to compare with notified(). */
export const pairs = (kind: string, ...userIds: string[]): [string, string][] =>
  userIds.map((id): [string, string] => [kind, id]).sort();

/** Moves the survey's dates (the job's tests), straight in the database. */
export async function setSurveyDates(courseId: string, opensAt: string, closesAt: string) {
  const { db } = await getWorkerDb();
  await db.execute(sql`update course_surveys set opens_at = ${opensAt}::timestamptz,
    closes_at = ${closesAt}::timestamptz where course_id = ${courseId}`);
}
