import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.js';

/**
 * Reads a secret file from DATA_DIR, creating it once with `create()` when it is missing.
 * The file is written aside and hard-linked into place, so two processes starting together
 * agree on the first complete file and never read a half-written one.
 */
export function readOrCreateSecretFile(
  dataDir: string,
  name: string,
  create: () => string,
): string {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, name);
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temp, create(), { mode: 0o600 });
  try {
    linkSync(temp, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(temp);
  }
  return readFileSync(path, 'utf8');
}

/**
 * Production requires JWT_SECRET (config.ts). Elsewhere a secret is generated once into
 * DATA_DIR so that sessions survive restarts without any setup.
 */
export function resolveJwtSecret(config: Pick<Config, 'JWT_SECRET' | 'DATA_DIR'>): string {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  return readOrCreateSecretFile(config.DATA_DIR, 'jwt-secret', () =>
    randomBytes(48).toString('base64url'),
  ).trim();
}
