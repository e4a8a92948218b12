import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { closeTestApps, resetDatabase } from './helper.js';

// `console.error` in a test is a failure: it means something went wrong that no assertion saw.
const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);

beforeEach(async () => {
  consoleError.mockClear();
  await resetDatabase();
});

afterEach(() => {
  const calls = consoleError.mock.calls;
  if (calls.length > 0) {
    const first = calls.map((args) => args.map(String).join(' ')).join('\n');
    consoleError.mockClear();
    throw new Error(`console.error was called during the test:\n${first}`);
  }
});

afterAll(async () => {
  await closeTestApps();
});
