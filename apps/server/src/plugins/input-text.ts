import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { withoutControls, type ErrorDetail } from '@teamup/shared';
import { badRequest } from './errors.js';

/**
 * Text PostgreSQL cannot store: a NUL character (refused in every text value) and a lone
 * UTF-16 surrogate (refused in `jsonb`, turned into U+FFFD in `text`). Both can only come from
 * a caller that sends them on purpose, so they are refused before any handler runs
 * (decision 080).
 */
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSTORABLE_TEXT_MESSAGE =
  'Contains a character that cannot be stored (a NUL or an unpaired surrogate)';

/** True when `text` holds a character that no column can keep as it is. */
export function hasUnstorableText(text: string): boolean {
  return UNSTORABLE.test(text);
}

const MAX_DEPTH = 32;

/** Every field path under `value` whose text (or key) cannot be stored. */
export function unstorableTextPaths(value: unknown, prefix = ''): string[] {
  const found: string[] = [];
  const join = (key: string) => (prefix ? `${prefix}.${key}` : key);
  const walk = (node: unknown, path: string, depth: number) => {
    if (typeof node === 'string') {
      if (hasUnstorableText(node)) found.push(path);
      return;
    }
    if (node === null || typeof node !== 'object' || depth > MAX_DEPTH) return;
    if (Array.isArray(node)) {
      node.forEach((item, index) =>
        walk(item, path ? `${path}.${index}` : String(index), depth + 1),
      );
      return;
    }
    for (const [key, item] of Object.entries(node as Record<string, unknown>)) {
      const at = path ? `${path}.${key}` : key;
      if (hasUnstorableText(key)) {
        found.push(at);
        continue;
      }
      walk(item, at, depth + 1);
    }
  };
  walk(value, '', 0);
  // The same names the validation details use: `name`, `query.search`, `params.id`.
  return found.map((path) => (path ? join(path) : prefix || 'body'));
}

/** The details for a request whose body, query or path parameters hold unstorable text. */
export function unstorableTextDetails(request: FastifyRequest): ErrorDetail[] {
  const paths = [
    ...unstorableTextPaths(request.params, 'params'),
    ...unstorableTextPaths(request.query, 'query'),
    ...unstorableTextPaths(request.body),
  ];
  return paths.map((path) => ({ path, message: UNSTORABLE_TEXT_MESSAGE }));
}

/**
 * Every string of a parsed body without control characters (issue 34, decision 142): line
 * breaks as `\n`, tabs as spaces, every other C0 or C1 control gone. Strings are replaced in
 * place; keys are left as they are (the route's schema refuses unknown ones).
 */
export function normalizeBodyText(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return withoutControls(value);
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = normalizeBodyText(value[i], depth + 1);
    return value;
  }
  // Only what a JSON or form parser makes: nothing else is walked (a multipart file, a stream).
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return value;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) record[key] = normalizeBodyText(record[key], depth + 1);
  return value;
}

/**
 * One check for all text input: after the body is parsed and before the route's validation,
 * every string of the path parameters, the query and the JSON body is looked at. Multipart
 * fields are read by the upload handler itself, which uses `hasUnstorableText`. Then the body's
 * strings lose their control characters, so no field stores one (multi-line text keeps `\n`);
 * a single-line field's schema (packages/shared text.ts) makes its line breaks spaces as well.
 */
export const inputTextPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      const details = unstorableTextDetails(request);
      if (details.length > 0) throw badRequest('The request is not valid', details);
      if (request.body !== undefined) request.body = normalizeBodyText(request.body);
    });
  },
  { name: 'input-text', dependencies: ['errors'] },
);
