import { accessSync, constants, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { listeningOrigin, type Config } from '../config.js';

/**
 * Checks an operator can fix before anything is built: each failure is one readable line
 * naming the variable (the caller prints it and exits 1), so a taken port or a bad data
 * directory never gets as far as migrating or seeding the database.
 */
export class StartupError extends Error {}

/**
 * Listens on PORT/HOST and keeps the port until `release()`, so nothing else takes it while
 * the app is being built. Connections that arrive meanwhile are closed at once.
 */
export async function reservePort(
  config: Pick<Config, 'PORT' | 'HOST'>,
): Promise<{ release: () => Promise<void> }> {
  const server: Server = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: config.PORT, host: config.HOST }, () => {
      server.off('error', reject);
      resolve();
    });
  }).catch((error: unknown) => {
    throw new StartupError(portMessage(config, error));
  });
  return {
    release: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The one line for a port that cannot be listened on. */
export function portMessage(config: Pick<Config, 'PORT' | 'HOST'>, error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EADDRINUSE') {
    return `PORT ${config.PORT} is already in use on ${config.HOST}; stop the other server or set PORT to a free port`;
  }
  if (code === 'EACCES') {
    return `PORT ${config.PORT} needs privileges this process does not have; set PORT to a free port above 1023`;
  }
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return `HOST ${config.HOST} is not an address of this machine; set HOST (e.g. 127.0.0.1 or 0.0.0.0)`;
  }
  return `PORT ${config.PORT} on HOST ${config.HOST} cannot be listened on (${code ?? String(error)})`;
}

/** Whether this configuration writes anything into DATA_DIR. */
export function usesDataDir(
  config: Pick<Config, 'DATABASE_URL' | 'JWT_SECRET' | 'AUTH_DEV_LOGIN'>,
): boolean {
  // The embedded database, the generated JWT secret and the development signing keys.
  return !config.DATABASE_URL || !config.JWT_SECRET || config.AUTH_DEV_LOGIN;
}

/** Creates DATA_DIR when missing and checks it can be written; throws one line otherwise. */
export function checkDataDir(config: Pick<Config, 'DATA_DIR'>): void {
  try {
    mkdirSync(config.DATA_DIR, { recursive: true });
    accessSync(config.DATA_DIR, constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new StartupError(
      `DATA_DIR ${config.DATA_DIR} cannot be written (${code}); set DATA_DIR to a writable directory`,
    );
  }
}

/**
 * The address a person opens: PUBLIC_URL when it was set, else this machine's listening port
 * (PORT=0 listens on a free one, so the configured default would be wrong).
 */
export function openUrl(
  config: Pick<Config, 'PUBLIC_URL' | 'PORT' | 'HOST'>,
  listeningPort: number,
): string {
  if (config.PUBLIC_URL !== listeningOrigin(config.HOST, config.PORT)) return config.PUBLIC_URL;
  // The links use this same address (PUBLIC_URL's default, issue 35); only PORT=0 differs.
  return listeningOrigin(config.HOST, listeningPort);
}

/** The plain line printed once the server listens. */
export function readyLine(
  config: Pick<Config, 'PUBLIC_URL' | 'PORT' | 'HOST' | 'SEED_DEMO' | 'AUTH_DEV_LOGIN'>,
  listeningPort: number,
): string {
  const line = `Teamup is running at ${openUrl(config, listeningPort)}`;
  return config.SEED_DEMO && config.AUTH_DEV_LOGIN
    ? `${line} — choose Sign in and pick a demo user under "Sign in as…"`
    : line;
}
