import Fastify from 'fastify';
import fc from 'fast-check';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  authUserSchema,
  envelope,
  myTeamsSchema,
  paginated,
  teamDetailSchema,
  teamSummarySchema,
} from '@teamup/shared';
import { loadConfig } from '../../src/config.js';
import {
  ResponseMismatchError,
  checkedSerializer,
  compileResponseSchema,
  responseSerializerCompiler,
  type ResponseSerializerCompiler,
} from '../../src/lib/response-serializer.js';

const ID = '6f1c2a3b-4d5e-4f60-8a1b-2c3d4e5f6a7b';
const ID2 = '0d9e8f7a-6b5c-4d3e-9f1a-0b2c3d4e5f6a';

function compiled(schema: z.ZodType) {
  const result = compileResponseSchema(schema);
  if (result.mode !== 'compiled') throw new Error(`expected compiled, got: ${result.reason}`);
  return result.serialize;
}

/** The zod path the compiled serializer replaces. */
const viaZod = (schema: z.ZodType, data: unknown) => JSON.stringify(schema.parse(data));

/** Compiled output is exactly zod's, byte for byte, for every sample. */
function expectSame(schema: z.ZodType, samples: unknown[]) {
  const serialize = compiled(schema);
  for (const sample of samples) expect(serialize(sample)).toBe(viaZod(schema, sample));
}

const person = { id: ID, fullname: 'Ada Lovelace', email: 'ada@example.edu', avatar: null };

const summary = {
  id: ID,
  courseId: ID2,
  courseCode: 'CS101',
  courseTitle: 'Intro "quoted" \\ and \n newline',
  name: 'Team ⚡ Ünïcode',
  description: '',
  leader: person,
  memberCount: 3,
  maxSize: 5,
  openSeats: 2,
  openToRequests: true,
  createdAt: '2026-11-25T01:00:00.000Z',
  disbandedAt: null,
  relation: 'LEADER',
  wantedSkills: ['Go', 'SQL'],
  matchedSkills: ['SQL'],
};

