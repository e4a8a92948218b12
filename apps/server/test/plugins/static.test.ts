import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildTestApp, tempDir } from '../helper.js';

const INDEX = '<!doctype html><html><body><div id="root"></div></body></html>';

function webDist(): string {
  const dir = tempDir('web-dist');
  writeFileSync(join(dir, 'index.html'), INDEX);
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'app-1234.js'), 'console.log("app")');
  return dir;
}

/** A larger asset written three times over, as the build leaves it: plain, brotli and gzip. */
const APP = `export const teams = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `team ${i}`))};`;
const PAGE = `<!doctype html><html><head>${'<link rel="modulepreload" href="/assets/a.js">'.repeat(40)}</head><body><div id="root"></div></body></html>`;

/** A dist as `vite build` and scripts/compress-assets.mjs leave it, plus a stray source map. */
function compressedDist(): string {
  const dir = tempDir('web-dist-compressed');
  mkdirSync(join(dir, 'assets'));
  for (const [path, text] of [
    ['index.html', PAGE],
    ['assets/index-abcd.js', APP],
  ] as const) {
    writeFileSync(join(dir, path), text);
    writeFileSync(join(dir, `${path}.br`), brotliCompressSync(text));
    writeFileSync(join(dir, `${path}.gz`), gzipSync(text));
  }
  writeFileSync(join(dir, 'assets', 'index-abcd.js.map'), '{"version":3,"sources":["secret.ts"]}');
  return dir;
}

function varyNames(header: string | string[] | number | undefined): string[] {
  return String(header ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase());
}

