// Runs drizzle-kit so that it finds this package's drizzle-orm. npm hoists drizzle-kit to the
// root node_modules but keeps drizzle-orm nested in apps/server/node_modules (it has dozens of
// optional peers), so drizzle-kit's own `import('drizzle-orm/version')` and
// `require('drizzle-orm/pg-core')` fail with "Please install latest version of drizzle-orm".
// NODE_PATH serves its require() calls; a resolve hook serves its import() calls.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const serverModules = join(serverDir, 'node_modules');
const hook = `
export async function resolve(specifier, context, next) {
  if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) {
    return next(specifier, { ...context, parentURL: ${JSON.stringify(import.meta.url)} });
  }
  return next(specifier, context);
}`;
const register = `import { register } from 'node:module'; register(${JSON.stringify(
  `data:text/javascript,${encodeURIComponent(hook)}`,
)});`;

const require = createRequire(import.meta.url);
const bin = join(dirname(require.resolve('drizzle-kit')), 'bin.cjs');
const result = spawnSync(
  process.execPath,
  [
    '--import',
    `data:text/javascript,${encodeURIComponent(register)}`,
    bin,
    ...process.argv.slice(2),
  ],
  {
    cwd: serverDir,
    stdio: 'inherit',
    env: {
      ...process.env,
      NODE_PATH: [serverModules, process.env.NODE_PATH].filter(Boolean).join(':'),
    },
  },
);
process.exit(result.status ?? 1);
