// Fuzz test of the LTI login routes (outside the OpenAPI document, so not reached by
// openapi-fuzz.test.ts): the shared /lti/login and a registration's own /lti/login/{platformId}
// (issue 34, decision 143), called by anyone with anything. No answer may be a 5xx; a refusal
// is one of the protocol's HTML pages, and a redirect only ever goes to the registered
// platform's authorization endpoint.
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/query-rows.js';
import { authzWorld } from '../authz/world.js';
import { buildTestApp, getWorkerDb } from '../helper.js';
import { hostileString } from './generators.js';

/** Fixed, as openapi-fuzz.test.ts's: a failure found once is found again. */
const FUZZ_SEED = 20261202;
const RUNS = 300;
const TOOL = 'http://localhost:5173';
const AUTHORIZATION_URL = 'https://moodle.aurora.example.edu/mod/lti/auth.php';
const FIELDS = [
  'iss',
  'login_hint',
  'target_link_uri',
  'lti_message_hint',
  'client_id',
  'lti_deployment_id',
  'lti_storage_target',
] as const;

/** Every byte of the string's UTF-8 percent-encoded (lone surrogates as U+FFFD). */
const percentEncoded = (s: string) =>
  [...Buffer.from(s, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

const app: FastifyInstance = await buildTestApp({}, { csvWorker: false });

describe('fuzzing the LTI login routes', () => {
  it('no 5xx; refusals are pages; redirects go to the registered platform only', async () => {
    const w = await authzWorld();
    const { db } = await getWorkerDb();
    const [row] = await queryRows<{ issuer: string }>(
      db,
      sql`select issuer from lti_platforms where id = ${w.platform.id}`,
    );
    const good: Record<(typeof FIELDS)[number], string> = {
      iss: row!.issuer,
      login_hint: 'hint',
      target_link_uri: `${TOOL}/lti/launch`,
      lti_message_hint: 'link-1',
      client_id: 'aurora-client',
      lti_deployment_id: '1',
      lti_storage_target: '_parent',
    };
    const path = fc.oneof(
      fc.constant('/lti/login'),
      fc.constant(`/lti/login/${w.platform.id}`),
      fc.uuid().map((id) => `/lti/login/${id}`),
      hostileString.map((s) => `/lti/login/${percentEncoded(s.slice(0, 300))}`),
    );
    // Each field: the good value, left out, or something hostile.
    const field = (name: (typeof FIELDS)[number]) =>
      fc.oneof(fc.constant(good[name]), fc.constant(undefined), hostileString);
    const params = fc
      .tuple(...FIELDS.map(field))
      .map((values) =>
        Object.fromEntries(
          FIELDS.flatMap((name, i) => (values[i] === undefined ? [] : [[name, values[i]!]])),
        ),
      );
    const body = fc.oneof(
      params.map((p) => ({
        type: 'application/x-www-form-urlencoded',
        payload: new URLSearchParams(p).toString(),
      })),
      params.map((p) => ({ type: 'application/json', payload: JSON.stringify(p) })),
      hostileString.map((s) => ({ type: 'application/json', payload: s })),
      hostileString.map((s) => ({ type: 'application/x-www-form-urlencoded', payload: s })),
    );
    const request = fc.oneof(
      fc.tuple(path, params).map(([url, p]) => ({
        method: 'GET' as const,
        url: `${url}?${new URLSearchParams(p)}`,
      })),
      fc.tuple(path, body).map(([url, b]) => ({
        method: 'POST' as const,
        url,
        headers: { 'content-type': b.type },
        payload: b.payload,
      })),
    );
    const failures: string[] = [];
    const statuses: Record<number, number> = {};
    for (const req of fc.sample(request, { seed: FUZZ_SEED, numRuns: RUNS })) {
      const res = await app.inject(req);
      statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
      const said = `${req.method} ${req.url.slice(0, 200)} → ${res.statusCode}`;
      if (res.statusCode >= 500) {
        failures.push(said);
      } else if (res.statusCode === 302) {
        const to = new URL(String(res.headers.location));
        if (to.origin + to.pathname !== AUTHORIZATION_URL) failures.push(`${said} to ${to}`);
      } else if (res.statusCode === 200) {
        // The platform-storage page: it, too, goes on to the platform only.
        if (!res.body.includes(JSON.stringify(AUTHORIZATION_URL).slice(1, -1))) {
          failures.push(`${said}: a page that does not go to the platform`);
        }
      } else if (
        res.statusCode < 400 ||
        (!String(res.headers['content-type']).startsWith('text/html') &&
          // Fastify's own refusals of a body it cannot parse keep the API's envelope.
          res.json<{ success?: boolean }>().success !== false)
      ) {
        failures.push(`${said}: neither a page nor the envelope`);
      }
    }
    expect(failures).toEqual([]);
    // The runs reach past the parameter check: some logins went through.
    expect(statuses[302] ?? 0).toBeGreaterThan(0);
    expect(statuses[400] ?? 0).toBeGreaterThan(0);
  }, 120_000);
});
