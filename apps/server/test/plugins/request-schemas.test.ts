// What every route's input schema must hold, walked over the OpenAPI document so a new route is
// checked without being listed (issue 24, decision 123): every JSON body refuses a field it does
// not know, at any depth, and every date-time field, in a query or a body, refuses a date out of
// the shared range with a 400 (PostgreSQL answered 22008, a 500, to year 0).
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { DATE_MAX_MS, DATE_MIN_MS } from '@teamup/shared';
import { MATRIX } from '../authz/matrix.js';
import { operationsOf, requestOf, type DocOperation } from '../authz/requests.js';
import { CALLERS, authzWorld, type AuthzWorld, type Caller } from '../authz/world.js';
import { buildTestApp } from '../helper.js';

interface Schema {
  type?: string | string[];
  format?: string;
  properties?: Record<string, Schema>;
  additionalProperties?: unknown;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
}
interface Operation {
  operationId: string;
  parameters?: { in: string; name: string; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
interface Doc {
  paths: Record<string, Record<string, Operation>>;
}

const app: FastifyInstance = await buildTestApp({}, { csvWorker: false });
const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<Doc>();
const operations = operationsOf(doc);
const operationOf = (op: DocOperation) => doc.paths[op.path]![op.method.toLowerCase()]!;
const jsonBodyOf = (op: DocOperation) =>
  operationOf(op).requestBody?.content?.['application/json']?.schema;

/**
 * Where a schema holds an object that lets unknown keys through ("body.links[]"). A record
 * (issue 27: a survey's answers by question id; no listed properties, a schema for every value)
 * is a map by design, its keys checked by the route (zod's key schema, which the document does
 * not show): its values are walked like the rest ("body.answers{}").
 */
function openObjects(schema: Schema | undefined, at: string): string[] {
  if (!schema) return [];
  const values =
    !schema.properties &&
    typeof schema.additionalProperties === 'object' &&
    schema.additionalProperties !== null
      ? (schema.additionalProperties as Schema)
      : undefined;
  const here =
    (schema.type === 'object' || schema.properties) &&
    schema.additionalProperties !== false &&
    !values
      ? [at]
      : [];
  return [
    ...here,
    ...openObjects(values, `${at}{}`),
    ...Object.entries(schema.properties ?? {}).flatMap(([k, s]) => openObjects(s, `${at}.${k}`)),
    ...openObjects(schema.items, `${at}[]`),
    ...[...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].flatMap((s) =>
      openObjects(s, at),
    ),
  ];
}

/** The first caller the matrix lets past authorization (so the body is what is judged). */
function callerOf(op: DocOperation): Caller {
  const row = MATRIX[op.operationId]!;
  const i = row.findIndex((expected) => expected !== 401 && expected !== 403 && expected !== 404);
  return CALLERS[i === -1 ? CALLERS.length - 1 : i]!;
}

// setup.ts empties the database before each test: each test makes its world.
let world: AuthzWorld;
beforeEach(async () => {
  world = await authzWorld();
});

function send(op: DocOperation, change: (r: InjectOptions) => InjectOptions) {
  return app.inject(change(requestOf(world, op, world.headers(callerOf(op)))));
}

describe('JSON bodies are strict', () => {
  const withBody = operations.filter((op) => jsonBodyOf(op));

  it('no body schema lets an unknown key through, at any depth', () => {
    expect(withBody.length).toBeGreaterThan(20);
    const open = withBody.flatMap((op) =>
      openObjects(jsonBodyOf(op), 'body').map((at) => `${op.operationId} ${at}`),
    );
    expect(open).toEqual([]);
  });

  it.each(withBody.map((op) => [op.operationId, op] as const))(
    '%s refuses an unknown top-level field (400, "Unknown field")',
    async (_id, op) => {
      const res = await send(op, (r) => ({
        ...r,
        payload: { ...((r.payload as object | undefined) ?? {}), extra: 1 },
      }));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: expect.arrayContaining([{ path: 'extra', message: 'Unknown field' }]),
      });
    },
  );
});

/** Each date-time field of the document: in the query or in the body (top level). */
const dateFields = operations.flatMap((op) => {
  const operation = operationOf(op);
  const inQuery = (operation.parameters ?? [])
    .filter((p) => p.in === 'query' && p.schema?.format === 'date-time')
    .map((p) => ({ op, where: 'query' as const, name: p.name }));
  const inBody = Object.entries(jsonBodyOf(op)?.properties ?? {})
    .filter(([, s]) => s.format === 'date-time')
    .map(([name]) => ({ op, where: 'body' as const, name }));
  return [...inQuery, ...inBody];
});

/** ISO texts out of range: years 0000–0999, and offsets that move the edge years across. */
const outOfRange = fc.oneof(
  fc.constantFrom(
    '0000-01-01T00:00:00Z',
    '0001-01-01T00:00:00+14:00',
    '0999-12-31T23:59:59.999Z',
    '1000-01-01T00:00:00+00:01',
    '9999-12-31T23:59:59-14:00',
    '9999-12-31T23:00:00-01:00',
  ),
  fc
    .date({
      min: new Date('0000-01-01T00:00:00Z'),
      max: new Date(DATE_MIN_MS - 1),
      noInvalidDate: true,
    })
    .map((d) => d.toISOString()),
);

describe('date-time fields hold one range', () => {
  it('the document has the date fields this test knows of, at least', () => {
    expect(dateFields.map((f) => `${f.op.operationId} ${f.where}.${f.name}`)).toEqual(
      expect.arrayContaining([
        'postCourses body.teamFormationDeadline',
        'patchCoursesByIdUpdate body.teamFormationDeadline',
        'getAdminCoursesByCourseIdTeamsCsv query.at',
      ]),
    );
  });

  it.each(dateFields.map((f) => [`${f.op.operationId} ${f.where}.${f.name}`, f] as const))(
    '%s: a date out of range is a 400 on the field, never a 5xx',
    async (_name, field) => {
      const values = fc.sample(outOfRange, { seed: 20261127, numRuns: 30 });
      for (const value of values) {
        const res = await send(field.op, (r) =>
          field.where === 'query'
            ? { ...r, query: { ...(r.query as object | undefined), [field.name]: value } }
            : { ...r, payload: { ...(r.payload as object | undefined), [field.name]: value } },
        );
        expect(res.statusCode, `${value}: ${res.body}`).toBe(400);
        expect(res.json(), value).toMatchObject({
          code: 'VALIDATION_ERROR',
          details: [
            {
              path: field.where === 'query' ? `query.${field.name}` : field.name,
              message: expect.stringMatching(/between the years 1000 and 9999/),
            },
          ],
        });
      }
    },
  );

  it('the range itself: its first and last instants are accepted by the teams export', async () => {
    const op = operations.find((o) => o.operationId === 'getAdminCoursesByCourseIdTeamsCsv')!;
    for (const at of [new Date(DATE_MIN_MS).toISOString(), '1000-01-01T00:30:00+00:30']) {
      const res = await send(op, (r) => ({ ...r, query: { at } }));
      expect(res.statusCode, `${at}: ${res.body}`).toBe(200);
    }
    // The last instant is in the future: refused by the route's own rule, not by the range.
    const last = await send(op, (r) => ({
      ...r,
      query: { at: new Date(DATE_MAX_MS).toISOString() },
    }));
    expect(last.json().details).toEqual([{ path: 'at', message: 'Must not be later than now' }]);
  });
});
