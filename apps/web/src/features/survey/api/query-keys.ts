import type { SurveyResponsesQuery } from '@teamup/shared';

/** Every query key of the survey feature (issue 27, decision 135). */
export const surveyKeys = {
  all: ['survey'] as const,
  admin: (courseId: string) => ['survey', 'admin', courseId] as const,
  responses: (courseId: string) => ['survey', 'admin', courseId, 'responses'] as const,
  responsesPage: (courseId: string, query: SurveyResponsesQuery) =>
    ['survey', 'admin', courseId, 'responses', query] as const,
  student: (courseId: string) => ['survey', 'student', courseId] as const,
};

export const adminSurveyPath = (courseId: string) =>
  `/admin/courses/${encodeURIComponent(courseId)}/survey`;

export const studentSurveyPath = (courseId: string) =>
  `/student/courses/${encodeURIComponent(courseId)}/survey`;
