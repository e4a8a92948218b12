// The fuzz generators draw what issue 10 lists: with the fuzz test's seed, a sample of requests
// holds each kind of hostile input (so a generator change cannot quietly drop one).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { requestsFor, type FuzzOperation, type FuzzRequest } from './generators.js';

const SEED = 20261124;
const ids = {
  all: ['6f1c2a8e-6a55-4e8b-9d0b-3c1e2f4a5b6c', '0b7d9c3e-1f2a-4b5c-8d6e-7f8091a2b3c4'],
  named: { courseId: '0b7d9c3e-1f2a-4b5c-8d6e-7f8091a2b3c4' },
};

const patchTeam: FuzzOperation = {
  operationId: 'patchStudentTeamsById',
  method: 'PATCH',
  path: '/api/v1/student/teams/{id}',
  pathParams: ['id'],
  query: [{ name: 'page', schema: { type: 'integer', minimum: 1, maximum: 1000 } }],
  json: {
    type: 'object',
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 80 },
      maxSize: { type: 'integer', minimum: 2, maximum: 20 },
      openToRequests: { type: 'boolean' },
    },
  },
  multipart: false,
};

const upload: FuzzOperation = {
  operationId: 'postCsvUpload',
  method: 'POST',
  path: '/api/v1/csv/upload',
  pathParams: [],
  query: [],
  multipart: true,
};

const sample = (op: FuzzOperation, numRuns = 2000) =>
  fc.sample(requestsFor(op, ids, [ids.all[0]]), { seed: SEED, numRuns });

const bodyText = (r: FuzzRequest) =>
  r.payload === undefined
    ? ''
    : Buffer.isBuffer(r.payload)
      ? r.payload.toString('utf8')
      : String(r.payload);

function parsed(r: FuzzRequest): unknown {
  try {
    return JSON.parse(bodyText(r)) as unknown;
  } catch {
    return undefined;
  }
}

describe('fuzz generators', () => {
  const requests = sample(patchTeam);
  const bodies = requests.map(parsed);
  const objects = bodies.filter(
    (b): b is Record<string, unknown> => typeof b === 'object' && b !== null && !Array.isArray(b),
  );

  it('send NUL bytes and lone surrogates in text fields', () => {
    expect(objects.some((b) => typeof b.name === 'string' && b.name.includes('\u0000'))).toBe(true);
    expect(objects.some((b) => typeof b.name === 'string' && /[\ud800-\udfff]/.test(b.name))).toBe(
      true,
    );
  });

  it('send wrong types, huge numbers, boundary lengths and unknown fields', () => {
    expect(objects.some((b) => typeof b.maxSize === 'string' || Array.isArray(b.maxSize))).toBe(
      true,
    );
    expect(objects.some((b) => typeof b.maxSize === 'number' && b.maxSize > 2 ** 53)).toBe(true);
    expect(objects.some((b) => b.name === 'x'.repeat(81))).toBe(true);
    expect(objects.some((b) => b.name === '')).toBe(true);
    expect(
      objects.some((b) => Object.keys(b).some((k) => !(k in patchTeam.json!.properties!))),
    ).toBe(true);
  });

  it('send malformed JSON and wrong content types', () => {
    const malformed = requests.filter(
      (r) =>
        r.headers['content-type'] === 'application/json' &&
        bodies[requests.indexOf(r)] === undefined,
    );
    expect(malformed.length).toBeGreaterThan(20);
    expect(requests.some((r) => r.headers['content-type']?.startsWith('text/plain'))).toBe(true);
  });

  it('send real, random and malformed ids in the path, and arrays for scalars in the query', () => {
    const idOf = (r: FuzzRequest) => r.url.split('?')[0]!.split('/').pop()!;
    expect(requests.some((r) => ids.all.includes(idOf(r)))).toBe(true);
    expect(
      requests.some((r) => /^[0-9a-f-]{36}$/.test(idOf(r)) && !ids.all.includes(idOf(r))),
    ).toBe(true);
    expect(requests.some((r) => idOf(r).includes('%00') || idOf(r) === 'not-a-uuid')).toBe(true);
    expect(requests.some((r) => (r.url.match(/[?&]page=/g) ?? []).length === 2)).toBe(true);
  });

  it('send well-formed, truncated and wrongly-bounded multipart uploads', () => {
    const uploads = sample(upload, 500);
    const multipart = uploads.filter((r) => r.headers['content-type']?.startsWith('multipart/'));
    expect(multipart.some((r) => bodyText(r).endsWith('--\r\n'))).toBe(true);
    expect(multipart.some((r) => bodyText(r).length > 0 && !bodyText(r).endsWith('--\r\n'))).toBe(
      true,
    );
    expect(multipart.some((r) => !/boundary=fuzz/.test(r.headers['content-type']!))).toBe(true);
  });
});
