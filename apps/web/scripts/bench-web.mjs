#!/usr/bin/env node
// `npm run bench:web`: the web's load, measured as a new user meets it (issues 11 and 25,
// decision 127). Builds (unless --no-build), starts the real server on a free port of 127.0.0.1
// with a fresh data directory and the demo data, then, for `/`, `/auth/login`, a student's
// `/dashboard` and course page, an organization admin's `/admin/dashboard` and a superadmin's
// `/s/dashboard`, prints:
//   - what the page loads before it is usable (scripts/page-load.mjs: its content rendered and
//     its API calls answered, the live stream ignored), under Lighthouse's slow 4G: requests,
//     JS files and bytes (as sent and raw), responses under 1 KB, responses of 1 KB or more sent
//     uncompressed, and its API calls grouped in rounds;
//   - whether assets come compressed and cached, and whether source maps are served;
//   - Lighthouse 12, mobile (slow 4G, simulated) and desktop: performance, LCP, TBT, CLS,
//     accessibility and best practices, with the failing audits;
//   - every goal and budget (scripts/web-budget.mjs) next to its figure, PASS or MISS.
// Options: --no-build; --no-lighthouse (skip the slowest part); --budget (no Lighthouse, exit 1
// when a budget is missed); --reports=DIR (keep each Lighthouse report as DIR/<preset>-<page>.json,
// for its diagnostics); --pages=a,b (only these pages, by key: /, /auth/login, student, course,
// admin, superadmin); --mobile (Lighthouse's mobile run only). Chromium: CHROME_PATH, else
// /usr/bin/chromium. The server and the browser are stopped in every case.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { measurePage, PAGES, summarize, USERS } from './page-load.mjs';
import {
  COMPRESS_FROM_BYTES,
  LIGHTHOUSE_GOALS,
  MAX_JS_BYTES,
  MAX_JS_FILES,
  MAX_SMALL_FILES,
  MAX_UNCOMPRESSED_OVER_1KB,
} from './web-budget.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const args = new Set();
const valued = {};
for (const arg of process.argv.slice(2)) {
  const [name, value] = arg.split(/=(.*)/s);
  if (['--reports', '--pages'].includes(name) && value) valued[name] = value;
  else if (['--no-build', '--no-lighthouse', '--budget', '--mobile'].includes(arg)) args.add(arg);
  else {
    console.error(
      `Unknown option ${arg}; expected --no-build, --no-lighthouse, --budget, --mobile, --reports=DIR or --pages=a,b`,
    );
    process.exit(2);
  }
}
const REPORTS_DIR = valued['--reports'];
const ONLY_PAGES = valued['--pages']?.split(',');
const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];
const AUTH_STORAGE_KEY = 'auth-storage';
const BUDGET_ONLY = args.has('--budget');

const cleanups = [];
async function cleanUp() {
  while (cleanups.length > 0) {
    const step = cleanups.pop();
    try {
      await step();
    } catch (error) {
      console.error(`[bench:web] clean-up step failed: ${error.message}`);
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`\n[bench:web] ${signal}: stopping the server and the browser`);
    void cleanUp().finally(() => process.exit(130));
  });
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
const ms = (value) => `${Math.round(value)} ms`;
const mark = (ok) => (ok ? 'PASS' : 'MISS');

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** One GET with exactly the headers given (no automatic decompression): what goes on the wire. */
function rawGet(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'GET', headers, timeout: 10_000 }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, bytes }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`GET ${url} timed out`)));
    req.on('error', reject);
    req.end();
  });
}

