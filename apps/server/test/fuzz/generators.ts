// Request generators for the fuzz test, driven by the OpenAPI document: for each operation,
// fast-check arbitraries of whole requests (path, query, headers, body) mixing values that
// look valid (real ids of the world, boundary lengths and numbers from the schema) with hostile
// ones (wrong types, NUL, lone surrogates, huge numbers, bad and random UUIDs, unknown fields,
// malformed JSON and multipart bodies, arrays for scalars).
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';

export interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
}

export interface FuzzOperation {
  operationId: string;
  method: string;
  path: string;
  pathParams: string[];
  query: { name: string; schema: JsonSchema }[];
  json?: JsonSchema;
  /** The call takes a multipart/form-data upload (POST /csv/upload). */
  multipart: boolean;
}

interface OpenApiOperation {
  operationId?: string;
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  consumes?: string[];
}

export function fuzzOperationsOf(doc: {
  paths: Record<string, Record<string, OpenApiOperation>>;
}): FuzzOperation[] {
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, op]) => ({
      operationId: op.operationId ?? `${method} ${path}`,
      method: method.toUpperCase(),
      path,
      pathParams: [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!),
      query: (op.parameters ?? [])
        .filter((p) => p.in === 'query')
        .map((p) => ({ name: p.name, schema: p.schema ?? {} })),
      json: op.requestBody?.content?.['application/json']?.schema,
      multipart: path.endsWith('/csv/upload'),
    })),
  );
}

/** The world's real ids: all of them, and the right one for a field of a given name. */
export interface WorldIds {
  all: readonly string[];
  /** E.g. `courseId` → the course's id: a uuid field of that name gets it most often. */
  named: Readonly<Record<string, string>>;
}

// ---------------------------------------------------------------------------------------
// Values

const NUL = '\u0000';
const LONE_HIGH = '\ud800';
const LONE_LOW = '\udfff';

/** Text that has broken servers before: control characters, surrogates, injections, sizes. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    NUL,
    `a${NUL}b`,
    LONE_HIGH,
    `x${LONE_LOW}y`,
    `${LONE_HIGH}${NUL}`,
    '\ufeff',
    '\u202e',
    '😀'.repeat(40),
    "'; drop table users; --",
    '<script>alert(1)</script>',
    '../../../etc/passwd',
    '%00',
    '%',
    '%zz',
    '%ED%A0%80',
    '\\',
    '{"a":1}',
    'null',
    'undefined',
    'NaN',
    '-0',
    '1e309',
    '0x10',
    'true',
    'a'.repeat(10_001),
    '\n'.repeat(300),
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.constantFrom('a', NUL, LONE_HIGH, LONE_LOW, 'é', ' ', '"'), maxLength: 20 }),
);

const badUuid = fc.constantFrom(
  'not-a-uuid',
  '00000000-0000-0000-0000-00000000000',
  '00000000-0000-0000-0000-0000000000000',
  'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  `${randomUUID()}${NUL}`,
  randomUUID().toUpperCase(),
  `{${randomUUID()}}`,
  '1',
  '-1',
);

const hugeNumber = fc.constantFrom(
  2 ** 31,
  2 ** 53 + 2,
  -(2 ** 63),
  1e308,
  -1e308,
  5e-324,
  0.5,
  -1,
  0,
  Number.MAX_SAFE_INTEGER,
);

/** Any value at all, of the wrong type more often than not. */
export function hostileValue(ids: WorldIds): fc.Arbitrary<unknown> {
  return fc.oneof(
    hostileString,
    hugeNumber,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constant([]),
    fc.constant({}),
    fc.array(hostileString, { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 5 }), hostileString, { maxKeys: 3 }),
    fc.uuid(),
    badUuid,
    fc.constantFrom(...ids.all),
  );
}

function numberBounds(schema: JsonSchema): { min: number; max: number } {
  const min = typeof schema.minimum === 'number' ? schema.minimum : -1000;
  const max = typeof schema.maximum === 'number' ? schema.maximum : 1000;
  return { min, max };
}

/**
 * Text of a length the schema accepts with one character no database column can store (NUL,
 * a lone surrogate) somewhere in it: everything else about the value is right, so it goes as
 * far into the server as a valid one would.
 */
function withStoppers(min: number, max: number): fc.Arbitrary<string> {
  const stopper = fc.constantFrom(NUL, LONE_HIGH, LONE_LOW);
  const base = fc.string({
    minLength: Math.max(0, min - 1),
    maxLength: Math.max(0, Math.min(max - 1, min + 20)),
  });
  return fc.tuple(base, stopper, fc.nat()).map(([text, bad, at]) => {
    const i = at % (text.length + 1);
    return `${text.slice(0, i)}${bad}${text.slice(i)}`;
  });
}