describe('web app serving', () => {
  it('answers page paths with index.html so the web router can take over', async () => {
    const app = await buildTestApp({ WEB_DIST_DIR: webDist() });
    for (const url of ['/', '/teams/my', '/admin/courses/123?tab=students']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toBe(INDEX);
    }
    const head = await app.inject({ method: 'HEAD', url: '/community' });
    expect(head.statusCode).toBe(200);
  });

  it('serves built assets with a long cache and missing files as 404', async () => {
    const app = await buildTestApp({ WEB_DIST_DIR: webDist() });
    const asset = await app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('keeps unknown API paths as JSON 404 even with the web app built', async () => {
    const app = await buildTestApp({ WEB_DIST_DIR: webDist() });
    const res = await app.inject({ method: 'GET', url: '/api/v1/teams/unknown' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('says so when the web app is not built', async () => {
    const app = await buildTestApp({ WEB_DIST_DIR: tempDir('empty-dist') });
    const res = await app.inject({ method: 'GET', url: '/teams' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.body).toContain('not built');
  });

  it('answers / and /auth/login (and a [param] page for any id) with their prerendered HTML, compressed, every other page with index.html', async () => {
    const dir = compressedDist();
    const landing =
      '<!doctype html><html><body><div id="root"><main><h1>Landing</h1></main></div></body></html>';
    const login =
      '<!doctype html><html><body><div id="root"><main><h1>Sign in</h1></main></div></body></html>';
    const course =
      '<!doctype html><html><body><div id="root"><main><p>Course</p></main></div></body></html>';
    mkdirSync(join(dir, 'prerendered', 'auth'), { recursive: true });
    mkdirSync(join(dir, 'prerendered', 'courses'), { recursive: true });
    for (const [path, text] of [
      ['prerendered/index.html', landing],
      ['prerendered/auth/login.html', login],
      ['prerendered/courses/[courseId].html', course],
    ] as const) {
      writeFileSync(join(dir, path), text);
      writeFileSync(join(dir, `${path}.br`), brotliCompressSync(text));
    }
    const app = await buildTestApp({ WEB_DIST_DIR: dir });
    for (const [url, body] of [
      ['/', landing],
      ['/?from=mail', landing],
      ['/auth/login', login],
      ['/auth/login?redirect=%2Fteams', login],
      ['/auth/register', PAGE],
      ['/dashboard', PAGE],
      ['/auth/login/', PAGE],
      ['/index.html', PAGE],
      ['/courses/7f0c4a52-6a8e-4d0b-9c55-0d9e1f7a3b21', course],
      ['/courses/7f0c4a52-6a8e-4d0b-9c55-0d9e1f7a3b21?tab=teams', course],
      ['/courses', PAGE],
      ['/courses/7f0c4a52-6a8e-4d0b-9c55-0d9e1f7a3b21/teams', PAGE],
    ] as const) {
      const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(br.statusCode, url).toBe(200);
      expect(br.headers['content-type'], url).toMatch(/text\/html/);
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.headers['cache-control'], url).toBe('no-cache');
      expect(varyNames(br.headers.vary), url).toContain('accept-encoding');
      expect(brotliDecompressSync(br.rawPayload).toString(), url).toBe(body);
      const plain = await app.inject({ method: 'GET', url });
      expect(plain.body, url).toBe(body);
    }
    const head = await app.inject({ method: 'HEAD', url: '/auth/login' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['cache-control']).toBe('no-cache');
  });

  describe('pre-compressed files', () => {
    it('sends brotli when accepted, else gzip, else the file itself, always saying Vary', async () => {
      const app = await buildTestApp({ WEB_DIST_DIR: compressedDist() });
      const url = '/assets/index-abcd.js';

      const br = await app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'gzip, br' },
      });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/javascript/);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(APP);

      const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(APP);

      const plain = await app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'identity' },
      });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(APP);
      const none = await app.inject({ method: 'GET', url });
      expect(none.headers['content-encoding']).toBeUndefined();
      expect(none.body).toBe(APP);

      for (const res of [br, gz, plain, none]) {
        expect(varyNames(res.headers.vary)).toContain('accept-encoding');
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      }
      // Each encoding is its own representation with its own validator.
      expect(br.headers.etag).not.toBe(plain.headers.etag);
    });

    it('keeps the CORS Vary of a cross-origin request beside Accept-Encoding', async () => {
      const app = await buildTestApp({ WEB_DIST_DIR: compressedDist() });
      const res = await app.inject({
        method: 'GET',
        url: '/assets/index-abcd.js',
        headers: { 'accept-encoding': 'br', origin: 'https://elsewhere.example' },
      });
      expect(varyNames(res.headers.vary)).toEqual(
        expect.arrayContaining(['origin', 'accept-encoding']),
      );
    });

    it('sends index.html compressed and revalidated, at / and from the SPA fallback', async () => {
      const app = await buildTestApp({ WEB_DIST_DIR: compressedDist() });
      for (const url of ['/', '/index.html', '/auth/login', '/courses/123?tab=teams']) {
        const res = await app.inject({
          method: 'GET',
          url,
          headers: { 'accept-encoding': 'br, gzip' },
        });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-encoding'], url).toBe('br');
        expect(res.headers['content-type'], url).toMatch(/text\/html/);
        expect(res.headers['cache-control'], url).toBe('no-cache');
        expect(varyNames(res.headers.vary), url).toContain('accept-encoding');
        expect(res.headers.etag, url).toBeTruthy();
        expect(res.headers['last-modified'], url).toBeTruthy();
        expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(PAGE);

        const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
        expect(gz.headers['content-encoding'], url).toBe('gzip');
        expect(gunzipSync(gz.rawPayload).toString(), url).toBe(PAGE);

        const plain = await app.inject({ method: 'GET', url });
        expect(plain.headers['content-encoding'], url).toBeUndefined();
        expect(plain.body, url).toBe(PAGE);
        expect(varyNames(plain.headers.vary), url).toContain('accept-encoding');
      }
    });

    it('answers 304 when index.html has not changed, and 200 when the tag is another', async () => {
      const app = await buildTestApp({ WEB_DIST_DIR: compressedDist() });
      for (const url of ['/', '/dashboard']) {
        const headers = { 'accept-encoding': 'br' };
        const first = await app.inject({ method: 'GET', url, headers });
        const etag = String(first.headers.etag);
        const again = await app.inject({
          method: 'GET',
          url,
          headers: { ...headers, 'if-none-match': etag },
        });
        expect(again.statusCode, url).toBe(304);
        expect(again.body, url).toBe('');
        expect(again.headers['cache-control'], url).toBe('no-cache');
        const other = await app.inject({
          method: 'GET',
          url,
          headers: { ...headers, 'if-none-match': 'W/"other"' },
        });
        expect(other.statusCode, url).toBe(200);
        const since = await app.inject({
          method: 'GET',
          url,
          headers: { ...headers, 'if-modified-since': String(first.headers['last-modified']) },
        });
        expect(since.statusCode, url).toBe(304);
      }
    });

    it('never serves a source map, even one left in dist', async () => {
      const app = await buildTestApp({ WEB_DIST_DIR: compressedDist() });
      for (const headers of [{}, { 'accept-encoding': 'br, gzip' }]) {
        const res = await app.inject({ method: 'GET', url: '/assets/index-abcd.js.map', headers });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
        expect(res.body).not.toContain('secret.ts');
      }
    });
  });
});
