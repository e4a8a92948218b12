#!/usr/bin/env node
// Runs right after `vite build` (decision 090). Two steps over the built web app:
// 1. Moves every source map out of the served directory into `dist-sourcemaps/` (same relative
//    paths), where error reports can still find them; nothing under `dist/` serves them.
// 2. Writes `x.br` (brotli, quality 11) and `x.gz` (gzip, level 9) beside every text file over
//    1 KB, once, so the server picks one by Accept-Encoding instead of compressing per request.
//    A compressed copy that is not smaller than its original is not written.
//
// Usage: node scripts/compress-assets.mjs [distDir] [sourcemapDir]
//        (defaults: apps/web/dist and apps/web/dist-sourcemaps)
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, extname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text the browser fetches; images and fonts are compressed already. */
export const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.webmanifest',
]);

/** Below this many bytes a compressed copy saves less than the request's own headers. */
export const MIN_BYTES = 1024;

/** Every file under `dir`, skipping dot-directories (Vite's `.vite/manifest.json` is not served). */
async function listFiles(dir) {
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await listFiles(path)));
    else if (entry.isFile()) out.push(path);
  }
  return out;
}

/**
 * Moves `*.map` from `dist` to `mapsDir`, keeping their paths relative to `dist`. The target is
 * emptied first so it holds the maps of this build only. Returns how many maps were moved.
 */
export async function moveSourceMaps(dist, mapsDir) {
  await rm(mapsDir, { recursive: true, force: true });
  let moved = 0;
  for (const file of await listFiles(dist)) {
    if (extname(file) !== '.map') continue;
    const target = join(mapsDir, relative(dist, file));
    await mkdir(dirname(target), { recursive: true });
    await rename(file, target);
    moved += 1;
  }
  return moved;
}

/**
 * Writes `.br` and `.gz` beside each compressible file of `dist` of at least `minBytes`.
 * Returns the totals, in bytes, of what was compressed and what it became.
 */
export async function compressDirectory(dist, { minBytes = MIN_BYTES } = {}) {
  const totals = { files: 0, original: 0, brotli: 0, gzip: 0 };
  const files = (await listFiles(dist)).filter((file) => COMPRESSIBLE.has(extname(file)));
  await Promise.all(
    files.map(async (file) => {
      if ((await stat(file)).size < minBytes) return;
      const data = await readFile(file);
      const [br, gzipped] = await Promise.all([
        brotli(data, {
          params: {
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
        gz(data, { level: 9 }),
      ]);
      totals.files += 1;
      totals.original += data.length;
      if (br.length < data.length) {
        await writeFile(`${file}.br`, br);
        totals.brotli += br.length;
      } else totals.brotli += data.length;
      if (gzipped.length < data.length) {
        await writeFile(`${file}.gz`, gzipped);
        totals.gzip += gzipped.length;
      } else totals.gzip += data.length;
    }),
  );
  return totals;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  const here = dirname(fileURLToPath(import.meta.url));
  const dist = resolve(process.argv[2] ?? join(here, '..', 'dist'));
  const mapsDir = resolve(process.argv[3] ?? join(here, '..', 'dist-sourcemaps'));
  const moved = await moveSourceMaps(dist, mapsDir);
  const t = await compressDirectory(dist);
  console.log(
    `compress-assets: ${moved} source maps moved to ${relative(process.cwd(), mapsDir) || '.'}; ` +
      `${t.files} files, ${kb(t.original)} -> brotli ${kb(t.brotli)}, gzip ${kb(t.gzip)}`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(`compress-assets: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  });
}
