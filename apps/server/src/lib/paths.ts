import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// The code runs both as TypeScript source (src/**, tests, tsx scripts) and bundled into
// dist/server.js, so fixed relative paths would differ between the two. Walking up to the
// package that owns this file finds apps/server from either place.
function findServerRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg)) {
      const { name } = JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string };
      if (name === '@teamup/server') return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Cannot locate the @teamup/server package directory');
    dir = parent;
  }
}

export const serverRoot = findServerRoot();
export const migrationsFolder = join(serverRoot, 'drizzle');
export const defaultWebDistDir = resolve(serverRoot, '../web/dist');

export const serverVersion: string = (
  JSON.parse(readFileSync(join(serverRoot, 'package.json'), 'utf8')) as { version: string }
).version;
