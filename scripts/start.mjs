#!/usr/bin/env node
// `npm start`: build the web app and the server when their sources are newer than the build,
// then run the server, which serves both on one port and prints one plain line with the URL
// to open. Signals are forwarded so Ctrl-C and SIGTERM reach the server's graceful shutdown.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

// A taken port is reported before a build that can take a minute. The server checks again
// (and checks every other variable) itself; this only looks at a well-formed PORT.
const port = (process.env.PORT ?? '').trim() || '3000';
const host = (process.env.HOST ?? '').trim() || '127.0.0.1';
if (/^\d+$/.test(port) && Number(port) > 0 && Number(port) <= 65_535) {
  const inUse = await new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (error) => resolve(error.code === 'EADDRINUSE'));
    probe.listen(Number(port), host, () => probe.close(() => resolve(false)));
  });
  if (inUse) {
    console.error(
      `PORT ${port} is already in use on ${host}; stop the other server or set PORT to a free port`,
    );
    process.exit(1);
  }
}

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
  // The build's own output is shown only when it fails: the line that matters is the URL.
  const r = spawnSync('npm', ['run', 'build', '-w', `apps/${t.name}`], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) {
    process.stdout.write(r.stdout ?? '');
    process.stderr.write(r.stderr ?? '');
    console.error(`[start] building ${t.name} failed`);
    process.exit(r.status ?? 1);
  }
}

const child = spawn(process.execPath, [join(root, 'apps/server/dist/server.js')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
