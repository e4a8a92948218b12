import { defineConfig } from 'vitest/config';

// The integration suite always runs on PGlite, and runs a second time on PostgreSQL when
// TEST_DATABASE_URL is set (a superuser connection: each worker creates its own database).
const postgres = process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/setup.ts'],
    // A database takes seconds to start: one per worker, shared by the files the worker
    // runs (isolate: false keeps the helper module, and with it the database, alive).
    pool: 'forks',
    isolate: false,
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true as const,
        test: { name: 'pglite', env: { TEST_DB_DRIVER: 'pglite' } },
      },
      ...(postgres
        ? [
            {
              extends: true as const,
              test: {
                name: 'postgres',
                env: { TEST_DB_DRIVER: 'postgres' },
                // Pure unit tests gain nothing from a second run.
                exclude: [
                  'test/config.test.ts',
                  'test/lib/**',
                  'test/modules/auth/device-label.test.ts',
                ],
              },
            },
          ]
        : []),
    ],
  },
});
