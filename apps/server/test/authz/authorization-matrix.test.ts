// The authorization matrix: every operation of the OpenAPI document, called by every kind of
// caller on one world with real ids, must answer what matrix.ts says. An operation of the
// document missing from the table fails (with the statuses it gave, ready to review and paste),
// and so does a table entry the document does not have. No 2xx answer to a caller of one
// organization may carry data of the other, and every refusal is the error envelope.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildTestApp, resetDatabase } from '../helper.js';
import { MATRIX, STAFF_MATRIX, type Expected } from './matrix.js';
import { operationsOf, requestOf, type DocOperation } from './requests.js';
import {
  AURORA,
  BOREALIS,
  CALLERS,
  STAFF_CALLERS,
  authzWorld,
  type AuthzWorld,
  type Caller,
} from './world.js';

/** What must never reach each caller: the marker of the other organization's data. */
const FOREIGN: Partial<Record<Caller, string>> = {
  classmate: BOREALIS,
  member: BOREALIS,
  leader: BOREALIS,
  admin: BOREALIS,
  outsider: AURORA,
  otherAdmin: AURORA,
  instructor: BOREALIS,
  assistant: BOREALIS,
  otherStaff: AURORA,
};

const ALL_CALLERS: readonly Caller[] = [...CALLERS, ...STAFF_CALLERS];

/** What the matrix expects of a caller: its column in MATRIX or in STAFF_MATRIX. */
function expectedOf(operationId: string, caller: Caller): Expected | undefined {
  const main = CALLERS.indexOf(caller as (typeof CALLERS)[number]);
  if (main >= 0) return MATRIX[operationId]?.[main];
  return STAFF_MATRIX[operationId]?.[
    STAFF_CALLERS.indexOf(caller as (typeof STAFF_CALLERS)[number])
  ];
}

/**
 * Operations whose credential is a signed token in the URL, not the session (issue 26: an
 * email's unsubscribe link). Whoever holds the link acts for the user it names and sees what the
 * link is about (the kind, the address's domain), whatever session they have: the foreign-data
 * check does not apply to them.
 */
const TOKEN_CREDENTIALED = new Set(['getEmailUnsubscribe', 'postEmailUnsubscribe']);

function matches(expected: Expected, status: number): boolean {
  return expected === '2xx' ? status >= 200 && status < 300 : status === expected;
}

const show = (status: number) => (status >= 200 && status < 300 ? `'2xx'` : String(status));

// The document is read before the tests are declared, so that each operation is a test.
const app: FastifyInstance = await buildTestApp({}, { csvWorker: false });
const operations: DocOperation[] = operationsOf(
  (await app.inject({ method: 'GET', url: '/api/docs/json' })).json(),
);

describe('authorization matrix', () => {
  it('has a row for every operation of the document and none for another', () => {
    const documented = new Set(operations.map((op) => op.operationId));
    const missing = operations
      .filter((op) => !(op.operationId in MATRIX) || !(op.operationId in STAFF_MATRIX))
      .map((op) => `${op.operationId} (${op.method} ${op.path})`);
    const unknown = [...Object.keys(MATRIX), ...Object.keys(STAFF_MATRIX)].filter(
      (id) => !documented.has(id),
    );
    expect({ missing, unknown }).toEqual({ missing: [], unknown: [] });
  });

  it.each(operations.map((op) => [`${op.method} ${op.path}`, op] as const))(
    '%s',
    async (_name, op) => {
      const row = MATRIX[op.operationId];
      const staffRow = STAFF_MATRIX[op.operationId];
      let world: AuthzWorld | undefined;
      let fresh = true; // setup.ts emptied the database before the test
      const observed: Partial<Record<Caller, number>> = {};
      const problems: string[] = [];
      for (const caller of ALL_CALLERS) {
        // A call that changed something spoils the world for the next caller: start again.
        if (!world) {
          if (!fresh) await resetDatabase();
          fresh = false;
          world = await authzWorld();
        }
        const request = requestOf(world, op, world.headers(caller));
        const res: LightMyRequestResponse = await app.inject(request);
        observed[caller] = res.statusCode;
        const ok = res.statusCode >= 200 && res.statusCode < 300;
        if (ok && op.method !== 'GET') world = undefined;
        const expected = expectedOf(op.operationId, caller);
        if (expected !== undefined && !matches(expected, res.statusCode)) {
          problems.push(
            `${caller}: expected ${expected}, got ${res.statusCode} ${res.body.slice(0, 300)}`,
          );
        }
        const foreign = FOREIGN[caller];
        if (
          ok &&
          foreign &&
          !TOKEN_CREDENTIALED.has(op.operationId) &&
          res.body.toLowerCase().includes(foreign)
        ) {
          problems.push(`${caller}: data of the other organization in a 2xx answer: ${res.body}`);
        }
        if (!ok) {
          // Every refusal is the error envelope.
          let body: Record<string, unknown> = {};
          try {
            body = res.json<Record<string, unknown>>();
          } catch {
            // Not JSON: reported below.
          }
          if (
            body.success !== false ||
            typeof body.code !== 'string' ||
            typeof body.message !== 'string'
          ) {
            problems.push(
              `${caller}: ${res.statusCode} is not the error envelope: ${res.body.slice(0, 300)}`,
            );
          }
        }
      }
      const asRow = `  ${op.operationId}: [${CALLERS.map((c) => show(observed[c]!)).join(', ')}],`;
      const asStaffRow = `  ${op.operationId}: [${STAFF_CALLERS.map((c) => show(observed[c]!)).join(', ')}],`;
      if (!row) problems.unshift(`no row in matrix.ts; observed:\n${asRow}`);
      if (!staffRow) problems.unshift(`no row in STAFF_MATRIX; observed:\n${asStaffRow}`);
      expect(problems, `${op.method} ${op.path}\nobserved:\n${asRow}\n${asStaffRow}`).toEqual([]);
    },
    120_000,
  );
});