async function apiData(base, path, init = {}) {
  const response = await fetch(`${base}/api/v1${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) {
    throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  }
  return (await response.json()).data;
}

async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'teamup-bench-web-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  // NODE_ENV=development is what `npm start` runs; production refuses the development identity
  // provider that the signed-in pages need (see decision record 092).
  // PGlite in the temporary directory: a DATABASE_URL from the caller's shell is left out.
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, [join(root, 'apps/server/dist/server.js')], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      AUTH_DEV_LOGIN: 'on',
      SEED_DEMO: 'on',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
    },
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  cleanups.push(
    () =>
      new Promise((resolve) => {
        if (exited) return resolve();
        const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  );
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (exited) throw new Error('the server exited before it answered its healthcheck');
    try {
      const res = await fetch(`${base}/api/v1/healthcheck`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return base;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not answer /api/v1/healthcheck within 90 s');
}

/** Signs the demo student in through the development identity provider and the real login. */
async function signIn(base, email) {
  const { credential } = await apiData(base, '/dev/id-token', {
    method: 'POST',
    body: JSON.stringify({ email }),
  });
  const login = await apiData(base, '/auth/login/google', {
    method: 'POST',
    body: JSON.stringify({ credential }),
  });
  const persisted = {
    state: {
      user: { ...login.user, token: login.token },
      isAuthenticated: true,
      userProfile: null,
    },
    version: 0,
  };
  return { token: login.token, storage: JSON.stringify(persisted) };
}

/** Puts the session where the web app keeps it, from a same-origin page that runs no app code. */
async function storeSession(context, base, storage) {
  const page = await context.newPage();
  try {
    await page.goto(`${base}/api/v1/healthcheck`);
    await page.evaluate(
      ([key, value]) => globalThis.localStorage.setItem(key, value),
      [AUTH_STORAGE_KEY, storage],
    );
  } finally {
    await page.close();
  }
}

// ---------------------------------------------------------------------------------------------
// What each page loads before it is usable (scripts/page-load.mjs).

/** The student course page's path: the course of the team leader's first team. */
async function coursePath(base, sessions) {
  const mine = await apiData(base, '/student/me/teams', {
    headers: { authorization: `Bearer ${sessions.teamLeader.token}` },
  });
  const team = mine.teams[0];
  if (!team) throw new Error(`${USERS.teamLeader} has no team in the demo data`);
  return { path: `/courses/${team.courseId}`, title: `${team.courseCode} ${team.courseTitle}` };
}

async function measureLoads(browser, base, pages, sessions) {
  const out = {};
  for (const spec of pages) {
    const context = await browser.newContext();
    try {
      if (spec.who) await storeSession(context, base, sessions[spec.who].storage);
      const page = await context.newPage();
      console.error(`[bench:web] load ${spec.path}`);
      const measured = await measurePage(page, `${base}${spec.path}`, {
        heading: spec.heading,
        throttle: true,
        timeoutMs: 120_000,
      });
      out[spec.key] = summarize(spec.key, measured);
      out[spec.key].rows = measured.rows;
    } finally {
      await context.close();
    }
  }
  return out;
}

function printLoad(spec, { figures, checks, rows }) {
  const kbOf = (bytes) => kb(bytes).padStart(9);
  console.log(`\n${spec.label ?? spec.path}   ${spec.path}`);
  console.log(
    `  usable after        ${ms(figures.usableMs)} (slow 4G, Lighthouse's figures, over CDP)`,
  );
  console.log(`  requests            ${figures.requests}`);
  console.log(
    `  JS before usable    ${figures.jsFiles} files, ${kb(figures.jsEncoded)} as sent, ${kb(figures.jsRaw)} raw`,
  );
  const css = rows.filter((row) => row.type === 'stylesheet');
  console.log(
    `  CSS                 ${css.length} files, ${kb(css.reduce((t, r) => t + r.encoded, 0))} as sent`,
  );
  console.log(
    `  under ${COMPRESS_FROM_BYTES} B         ${figures.small.length}${figures.small.length ? `: ${figures.small.join(', ')}` : ''}`,
  );
  console.log(
    `  ≥ ${COMPRESS_FROM_BYTES} B uncompressed ${figures.uncompressed.length}${figures.uncompressed.length ? `: ${figures.uncompressed.join(', ')}` : ''}`,
  );
  console.log(`  API calls           ${figures.apiCalls} in ${figures.apiRounds} round(s)`);
  const t0 = figures.api[0]?.startedAt ?? 0;
  for (const call of figures.api) {
    console.log(
      `    round ${call.round}  ${ms(call.startedAt - t0).padStart(8)} → ${ms(call.endedAt - t0).padStart(8)}  ${call.method} ${call.path}${call.search}  ${kbOf(call.raw)} ${call.encoding}`,
    );
  }
  for (const check of checks) {
    console.log(`  ${mark(check.ok)}  ${check.name}: ${check.figure} (budget ${check.limit})`);
  }
}

/** Each encoding the server offers for one asset, asked for with curl-like requests. */
async function encodingsOf(url) {
  const out = [];
  for (const encoding of ['br', 'gzip', 'identity']) {
    const res = await rawGet(url, { 'accept-encoding': encoding });
    out.push(`${encoding}→${res.headers['content-encoding'] ?? 'none'} ${kb(res.bytes)}`);
  }
  return out.join(', ');
}

async function sourceMapsServed(scripts) {
  const served = [];
  for (const url of scripts.slice(0, 50)) {
    const res = await rawGet(`${url}.map`, { 'accept-encoding': 'identity' });
    const type = String(res.headers['content-type'] ?? '');
    if (res.status === 200 && !type.includes('text/html')) served.push(url);
  }
  return served;
}

// ---------------------------------------------------------------------------------------------
// Lighthouse.

async function runLighthouse(chromePort, url, preset, keepStorage) {
  const flags = {
    port: chromePort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    disableStorageReset: keepStorage,
  };
  const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (REPORTS_DIR) {
    mkdirSync(REPORTS_DIR, { recursive: true });
    const name = new URL(url).pathname.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
    writeFileSync(join(REPORTS_DIR, `${preset}-${name}.json`), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const audit = (id) => lhr.audits[id];
  const savings = (id) => audit(id)?.details?.overallSavingsBytes ?? 0;
  return {
    finalUrl: lhr.finalDisplayedUrl,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcp: audit('largest-contentful-paint')?.numericValue ?? NaN,
    tbt: audit('total-blocking-time')?.numericValue ?? NaN,
    cls: audit('cumulative-layout-shift')?.numericValue ?? NaN,
    unusedJs: savings('unused-javascript'),
    unusedCss: savings('unused-css-rules'),
    textCompression: savings('uses-text-compression'),
    failing: ['accessibility', 'best-practices'].flatMap((id) =>
      (lhr.categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id),
    ),
  };
}

async function lighthouseAll(base, pages, sessions) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
  });
  cleanups.push(() => chrome.kill());
  /** Runs `step` on a page of the Chromium that Lighthouse drives. */
  const inChrome = async (step) => {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    try {
      const context = browser.contexts()[0];
      const page = await context.newPage();
      try {
        await step(context, page);
      } finally {
        await page.close();
      }
    } finally {
      await browser.close();
    }
  };
  const results = [];
  for (const preset of args.has('--mobile') ? ['mobile'] : ['mobile', 'desktop']) {
    for (const spec of pages) {
      const signedIn = Boolean(spec.who);
      // An empty cache and the page's own session (or none), like a new visitor.
      await inChrome(async (context, page) => {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.clearBrowserCache');
        await page.goto(`${base}/api/v1/healthcheck`);
        await page.evaluate(() => globalThis.localStorage.clear());
      });
      if (signedIn) {
        // A fresh session each run: a token refreshed by an earlier run is no longer valid.
        const { storage } = await signIn(base, USERS[spec.who]);
        await inChrome((context) => storeSession(context, base, storage));
      }
      console.error(`[bench:web] Lighthouse ${preset} ${spec.path}`);
      // A trace Lighthouse could not record (NO_NAVSTART, NO_FCP on a loaded machine) is run
      // again, up to twice; the attempts are printed.
      let r;
      for (let attempt = 1; ; attempt++) {
        try {
          r = await runLighthouse(chrome.port, `${base}${spec.path}`, preset, signedIn);
          break;
        } catch (error) {
          if (attempt === 3) throw error;
          console.error(`[bench:web] attempt ${attempt} failed, again: ${error.message}`);
          if (signedIn) {
            const { storage } = await signIn(base, USERS[spec.who]);
            await inChrome((context) => storeSession(context, base, storage));
          }
        }
      }
      results.push({
        preset,
        key: spec.key,
        path: spec.path,
        label: spec.label ?? spec.path,
        ...r,
      });
    }
  }
  void sessions;
  return results;
}

