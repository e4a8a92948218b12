// The team formation survey (issue 27, decision 135): the course's admins build it and read the
// answers; the course's ACTIVE students answer it while it is open. Answers are never part of a
// read another student gets.
import { sql, type SQL } from 'drizzle-orm';
import {
  SURVEY_ANSWERS_MAX_BYTES,
  SURVEY_REMIND_INTERVAL_HOURS,
  type AdminSurveyView,
  type ErrorDetail,
  type StudentSurveyView,
  type SurveyAnswerCounts,
  type SurveyAnswers,
  type SurveyPutBody,
  type SurveyQuestion,
  type SurveyRemindResult,
  type SurveyResponse,
  type SurveyResponseBody,
  type SurveyResponsesPage,
  type SurveyState,
  scheduleInstant,
} from '@teamup/shared';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import {
  adminCourseScope,
  courseRefusal,
  iso,
  type AdminCaller,
} from '../../lib/admin-course-sql.js';
import { nextReminderAt, sendCourseReminder } from '../../lib/course-reminder.js';
import { inAppSql, wantedSql } from '../../lib/notification-writer-sql.js';
import { answerProblem } from '../../lib/survey-answers.js';
import { answersNow, fittingAnswers, questionsOf } from '../../lib/survey-sql.js';
import { AppError, conflict, forbidden, notFound } from '../../plugins/errors.js';

/** The survey `s`'s state now, as SURVEY_STATES says. */
export const stateSql = sql`case when s.opens_at is null or s.opens_at > now() then 'DRAFT'
    when s.closes_at <= now() then 'CLOSED' else 'OPEN' end`;

/** The survey `s` is open now and has a question: students may answer, notices may go. */
const openNowSql = sql`s.opens_at <= now() and s.closes_at > now()
  and jsonb_array_length(s.questions) > 0`;

/** The ACTIVE students of course `courseId` with an account (the enrollment `e`). */
const activeStudent = (courseId: SQL) =>
  sql`e.course_id = ${courseId} and e.status = 'ACTIVE' and e.removed_at is null
    and e.user_id is not null`;

const validation = (message: string, details: ErrorDetail[]) =>
  new AppError(422, 'VALIDATION_ERROR', message, details);

// ---------------------------------------------------------------------------------------------
// Opening: the SURVEY_OPENED notice, once per survey

/**
 * Marks the surveys that are open now, have a question and were never announced as opened, and
 * tells their courses' ACTIVE students, in one statement: the conditional update is the claim,
 * so however many processes (or a PUT and the job) try at once, a survey is announced once.
 * `courseId` limits it to one course (the PUT); without it, every course (the job). Answers the
 * number of notifications written.
 */
export async function announceOpenedSurveys(db: DbOrTx, courseId?: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`with opened as (
        update course_surveys s set opened_at = now()
        from courses c join organizations o on o.id = c.organization_id
        where c.id = s.course_id and s.opened_at is null and ${openNowSql}
          and c.archived_at is null and o.deleted_at is null
          ${courseId ? sql`and s.course_id = ${courseId}` : sql``}
        returning s.course_id, s.closes_at, c.organization_id),
      sent as (
        insert into notifications
          (user_id, kind, organization_id, course_id, data, shown_in_app, read_at)
        select e.user_id, 'SURVEY_OPENED', op.organization_id, op.course_id,
          jsonb_build_object('closesAt', ${iso(sql`op.closes_at`)}),
          ${inAppSql('SURVEY_OPENED')}
        from opened op
        join enrollments e on e.course_id = op.course_id
        join users u on u.id = e.user_id
        where ${activeStudent(sql`op.course_id`)} and ${wantedSql('SURVEY_OPENED')}
        returning 1)
      select (select count(*) from sent)::int as n`,
  );
  return row?.n ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Admins: the survey

interface AdminCourseRow {
  organization_id: string;
  archived: boolean;
}

