// The demo's team formation survey (issue 27): CS301 has a survey that opened five days ago and
// closes in two, answered by most of its students, so a new user sees a real result at once:
// the instructor's results, and a preview that places by criteria. Maya Chen (the persona a
// visitor signs in as first) has not answered, so her dashboard and course page ask her to.
// Answers are made up from a hash of each student's email: every fresh demo looks the same.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { SurveyAnswers, SurveyQuestion } from '@teamup/shared';
import type { DbOrTx } from './client.js';

const DAY = 86_400_000;
export const DEMO_SURVEY_COURSE = { org: 'northfield', code: 'CS301' } as const;
/** Students of the course who leave the survey unanswered (the rest answer it). */
const UNANSWERED = new Set(['maya.chen@student.northfield.edu']);

const ID = {
  hours: '27000000-0000-4000-8000-000000000001',
  skills: '27000000-0000-4000-8000-000000000002',
  role: '27000000-0000-4000-8000-000000000003',
  project: '27000000-0000-4000-8000-000000000004',
  mates: '27000000-0000-4000-8000-000000000005',
  gender: '27000000-0000-4000-8000-000000000006',
  style: '27000000-0000-4000-8000-000000000007',
};

export const DEMO_SURVEY_QUESTIONS: SurveyQuestion[] = [
  {
    id: ID.hours,
    type: 'AVAILABILITY',
    prompt: 'When are you free to meet your team outside class?',
    help: 'Mark every hour you could usually meet, in your own time zone.',
    weight: 5,
    goal: 'SIMILAR',
    required: true,
    fromHour: 8,
    toHour: 22,
    hoursNeeded: 6,
  },
  {
    id: ID.skills,
    type: 'SKILLS',
    prompt: 'How strong are you in each of these?',
    help: '1 = never used it, 5 = could teach it.',
    weight: 3,
    goal: 'DIVERSE',
    required: true,
    skills: ['React', 'SQL', 'Python', 'UX design'],
  },
  {
    id: ID.role,
    type: 'ROLE',
    prompt: 'Which role would you like to take?',
    help: '',
    weight: 2,
    goal: 'DIVERSE',
    required: false,
    options: [
      { id: 'pm', label: 'Project manager' },
      { id: 'frontend', label: 'Front-end developer' },
      { id: 'backend', label: 'Back-end developer' },
      { id: 'design', label: 'Designer' },
    ],
  },
  {
    id: ID.project,
    type: 'PROJECT',
    prompt: 'Rank the client projects you would like to work on.',
    help: 'Each project goes to at most two teams.',
    weight: 3,
    goal: 'SIMILAR',
    required: false,
    projects: [
      { id: 'library', name: 'Library room booking', capacity: 2 },
      { id: 'food-bank', name: 'Food bank volunteer rota', capacity: 2 },
      { id: 'clinic', name: 'Student clinic check-in', capacity: 2 },
      { id: 'transit', name: 'Campus shuttle tracker', capacity: 2 },
    ],
  },
  {
    id: ID.mates,
    type: 'TEAMMATES',
    prompt: 'Classmates you would like to work with, or would rather not',
    help: 'Up to three of each. Nobody but your instructors sees this.',
    weight: 1,
    goal: 'SIMILAR',
    required: false,
  },
  {
    id: ID.gender,
    type: 'DEMOGRAPHIC',
    prompt: 'Gender',
    help: 'Optional. Used only so that nobody is the only woman in a team.',
    weight: 0,
    goal: 'SIMILAR',
    required: false,
    options: [
      { id: 'woman', label: 'Woman' },
      { id: 'man', label: 'Man' },
      { id: 'non-binary', label: 'Non-binary' },
    ],
    doNotIsolate: ['woman'],
  },
  {
    id: ID.style,
    type: 'SINGLE_CHOICE',
    prompt: 'How do you like to work?',
    help: '',
    weight: 1,
    goal: 'SIMILAR',
    required: false,
    options: [
      { id: 'early', label: 'Start early, finish early' },
      { id: 'steady', label: 'A steady pace all along' },
      { id: 'deadline', label: 'Best near the deadline' },
    ],
  },
];

/** A number in [0, n) from the email and a salt: the same every time. */
function pick(email: string, salt: string, n: number): number {
  const digest = createHash('sha256').update(`${email}|${salt}`).digest();
  return digest.readUInt32BE(0) % n;
}

/** Weekly hours (d * 24 + h) of four kinds of schedules, plus a little noise. */
function schedule(email: string): number[] {
  const kind = pick(email, 'kind', 4);
  const hours = new Set<number>();
  const span = (days: number[], from: number, to: number) => {
    for (const d of days) for (let h = from; h < to; h++) hours.add(d * 24 + h);
  };
  if (kind === 0) span([0, 1, 2, 3, 4], 9, 12);
  else if (kind === 1) span([0, 1, 2, 3, 4], 13, 17);
  else if (kind === 2) span([0, 1, 2, 3], 18, 21);
  else span([5, 6], 10, 16);
  // Some hours off, some extra: nobody's week is exactly an archetype.
  for (const h of [...hours]) if (pick(email, `off${h}`, 6) === 0) hours.delete(h);
  for (let i = 0; i < 3; i++) {
    const d = pick(email, `d${i}`, 7);
    const h = 8 + pick(email, `h${i}`, 14);
    hours.add(d * 24 + h);
  }
  return [...hours].sort((a, b) => a - b);
}

