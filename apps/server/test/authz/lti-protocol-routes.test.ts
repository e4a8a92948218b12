// The LTI protocol routes the LMS calls (outside /api/v1, not in the OpenAPI document, so not in
// matrix.ts) are public: the platform's signed tokens and Teamup's signed state are their
// credentials. This is their row of the matrix: every caller, session or none, gets the same
// answer, and no answer opens or names a session. Issue 34 (decision 143) adds a registration's
// own login URL, /lti/login/{platformId}, beside the shared /lti/login.
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/query-rows.js';
import { buildTestApp, getWorkerDb } from '../helper.js';
import { CALLERS, STAFF_CALLERS, authzWorld, type AuthzWorld, type Caller } from './world.js';

const TOOL = 'http://localhost:5173';
const ALL_CALLERS: readonly Caller[] = [...CALLERS, ...STAFF_CALLERS];

const app: FastifyInstance = await buildTestApp({}, { csvWorker: false });

async function issuerOf(w: AuthzWorld): Promise<string> {
  const { db } = await getWorkerDb();
  const [row] = await queryRows<{ issuer: string }>(
    db,
    sql`select issuer from lti_platforms where id = ${w.platform.id}`,
  );
  return row!.issuer;
}

const loginParams = (iss: string, extra: Record<string, string> = {}) => ({
  iss,
  login_hint: 'hint-1',
  target_link_uri: `${TOOL}/lti/launch`,
  lti_deployment_id: '1',
  ...extra,
});

interface Expectation {
  name: string;
  path: (w: AuthzWorld) => string;
  params: (iss: string) => Record<string, string>;
  /** The same for every caller. */
  status: number;
}

const CASES: Expectation[] = [
  {
    name: 'own login URL, without client_id',
    path: (w) => `/lti/login/${w.platform.id}`,
    params: (iss) => loginParams(iss),
    status: 302,
  },
  {
    name: 'own login URL, with its client_id',
    path: (w) => `/lti/login/${w.platform.id}`,
    params: (iss) => loginParams(iss, { client_id: 'aurora-client' }),
    status: 302,
  },
  {
    name: 'own login URL, another client_id',
    path: (w) => `/lti/login/${w.platform.id}`,
    params: (iss) => loginParams(iss, { client_id: 'borealis-client' }),
    status: 400,
  },
  {
    name: 'own login URL, another issuer',
    path: (w) => `/lti/login/${w.platform.id}`,
    params: () => loginParams('https://moodle.borealis.example.edu'),
    status: 400,
  },
  {
    name: 'an id Teamup does not know: looked up as the shared URL does',
    path: () => '/lti/login/00000000-0000-4000-8000-000000000000',
    params: (iss) => loginParams(iss),
    status: 302,
  },
  {
    name: 'not an id, and an unknown issuer',
    path: () => '/lti/login/not-a-platform',
    params: () => loginParams('https://unknown.example.edu'),
    status: 400,
  },
  {
    name: 'no login parameters',
    path: (w) => `/lti/login/${w.platform.id}`,
    params: () => ({}),
    status: 400,
  },
  {
    name: 'the shared login URL',
    path: () => '/lti/login',
    params: (iss) => loginParams(iss, { client_id: 'aurora-client' }),
    status: 302,
  },
];

describe('LTI login routes: public, the same for every caller', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const w = await authzWorld();
    const iss = await issuerOf(w);
    const problems: string[] = [];
    for (const caller of ALL_CALLERS) {
      for (const method of ['GET', 'POST'] as const) {
        const params = new URLSearchParams(c.params(iss)).toString();
        const res = await app.inject(
          method === 'GET'
            ? { method, url: `${c.path(w)}?${params}`, headers: w.headers(caller) }
            : {
                method,
                url: c.path(w),
                headers: {
                  ...w.headers(caller),
                  'content-type': 'application/x-www-form-urlencoded',
                },
                payload: params,
              },
        );
        if (res.statusCode !== c.status) {
          problems.push(`${caller} ${method}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
        if (res.statusCode === 302) {
          const to = new URL(String(res.headers.location));
          if (to.origin + to.pathname !== 'https://moodle.aurora.example.edu/mod/lti/auth.php') {
            problems.push(`${caller} ${method}: sent to ${to.origin}${to.pathname}`);
          }
        } else if (!String(res.headers['content-type']).startsWith('text/html')) {
          problems.push(`${caller} ${method}: a refusal that is not a page`);
        }
        const cookies = [res.headers['set-cookie'] ?? []].flat().join('\n');
        if (/teamup_refresh/.test(cookies)) problems.push(`${caller} ${method}: a session cookie`);
      }
    }
    expect(problems).toEqual([]);
  });
});
