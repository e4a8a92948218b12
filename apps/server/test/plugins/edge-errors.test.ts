import { connect } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/db/client.js';
import { csvUploads } from '../../src/db/schema/index.js';
import { overflowIsUrl } from '../../src/plugins/edge-errors.js';
import { serializeError } from '../../src/plugins/errors.js';
import { makeWorld } from '../fixtures.js';
import { API, bearer, buildTestApp, getWorkerDb, signIn, tempDir } from '../helper.js';

// Decision 080: what is refused before routing answers in the envelope, with the security
// headers, and without echoing the URL or any other input.

const PROBE = 'echo-probe-7f3a';

function expectEnvelope(
  res: { statusCode: number; body: string; headers: Record<string, unknown> },
  status: number,
  code: string,
) {
  expect(res.statusCode).toBe(status);
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  const body = JSON.parse(res.body) as Record<string, unknown>;
  expect(body).toMatchObject({ success: false, code });
  expect(typeof body.message).toBe('string');
  expect(Object.keys(body).sort()).toEqual(['code', 'message', 'success']);
  expect(res.body).not.toContain(PROBE);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['content-security-policy']).toBeDefined();
  expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
}

describe('errors before routing, through inject', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });

  it('answers a URL that does not decode with 400, CORS included for the web app', async () => {
    for (const url of [`${API}/%`, `${API}/teams/%E0%A4%A/${PROBE}`]) {
      const res = await app.inject({
        method: 'GET',
        url,
        headers: { origin: 'http://localhost:5173' },
      });
      expectEnvelope(res, 400, 'VALIDATION_ERROR');
      expect(res.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    }
  });

  it('answers a path parameter over the router limit with 414', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `${API}/courses/${PROBE}${'x'.repeat(200)}`,
    });
    expectEnvelope(res, 414, 'URI_TOO_LONG');
  });

  it('answers an unknown API route with 404 without naming it', async () => {
    for (const method of ['GET', 'DELETE', 'PATCH'] as const) {
      const res = await app.inject({ method, url: `${API}/${PROBE}?q=${PROBE}` });
      expectEnvelope(res, 404, 'NOT_FOUND');
    }
  });

  it('answers a missing file with 404 in the envelope, the web app built or not', async () => {
    const plain = await app.inject({ method: 'GET', url: `/assets/${PROBE}.js` });
    expectEnvelope(plain, 404, 'NOT_FOUND');
    const dist = tempDir('web-dist');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(`${dist}/index.html`, '<!doctype html><title>t</title>');
    const built = await buildTestApp({ WEB_DIST_DIR: dist });
    const missing = await built.inject({ method: 'GET', url: `/${PROBE}.png` });
    expectEnvelope(missing, 404, 'NOT_FOUND');
  });

  it('answers 413 and 415 without quoting the content type or the body', async () => {
    const large = await app.inject({
      method: 'POST',
      url: `${API}/auth/login/google`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ credential: PROBE.repeat(100_000) }),
    });
    expectEnvelope(large, 413, 'PAYLOAD_TOO_LARGE');
    const media = await app.inject({
      method: 'POST',
      url: `${API}/auth/login/google`,
      headers: { 'content-type': `application/x-${PROBE}` },
      payload: 'x',
    });
    expectEnvelope(media, 415, 'UNSUPPORTED_MEDIA_TYPE');
    const length = await app.inject({
      method: 'POST',
      url: `${API}/auth/login/google`,
      headers: { 'content-type': 'application/json', 'content-length': '5' },
      payload: '{"credential":"abc"}',
    });
    expect(length.statusCode).toBeGreaterThanOrEqual(400);
    expect(length.statusCode).toBeLessThan(500);
    expect(length.json()).toMatchObject({ success: false });
  });
});

/** Sends raw bytes to a listening app and returns the raw answer. */
function rawRequest(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (error) => {
      // The server closes the connection after its answer; what arrived is the answer.
      if (chunks.length > 0) resolve(Buffer.concat(chunks).toString('latin1'));
      else reject(error);
    });
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.write(request);
  });
}

function parseRaw(raw: string) {
  const split = raw.indexOf('\r\n\r\n');
  const [statusLine, ...headerLines] = raw.slice(0, split).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const at = line.indexOf(':');
    headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
  }
  return {
    statusCode: Number(statusLine!.split(' ')[1]),
    headers,
    body: raw.slice(split + 4),
  };
}

describe("what Node's HTTP parser refuses, on a listening server", () => {
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    app = await buildTestApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers a URL longer than the header limit with 414', async () => {
    const raw = await rawRequest(
      port,
      `GET ${API}/healthcheck?${PROBE}=${'a'.repeat(40_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    );
    expectEnvelope(parseRaw(raw), 414, 'URI_TOO_LONG');
  });

  it('answers headers over the limit with 431', async () => {
    const raw = await rawRequest(
      port,
      `GET ${API}/healthcheck HTTP/1.1\r\nHost: x\r\nX-${PROBE}: ${'b'.repeat(40_000)}\r\n\r\n`,
    );
    expectEnvelope(parseRaw(raw), 431, 'HEADERS_TOO_LARGE');
  });

  it('answers bytes that are not HTTP with 400', async () => {
    const raw = await rawRequest(port, `${PROBE} nonsense\r\n\r\n`);
    expectEnvelope(parseRaw(raw), 400, 'BAD_REQUEST');
  });

  it('still answers a long but acceptable URL normally', async () => {
    const raw = await rawRequest(
      port,
      `GET ${API}/healthcheck?pad=${'c'.repeat(4_000)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    );
    expect(parseRaw(raw).statusCode).toBe(200);
  });

  it('tells a URL overflow from a header overflow by the chunk being parsed', () => {
    expect(overflowIsUrl(Buffer.from(`GET /${'a'.repeat(9000)}`))).toBe(true);
    expect(overflowIsUrl(Buffer.from(`${'a'.repeat(9000)} HTTP/1.1\r\nHost: x\r\n`))).toBe(true);
    expect(overflowIsUrl(Buffer.from(`GET / HTTP/1.1\r\nX-Big: ${'b'.repeat(9000)}`))).toBe(false);
    expect(overflowIsUrl(Buffer.from(`Host: x\r\nX-Big: ${'b'.repeat(9000)}\r\n`))).toBe(false);
    expect(overflowIsUrl(undefined)).toBe(false);
  });
});