/** The course, if the caller administers it (404 otherwise, as for every admin course route). */
async function adminCourse(
  db: DbOrTx,
  caller: AdminCaller,
  courseId: string,
): Promise<AdminCourseRow> {
  const [course] = await queryRows<AdminCourseRow>(
    db,
    sql`select c.organization_id, c.archived_at is not null as archived
      from courses c join organizations o on o.id = c.organization_id
      where c.id = ${courseId} and ${adminCourseScope(caller)}`,
  );
  if (!course) throw courseRefusal(caller);
  return course;
}

interface AdminViewRow {
  survey: {
    version: number;
    questions: unknown;
    opensAt: string | null;
    closesAt: string | null;
    openedAt: string | null;
    state: SurveyState;
    updatedAt: string;
    updatedBy: { id: string; fullname: string } | null;
  } | null;
  active_students: number;
  submitted: number;
  drafts: number;
  copy_sources: AdminSurveyView['copySources'] | null;
  last_reminded_at: string | null;
  default_time_zone: string | null;
  answer_counts: { q: string; ref: string | null; n: number }[] | null;
}

/** GET /admin/courses/{courseId}/survey: one statement after the scope is known. */
export async function getAdminSurvey(
  db: DbOrTx,
  caller: AdminCaller,
  courseId: string,
): Promise<AdminSurveyView> {
  const [row] = await queryRows<AdminViewRow>(
    db,
    sql`select
        (select json_build_object(
            'version', s.version, 'questions', s.questions,
            'opensAt', ${iso(sql`s.opens_at`)}, 'closesAt', ${iso(sql`s.closes_at`)},
            'openedAt', ${iso(sql`s.opened_at`)}, 'state', ${stateSql},
            'updatedAt', ${iso(sql`s.updated_at`)},
            'updatedBy', case when ub.id is null then null
              else json_build_object('id', ub.id, 'fullname', ub.fullname) end)
         from course_surveys s left join users ub on ub.id = s.updated_by
         where s.course_id = c.id) as survey,
        (select count(*) from enrollments e where ${activeStudent(sql`c.id`)})::int
          as active_students,
        (select count(*) filter (where r.submitted_at is not null)
         from enrollments e join survey_responses r on r.course_id = c.id and r.user_id = e.user_id
         where ${activeStudent(sql`c.id`)})::int as submitted,
        (select count(*) filter (where r.submitted_at is null)
         from enrollments e join survey_responses r on r.course_id = c.id and r.user_id = e.user_id
         where ${activeStudent(sql`c.id`)})::int as drafts,
        (select json_agg(json_build_object('courseId', oc.id, 'code', oc.code, 'title', oc.title,
             'questionCount', jsonb_array_length(os.questions)) order by oc.code, oc.title, oc.id)
         from courses oc join course_surveys os on os.course_id = oc.id
         where oc.organization_id = c.organization_id and oc.id <> c.id
           and jsonb_array_length(os.questions) > 0
           -- Only courses the caller may copy from (decision 144); the inner c and o are those.
           and oc.id in (select c.id from courses c join organizations o on o.id = c.organization_id
             where ${adminCourseScope(caller)})) as copy_sources,
        (select ${iso(sql`cr.sent_at`)} from course_reminders cr
         where cr.course_id = c.id and cr.kind = 'SURVEY') as last_reminded_at,
        o.default_time_zone,
        -- Per question: the answers (ref null) and the options, projects and skills they name.
        (select json_agg(json_build_object('q', x.q, 'ref', x.ref, 'n', x.n)) from (
           select a.key as q, ref.value as ref, count(*)::int as n
           from enrollments e
           join survey_responses r on r.course_id = c.id and r.user_id = e.user_id
           cross join lateral jsonb_each(case when jsonb_typeof(r.answers) = 'object'
             then r.answers else '{}'::jsonb end) a
           cross join lateral (
             select null::text as value
             union all select a.value ->> 'option' where jsonb_typeof(a.value -> 'option') = 'string'
             union all select jsonb_array_elements_text(case when jsonb_typeof(a.value -> 'options')
               = 'array' then a.value -> 'options' else '[]'::jsonb end)
             union all select jsonb_array_elements_text(case when jsonb_typeof(a.value -> 'ranking')
               = 'array' then a.value -> 'ranking' else '[]'::jsonb end)
             union all select jsonb_object_keys(case when jsonb_typeof(a.value -> 'levels')
               = 'object' then a.value -> 'levels' else '{}'::jsonb end)) ref
           where ${activeStudent(sql`c.id`)}
           group by a.key, ref.value) x) as answer_counts
      from courses c join organizations o on o.id = c.organization_id
      where c.id = ${courseId} and ${adminCourseScope(caller)}`,
  );
  if (!row) throw courseRefusal(caller);
  return {
    survey: row.survey
      ? {
          courseId,
          version: row.survey.version,
          questions: questionsOf(row.survey.questions),
          opensAt: row.survey.opensAt,
          closesAt: row.survey.closesAt,
          openedAt: row.survey.openedAt,
          state: row.survey.state,
          updatedAt: row.survey.updatedAt,
          updatedBy: row.survey.updatedBy,
        }
      : null,
    activeStudents: row.active_students,
    submitted: row.submitted,
    drafts: row.drafts,
    copySources: row.copy_sources ?? [],
    remindAvailableAt: nextReminderAt(row.last_reminded_at, SURVEY_REMIND_INTERVAL_HOURS),
    defaultTimeZone: row.default_time_zone,
    answerCounts: countsOf(row.answer_counts ?? []),
  };
}

