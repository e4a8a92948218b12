#!/usr/bin/env node
// Starts the built API server (which also serves the built web app) on a fresh, empty data
// directory, so every end-to-end run begins from the same seeded state. Playwright's webServer
// runs this; it builds nothing: `npm run test:e2e` at the root builds first.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const serverEntry = join(here, '../../server/dist/server.js');
const webIndex = join(here, '../dist/index.html');

for (const [file, build] of [
  [serverEntry, 'npm run build -w apps/server'],
  [webIndex, 'npm run build -w apps/web'],
]) {
  if (!existsSync(file)) {
    console.error(`[e2e] ${file} is missing; run \`${build}\` (or \`npm run build\`) first.`);
    process.exit(1);
  }
}

const port = process.env.E2E_PORT ?? '3100';
const dataDir = mkdtempSync(join(tmpdir(), 'teamup-e2e-'));

const child = spawn(process.execPath, [serverEntry], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    AUTH_DEV_LOGIN: 'on',
    SEED_DEMO: 'on',
    // Issue 26: the mail worker delivers to the development mailbox, as under `npm start`.
    MAIL_WORKER: 'on',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  },
});

function cleanUp() {
  rmSync(dataDir, { recursive: true, force: true });
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => {
  cleanUp();
  process.exit(code ?? (signal ? 0 : 1));
});