function printLighthouse(results) {
  console.log('\nLighthouse 12 (mobile: slow 4G simulated; desktop preset)');
  const header = [
    'preset ',
    'page                          ',
    'perf',
    'a11y',
    'b-p ',
    'LCP     ',
    'TBT    ',
    'CLS   ',
    'unused JS',
    'unused CSS',
    'compression',
  ];
  console.log(`  ${header.join(' ')}`);
  for (const r of results) {
    console.log(
      `  ${[
        r.preset.padEnd(7),
        r.label.padEnd(30),
        String(r.performance).padStart(4),
        String(r.accessibility).padStart(4),
        String(r.bestPractices).padStart(4),
        ms(r.lcp).padStart(8),
        ms(r.tbt).padStart(7),
        r.cls.toFixed(3).padStart(6),
        `${Math.round(r.unusedJs / 1024)} KiB`.padStart(9),
        `${Math.round(r.unusedCss / 1024)} KiB`.padStart(10),
        `${Math.round(r.textCompression / 1024)} KiB`.padStart(11),
      ].join(' ')}`,
    );
    if (new URL(r.finalUrl).pathname !== r.path) {
      r.wrongPage = true;
      console.log(`    (ended on ${r.finalUrl}, not ${r.path})`);
    }
    if (r.failing.length > 0) console.log(`    failing audits: ${r.failing.join(', ')}`);
  }
}

// ---------------------------------------------------------------------------------------------

