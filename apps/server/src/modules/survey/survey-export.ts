// GET /admin/courses/{courseId}/survey/responses.csv (issue 27, decision 135): every ACTIVE
// student of the course, by name, with their answers in words, for a spreadsheet. An answer an
// edit of its question left behind is a blank cell, as formation leaves it out.
import { sql } from 'drizzle-orm';
import {
  SURVEY_DAY_LABELS,
  type SurveyAnswer,
  type SurveyAnswers,
  type SurveyQuestion,
} from '@teamup/shared';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import {
  adminCourseScope,
  courseRefusal,
  iso,
  type AdminCaller,
} from '../../lib/admin-course-sql.js';
import { attachmentHeader, csvDocument, neutralise } from '../../lib/csv-file.js';
import { fittingAnswers, questionsOf } from '../../lib/survey-sql.js';

interface ExportRow {
  code: string;
  questions: unknown;
  students:
    | {
        fullname: string;
        email: string;
        answers: unknown;
        updatedAt: string | null;
        submittedAt: string | null;
      }[]
    | null;
  /** Everyone enrolled in the course, by id, to name the teammates an answer names. */
  names: Record<string, string> | null;
}

/** "Mon 9–12, Wed 14–16": each day's free hours as ranges, h–(last hour + 1). */
export function availabilityInWords(hours: readonly number[]): string {
  const sorted = [...new Set(hours)].sort((a, b) => a - b);
  const days = new Map<number, string[]>();
  let start: number | null = null;
  sorted.forEach((hour, i) => {
    start ??= hour;
    const next = sorted[i + 1];
    // A range ends at a gap or at the end of its day (24 h blocks never run into the next day).
    if (next !== hour + 1 || next % 24 === 0) {
      const day = Math.floor(hour / 24);
      const ranges = days.get(day) ?? [];
      ranges.push(`${start % 24}–${(hour % 24) + 1}`);
      days.set(day, ranges);
      start = null;
    }
  });
  return [...days]
    .map(([day, ranges]) => `${SURVEY_DAY_LABELS[day]} ${ranges.join(', ')}`)
    .join(', ');
}

/** One answer as a person reads it. */
export function answerInWords(
  question: SurveyQuestion,
  answer: SurveyAnswer | undefined,
  names: Record<string, string>,
): string {
  if (!answer || answer.type !== question.type) return '';
  switch (answer.type) {
    case 'AVAILABILITY': {
      // Issue 36: hours given in another zone than the grid's say which (as the results do).
      const grid = question.type === 'AVAILABILITY' ? (question.timeZone ?? 'UTC') : undefined;
      const words = availabilityInWords(answer.hours);
      return answer.timeZone && answer.timeZone !== grid && words
        ? `${words} (${answer.timeZone})`
        : words;
    }
    case 'SKILLS': {
      const skills = question.type === 'SKILLS' ? question.skills : [];
      return skills
        .filter((skill) => answer.levels[skill] !== undefined)
        .map((skill) => `${skill} ${answer.levels[skill]}`)
        .join('; ');
    }
    case 'ROLE':
    case 'DEMOGRAPHIC':
    case 'SINGLE_CHOICE': {
      const options = 'options' in question ? question.options : [];
      return options.find((o) => o.id === answer.option)?.label ?? '';
    }
    case 'MULTIPLE_CHOICE': {
      const options = 'options' in question ? question.options : [];
      return options
        .filter((o) => answer.options.includes(o.id))
        .map((o) => o.label)
        .join('; ');
    }
    case 'PROJECT': {
      const projects = question.type === 'PROJECT' ? question.projects : [];
      return answer.ranking
        .map((id) => projects.find((p) => p.id === id)?.name)
        .filter((name): name is string => name !== undefined)
        .join('; ');
    }
    case 'TEAMMATES': {
      const named = (ids: string[]) =>
        ids
          .map((id) => names[id])
          .filter(Boolean)
          .join(', ');
      const parts = [
        answer.like.length > 0 ? `Would like: ${named(answer.like)}` : '',
        answer.avoid.length > 0 ? `Rather not: ${named(answer.avoid)}` : '',
      ];
      return parts.filter(Boolean).join('; ');
    }
  }
}

/**
 * csvDocument writes its header as given (its callers' headers are fixed words); the prompts
 * here are the instructor's text, so each is neutralised and quoted like a cell.
 */
const headerCell = (value: string) => {
  const text = neutralise(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

const statusOf = (s: { updatedAt: string | null; submittedAt: string | null }) =>
  s.submittedAt ? 'Submitted' : s.updatedAt ? 'Draft' : 'Not answered';

export interface ResponsesExport {
  contentDisposition: string;
  body: string;
}

/** One statement: the course (scoped to the caller), the questions, every ACTIVE student. */
export async function exportResponses(
  db: DbOrTx,
  caller: AdminCaller,
  courseId: string,
): Promise<ResponsesExport> {
  const [row] = await queryRows<ExportRow>(
    db,
    sql`select c.code, s.questions,
        (select json_agg(json_build_object('fullname', u.fullname, 'email', u.email,
            'answers', r.answers, 'updatedAt', ${iso(sql`r.updated_at`)},
            'submittedAt', ${iso(sql`r.submitted_at`)}) order by u.fullname, u.id)
         from enrollments e join users u on u.id = e.user_id
         left join survey_responses r on r.course_id = e.course_id and r.user_id = e.user_id
         where e.course_id = c.id and e.status = 'ACTIVE' and e.removed_at is null) as students,
        (select json_object_agg(x.id, x.fullname) from (
           select distinct u.id, u.fullname from enrollments e join users u on u.id = e.user_id
           where e.course_id = c.id) x) as names
      from courses c join organizations o on o.id = c.organization_id
      left join course_surveys s on s.course_id = c.id
      where c.id = ${courseId} and ${adminCourseScope(caller)}`,
  );
  if (!row) throw courseRefusal(caller);
  const questions = questionsOf(row.questions);
  const names = row.names ?? {};
  const lines = (row.students ?? []).map((student) => {
    const answers: SurveyAnswers = fittingAnswers(questions, student.answers);
    return [
      student.fullname,
      student.email,
      statusOf(student),
      student.submittedAt ?? '',
      ...questions.map((q) => answerInWords(q, answers[q.id], names)),
    ];
  });
  const header = [
    'Student',
    'Email',
    'Status',
    'Submitted at',
    ...questions.map((q) => headerCell(q.prompt)),
  ];
  return {
    contentDisposition: attachmentHeader(`${row.code}-survey-responses.csv`),
    body: csvDocument(header, lines),
  };
}