function countsOf(rows: NonNullable<AdminViewRow['answer_counts']>): SurveyAnswerCounts {
  const counts: SurveyAnswerCounts = {};
  for (const { q, ref, n } of rows) {
    const entry = (counts[q] ??= { answers: 0, refs: {} });
    if (ref === null) entry.answers = n;
    else entry.refs[ref] = n;
  }
  return counts;
}

/**
 * PUT /admin/courses/{courseId}/survey, in the caller's transaction: the whole survey, or another
 * course's questions (same organization; the dates stay this course's). Version 0 creates it;
 * otherwise the version must be the stored one (409 SURVEY_CHANGED: someone saved meanwhile).
 * A survey this leaves open now, with a question and never announced, is announced to the
 * course's ACTIVE students in the same transaction. Answers the number of notices written
 * beside the new view.
 */
export async function putSurvey(
  tx: DbOrTx,
  caller: AdminCaller,
  courseId: string,
  body: SurveyPutBody,
): Promise<{ view: AdminSurveyView; announced: number }> {
  const course = await adminCourse(tx, caller, courseId);
  if (course.archived) {
    throw conflict('COURSE_ARCHIVED', 'This course is archived; its survey can no longer change');
  }
  let questions: SurveyQuestion[];
  let dates: { opensAt: string | null; closesAt: string | null } | null;
  if ('copyFromCourseId' in body) {
    // The source must be this organization's (else it reads as absent, as any foreign course
    // does) and one whose admin data the caller may read: copying reads its questions
    // (decision 144). Editing this course's survey is not enough.
    const [source] = await queryRows<{ readable: boolean; questions: unknown }>(
      tx,
      sql`select ${adminCourseScope(caller)} as readable, s.questions
        from courses c join organizations o on o.id = c.organization_id
        left join course_surveys s on s.course_id = c.id
        where c.id = ${body.copyFromCourseId} and c.organization_id = ${course.organization_id}
          and c.id <> ${courseId}`,
    );
    if (source && !source.readable) {
      throw forbidden('You may copy the survey of a course you administer or teach only');
    }
    if (!source?.questions || questionsOf(source.questions).length === 0) {
      throw notFound('No survey to copy: pick a course of this organization that has one');
    }
    // Question ids are kept: answers are stored per course, so they cannot collide.
    questions = questionsOf(source.questions);
    dates = null;
  } else {
    questions = body.questions as SurveyQuestion[];
    dates = { opensAt: body.opensAt, closesAt: body.closesAt };
  }
  const json = JSON.stringify(questions);
  const opensAt = dates ? sql`${dates.opensAt}::timestamptz` : null;
  const closesAt = dates ? sql`${dates.closesAt}::timestamptz` : null;
  const [saved] = await queryRows<{ version: number }>(
    tx,
    body.version === 0
      ? sql`insert into course_surveys
            (course_id, questions, opens_at, closes_at, version, updated_at, updated_by)
          values (${courseId}, ${json}::jsonb, ${opensAt ?? sql`null`}, ${closesAt ?? sql`null`},
            1, now(), ${caller.userId})
          on conflict (course_id) do nothing
          returning version`
      : sql`update course_surveys set questions = ${json}::jsonb,
            opens_at = ${opensAt ?? sql`opens_at`}, closes_at = ${closesAt ?? sql`closes_at`},
            version = version + 1, updated_at = now(), updated_by = ${caller.userId}
          where course_id = ${courseId} and version = ${body.version}
          returning version`,
  );
  if (!saved) {
    throw conflict(
      'SURVEY_CHANGED',
      body.version === 0
        ? 'This course already has a survey: reload it and edit that one'
        : 'Someone saved this survey after you opened it: reload it to see their changes, then edit again',
    );
  }
  const announced = await announceOpenedSurveys(tx, courseId);
  return { view: await getAdminSurvey(tx, caller, courseId), announced };
}