/** A value that looks like what the schema asks for, at its boundaries or just past them. */
export function plausible(
  schema: JsonSchema,
  ids: WorldIds,
  depth = 0,
  name?: string,
): fc.Arbitrary<unknown> {
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants && variants.length > 0) {
    return fc.oneof(...variants.map((s) => plausible(s, ids, depth + 1, name)));
  }
  if (schema.enum && schema.enum.length > 0) {
    return fc.oneof(fc.constantFrom(...schema.enum), hostileString);
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string': {
      if (schema.format === 'uuid') {
        const right = name ? ids.named[name] : undefined;
        return fc.oneof(
          ...(right ? [{ weight: 4, arbitrary: fc.constant(right) }] : []),
          { weight: 2, arbitrary: fc.constantFrom(...ids.all) },
          { weight: 1, arbitrary: fc.uuid() },
          { weight: 1, arbitrary: badUuid },
        );
      }
      if (schema.format === 'email') {
        return fc.oneof(
          fc.emailAddress(),
          fc.constantFrom('a@b', '@example.edu', `x${NUL}@example.edu`),
        );
      }
      if (schema.format === 'date-time' || schema.format === 'date') {
        return fc.oneof(
          fc
            .date({ min: new Date(0), max: new Date(4e12), noInvalidDate: true })
            .map((d) => d.toISOString()),
          fc.constantFrom(
            '2026-02-30T00:00:00Z',
            '9999-12-31T23:59:59Z',
            'yesterday',
            '0',
            // Out of the shared range (decision 123): year 0 was a 500 on PostgreSQL.
            '0000-01-01T00:00:00Z',
            '0001-01-01T00:00:00+14:00',
          ),
        );
      }
      const min = schema.minLength ?? 0;
      const max = schema.maxLength ?? 200;
      const lengths = [min, Math.max(0, min - 1), max, max + 1, Math.min(max, min + 3)];
      return fc.oneof(
        fc.constantFrom(...lengths).map((n) => 'x'.repeat(n)),
        withStoppers(min, max),
        fc.string({ minLength: min, maxLength: Math.min(max, min + 30) }),
        fc.string({ unit: 'binary', minLength: min, maxLength: Math.min(max, min + 30) }),
      );
    }
    case 'integer':
    case 'number': {
      const { min, max } = numberBounds(schema);
      return fc.oneof(
        fc.constantFrom(min, max, min - 1, max + 1),
        fc.integer({ min: Math.max(min, -1e6), max: Math.min(max, 1e6) }),
        hugeNumber,
      );
    }
    case 'boolean':
      return fc.oneof(fc.boolean(), fc.constantFrom('true', 0, 1));
    case 'array': {
      const item = depth > 3 ? hostileString : plausible(schema.items ?? {}, ids, depth + 1);
      return fc.array(item, { maxLength: (schema.maxItems ?? 5) + 1 });
    }
    case 'object':
      return depth > 3 ? fc.constant({}) : objectOf(schema, ids, depth + 1);
    default:
      return hostileValue(ids);
  }
}

/** The value one time in five, null otherwise. */
function sometimes<T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T | null> {
  return fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, { weight: 1, arbitrary });
}

/** An object of the schema's fields (each one plausible, hostile or left out), maybe plus strangers. */
export function objectOf(
  schema: JsonSchema,
  ids: WorldIds,
  depth = 0,
): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.entries(schema.properties ?? {});
  const model = Object.fromEntries(
    fields.map(([key, s]) => [
      key,
      fc.oneof(
        { weight: 6, arbitrary: plausible(s, ids, depth, key) },
        { weight: 1, arbitrary: hostileValue(ids) },
      ),
    ]),
  );
  return fc
    .tuple(
      fc.record(model, { requiredKeys: [] }),
      sometimes(
        fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), hostileValue(ids), {
          minKeys: 1,
          maxKeys: 3,
        }),
      ),
    )
    .map(([known, unknown]) => ({ ...(unknown ?? {}), ...known }));
}

// ---------------------------------------------------------------------------------------
// Requests

/**
 * A path segment: the id the route expects (most often), another real id, a random one, a bad
 * one, or hostile text (encoded or raw).
 */
