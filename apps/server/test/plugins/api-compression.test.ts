import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  API_COMPRESS_FROM_BYTES,
  apiCompressionPlugin,
  pickEncoding,
} from '../../src/plugins/api-compression.js';
import { buildTestApp } from '../helper.js';

// Decision 127: JSON answers of 1 KB or more go out compressed when the client accepts it.

const BIG = { items: Array.from({ length: 100 }, (_, i) => ({ id: i, name: `team ${i}` })) };

async function smallApp() {
  const app = Fastify();
  await app.register(apiCompressionPlugin);
  app.get('/big', async () => BIG);
  app.get('/small', async () => ({ ok: true }));
  app.get('/text', async (_request, reply) => reply.type('text/csv').send('a,b\n'.repeat(500)));
  return app;
}

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*;q=0')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });
});

describe('API answer compression', () => {
  it('compresses JSON of 1 KB or more with the encoding the client accepts', async () => {
    const app = await smallApp();
    expect(JSON.stringify(BIG).length).toBeGreaterThanOrEqual(API_COMPRESS_FROM_BYTES);
    const br = await app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/Accept-Encoding/);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(BIG);

    const gz = await app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(BIG);

    const plain = await app.inject({ url: '/big' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(BIG);
    expect(String(plain.headers.vary)).toMatch(/Accept-Encoding/);
  });

  it('leaves small answers and other types as they are', async () => {
    const app = await smallApp();
    const headers = { 'accept-encoding': 'br' };
    const small = await app.inject({ url: '/small', headers });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });
    const text = await app.inject({ url: '/text', headers });
    expect(text.headers['content-encoding']).toBeUndefined();
  });

  it('is on in the app: the API description (JSON, far over 1 KB) arrives compressed', async () => {
    const app = await buildTestApp();
    const res = await app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const doc = JSON.parse(brotliDecompressSync(res.rawPayload).toString()) as { openapi: string };
    expect(doc.openapi).toMatch(/^3\./);
    expect(res.rawPayload.length).toBeLessThan(JSON.stringify(doc).length / 3);
  });
});
