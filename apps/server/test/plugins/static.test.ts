import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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
});
