import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  compileResponseSchema,
  type ResponseSerializerCompiler,
} from '../../src/lib/response-serializer.js';
import { API, buildTestApp } from '../helper.js';

/**
 * Response schemas that keep zod's serializer (decision 097), by route, with why. A new entry is
 * a choice: say it in the decision record, and never put a hot read here.
 */
const KNOWN_FALLBACKS: Record<string, string> = {
  // The link label's schema trims (an input rule reused in the output): zod rewrites the value.
  [`${API}/auth/profile`]: '$.data.links[].label: a check that rewrites the value',
  [`${API}/auth/profile/update`]: '$.data.links[].label: a check that rewrites the value',
  // The community profile shows the same links (issue 12; not a hot read).
  [`${API}/community/students/:id`]: '$.data.links[].label: a check that rewrites the value',
  // Free-form event data: a record of unknown values, written by JSON.stringify.
  [`${API}/auth/profile/activity`]: '$.data.items[].data: record',
  [`${API}/community/students/:id/activity`]: '$.data.items[].data: record',
  [`${API}/admin/enrollment/:id`]: '$.data.history[].data: record',
  [`${API}/student/teams/:id/audit-logs`]: '$.data.items[].data: record',
  // Issue 26: a development mailbox message's headers (development only; not a hot read).
  [`${API}/dev/mail/:id`]: '$.data.headers: record',
  // Issue 27: a survey's questions (a union of question types) and answers (a record by question
  // id); none is a hot read.
  [`${API}/admin/courses/:courseId/survey`]: '$.data.survey.questions[]: union',
  [`${API}/student/courses/:courseId/survey`]: '$.data.survey.questions[]: union',
  [`${API}/admin/courses/:courseId/survey/responses`]: '$.data.items[].response.answers: record',
  [`${API}/student/courses/:courseId/survey/response`]: '$.data.answers: record',
};

const HOT_READS = [
  `GET ${API}/auth/session/me`,
  `GET ${API}/student/me/teams`,
  `GET ${API}/student/courses/:courseId/teams`,
  `GET ${API}/student/teams/:id`,
];

describe('compiled response serializer: every route', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });

  it('compiles every response schema but the known fallbacks, and every hot read', () => {
    const report = (app.serializerCompiler as ResponseSerializerCompiler).report;
    // Every API route declares a response; a few dozen of them at least went through.
    expect(report.length).toBeGreaterThan(100);

    const fallbacks = Object.fromEntries(
      report.filter((e) => e.mode === 'fallback').map((e) => [e.url, e.reason]),
    );
    expect(fallbacks).toEqual(KNOWN_FALLBACKS);

    // Serializers are built at a route's first answer: build every one now.
    for (const entry of report.filter((e) => e.mode === 'compiled')) {
      const result = compileResponseSchema(entry.schema);
      const where = `${entry.method} ${entry.url} ${entry.status}`;
      expect(result.mode === 'fallback' ? `${where}: ${result.reason}` : 'compiled').toBe(
        'compiled',
      );
    }

    for (const route of HOT_READS) {
      const entries = report.filter((e) => `${e.method} ${e.url}` === route);
      expect(entries, route).not.toHaveLength(0);
      for (const entry of entries) expect(entry.mode, `${route} ${entry.status}`).toBe('compiled');
    }
  });
});