// ---------------------------------------------------------------------------------------------
// Admins: the answers

export interface ResponseRowJson {
  student: { id: string; fullname: string; email: string };
  answers: unknown;
  updatedAt: string | null;
  submittedAt: string | null;
}

export interface ResponsesRow {
  questions: unknown;
  total: number;
  rows: ResponseRowJson[] | null;
}

/**
 * The ACTIVE students of the course with their responses (or none), by name: every one, or only
 * those that answered (ANSWERED: submitted or draft) or have not submitted (MISSING).
 */
export function responsesSql(
  caller: AdminCaller,
  courseId: string,
  filter: 'ANSWERED' | 'MISSING' | 'ALL',
  page: { limit: number; offset: number } | null,
): SQL {
  const where =
    filter === 'ANSWERED'
      ? sql`and r.user_id is not null`
      : filter === 'MISSING'
        ? sql`and r.submitted_at is null`
        : sql``;
  const rows = sql`select u.id, u.fullname, u.email, r.answers, r.updated_at, r.submitted_at
    from enrollments e join users u on u.id = e.user_id
    left join survey_responses r on r.course_id = e.course_id and r.user_id = e.user_id
    where ${activeStudent(sql`c.id`)} ${where}`;
  return sql`select s.questions,
      (select count(*) from (${rows}) x)::int as total,
      (select json_agg(json_build_object(
          'student', json_build_object('id', p.id, 'fullname', p.fullname, 'email', p.email),
          'answers', p.answers, 'updatedAt', ${iso(sql`p.updated_at`)},
          'submittedAt', ${iso(sql`p.submitted_at`)}) order by p.fullname, p.id)
       from (${rows} order by u.fullname, u.id
             ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}) p) as rows
    from courses c join organizations o on o.id = c.organization_id
    left join course_surveys s on s.course_id = c.id
    where c.id = ${courseId} and ${adminCourseScope(caller)}`;
}

export const toResponse = (
  questions: SurveyQuestion[],
  row: ResponseRowJson,
): SurveyResponse | null =>
  row.updatedAt === null
    ? null
    : {
        answers: fittingAnswers(questions, row.answers),
        updatedAt: row.updatedAt,
        submittedAt: row.submittedAt,
      };