function pathSegment(ids: WorldIds, right: string | undefined): fc.Arbitrary<string> {
  return fc.oneof(
    ...(right ? [{ weight: 8, arbitrary: fc.constant(right) }] : []),
    { weight: 3, arbitrary: fc.constantFrom(...ids.all) },
    { weight: 2, arbitrary: fc.uuid() },
    { weight: 2, arbitrary: badUuid.map(encodeURIComponentSafe) },
    { weight: 2, arbitrary: hostileString.map(encodeURIComponentSafe) },
    { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '%00', '%ED%A0%80', '%C0%AF', '..', '.') },
  );
}

/** encodeURIComponent, which throws on a lone surrogate: those are sent as their UTF-8 bytes. */
function encodeURIComponentSafe(value: string): string {
  return [...value]
    .map((ch) => {
      const code = ch.codePointAt(0)!;
      if (code >= 0xd800 && code <= 0xdfff) {
        const bytes = [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)];
        return bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join('');
      }
      return encodeURIComponent(ch);
    })
    .join('');
}

function queryString(op: FuzzOperation, ids: WorldIds): fc.Arbitrary<string> {
  const declared = op.query.map(({ name, schema }) =>
    fc.option(
      fc.oneof(
        {
          weight: 3,
          arbitrary: plausible(schema, ids, 0, name).map((v) => [[name, v]] as [string, unknown][]),
        },
        { weight: 1, arbitrary: hostileString.map((v) => [[name, v]] as [string, unknown][]) },
        // An array for a scalar: the parameter twice.
        {
          weight: 1,
          arbitrary: fc.tuple(plausible(schema, ids, 0, name), plausible(schema, ids, 0, name)).map(
            ([a, b]) =>
              [
                [name, a],
                [name, b],
              ] as [string, unknown][],
          ),
        },
      ),
      { freq: 2 },
    ),
  );
  const unknown = sometimes(
    fc.tuple(
      fc.constantFrom('foo', 'page[0]', '__proto__', 'constructor', 'a.b', ''),
      hostileString,
    ),
  );
  return fc.tuple(fc.tuple(...declared), unknown).map(([pairs, extra]) => {
    const all = pairs.flatMap((p) => p ?? []);
    if (extra) all.push(extra);
    const text = all
      .map(
        ([k, v]) =>
          `${encodeURIComponentSafe(k)}=${encodeURIComponentSafe(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))}`,
      )
      .join('&');
    return text ? `?${text}` : '';
  });
}

type Body = Pick<InjectOptions, 'payload' | 'headers'>;

const JSON_TYPE = { 'content-type': 'application/json' };

/** Bodies that are not what JSON.parse, or the schema, expects. */
const malformedJson: fc.Arbitrary<Body> = fc.oneof(
  fc
    .constantFrom(
      '{',
      '{"a":',
      '[1,2',
      '"unterminated',
      'nul',
      '{"a":1,}',
      "{'a':1}",
      '{"a":"\\ud800"}',
      '{"a":"\\u0000"}',
      '{"__proto__":{"polluted":true}}',
      '{"constructor":{"prototype":{"polluted":true}}}',
      'null',
      '[]',
      '"text"',
      '12345678901234567890123456789',
      'true',
      '',
      '['.repeat(3000) + ']'.repeat(3000),
      `{"a":"${'x'.repeat(1_100_000)}"}`,
    )
    .map((payload) => ({ payload, headers: JSON_TYPE })),
  fc.string({ unit: 'binary', maxLength: 60 }).map((payload) => ({ payload, headers: JSON_TYPE })),
  fc
    .constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/xml',
      'application/json; charset=latin1',
      'multipart/form-data',
      'application/octet-stream',
    )
    .map((type) => ({ payload: 'a=1&b=2', headers: { 'content-type': type } })),
);

function jsonBody(op: FuzzOperation, ids: WorldIds): fc.Arbitrary<Body> {
  const schema = op.json ?? { type: 'object', properties: {} };
  return fc.oneof(
    {
      weight: 6,
      arbitrary: objectOf(schema, ids).map((o) => ({
        payload: JSON.stringify(o),
        headers: JSON_TYPE,
      })),
    },
    { weight: 2, arbitrary: malformedJson },
    {
      weight: 1,
      arbitrary: hostileValue(ids).map((v) => ({
        payload: JSON.stringify(v) ?? 'null',
        headers: JSON_TYPE,
      })),
    },
    { weight: 1, arbitrary: fc.constant<Body>({}) },
  );
}

const CRLF = '\r\n';