function answersFor(
  email: string,
  classmates: { id: string; email: string }[],
  index: number,
): SurveyAnswers {
  const level = (salt: string) => 1 + pick(email, salt, 5);
  const projects = ['library', 'food-bank', 'clinic', 'transit'];
  const first = pick(email, 'p1', 4);
  const ranking = [projects[first]!, ...projects.filter((_, i) => i !== first)];
  const swap = pick(email, 'p2', 3) + 1;
  [ranking[1], ranking[swap]] = [ranking[swap]!, ranking[1]!];
  const answers: SurveyAnswers = {
    [ID.hours]: { type: 'AVAILABILITY', hours: schedule(email) },
    [ID.skills]: {
      type: 'SKILLS',
      levels: {
        React: level('react'),
        SQL: level('sql'),
        Python: level('python'),
        'UX design': level('ux'),
      },
    },
    [ID.role]: {
      type: 'ROLE',
      option: ['pm', 'frontend', 'backend', 'design'][pick(email, 'role', 4)]!,
    },
    [ID.project]: { type: 'PROJECT', ranking },
    [ID.style]: {
      type: 'SINGLE_CHOICE',
      option: ['early', 'steady', 'deadline'][pick(email, 'style', 3)]!,
    },
  };
  // About one in six is a woman (the minority the "do not isolate" rule protects); a few skip it.
  const gender = pick(email, 'gender', 12);
  if (gender < 2) answers[ID.gender] = { type: 'DEMOGRAPHIC', option: 'woman' };
  else if (gender < 11) answers[ID.gender] = { type: 'DEMOGRAPHIC', option: 'man' };
  // One in three names a classmate they would like; one in ten one they would rather avoid.
  const others = classmates.filter((c) => c.email !== email);
  if (others.length > 1) {
    const like = pick(email, 'like', 3) === 0 ? [others[(index * 7) % others.length]!.id] : [];
    const avoidOne = others[(index * 11 + 3) % others.length]!.id;
    const avoid = pick(email, 'avoid', 10) === 0 && !like.includes(avoidOne) ? [avoidOne] : [];
    if (like.length || avoid.length) answers[ID.mates] = { type: 'TEAMMATES', like, avoid };
  }
  return answers;
}

/**
 * The survey of CS301 and its answers, once: a later start with the survey in place changes
 * nothing. The survey counts as opened (opened_at set), so the job sends no opening notice for
 * the demo's history.
 */
export async function seedDemoSurvey(db: DbOrTx, now: number): Promise<void> {
  const rows = (await db.execute(sql`
    select c.id as "courseId", u.id as "userId", u.email
    from courses c
    join organizations o on o.id = c.organization_id and o.slug = ${DEMO_SURVEY_COURSE.org}
    join enrollments e on e.course_id = c.id and e.status = 'ACTIVE' and e.removed_at is null
    join users u on u.id = e.user_id
    where c.code = ${DEMO_SURVEY_COURSE.code}
    order by u.email`)) as unknown;
  const students = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as {
    courseId: string;
    userId: string;
    email: string;
  }[];
  if (students.length === 0) return;
  const courseId = students[0]!.courseId;
  const inserted = (await db.execute(sql`
    insert into course_surveys (course_id, questions, opens_at, closes_at, opened_at, version, updated_at)
    values (${courseId}, ${JSON.stringify(DEMO_SURVEY_QUESTIONS)}::jsonb,
      ${new Date(now - 5 * DAY).toISOString()}::timestamptz,
      ${new Date(now + 2 * DAY).toISOString()}::timestamptz,
      ${new Date(now - 5 * DAY).toISOString()}::timestamptz, 1,
      ${new Date(now - 6 * DAY).toISOString()}::timestamptz)
    on conflict (course_id) do nothing
    returning course_id`)) as unknown;
  const created = Array.isArray(inserted)
    ? inserted.length
    : ((inserted as { rows: unknown[] }).rows?.length ?? 0);
  if (created === 0) return;
  const classmates = students.map((s) => ({ id: s.userId, email: s.email }));
  const responses = students
    .filter((s) => !UNANSWERED.has(s.email))
    .map((s, i) => {
      const at = new Date(now - (1 + pick(s.email, 'when', 4 * 24)) * 3_600_000).toISOString();
      return {
        user_id: s.userId,
        answers: answersFor(s.email, classmates, i),
        at,
        // One in eight saved a draft and has not submitted yet.
        submitted: pick(s.email, 'draft', 8) !== 0,
      };
    });
  await db.execute(sql`
    insert into survey_responses (course_id, user_id, answers, updated_at, submitted_at)
    select ${courseId}, x.user_id, x.answers, x.at, case when x.submitted then x.at end
    from jsonb_to_recordset(${JSON.stringify(responses)}::jsonb)
      as x(user_id uuid, answers jsonb, at timestamptz, submitted boolean)
    on conflict do nothing`);
}
