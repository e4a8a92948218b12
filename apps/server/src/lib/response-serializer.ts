import { isDeepStrictEqual } from 'node:util';
import type { FastifyBaseLogger, FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import {
  ResponseSerializationError,
  serializerCompiler as zodSerializerCompiler,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';

/**
 * Response serialization compiled from the routes' zod response schemas (decision 097).
 *
 * Each schema is converted to JSON Schema (`z.toJSONSchema`, output side, draft-07) and
 * compiled with `fast-json-stringify`, which writes only the declared properties, as zod's
 * parse-then-stringify did. A schema whose output the conversion cannot describe faithfully
 * (transforms, defaults, dates, unions, records, loose objects, …) keeps zod's serializer, and
 * is listed in the compiler's report. With `check` on (tests), every response is also parsed by
 * its zod schema and the compiled output is compared with `JSON.stringify(parsed)`.
 */

type Serialize = (data: unknown) => string;

export type CompileResult =
  | { mode: 'compiled'; serialize: Serialize; jsonSchema: JsonSchema }
  | { mode: 'fallback'; reason: string };

export interface RouteSerializerEntry {
  method: string;
  url: string;
  status: string;
  mode: 'compiled' | 'fallback';
  /** Why zod's serializer is kept (fallback only). */
  reason?: string;
  /** The route's response schema for that status. */
  schema: unknown;
}

export interface ResponseSerializerOptions {
  /** Validate every response with zod and compare the compiled output with zod's (tests). */
  check: boolean;
  /** Told about each schema that keeps zod's serializer, at start. */
  log?: Pick<FastifyBaseLogger, 'debug' | 'warn'>;
}

export type ResponseSerializerCompiler = FastifySerializerCompiler<unknown> & {
  /** Every route and status compiled so far, with how it is serialized. */
  readonly report: RouteSerializerEntry[];
};

type JsonSchema = Record<string, unknown>;

class Unsupported extends Error {}

/** Zod types whose output JSON Schema describes exactly and fast-json-stringify writes as zod does. */
function assertFaithful(schema: $ZodType, path: string, inObject = false): void {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const checks = (def.checks as { _zod: { def: { check: string } } }[] | undefined) ?? [];
  // Overwrites (trim, toLowerCase, …) change the value; other checks only refuse.
  if (checks.some((c) => c._zod.def.check === 'overwrite')) {
    throw new Unsupported(`${path}: a check that rewrites the value`);
  }
  switch (def.type) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'null':
    case 'enum':
      return;
    case 'literal': {
      const values = def.values as unknown[];
      if (values.length !== 1 || !['string', 'number', 'boolean'].includes(typeof values[0])) {
        throw new Unsupported(`${path}: a literal other than one string, number or boolean`);
      }
      return;
    }
    case 'object': {
      const catchall = def.catchall as $ZodType | undefined;
      // Strip (no catchall) and strict (never) both answer with the declared keys only.
      if (catchall && catchall._zod.def.type !== 'never') {
        throw new Unsupported(`${path}: an object that keeps undeclared keys`);
      }
      const shape = def.shape as Record<string, $ZodType>;
      for (const [key, child] of Object.entries(shape))
        assertFaithful(child, `${path}.${key}`, true);
      return;
    }
    case 'array':
      assertFaithful(def.element as $ZodType, `${path}[]`);
      return;
    case 'nullable': {
      const inner = def.innerType as $ZodType;
      const innerType = inner._zod.def.type;
      if (innerType === 'nullable' || innerType === 'optional' || innerType === 'null') {
        throw new Unsupported(`${path}: nested nullable/optional`);
      }
      assertFaithful(inner, path);
      return;
    }
    case 'optional':
      // An optional key is left out when absent or undefined, as JSON.stringify does.
      if (!inObject) throw new Unsupported(`${path}: optional outside an object property`);
      assertFaithful(def.innerType as $ZodType, path);
      return;
    case 'readonly':
      assertFaithful(def.innerType as $ZodType, path, inObject);
      return;
    default:
      throw new Unsupported(`${path}: ${def.type}`);
  }
}

/**
 * Checks the converted schema for keywords fast-json-stringify would not write as zod does, and
 * uses its own `nullable` instead of a `null` type in a list or an `anyOf` (its `anyOf` picks a
 * branch by validating at run time, and coerces on the way).
 */
function forFastJson(node: JsonSchema): JsonSchema {
  const anyOf = node.anyOf as JsonSchema[] | undefined;
  if (anyOf) {
    const rest = anyOf.filter((s) => s.type !== 'null');
    const { anyOf: _omitted, ...siblings } = node;
    if (anyOf.length !== 2 || rest.length !== 1) throw new Unsupported('anyOf other than nullable');
    const inner = forFastJson({ ...rest[0]!, ...siblings });
    if (inner.nullable) throw new Unsupported('nested nullable');
    return { ...inner, nullable: true };
  }
  for (const keyword of ['oneOf', 'allOf', 'not', 'if', '$ref', 'patternProperties', 'default']) {
    if (keyword in node) throw new Unsupported(`JSON Schema keyword ${keyword}`);
  }
  if ('additionalProperties' in node && node.additionalProperties !== false) {
    throw new Unsupported('additionalProperties');
  }
  const out: JsonSchema = { ...node };
  if (Array.isArray(node.type)) {
    const types = (node.type as string[]).filter((t) => t !== 'null');
    if (types.length !== 1 || node.type.length !== 2) throw new Unsupported('a list of types');
    out.type = types[0];
    out.nullable = true;
  }
  if (node.properties) {
    out.properties = Object.fromEntries(
      Object.entries(node.properties as Record<string, JsonSchema>).map(([key, child]) => [
        key,
        forFastJson(child),
      ]),
    );
  }
  if (node.items) {
    if (Array.isArray(node.items)) throw new Unsupported('tuple items');
    out.items = forFastJson(node.items as JsonSchema);
  }
  return out;
}

// Schemas are shared between routes and between the apps a test run builds: judge and compile
// each once.
const verdicts = new WeakMap<object, string | null>();
const bySchema = new WeakMap<object, CompileResult>();
const byJson = new Map<string, Serialize>();

/** Why a schema has to keep zod's serializer, or null when it can be compiled. Cheap. */
export function fallbackReason(schema: unknown): string | null {
  if (!(schema instanceof $ZodType)) return 'not a zod schema';
  let verdict = verdicts.get(schema);
  if (verdict === undefined) {
    try {
      assertFaithful(schema, '$');
      verdict = null;
    } catch (error) {
      if (!(error instanceof Unsupported)) throw error;
      verdict = error.message;
    }
    verdicts.set(schema, verdict);
  }
  return verdict;
}

/** Compiles one zod response schema, or says why zod's serializer has to stay. */
export function compileResponseSchema(schema: unknown): CompileResult {
  const reason = fallbackReason(schema);
  if (reason !== null) return { mode: 'fallback', reason };
  const zodSchema = schema as $ZodType;
  const cached = bySchema.get(zodSchema);
  if (cached) return cached;
  let result: CompileResult;
  try {
    const raw = z.toJSONSchema(zodSchema, {
      io: 'output',
      target: 'draft-7',
      unrepresentable: 'throw',
      cycles: 'throw',
      reused: 'inline',
    }) as JsonSchema;
    delete raw.$schema;
    const jsonSchema = forFastJson(raw);
    const key = JSON.stringify(jsonSchema);
    let serialize = byJson.get(key);
    if (!serialize) {
      serialize = fastJson(jsonSchema as unknown as Parameters<typeof fastJson>[0]) as Serialize;
      byJson.set(key, serialize);
    }
    result = { mode: 'compiled', serialize, jsonSchema };
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    result = { mode: 'fallback', reason: error.message };
  }
  bySchema.set(zodSchema, result);
  return result;
}

/** Thrown (in check mode) when the compiled output differs from zod's for a valid response. */
export class ResponseMismatchError extends Error {
  override name = 'ResponseMismatchError';
}

/**
 * Wraps a compiled serializer for tests: the response must pass its zod schema, and the compiled
 * output must equal (parsed, deep) `JSON.stringify` of what zod's parse gives.
 */
export function checkedSerializer(
  schema: $ZodType,
  serialize: Serialize,
  method: string,
  url: string,
  status: string,
): Serialize {
  const where = `${method} ${url} (${status})`;
  return (data) => {
    const parsed = z.safeParse(schema, data);
    // The same answer as zod's serializer for a response that does not match its schema.
    if (!parsed.success) throw new ResponseSerializationError(method, url, { cause: parsed.error });
    const expected = JSON.stringify(parsed.data);
    let actual: string;
    try {
      actual = serialize(data);
    } catch (error) {
      const message = `compiled serializer of ${where} threw on a response zod accepts: ${(error as Error).message}`;
      // console.error fails the test that caused it with this message (test/setup.ts).
      console.error(message);
      throw new ResponseMismatchError(message, { cause: error });
    }
    if (!isDeepStrictEqual(JSON.parse(actual), JSON.parse(expected))) {
      const message = `compiled serializer of ${where} differs from zod's:\n  compiled: ${actual}\n  zod:      ${expected}`;
      console.error(message);
      throw new ResponseMismatchError(message);
    }
    return actual;
  };
}

/**
 * Fastify's serializer compiler: compiled where faithful, zod's elsewhere, checked in tests.
 * Which schemas keep zod's serializer is decided at start (a walk of the zod schema); the JSON
 * Schema conversion and the fast-json-stringify build happen at a route's first answer, so an
 * app (and every test app) starts without building serializers for routes it never answers.
 */
export function responseSerializerCompiler(
  options: ResponseSerializerOptions,
): ResponseSerializerCompiler {
  const report: RouteSerializerEntry[] = [];
  const compiler = (routeSchema: {
    schema: unknown;
    method: string;
    url: string;
    httpStatus: string;
  }): Serialize => {
    const { schema, method, url, httpStatus } = routeSchema;
    const zodSerializer = () =>
      zodSerializerCompiler(routeSchema as Parameters<typeof zodSerializerCompiler>[0]);
    const reason = fallbackReason(schema);
    if (reason !== null) {
      report.push({ method, url, status: httpStatus, mode: 'fallback', reason, schema });
      options.log?.debug(
        { method, url, status: httpStatus, reason },
        'response schema serialized by zod (not compiled)',
      );
      return zodSerializer();
    }
    report.push({ method, url, status: httpStatus, mode: 'compiled', schema });
    let serialize: Serialize | undefined;
    const build = (): Serialize => {
      const result = compileResponseSchema(schema);
      if (result.mode === 'fallback') {
        // The walk let through something the conversion refused: answer as before, and say so
        // (tests compile every route's schema, so this is not expected to happen).
        options.log?.warn(
          { method, url, status: httpStatus, reason: result.reason },
          'response schema did not compile; serialized by zod',
        );
        return zodSerializer();
      }
      return options.check
        ? checkedSerializer(schema as $ZodType, result.serialize, method, url, httpStatus)
        : result.serialize;
    };
    return (data) => (serialize ??= build())(data);
  };
  return Object.assign(compiler as FastifySerializerCompiler<unknown>, { report });
}