describe('compileResponseSchema', () => {
  it('writes nullable values, both null and set', () => {
    const schema = z.object({
      avatar: z.string().nullable(),
      count: z.number().int().nullable(),
      leader: z.object({ id: z.uuid(), name: z.string() }).nullable(),
      tags: z.array(z.string()).nullable(),
      kind: z.enum(['A', 'B']).nullable(),
    });
    expectSame(schema, [
      { avatar: null, count: null, leader: null, tags: null, kind: null },
      { avatar: 'https://x/a.png', count: 0, leader: { id: ID, name: 'L' }, tags: [], kind: 'B' },
    ]);
  });

  it('leaves out an optional property that is absent or undefined, and writes it when set', () => {
    const schema = z.object({
      a: z.string(),
      message: z.string().optional(),
      n: z.number().optional(),
    });
    expectSame(schema, [
      { a: 'x' },
      { a: 'x', message: undefined },
      { a: 'x', message: 'hi', n: 1.5 },
    ]);
  });

  it('writes enums, literals, booleans and numbers', () => {
    const schema = z.object({
      success: z.literal(true),
      status: z.enum(['ok', 'degraded']),
      size: z.number(),
      whole: z.number().int(),
      flag: z.boolean(),
      nothing: z.null(),
    });
    expectSame(schema, [
      { success: true, status: 'ok', size: 0.1 + 0.2, whole: -0, flag: false, nothing: null },
      {
        success: true,
        status: 'degraded',
        size: 1e21,
        whole: 9007199254740991,
        flag: true,
        nothing: null,
      },
    ]);
  });

  it('writes arrays of objects, nested envelopes and paginated lists of the shared schemas', () => {
    expectSame(envelope(paginated(teamSummarySchema)), [
      { success: true, data: { items: [], page: 1, limit: 20, total: 0 } },
      {
        success: true,
        data: {
          items: [summary, { ...summary, disbandedAt: '2026-11-26T00:00:00.000Z' }],
          page: 2,
          limit: 2,
          total: 9,
        },
        message: 'done',
      },
    ]);
    expectSame(envelope(authUserSchema), [
      {
        success: true,
        data: { ...person, role: 'STUDENT', expiresAt: '2026-11-25T02:00:00.000Z' },
      },
    ]);
  });

  it('drops every property its schema does not declare, at every depth', () => {
    const serialize = compiled(envelope(paginated(teamSummarySchema)));
    const leaky = {
      success: true,
      secret: 'top',
      data: {
        items: [{ ...summary, passwordHash: 'x', leader: { ...person, refreshToken: 'y' } }],
        page: 1,
        limit: 20,
        total: 1,
        sql: 'select',
      },
    };
    const out = serialize(leaky);
    expect(out).not.toMatch(/secret|passwordHash|refreshToken|sql/);
    expect(out).toBe(viaZod(envelope(paginated(teamSummarySchema)), leaky));
  });

  it('writes what zod writes for any strings and numbers (property)', () => {
    const schema = z.object({
      s: z.string(),
      o: z.string().optional(),
      n: z.string().nullable(),
      list: z.array(z.object({ k: z.string(), v: z.number() })),
    });
    const serialize = compiled(schema);
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 24 }),
        fc.option(fc.string({ unit: 'binary', maxLength: 24 }), { nil: undefined }),
        fc.option(fc.string({ maxLength: 24 }), { nil: null }),
        fc.array(
          fc.record({
            k: fc.string({ unit: 'binary', maxLength: 24 }),
            v: fc.double({ noNaN: true, noDefaultInfinity: true }),
          }),
          { maxLength: 6 },
        ),
        (s, o, n, list) => {
          const data = { s, o, n, list };
          expect(JSON.parse(serialize(data))).toEqual(JSON.parse(viaZod(schema, data)));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('falls back to zod for what JSON Schema cannot say faithfully', () => {
    const cases: [string, z.ZodType][] = [
      ['transform', z.object({ a: z.string().transform((v) => v.length) })],
      ['default', z.object({ a: z.string().default('x') })],
      ['date', z.object({ at: z.date() })],
      ['union', z.object({ a: z.union([z.string(), z.number()]) })],
      ['record', z.object({ data: z.record(z.string(), z.unknown()) })],
      ['loose object', z.looseObject({ a: z.string() })],
      ['catchall', z.object({ a: z.string() }).catchall(z.string())],
      ['trim', z.object({ a: z.string().trim() })],
      ['pipe', z.object({ a: z.string().pipe(z.email()) })],
      ['unknown', z.object({ a: z.unknown() })],
      ['top-level optional', z.string().optional()],
      ['tuple', z.object({ a: z.tuple([z.string(), z.number()]) })],
    ];
    for (const [name, schema] of cases) {
      expect(compileResponseSchema(schema).mode, name).toBe('fallback');
    }
    expect(compileResponseSchema({ type: 'object' }).mode).toBe('fallback');
  });

  it('compiles the hot reads', () => {
    for (const schema of [
      envelope(authUserSchema),
      envelope(myTeamsSchema),
      envelope(teamDetailSchema),
    ]) {
      expect(compileResponseSchema(schema).mode).toBe('compiled');
    }
  });

  it('compiles one schema object once', () => {
    const schema = envelope(teamSummarySchema);
    expect(compileResponseSchema(schema)).toBe(compileResponseSchema(schema));
  });
});

describe('the test-mode check', () => {
  const schema = z.object({ at: z.string(), n: z.number() });

  it('refuses a response its zod schema refuses, as zod serializer did (a Date for a string)', () => {
    const serialize = checkedSerializer(schema, compiled(schema), 'GET', '/x', '200');
    expect(() => serialize({ at: new Date(0), n: 1 })).toThrow(
      expect.objectContaining({ code: 'FST_ERR_RESPONSE_SERIALIZATION' }),
    );
    expect(() => serialize({ at: 'x', n: '1' })).toThrow(
      expect.objectContaining({ code: 'FST_ERR_RESPONSE_SERIALIZATION' }),
    );
    expect(serialize({ at: 'x', n: 1, extra: true })).toBe('{"at":"x","n":1}');
  });

  it('throws, naming the route and status, when the compiled output differs from zod', () => {
    const consoleError = vi.mocked(console.error);
    const wrong = checkedSerializer(
      schema,
      () => '{"at":"y","n":1}',
      'GET',
      '/api/v1/things',
      '200',
    );
    expect(() => wrong({ at: 'x', n: 1 })).toThrow(ResponseMismatchError);
    expect(() => wrong({ at: 'x', n: 1 })).toThrow(
      /GET \/api\/v1\/things \(200\) differs from zod's/,
    );
    const throwing = checkedSerializer(
      schema,
      () => {
        throw new Error('"n" is required!');
      },
      'POST',
      '/api/v1/other',
      '201',
    );
    expect(() => throwing({ at: 'x', n: 1 })).toThrow(/POST \/api\/v1\/other \(201\) threw/);
    // Said on console.error too, which fails the test that caused it (test/setup.ts).
    expect(consoleError).toHaveBeenCalledWith(expect.stringContaining('GET /api/v1/things (200)'));
    consoleError.mockClear();
  });

  it('fails the request of a route whose answer does not match, and passes a matching one', async () => {
    const compiler = responseSerializerCompiler({ check: true });
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(compiler);
    const response = { 200: envelope(z.object({ id: z.uuid(), at: z.string() })) };
    app.get('/good', { schema: { response } }, async () => ({
      success: true,
      data: { id: ID, at: 'now', hidden: 1 },
    }));
    app.get('/bad', { schema: { response } }, async () => ({
      success: true,
      data: { id: ID, at: new Date(0) },
    }));
    await app.ready();
    try {
      const good = await app.inject({ url: '/good' });
      expect(good.statusCode).toBe(200);
      expect(good.body).toBe(`{"success":true,"data":{"id":"${ID}","at":"now"}}`);
      const bad = await app.inject({ url: '/bad' });
      expect(bad.statusCode).toBe(500);
      expect(
        (compiler as ResponseSerializerCompiler).report.map(
          (e) => `${e.method} ${e.url} ${e.status} ${e.mode}`,
        ),
      ).toEqual([
        'GET /good 200 compiled',
        'HEAD /good 200 compiled',
        'GET /bad 200 compiled',
        'HEAD /bad 200 compiled',
      ]);
    } finally {
      await app.close();
    }
  });

  it('is on under NODE_ENV=test and off otherwise unless asked for', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).RESPONSE_CHECK).toBe(true);
    expect(loadConfig({}).RESPONSE_CHECK).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', RESPONSE_CHECK: 'on' }).RESPONSE_CHECK).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', RESPONSE_CHECK: 'off' }).RESPONSE_CHECK).toBe(false);
  });
});
