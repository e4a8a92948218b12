// The real entry point (src/server.ts) as an operator runs it: a bad variable, a taken port or
// an unwritable DATA_DIR stops it with one line naming the variable (before any database is
// created), it prints one plain line with the URL to open, and SIGTERM lets a request in flight
// finish before the process exits 0.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { driver, tempDir } from './helper.js';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

interface Running {
  child: ChildProcessWithoutNullStreams;
  stderr: () => string;
  /** Lines of standard output that are not JSON log lines. */
  plainLines: () => string[];
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
  const plain: string[] = [];
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
        plain.push(part);
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
    plainLines: () => [...plain],
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

/** The development server as `npm start` runs it, on a port of its own, logging at info. */
function startDevServer(name: string, env: Record<string, string>): Running {
  return startServer({
    NODE_ENV: 'development',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: tempDir(name),
    LOG_LEVEL: 'info',
    WEB_DIST_DIR: tempDir('no-web'),
    ...env,
  });
}

/** The address from the server's "Server listening at …" log line. */
async function listeningUrl(server: Running): Promise<URL> {
  const listening = await server.logLine(message(/^Server listening at http:\/\/127\.0\.0\.1:/));
  return new URL(String(listening.msg).replace('Server listening at ', ''));
}

/** A port some other process already listens on. */
async function takenPort(): Promise<{ port: number; holder: Server }> {
  const holder = createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  return { port: (holder.address() as AddressInfo).port, holder };
}

// Spawns its own server on its own embedded database: once is enough (not again on PostgreSQL).
describe.skipIf(driver === 'postgres')('the server process', () => {
  it('stops with exit code 1 and names the variable when PORT is invalid', async () => {
    const server = startServer({ PORT: 'abc', DATA_DIR: tempDir('bad-port') });
    expect(await server.exited).toBe(1);
    expect(server.stderr()).toContain('PORT');
    expect(server.stderr()).toContain('Invalid configuration: PORT: expected a number');
  }, 30_000);

  it('stops at once with exit 1 and one line naming PORT when the port is taken, before any database exists', async () => {
    const { port, holder } = await takenPort();
    const dataDir = join(tempDir('taken-port'), 'data');
    try {
      const server = startServer({
        NODE_ENV: 'development',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED_DEMO: 'on',
        WEB_DIST_DIR: tempDir('no-web'),
      });
      expect(await server.exited).toBe(1);
      expect(server.stderr().trim()).toBe(
        `PORT ${port} is already in use on 127.0.0.1; stop the other server or set PORT to a free port`,
      );
      // Nothing was opened, migrated, seeded or generated: DATA_DIR was not even created.
      expect(existsSync(dataDir)).toBe(false);
      expect(server.plainLines()).toEqual([]);
    } finally {
      holder.close();
    }
  }, 30_000);

  it('stops with exit 1 and one line naming DATA_DIR when it cannot be written, before any database exists', async () => {
    // A path under a regular file: not writable even for root (the tests may run as root).
    const parent = tempDir('file-data');
    writeFileSync(join(parent, 'not-a-directory'), '');
    const dataDir = join(parent, 'not-a-directory', 'data');
    const { port, holder } = await takenPort();
    // The port is free again: only DATA_DIR is wrong.
    await new Promise((resolve) => holder.close(resolve));
    const server = startServer({
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'on',
      WEB_DIST_DIR: tempDir('no-web'),
    });
    expect(await server.exited).toBe(1);
    expect(server.stderr().trim()).toBe(
      `DATA_DIR ${dataDir} cannot be written (ENOTDIR); set DATA_DIR to a writable directory`,
    );
    expect(readdirSync(parent)).toEqual(['not-a-directory']);
    expect(server.plainLines()).toEqual([]);
  }, 30_000);

  it('once listening with demo data prints one plain line: the URL to open and the demo sign-in hint', async () => {
    const server = startDevServer('ready-line', { SEED_DEMO: 'on' });
    try {
      const { port } = await listeningUrl(server);
      await vi.waitFor(
        () =>
          expect(server.plainLines()).toEqual([
            `Teamup is running at http://127.0.0.1:${port} — choose Sign in and pick a demo user under "Sign in as…"`,
          ]),
        { timeout: 10_000 },
      );
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(server.plainLines()).toHaveLength(1);
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    }
  }, 90_000);

  it('on SIGTERM finishes the request in flight, then exits 0', async () => {
    const server = startDevServer('sigterm', { SEED_DEMO: 'off' });
    try {
      const url = await listeningUrl(server);

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
      // Without demo data the plain line is the URL alone.
      expect(server.plainLines()).toEqual([`Teamup is running at http://127.0.0.1:${url.port}`]);
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    }
  }, 90_000);
});
