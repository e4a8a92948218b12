import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// No router plugin here: tests use the committed routeTree.gen.ts and must not rewrite it.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    maxWorkers: 2,
    // Component tests with user-event are slow on a loaded 2-core CI machine; a 5 s default
    // timed out there while passing locally.
    testTimeout: 20_000,
    css: false,
    restoreMocks: true,
    // The availability grid opens in the browser's time zone (issue 36): every machine runs the
    // tests in UTC, the test surveys' grid zone, unless a test names another.
    env: { TZ: 'UTC' },
  },
});