/** GET /admin/courses/{courseId}/survey/responses: one statement. */
export async function listResponses(
  db: DbOrTx,
  caller: AdminCaller,
  courseId: string,
  query: { page: number; limit: number; status: 'ANSWERED' | 'MISSING' },
): Promise<SurveyResponsesPage> {
  const [row] = await queryRows<ResponsesRow>(
    db,
    responsesSql(caller, courseId, query.status, {
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
    }),
  );
  if (!row) throw courseRefusal(caller);
  const questions = questionsOf(row.questions);
  return {
    items: (row.rows ?? []).map((r) => ({
      student: r.student,
      response: toResponse(questions, r),
      removed: r.updatedAt === null ? [] : answersNow(questions, r.answers).removed,
    })),
    page: query.page,
    limit: query.limit,
    total: row.total,
  };
}

// ---------------------------------------------------------------------------------------------
// Admins: "Remind students who have not answered"

/**
 * POST /admin/courses/{courseId}/survey/remind, in the caller's transaction: SURVEY_REMINDER to
 * the ACTIVE students without a submitted response. At most once per course per
 * SURVEY_REMIND_INTERVAL_HOURS: the course_reminders row's conditional upsert is the claim, so two
 * admins at once send one reminder (the other gets REMINDER_TOO_SOON); a refusal after the claim
 * rolls it back with the transaction.
 */
export async function remindSurvey(
  tx: DbOrTx,
  caller: AdminCaller,
  courseId: string,
  /** The instructor's own words (issue 35), added to each notification and email. */
  message?: string,
): Promise<SurveyRemindResult> {
  const course = await adminCourse(tx, caller, courseId);
  if (course.archived) throw conflict('COURSE_ARCHIVED', 'This course is archived');
  const [survey] = await queryRows<{ open: boolean }>(
    tx,
    sql`select (${openNowSql}) as open from course_surveys s where s.course_id = ${courseId}`,
  );
  if (!survey?.open) {
    throw conflict(
      'SURVEY_NOT_OPEN',
      'The survey is not open: students can be reminded between its opening and its closing',
    );
  }
  const { eligible } = await sendCourseReminder(tx, {
    courseId,
    organizationId: course.organization_id,
    callerId: caller.userId,
    reminderKind: 'SURVEY',
    notificationKind: 'SURVEY_REMINDER',
    intervalHours: SURVEY_REMIND_INTERVAL_HOURS,
    recipients: sql`select e.user_id as id from enrollments e
      where ${activeStudent(sql`${courseId}::uuid`)}
        and not exists (select 1 from survey_responses r where r.course_id = e.course_id
          and r.user_id = e.user_id and r.submitted_at is not null)`,
    tooSoon: (next) =>
      `Students were reminded of the survey less than ${SURVEY_REMIND_INTERVAL_HOURS} hours ago; you can remind them again at ${next ?? 'any moment now'}`,
    nobody: 'Every active student of this course has submitted the survey',
    message: message || undefined,
  });
  return { notified: eligible };
}

// ---------------------------------------------------------------------------------------------
// Students

interface StudentRow {
  status: string;
  archived: boolean;
  survey: {
    version: number;
    questions: unknown;
    opensAt: string | null;
    closesAt: string | null;
    state: SurveyState;
  } | null;
  response: { answers: unknown; updatedAt: string; submittedAt: string | null } | null;
  classmates: { id: string; fullname: string }[] | null;
  team: { id: string; name: string } | null;
}

/**
 * My enrollment in the course, the survey, my response and the ACTIVE classmates, in one
 * statement. Not enrolled (or removed, or the organization gone) reads as absent: 404, so the
 * course's existence is not revealed; an enrollment that is not ACTIVE is 403 NOT_ENROLLED, as
 * the other student course routes answer.
 */
