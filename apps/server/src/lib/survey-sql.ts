// Reads of the team formation survey (issue 27, decision 135) that another module needs:
// formation's preview and apply read the questions and every answer through here, since modules
// do not import each other.
import { sql } from 'drizzle-orm';
import { surveyQuestionSchema, type SurveyAnswers, type SurveyQuestion } from '@teamup/shared';
import type { DbOrTx } from '../db/client.js';
import { queryRows } from '../db/query-rows.js';
import { iso } from './admin-course-sql.js';
import { salvageAnswer } from './survey-answers.js';

/**
 * Stored questions, each checked again: they were valid when saved, and a question the schema no
 * longer accepts (a later release tightening a rule) is left out rather than failing the read.
 */
export function questionsOf(stored: unknown): SurveyQuestion[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((q) => {
    const parsed = surveyQuestionSchema.safeParse(q);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * A student's stored answers to the survey's questions as they are now: an answer to a removed
 * question is dropped; one naming an option, project, skill or hour an edit removed keeps the
 * rest (`salvageAnswer`), and its question id is listed in `removed`, so the answers view can say
 * "answered a removed option" instead of showing nothing (issue 35, item 9).
 */
export function answersNow(
  questions: SurveyQuestion[],
  stored: unknown,
): { answers: SurveyAnswers; removed: string[] } {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const answers: SurveyAnswers = {};
  const removed: string[] = [];
  if (!stored || typeof stored !== 'object') return { answers, removed };
  for (const [questionId, value] of Object.entries(stored as Record<string, unknown>)) {
    const question = byId.get(questionId);
    if (!question) continue;
    const salvaged = salvageAnswer(question, value);
    if (salvaged.answer) answers[questionId] = salvaged.answer;
    if (salvaged.removed) removed.push(questionId);
  }
  return { answers, removed };
}

/** The answers of {@link answersNow}: what still fits the questions. */
export function fittingAnswers(questions: SurveyQuestion[], stored: unknown): SurveyAnswers {
  return answersNow(questions, stored).answers;
}

export interface SurveyForFormation {
  version: number;
  questions: SurveyQuestion[];
  /** By user id: every response of the course, drafts included, with the answers that fit. */
  answers: Map<string, SurveyAnswers>;
  /** The latest response's updated_at (null without responses): part of the fingerprint. */
  latestAnswerAt: string | null;
  /**
   * The course's answers as the survey's results count them (issue 35): ACTIVE students, their
   * submitted responses and drafts. Formation uses drafts' answers too (`answers` above).
   */
  counts: { activeStudents: number; submitted: number; drafts: number };
  /** Issue 36: the survey's closing time, whose offsets read hours given in another zone. */
  closesAt: string | null;
}

interface SurveyRow {
  version: number;
  questions: unknown;
  closes_at: string | null;
  responses: { userId: string; answers: unknown }[] | null;
  latest_answer_at: string | null;
  active_students: number;
  submitted: number;
  drafts: number;
}

/** The ACTIVE students of the course with an account (the enrollment `e`), as the survey counts. */
const activeStudent = sql`e.course_id = s.course_id and e.status = 'ACTIVE' and e.removed_at is null
  and e.user_id is not null`;

/**
 * The course's survey with every answer, in one statement; null when the course has no survey
 * or its survey has no question.
 */
export async function readSurveyForFormation(
  db: DbOrTx,
  courseId: string,
): Promise<SurveyForFormation | null> {
  const [row] = await queryRows<SurveyRow>(
    db,
    sql`select s.version, s.questions, ${iso(sql`s.closes_at`)} as closes_at,
        (select json_agg(json_build_object('userId', r.user_id, 'answers', r.answers)
                         order by r.user_id)
         from survey_responses r where r.course_id = s.course_id) as responses,
        (select ${iso(sql`max(r.updated_at)`)} from survey_responses r
         where r.course_id = s.course_id) as latest_answer_at,
        (select count(*) from enrollments e where ${activeStudent})::int as active_students,
        (select count(*) filter (where r.submitted_at is not null)
         from enrollments e join survey_responses r on r.course_id = e.course_id and r.user_id = e.user_id
         where ${activeStudent})::int as submitted,
        (select count(*) filter (where r.submitted_at is null)
         from enrollments e join survey_responses r on r.course_id = e.course_id and r.user_id = e.user_id
         where ${activeStudent})::int as drafts
      from course_surveys s where s.course_id = ${courseId}`,
  );
  if (!row) return null;
  const questions = questionsOf(row.questions);
  if (questions.length === 0) return null;
  const answers = new Map<string, SurveyAnswers>();
  for (const response of row.responses ?? []) {
    answers.set(response.userId, fittingAnswers(questions, response.answers));
  }
  return {
    version: row.version,
    questions,
    answers,
    latestAnswerAt: row.latest_answer_at,
    counts: { activeStudents: row.active_students, submitted: row.submitted, drafts: row.drafts },
    closesAt: row.closes_at,
  };
}
