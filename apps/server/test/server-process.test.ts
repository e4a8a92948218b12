// The real entry point (src/server.ts) as an operator runs it: a bad variable stops it with the
// variable's name, and SIGTERM lets a request in flight finish before the process exits 0.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { driver, tempDir } from './helper.js';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

interface Running {
  child: ChildProcessWithoutNullStreams;
  stderr: () => string;
  /** Resolves with the first JSON log line that `match` accepts. */
  logLine: (match: (line: Record<string, unknown>) => boolean) => Promise<Record<string, unknown>>;
  exited: Promise<number | null>;
}

function startServer(env: Record<string, string>): Running {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    // Only what the test gives: no DATABASE_URL or other variable leaks in from the shell.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const lines: Record<string, unknown>[] = [];
  const waiters: { match: (l: Record<string, unknown>) => boolean; resolve: (l: never) => void }[] =
    [];
  let pending = '';
  child.stdout.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const parts = pending.split('\n');
    pending = parts.pop() ?? '';
    for (const part of parts) {
      let line: Record<string, unknown>;
      try {
        line = JSON.parse(part) as Record<string, unknown>;
      } catch {
        continue;
      }
      lines.push(line);
      for (const w of [...waiters]) {
        if (w.match(line)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(line as never);
        }
      }
    }
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    stderr: () => stderr,
    exited,
    logLine: (match) => {
      const seen = lines.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        waiters.push({ match, resolve });
        void exited.then((code) =>
          reject(new Error(`server exited (${code}) before the expected log line:\n${stderr}`)),
        );
      });
    },
  };
}

const message = (text: string | RegExp) => (line: Record<string, unknown>) =>
  typeof line.msg === 'string' &&
  (typeof text === 'string' ? line.msg === text : text.test(line.msg));

// Spawns its own server on its own embedded database: once is enough (not again on PostgreSQL).
describe.skipIf(driver === 'postgres')('the server process', () => {
  it('stops with exit code 1 and names the variable when PORT is invalid', async () => {
    const server = startServer({ PORT: 'abc', DATA_DIR: tempDir('bad-port') });
    expect(await server.exited).toBe(1);
    expect(server.stderr()).toContain('PORT');
    expect(server.stderr()).toContain('Invalid configuration: PORT: expected a number');
  }, 30_000);

  it('on SIGTERM finishes the request in flight, then exits 0', async () => {
    const server = startServer({
      NODE_ENV: 'development',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: tempDir('sigterm'),
      SEED_DEMO: 'off',
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: tempDir('no-web'),
    });
    try {
      const listening = await server.logLine(
        message(/^Server listening at http:\/\/127\.0\.0\.1:/),
      );
      const url = new URL(String(listening.msg).replace('Server listening at ', ''));

      // A sign-in token request whose body arrives in two parts, with SIGTERM in between.
      const body = JSON.stringify({ email: 'late@example.edu', fullname: 'Late Request' });
      const half = Math.floor(body.length / 2);
      const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request(
          {
            host: url.hostname,
            port: url.port,
            method: 'POST',
            path: '/api/v1/dev/id-token',
            agent: false,
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
            },
          },
          (res) => {
            let text = '';
            res.on('data', (chunk: Buffer) => (text += chunk.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
          },
        );
        req.on('error', reject);
        req.write(body.slice(0, half));
        void server
          .logLine(message('incoming request'))
          .then(async () => {
            server.child.kill('SIGTERM');
            await server.logLine(message('shutting down'));
            // The server is closing now; the rest of the body still arrives and is answered.
            await new Promise((r) => setTimeout(r, 300));
            req.end(body.slice(half));
          })
          .catch(reject);
      });

      const answered = await response;
      expect(answered.status).toBe(200);
      expect(JSON.parse(answered.body)).toMatchObject({
        success: true,
        data: { credential: expect.any(String) },
      });
      expect(await server.exited).toBe(0);
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    }
  }, 90_000);
});
