import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { API, bearer, driver, signIn, tempDir, testConfig } from '../helper.js';

describe('embedded database', () => {
  it.skipIf(driver !== 'pglite')(
    'keeps data and sessions across a restart (PGlite project only: it owns its DATA_DIR)',
    async () => {
      // No JWT_SECRET: the generated one in DATA_DIR must be reused too.
      const config = testConfig({ DATA_DIR: tempDir('restart'), JWT_SECRET: undefined });
      const first = await buildApp(config);
      let signedIn;
      try {
        signedIn = await signIn(first, 'persistent@example.edu', 'Still Here');
      } finally {
        await first.close();
      }
      expect(existsSync(join(config.DATA_DIR, 'pglite'))).toBe(true);
      expect(existsSync(join(config.DATA_DIR, 'jwt-secret'))).toBe(true);

      const second = await buildApp(config);
      try {
        const me = await second.inject({
          method: 'GET',
          url: `${API}/auth/session/me`,
          headers: bearer(signedIn.token),
        });
        expect(me.statusCode).toBe(200);
        expect(me.json().data).toMatchObject({
          id: signedIn.user.id,
          email: 'persistent@example.edu',
          fullname: 'Still Here',
        });
      } finally {
        await second.close();
      }
    },
    // Two PGlite starts, each checking every migration: 10 s alone, more on a busy machine.
    60_000,
  );
});