async function studentRow(db: DbOrTx, userId: string, courseId: string, lock: boolean) {
  if (lock) {
    // Taken before the read: an admin's edit of the questions waits for this save, or this save
    // for the edit, so the answers are checked against the questions they are saved with.
    await db.execute(sql`select 1 from course_surveys where course_id = ${courseId} for share`);
  }
  const [row] = await queryRows<StudentRow>(
    db,
    sql`select e.status, c.archived_at is not null as archived,
        (select json_build_object('version', s.version, 'questions', s.questions,
            'opensAt', ${iso(sql`s.opens_at`)}, 'closesAt', ${iso(sql`s.closes_at`)},
            'state', ${stateSql})
         from course_surveys s where s.course_id = c.id) as survey,
        (select json_build_object('answers', r.answers, 'updatedAt', ${iso(sql`r.updated_at`)},
            'submittedAt', ${iso(sql`r.submitted_at`)})
         from survey_responses r where r.course_id = c.id and r.user_id = ${userId}) as response,
        (select json_agg(json_build_object('id', u.id, 'fullname', u.fullname)
                         order by u.fullname, u.id)
         from enrollments ce join users u on u.id = ce.user_id
         where ce.course_id = c.id and ce.status = 'ACTIVE' and ce.removed_at is null
           and ce.user_id <> ${userId}) as classmates,
        (select json_build_object('id', t.id, 'name', t.name)
         from team_members tm join teams t on t.id = tm.team_id
         where tm.course_id = c.id and tm.user_id = ${userId} and t.disbanded_at is null
         limit 1) as team
      from enrollments e
      join courses c on c.id = e.course_id
      join organizations o on o.id = c.organization_id and o.deleted_at is null
      where e.course_id = ${courseId} and e.user_id = ${userId} and e.removed_at is null
      limit 1`,
  );
  if (!row) throw notFound('Course not found');
  if (row.status !== 'ACTIVE') {
    throw new AppError(403, 'NOT_ENROLLED', 'Your enrollment in this course is not active');
  }
  return row;
}

/** Teammate ids the student may name: ACTIVE classmates; others are left out of a view. */
function withClassmates(
  answers: SurveyAnswers,
  questions: SurveyQuestion[],
  classmates: Set<string>,
): SurveyAnswers {
  const mates = questions.find((q) => q.type === 'TEAMMATES');
  const answer = mates ? answers[mates.id] : undefined;
  if (!mates || answer?.type !== 'TEAMMATES') return answers;
  return {
    ...answers,
    [mates.id]: {
      type: 'TEAMMATES',
      like: answer.like.filter((id) => classmates.has(id)),
      avoid: answer.avoid.filter((id) => classmates.has(id)),
    },
  };
}

/** GET /student/courses/{courseId}/survey. */
export async function getStudentSurvey(
  db: DbOrTx,
  userId: string,
  courseId: string,
): Promise<StudentSurveyView> {
  const row = await studentRow(db, userId, courseId, false);
  const questions = row.survey ? questionsOf(row.survey.questions) : [];
  if (!row.survey || questions.length === 0 || row.survey.state === 'DRAFT') {
    return { survey: null, response: null, classmates: [], team: row.team };
  }
  const hasMates = questions.some((q) => q.type === 'TEAMMATES');
  const classmates = hasMates ? (row.classmates ?? []) : [];
  const ids = new Set(classmates.map((c) => c.id));
  return {
    survey: {
      version: row.survey.version,
      questions,
      opensAt: row.survey.opensAt,
      closesAt: row.survey.closesAt,
      state: row.survey.state,
    },
    response: row.response
      ? {
          answers: withClassmates(fittingAnswers(questions, row.response.answers), questions, ids),
          updatedAt: row.response.updatedAt,
          submittedAt: row.response.submittedAt,
        }
      : null,
    classmates,
    team: row.team,
  };
}

/**
 * Why the answers cannot be saved, one detail per answer (path `answers.<questionId>`): unknown
 * questions, answers that do not fit their question, teammates who are not ACTIVE classmates
 * (or me), and on submit the required questions left unanswered.
 */
