import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { compressDirectory, MIN_BYTES, moveSourceMaps } from '../../scripts/compress-assets.mjs';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'compress-assets-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Text that compresses well but is not one repeated byte: a slice of a fake bundle. */
function bundle(lines: number): string {
  return Array.from(
    { length: lines },
    (_, i) => `export function handler${i}(value) { return value * ${i} + "${i % 7}"; }\n`,
  ).join('');
}

describe('compress-assets', () => {
  it('writes brotli and gzip copies that decompress to the original', async () => {
    const dist = tempDir();
    mkdirSync(join(dist, 'assets'));
    const js = bundle(200);
    const css = `.a{color:red}\n`.repeat(200);
    writeFileSync(join(dist, 'index.html'), `<!doctype html>${'<p>teamup</p>'.repeat(100)}`);
    writeFileSync(join(dist, 'assets', 'index-abc.js'), js);
    writeFileSync(join(dist, 'assets', 'index-abc.css'), css);

    const totals = await compressDirectory(dist);

    expect(totals.files).toBe(3);
    for (const [path, text] of [
      [join(dist, 'assets', 'index-abc.js'), js],
      [join(dist, 'assets', 'index-abc.css'), css],
    ] as const) {
      const br = readFileSync(`${path}.br`);
      const gz = readFileSync(`${path}.gz`);
      expect(brotliDecompressSync(br).toString()).toBe(text);
      expect(gunzipSync(gz).toString()).toBe(text);
      expect(br.length).toBeLessThan(Buffer.byteLength(text));
      expect(gz.length).toBeLessThan(Buffer.byteLength(text));
    }
    expect(existsSync(join(dist, 'index.html.br'))).toBe(true);
    expect(totals.brotli).toBeLessThan(totals.original);
  });

  it('skips small files, binary formats and the dot-directory of the Vite manifest', async () => {
    const dist = tempDir();
    mkdirSync(join(dist, 'assets'));
    mkdirSync(join(dist, '.vite'));
    writeFileSync(join(dist, 'assets', 'tiny.js'), 'x'.repeat(MIN_BYTES - 1));
    writeFileSync(join(dist, 'assets', 'logo.png'), Buffer.alloc(4096, 1));
    writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify({ a: bundle(50) }));

    const totals = await compressDirectory(dist);

    expect(totals.files).toBe(0);
    for (const path of ['assets/tiny.js', 'assets/logo.png', '.vite/manifest.json']) {
      expect(existsSync(join(dist, `${path}.br`)), path).toBe(false);
      expect(existsSync(join(dist, `${path}.gz`)), path).toBe(false);
    }
  });

  it('moves source maps out of the served directory, keeping their paths', async () => {
    const root = tempDir();
    const dist = join(root, 'dist');
    const maps = join(root, 'dist-sourcemaps');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    mkdirSync(maps);
    writeFileSync(join(maps, 'stale.js.map'), '{}');
    writeFileSync(join(dist, 'assets', 'index-abc.js'), bundle(50));
    writeFileSync(join(dist, 'assets', 'index-abc.js.map'), '{"version":3}');

    expect(await moveSourceMaps(dist, maps)).toBe(1);
    expect(existsSync(join(dist, 'assets', 'index-abc.js.map'))).toBe(false);
    expect(readFileSync(join(maps, 'assets', 'index-abc.js.map'), 'utf8')).toBe('{"version":3}');
    expect(existsSync(join(maps, 'stale.js.map'))).toBe(false);
    expect(existsSync(join(dist, 'assets', 'index-abc.js'))).toBe(true);
  });
});
