#!/usr/bin/env node
// `npm start`: build the web app and the server when their sources are newer than the build,
// then run the server, which serves both on one port. Signals are forwarded so Ctrl-C and
// SIGTERM reach the server's graceful shutdown.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

const targets = [
  {
    name: 'web',
    output: join(root, 'apps/web/dist/index.html'),
    inputs: [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/public',
      'packages/shared/src',
    ],
  },
  {
    name: 'server',
    output: join(root, 'apps/server/dist/server.js'),
    inputs: ['apps/server/src', 'apps/server/tsup.config.ts', 'packages/shared/src'],
  },
];

for (const t of targets) {
  const built = existsSync(t.output) ? statSync(t.output).mtimeMs : 0;
  const changed = Math.max(...t.inputs.map((p) => newestMtime(join(root, p))));
  if (built >= changed) continue;
  console.log(`[start] building ${t.name}…`);
  const r = spawnSync('npm', ['run', 'build', '-w', `apps/${t.name}`], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const child = spawn(process.execPath, [join(root, 'apps/server/dist/server.js')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
