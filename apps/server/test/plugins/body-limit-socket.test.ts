// A body over the limit, sent over a real socket (issue 24, decision 123): the client must read
// the 413 envelope every time. Fastify answered before reading the body and closed the
// connection, so a client still writing got EPIPE or ECONNRESET instead of the answer.
// inject() never shows this: it has no socket.
import { request as httpRequest } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, buildTestApp } from '../helper.js';

const TWO_MB = 2 * 1024 * 1024;
const ROUNDS = 20;
const PIECE = 64 * 1024;
/** 64 KiB every 2 ms: about 30 MB/s, a fast network. */
const PACE_MS = 2;

let app: FastifyInstance;
let port: number;
beforeAll(async () => {
  app = await buildTestApp({}, { csvWorker: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await app.close();
});

/** What the client got: the status and body, or the socket error it saw instead. */
function post(body: Buffer, chunked: boolean): Promise<string> {
  return new Promise((resolve) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `${API}/auth/login/google`,
        agent: false,
        headers: {
          'content-type': 'application/json',
          ...(chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': body.length }),
        },
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (part: Buffer) => parts.push(part));
        res.on('end', () => resolve(`${res.statusCode} ${Buffer.concat(parts).toString()}`));
        res.on('error', (error: NodeJS.ErrnoException) => resolve(`response ${error.code}`));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => resolve(`request ${error.code}`));
    // Written in pieces with pauses, as over a real network, so the answer arrives mid-body.
    const pieces: Buffer[] = [];
    for (let at = 0; at < body.length; at += PIECE) pieces.push(body.subarray(at, at + PIECE));
    const next = () => {
      const piece = pieces.shift();
      if (!piece) return void req.end();
      if (req.destroyed) return;
      req.write(piece);
      setTimeout(next, 2);
    };
    next();
  });
}

/**
 * A client that sends the whole request at a network's pace and reads the answer only then
 * (as a plain `sendall` then `recv` does): if the server closes while it still sends, its next
 * write fails (EPIPE, ECONNRESET) and the answer waiting in its socket is lost with it.
 */
function postPaced(body: Buffer): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    const head = `POST ${API}/auth/login/google HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n`;
    const pieces: Buffer[] = [Buffer.from(head)];
    for (let at = 0; at < body.length; at += PIECE) pieces.push(body.subarray(at, at + PIECE));
    let failed = '';
    socket.on('error', (error: NodeJS.ErrnoException) => (failed ||= error.code ?? 'error'));
    socket.on('close', () => {
      if (failed) resolve(`socket ${failed}`);
    });
    const read = () => {
      const parts: Buffer[] = [];
      socket.on('data', (part: Buffer) => parts.push(part));
      socket.on('end', () => {
        const text = Buffer.concat(parts).toString();
        const status = /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 'nothing';
        resolve(`${status} ${text.slice(text.indexOf('\r\n\r\n') + 4)}`);
      });
    };
    const next = () => {
      if (failed || socket.destroyed) return;
      const piece = pieces.shift();
      if (!piece) return read();
      socket.write(piece, () => setTimeout(next, PACE_MS));
    };
    socket.once('connect', next);
  });
}

const body = Buffer.from(JSON.stringify({ credential: 'x'.repeat(TWO_MB) }));
const TOO_LARGE = `413 ${JSON.stringify({
  success: false,
  message: 'The request body is too large',
  code: 'PAYLOAD_TOO_LARGE',
})}`;

describe('a 2 MB JSON body over a real socket', () => {
  it.each([
    ['with a Content-Length', false],
    ['chunked', true],
  ])(`%s: the 413 envelope, ${ROUNDS} times out of ${ROUNDS}`, async (_name, chunked) => {
    const answers: string[] = [];
    for (let i = 0; i < ROUNDS; i += 1) answers.push(await post(body, chunked));
    expect(answers).toEqual(Array.from({ length: ROUNDS }, () => TOO_LARGE));
  });

  it(`paced by a network, read at the end: the 413 envelope, ${ROUNDS} times out of ${ROUNDS}`, async () => {
    const answers: string[] = [];
    for (let i = 0; i < ROUNDS; i += 1) answers.push(await postPaced(body));
    expect(answers).toEqual(Array.from({ length: ROUNDS }, () => TOO_LARGE));
  });
});
