// OpenAPI lint (`npm run lint:openapi`): builds the app without listening, writes the document
// it serves at /api/docs/json to a temporary file, and runs Redocly's recommended rules on it
// (redocly.yaml at the repository root). Any error or warning fails the run.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openPglite } from '../src/db/client.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: {
    ruleId: string;
    severity: string;
    message: string;
    location: { pointer?: string }[];
  }[];
}

async function writeDocument(dir: string): Promise<string> {
  const db = openPglite();
  await db.migrate();
  const webDist = join(dir, 'web-dist');
  mkdirSync(webDist);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: join(dir, 'data'),
    JWT_SECRET: 'openapi-lint-secret-openapi-lint-secret',
    SEED_DEMO: 'off',
    WEB_DIST_DIR: webDist,
  });
  const app = await buildApp(config, { db, csvWorker: false });
  try {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    if (res.statusCode !== 200) throw new Error(`GET /api/docs/json answered ${res.statusCode}`);
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(res.json(), null, 2));
    return file;
  } finally {
    await app.close();
    await db.close();
  }
}

function lint(file: string): LintReport {
  const bin = join(
    root,
    'node_modules',
    '.bin',
    process.platform === 'win32' ? 'redocly.cmd' : 'redocly',
  );
  const run = spawnSync(
    bin,
    ['lint', file, '--config', join(root, 'redocly.yaml'), '--format', 'json'],
    {
      encoding: 'utf8',
      env: {
        ...process.env,
        // No network: no usage reports, no update check.
        REDOCLY_TELEMETRY: 'off',
        DO_NOT_TRACK: '1',
        REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
      },
    },
  );
  if (run.error) throw run.error;
  try {
    return JSON.parse(run.stdout) as LintReport;
  } catch {
    throw new Error(`redocly lint gave no report (exit ${run.status}):\n${run.stderr}`);
  }
}

const dir = mkdtempSync(join(tmpdir(), 'teamup-openapi-'));
try {
  const report = lint(await writeDocument(dir));
  for (const p of report.problems) {
    const where = p.location[0]?.pointer ?? '';
    console.log(`${p.severity.padEnd(7)} ${p.ruleId.padEnd(28)} ${where}  ${p.message}`);
  }
  const { errors, warnings } = report.totals;
  console.log(`OpenAPI lint (Redocly recommended): ${errors} errors, ${warnings} warnings.`);
  process.exitCode = errors + warnings > 0 ? 1 : 0;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