/** Multipart uploads: plausible ones, and broken ones (truncated, wrong boundary, no parts). */
function multipartBody(ids: WorldIds): fc.Arbitrary<Body> {
  const csv = fc.oneof(
    fc.constantFrom(
      'email,fullname\nnew@example.edu,New Person\n',
      'email,fullname\n',
      '',
      `email,fullname\n${NUL}@example.edu,${LONE_HIGH}\n`,
      'email;fullname\n"unclosed,quote\n',
      '\ufeffemail,fullname\r\nx@example.edu,X\r\n',
      `email,fullname\n${'a'.repeat(5000)}@example.edu,Long\n`,
    ),
    fc.string({ unit: 'binary', maxLength: 200 }),
  );
  const courseId = fc.oneof(
    { weight: 4, arbitrary: fc.constant(ids.named.courseId ?? ids.all[0]!) },
    { weight: 1, arbitrary: fc.constantFrom(...ids.all) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: badUuid },
    { weight: 1, arbitrary: hostileString },
  );
  const parts = fc.tuple(
    fc.option(courseId, { freq: 6 }),
    fc.option(csv, { freq: 6 }),
    fc.constantFrom('roster.csv', 'roster.txt', '', '../../x.csv', `r${NUL}.csv`, 'a'.repeat(300)),
    fc.constantFrom('text/csv', 'application/octet-stream', 'image/png', ''),
    fc.boolean(), // a second file
  );
  const boundary = 'fuzzboundary7MA4YWxkTrZu0gW';
  const wellFormed = parts.map(([course, file, fileName, type, twice]) => {
    const chunks: string[] = [];
    if (course !== null) {
      chunks.push(
        `--${boundary}${CRLF}Content-Disposition: form-data; name="courseId"${CRLF}${CRLF}${course}${CRLF}`,
      );
    }
    if (file !== null) {
      const head = `--${boundary}${CRLF}Content-Disposition: form-data; name="file"; filename="${fileName}"${CRLF}${type ? `Content-Type: ${type}${CRLF}` : ''}${CRLF}`;
      chunks.push(`${head}${file}${CRLF}`);
      if (twice) chunks.push(`${head}${file}${CRLF}`);
    }
    chunks.push(`--${boundary}--${CRLF}`);
    return Buffer.from(chunks.join(''));
  });
  return fc.oneof(
    {
      weight: 3,
      arbitrary: wellFormed.map((payload) => ({
        payload,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      })),
    },
    // Truncated anywhere.
    {
      weight: 3,
      arbitrary: fc
        .tuple(wellFormed, fc.double({ min: 0, max: 1, noNaN: true }))
        .map(([payload, cut]) => ({
          payload: payload.subarray(0, Math.floor(payload.length * cut)),
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        })),
    },
    // A boundary that is not the body's, or none at all.
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          wellFormed,
          fc.constantFrom(
            'multipart/form-data',
            'multipart/form-data; boundary=',
            'multipart/form-data; boundary=other',
            `multipart/mixed; boundary=${boundary}`,
          ),
        )
        .map(([payload, type]) => ({ payload, headers: { 'content-type': type } })),
    },
    { weight: 1, arbitrary: malformedJson },
    {
      weight: 1,
      arbitrary: fc.string({ unit: 'binary', maxLength: 80 }).map((payload) => ({
        payload,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      })),
    },
  );
}

export interface FuzzRequest {
  method: string;
  url: string;
  payload?: InjectOptions['payload'];
  headers: Record<string, string>;
}

/**
 * Whole requests for one operation (without the caller's token); `pathIds` are the ids its
 * path parameters stand for in the world, in order.
 */
export function requestsFor(
  op: FuzzOperation,
  ids: WorldIds,
  pathIds: readonly (string | undefined)[] = [],
): fc.Arbitrary<FuzzRequest> {
  let param = 0;
  const path = fc
    .tuple(
      ...op.path
        .split('/')
        .map((s) => (/^\{.+\}$/.test(s) ? pathSegment(ids, pathIds[param++]) : fc.constant(s))),
    )
    .map((parts) => parts.join('/'));
  const withBody = op.method !== 'GET' && op.method !== 'DELETE';
  const body: fc.Arbitrary<Body> = !withBody
    ? fc.oneof(
        { weight: 5, arbitrary: fc.constant<Body>({}) },
        { weight: 1, arbitrary: malformedJson },
      )
    : op.multipart
      ? multipartBody(ids)
      : jsonBody(op, ids);
  return fc.tuple(path, queryString(op, ids), body).map(([p, q, b]) => ({
    method: op.method,
    url: `${p}${q}`,
    ...(b.payload !== undefined ? { payload: b.payload } : {}),
    headers: { ...(b.headers as Record<string, string> | undefined) },
  }));
}