export function answerDetails(
  questions: SurveyQuestion[],
  body: SurveyResponseBody,
  classmates: Set<string>,
  me: string,
  /** The instant whose offsets read hours given in another time zone (decision 153). */
  at: number = Date.now(),
): ErrorDetail[] {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const details: ErrorDetail[] = [];
  for (const [questionId, answer] of Object.entries(body.answers)) {
    const question = byId.get(questionId);
    const path = `answers.${questionId}`;
    if (!question) {
      details.push({ path, message: 'This question is not in the survey (any more): reload it' });
      continue;
    }
    const problem = answerProblem(question, answer, at);
    if (problem) {
      details.push({ path, message: problem });
      continue;
    }
    if (answer.type === 'TEAMMATES') {
      const named = [...answer.like, ...answer.avoid];
      if (named.includes(me)) details.push({ path, message: 'Name classmates, not yourself' });
      else if (named.some((id) => !classmates.has(id))) {
        details.push({ path, message: 'Name active classmates of this course only' });
      }
    }
  }
  if (body.submit) {
    for (const q of questions) {
      if (q.required && !(q.id in body.answers)) {
        details.push({ path: `answers.${q.id}`, message: 'Answer this question to submit' });
      }
    }
  }
  return details;
}

/**
 * PUT /student/courses/{courseId}/survey/response, in the caller's transaction: saves the whole
 * set of answers (a draft), and with `submit` marks it submitted (the first submit's time is
 * kept; a later draft save keeps it submitted). Nothing changes when anything is refused.
 */
export async function saveResponse(
  db: DbOrTx,
  userId: string,
  courseId: string,
  body: SurveyResponseBody,
): Promise<SurveyResponse> {
  const row = await studentRow(db, userId, courseId, true);
  if (row.archived) {
    throw conflict(
      'COURSE_ARCHIVED',
      'This course is archived; its survey can no longer be answered',
    );
  }
  const questions = row.survey ? questionsOf(row.survey.questions) : [];
  if (!row.survey || questions.length === 0 || row.survey.state === 'DRAFT') {
    throw conflict('SURVEY_NOT_OPEN', 'The survey of this course is not open yet');
  }
  if (row.survey.state === 'CLOSED') {
    throw conflict(
      'SURVEY_CLOSED',
      'The survey of this course has closed; answers can no longer change',
    );
  }
  const json = JSON.stringify(body.answers);
  if (Buffer.byteLength(json, 'utf8') > SURVEY_ANSWERS_MAX_BYTES) {
    throw validation('Your answers are too long to save', [
      { path: 'answers', message: `At most ${SURVEY_ANSWERS_MAX_BYTES} bytes of answers` },
    ]);
  }
  const classmates = new Set((row.classmates ?? []).map((c) => c.id));
  const details = answerDetails(
    questions,
    body,
    classmates,
    userId,
    scheduleInstant(row.survey.closesAt, Date.now()),
  );
  if (details.length > 0) {
    throw validation(
      details.length === 1
        ? 'One answer cannot be saved; nothing was saved'
        : `${details.length} answers cannot be saved; nothing was saved`,
      details,
    );
  }
  const [saved] = await queryRows<SurveyResponse>(
    db,
    sql`insert into survey_responses (course_id, user_id, answers, updated_at, submitted_at)
      values (${courseId}, ${userId}, ${json}::jsonb, now(), ${body.submit ? sql`now()` : sql`null`})
      on conflict (course_id, user_id) do update
        set answers = excluded.answers, updated_at = excluded.updated_at,
          submitted_at = coalesce(survey_responses.submitted_at, excluded.submitted_at)
      returning answers, ${iso(sql`updated_at`)} as "updatedAt",
        ${iso(sql`submitted_at`)} as "submittedAt"`,
  );
  return saved!;
}
