import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  REMINDER_MESSAGE_MAX,
  SURVEY_ANSWERS_MAX_BYTES,
  SURVEY_REMIND_INTERVAL_HOURS,
  adminSurveyViewSchema,
  envelope,
  reminderBodySchema,
  studentSurveyViewSchema,
  surveyPutBodySchema,
  surveyRemindResultSchema,
  surveyResponseBodySchema,
  surveyResponseSchema,
  surveyResponsesPageSchema,
  surveyResponsesQuerySchema,
} from '@teamup/shared';
import { defineRoute, COURSE_STAFF } from '../../lib/route.js';
import { signedInRead } from '../../lib/signed-in-read.js';
import { requireAuth } from '../../plugins/auth.js';
import {
  getAdminSurvey,
  getStudentSurvey,
  listResponses,
  putSurvey,
  remindSurvey,
  saveResponse,
} from './service.js';
import { exportResponses } from './survey-export.js';

const TAGS = ['survey'];
const courseParams = z.object({ courseId: z.uuid() });

export interface SurveyRoutesOptions {
  /** Notifications were written (and with them, emails queued): the mail worker looks now. */
  onQueued: () => void;
}

/**
 * The team formation survey (issue 27, decision 135): the course's admins build it, follow the
 * answers and remind who has not submitted; the course's ACTIVE students answer it while it is
 * open. Admin routes answer 404 for another organization's course; student routes answer 404
 * when the caller is not enrolled, 403 NOT_ENROLLED when their enrollment is not active.
 */