async function main() {
  if (!args.has('--no-build')) {
    console.error('[bench:web] npm run build');
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  const base = await startServer();
  console.log(
    `Teamup web benchmark against ${base} (built server, demo data, NODE_ENV=development)`,
  );
  console.log(
    `Budgets (scripts/web-budget.mjs): signed-in JS files ≤ ${MAX_JS_FILES}; responses ≥ ${COMPRESS_FROM_BYTES} B uncompressed ≤ ${MAX_UNCOMPRESSED_OVER_1KB}; ` +
      `files < ${COMPRESS_FROM_BYTES} B ≤ ${MAX_SMALL_FILES}; JS as sent ${Object.entries(
        MAX_JS_BYTES,
      )
        .map(([key, bytes]) => `${key} ≤ ${kb(bytes)}`)
        .join(', ')}`,
  );

  const sessions = {};
  for (const [who, email] of Object.entries(USERS)) sessions[who] = await signIn(base, email);
  const course = await coursePath(base, sessions);
  const pages = PAGES.filter((spec) => !ONLY_PAGES || ONLY_PAGES.includes(spec.key)).map((spec) =>
    spec.key === 'course' ? { ...spec, path: course.path } : spec,
  );

  console.log(`Student course page: ${course.path} (${course.title}, ${USERS.teamLeader})`);

  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--no-sandbox'] });
  cleanups.push(() => browser.close());
  const loads = await measureLoads(browser, base, pages, sessions);
  for (const spec of pages) printLoad(spec, loads[spec.key]);

  const scripts = [
    ...new Set(
      Object.values(loads).flatMap((load) =>
        load.rows.filter((row) => row.type === 'script').map((row) => `${base}${row.path}`),
      ),
    ),
  ];
  const assets = Object.values(loads).flatMap((load) =>
    load.rows.filter((row) => row.path.startsWith('/assets/')),
  );
  const documents = Object.values(loads).flatMap((load) =>
    load.rows.filter((row) => row.type === 'document'),
  );
  const entry = Object.values(loads)[0]
    .rows.filter((row) => row.type === 'script')
    .sort((a, b) => b.raw - a.raw)[0];
  if (entry)
    console.log(
      `\nEncodings offered for ${entry.path}: ${await encodingsOf(`${base}${entry.path}`)}`,
    );
  const maps = await sourceMapsServed(scripts);
  console.log(
    `Source maps: ${maps.length} of ${scripts.length} loaded scripts have their .map served${maps.length ? ` (e.g. ${new URL(maps[0]).pathname}.map)` : ''}`,
  );

  let lh = [];
  if (!args.has('--no-lighthouse') && !BUDGET_ONLY) {
    lh = await lighthouseAll(base, pages, sessions);
    printLighthouse(lh);
  }

  console.log('\nGoals and budgets (issues 11 and 25, decision 127)');
  let missed = 0;
  const goal = (ok, text) => {
    if (!ok) missed += 1;
    console.log(`  ${mark(ok)}  ${text}`);
  };
  for (const spec of pages) {
    for (const check of loads[spec.key].checks) {
      goal(
        check.ok,
        `${spec.label ?? spec.path}: ${check.name} ≤ ${check.limit} (${check.figure})`,
      );
    }
  }
  for (const spec of pages.filter((p) => p.who)) {
    const { figures } = loads[spec.key];
    console.log(
      `  info  ${spec.label}: data in ${figures.apiRounds} round(s) of ${figures.apiCalls} calls (goal: 1 round; the pages' part of issue 25)`,
    );
  }
  goal(
    assets.every((row) => /immutable/.test(row.cacheControl)),
    'hashed assets immutable',
  );
  goal(
    documents.every((row) => /no-cache|must-revalidate|max-age=0/.test(row.cacheControl)),
    'HTML revalidated',
  );
  goal(maps.length === 0, 'source maps not served');
  const G = LIGHTHOUSE_GOALS;
  for (const r of lh) {
    const where = `${r.preset} ${r.label}`;
    if (r.wrongPage) goal(false, `${where}: Lighthouse measured ${r.finalUrl} instead`);
    if (r.preset === 'desktop') {
      // The goals are Lighthouse's mobile ones (issue 25); desktop is printed beside them.
      console.log(`  info  ${where}: performance ${r.performance}`);
      continue;
    }
    goal(
      r.performance >= G.performance,
      `${where}: performance ≥ ${G.performance} (${r.performance})`,
    );
    goal(r.cls < G.maxCls, `${where}: CLS < ${G.maxCls} (${r.cls.toFixed(3)})`);
    goal(
      r.accessibility >= G.accessibility,
      `${where}: accessibility ${G.accessibility} (${r.accessibility})`,
    );
    goal(
      r.bestPractices >= G.bestPractices,
      `${where}: best practices ${G.bestPractices} (${r.bestPractices})`,
    );
    console.log(`  info  ${where}: LCP ${ms(r.lcp)}, TBT ${ms(r.tbt)}`);
  }
  if (lh.length === 0) console.log('  (Lighthouse goals skipped: --no-lighthouse or --budget)');
  console.log(`\n${missed === 0 ? 'Every goal met' : `${missed} goal(s) missed`}`);
  if (BUDGET_ONLY && missed > 0) process.exitCode = 1;
}

try {
  await main();
} catch (error) {
  console.error(`[bench:web] ${error.stack ?? error}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