describe('a malformed multipart upload', () => {
  let app: FastifyInstance;
  let token: string;
  let courseId: string;
  const boundary = 'teamup-boundary';
  const form = (id: string) =>
    [
      `--${boundary}`,
      'Content-Disposition: form-data; name="courseId"',
      '',
      id,
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="roster.csv"',
      'Content-Type: text/csv',
      '',
      'email,fullname',
      ...Array.from({ length: 50 }, (_, i) => `s${i}@example.edu,Student ${i}`),
      `--${boundary}--`,
      '',
    ].join('\r\n');

  beforeEach(async () => {
    app = await buildTestApp();
    const world = await makeWorld();
    token = (await signIn(app, world.adminA.email)).token;
    courseId = world.courseA.id;
  });

  const upload = (payload: string, contentType = `multipart/form-data; boundary=${boundary}`) =>
    app.inject({
      method: 'POST',
      url: `${API}/csv/upload`,
      headers: { ...bearer(token), 'content-type': contentType },
      payload,
    });
  const uploads = async () => {
    const { db } = await getWorkerDb();
    const [row] = await db.select({ n: count() }).from(csvUploads);
    return row!.n;
  };
  const expect400 = (res: LightMyRequestResponse) => {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  };

  it('refuses a body cut off inside the file with 400 and stores nothing', async () => {
    const whole = form(courseId);
    expect400(await upload(whole.slice(0, Math.floor(whole.length * 0.6))));
    expect(await uploads()).toBe(0);
  });

  it('refuses a missing boundary, a wrong boundary and a broken part header', async () => {
    expect400(await upload(form(courseId), 'multipart/form-data'));
    expect400(await upload(form(courseId), 'multipart/form-data; boundary=not-the-one'));
    const broken = form(courseId).replace(
      'Content-Disposition: form-data; name="file"; filename="roster.csv"',
      `Content-Disposition ${PROBE}`,
    );
    const res = await upload(broken);
    expect400(res);
    expect(res.body).not.toContain(PROBE);
    expect(await uploads()).toBe(0);
  });

  it('still takes the same form whole', async () => {
    const res = await upload(form(courseId));
    expect(res.statusCode).toBe(202);
    expect(await uploads()).toBe(1);
  });
});

describe('database errors in the log', () => {
  const secret = 'kim.secret-person@example.edu';

  /** A real driver error, as the database raises it for a statement with parameters. */
  async function realQueryError(): Promise<Error> {
    const { db } = await getWorkerDb();
    try {
      await db.execute(sql`select ${secret}::uuid as id, ${'Kim Secretname'} as name`);
    } catch (error) {
      return error as Error;
    }
    throw new Error('the statement was expected to fail');
  }

  it('the serializer drops the parameter values from the error and its causes', async () => {
    const error = await realQueryError();
    // The driver error does carry the values; the serializer is what takes them out.
    const raw = JSON.stringify({ ...error, text: error.message, stack: error.stack });
    expect(raw).toContain(secret);
    const logged = JSON.stringify(serializeError(error));
    expect(logged).not.toContain(secret);
    expect(logged).not.toContain('Kim Secretname');
    // What helps find the fault stays: the statement and the database's reason.
    expect(logged).toContain('::uuid');
    expect(logged).toContain('invalid input syntax for type uuid');
  });

  it('a request that fails on the database logs no parameter value', async () => {
    const error = await realQueryError();
    const real = await getWorkerDb();
    const broken: DbHandle = {
      ...real,
      db: new Proxy(real.db, {
        get: (target, prop, receiver) =>
          ['select', 'execute'].includes(String(prop))
            ? () => {
                throw error;
              }
            : Reflect.get(target, prop, receiver),
      }),
    };
    const lines: string[] = [];
    const good = await buildTestApp();
    const { token } = await signIn(good, 'logged@example.edu');
    const app = await buildTestApp(
      { LOG_LEVEL: 'error' },
      { db: broken, logStream: { write: (line: string) => lines.push(line) } },
    );
    const res = await app.inject({
      method: 'GET',
      url: `${API}/auth/profile`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(500);
    const failure = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const logged = failure.find((entry) => entry.msg === 'request failed');
    expect(logged).toBeDefined();
    expect(JSON.stringify(logged)).toContain('invalid input syntax for type uuid');
    expect(lines.join('\n')).not.toContain(secret);
    expect(lines.join('\n')).not.toContain('Kim Secretname');
  });
});