export async function surveyRoutes(app: FastifyInstance, opts: SurveyRoutesOptions) {
  defineRoute(app, {
    method: 'GET',
    url: '/admin/courses/:courseId/survey',
    config: { access: COURSE_STAFF },
    schema: {
      tags: TAGS,
      summary: "The course's team formation survey, how many answered, and surveys to copy",
      description:
        "The survey is null until the first PUT. Counts are of ACTIVE students; copySources are the organization's other courses with a survey that has questions that the caller may read (administers or teaches). Another organization's course answers 404.",
      params: courseParams,
      response: { 200: envelope(adminSurveyViewSchema) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await signedInRead(request, (db, caller) =>
        getAdminSurvey(db, caller, request.params.courseId),
      ),
    }),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/admin/courses/:courseId/survey',
    config: { access: COURSE_STAFF },
    schema: {
      tags: TAGS,
      summary:
        "Save the course's survey (version 0 creates it), or copy another course's questions",
      description: [
        "The body is the whole survey (questions, opensAt and closesAt: both or neither), or `copyFromCourseId`: the questions of another course of the same organization (404 if it has no survey with questions, or is another organization's); the dates stay this course's. Copying reads the source: 403 FORBIDDEN unless the caller is an admin of its organization, a superadmin or its staff.",
        '`version` is the one the editor loaded: a stale one answers 409 SURVEY_CHANGED (someone saved meanwhile). 409 COURSE_ARCHIVED for an archived course.',
        'A survey this leaves open (opensAt passed, closesAt ahead) with a question, never announced, is announced to the ACTIVE students at once (SURVEY_OPENED).',
      ].join('\n\n'),
      params: courseParams,
      body: surveyPutBodySchema,
      response: { 200: envelope(adminSurveyViewSchema) },
    },
    handler: async (request) => {
      const auth = requireAuth(request);
      const { view, announced } = await app.db.transaction((tx) =>
        putSurvey(tx, auth, request.params.courseId, request.body),
      );
      if (announced > 0) opts.onQueued();
      return {
        success: true as const,
        data: view,
        message: announced > 0 ? 'Survey saved; students were told it is open' : 'Survey saved',
      };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/admin/courses/:courseId/survey/responses',
    config: { access: COURSE_STAFF },
    schema: {
      tags: TAGS,
      summary: "The ACTIVE students' survey responses, by name, a page at a time",
      description:
        "`status` ANSWERED (the default): students who saved answers, submitted or not; MISSING: students who have not submitted (their draft, if any). Answers an edit of the question left behind are left out. Another organization's course answers 404.",
      params: courseParams,
      querystring: surveyResponsesQuerySchema,
      response: { 200: envelope(surveyResponsesPageSchema) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await signedInRead(request, (db, caller) =>
        listResponses(db, caller, request.params.courseId, request.query),
      ),
    }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/admin/courses/:courseId/survey/responses.csv',
    config: { access: COURSE_STAFF },
    schema: {
      tags: TAGS,
      summary: "Every ACTIVE student's survey answers as a CSV file, in words",
      description: [
        'Columns: Student, Email, Status (Submitted, Draft or Not answered), Submitted at, then one per question (its prompt). Availability reads as day ranges ("Mon 9–12, Wed 14–16"), skills as "React 4; SQL 2", choices by their labels, a project ranking by names in order, teammates by name.',
        'An answer an edit of its question left behind is blank. Cells a spreadsheet would run as a formula are prefixed with a quote.',
      ].join('\n\n'),
      params: courseParams,
      produces: ['text/csv'],
      response: { 200: z.string() },
    },
    handler: async (request, reply) => {
      const file = await signedInRead(request, (db, caller) =>
        exportResponses(db, caller, request.params.courseId),
      );
      // A string with a non-JSON content type bypasses the JSON serializer.
      return reply
        .header('content-disposition', file.contentDisposition)
        .header('cache-control', 'no-store')
        .type('text/csv; charset=utf-8')
        .send(file.body);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/admin/courses/:courseId/survey/remind',
    config: { access: COURSE_STAFF },
    schema: {
      tags: TAGS,
      summary:
        'Remind the ACTIVE students who have not submitted the survey (notification and email)',
      description: `An optional body { message } (one line, at most ${REMINDER_MESSAGE_MAX} characters) adds the instructor's own words to each notification and email. 409 SURVEY_NOT_OPEN unless the survey is open, REMINDER_TOO_SOON within ${SURVEY_REMIND_INTERVAL_HOURS} h of the last reminder, NOTHING_TO_REMIND when every student has submitted (nothing is sent nor counted), COURSE_ARCHIVED. Another organization's course answers 404.`,
      params: courseParams,
      // No body at all (null to Fastify) is no message.
      body: reminderBodySchema.nullish(),
      response: { 200: envelope(surveyRemindResultSchema) },
    },
    handler: async (request) => {
      const auth = requireAuth(request);
      const data = await app.db.transaction((tx) =>
        remindSurvey(tx, auth, request.params.courseId, request.body?.message),
      );
      opts.onQueued();
      return {
        success: true as const,
        data,
        message: `Reminder sent to ${data.notified} ${data.notified === 1 ? 'student' : 'students'}`,
      };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/student/courses/:courseId/survey',
    config: { access: 'authenticated' },
    schema: {
      tags: TAGS,
      summary: "The course's team formation survey, my answers, and the classmates I may name",
      description:
        'The survey is null when the course has none, it has no questions, or it has not opened yet. Classmates (ACTIVE, without me; never an email) are listed only when a teammates question exists. Not enrolled: 404; an enrollment that is not active: 403 NOT_ENROLLED.',
      params: courseParams,
      response: { 200: envelope(studentSurveyViewSchema) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await signedInRead(request, (db, caller) =>
        getStudentSurvey(db, caller.userId, request.params.courseId),
      ),
    }),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/student/courses/:courseId/survey/response',
    config: { access: 'authenticated' },
    schema: {
      tags: TAGS,
      summary: 'Save my answers to the survey (a draft), or submit them',
      description: [
        'The whole set of answers so far, by question id. `submit: false` saves a draft; `submit: true` also needs every required question answered. A submitted response stays submitted (its first submit time kept) when saved again.',
        `422 VALIDATION_ERROR, one detail per answer (path \`answers.<questionId>\`), when an answer does not fit its question (its type, options, skills, hours window, at most maxChoices), names someone who is not an ACTIVE classmate, answers a question the survey does not have, or the answers exceed ${SURVEY_ANSWERS_MAX_BYTES} bytes; nothing is saved.`,
        '409 SURVEY_NOT_OPEN before it opens, SURVEY_CLOSED after it closes, COURSE_ARCHIVED. Not enrolled: 404; an enrollment that is not active: 403 NOT_ENROLLED.',
      ].join('\n\n'),
      params: courseParams,
      body: surveyResponseBodySchema,
      response: { 200: envelope(surveyResponseSchema) },
    },
    handler: async (request) => {
      const auth = requireAuth(request);
      const data = await app.db.transaction((tx) =>
        saveResponse(tx, auth.userId, request.params.courseId, request.body),
      );
      return {
        success: true as const,
        data,
        message: request.body.submit ? 'Survey submitted' : 'Answers saved',
      };
    },
  });
}
