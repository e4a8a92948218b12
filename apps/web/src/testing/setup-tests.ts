import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { format } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { resetIdempotency } from '@/lib/idempotency';
import { useAuthStore } from '@/lib/auth-store';
import { usePageNotices } from '@/lib/page-notices';
import { server } from './server';

// findBy*/waitFor give up after 1 s by default, which a loaded 2-core CI machine exceeds while
// a page renders; 5 s still fails fast on a real miss.
configure({ asyncUtilTimeout: 5000 });

// --- Browser APIs that jsdom lacks and Mantine uses -------------------------------------------

/** Evaluates `(min-width: Npx)` / `(max-width: Npx)` against the jsdom window width (1024). */
function matches(query: string): boolean {
  const min = /min-width:\s*([\d.]+)(px|em)/.exec(query);
  const max = /max-width:\s*([\d.]+)(px|em)/.exec(query);
  const px = (m: RegExpExecArray) => Number(m[1]) * (m[2] === 'em' ? 16 : 1);
  if (min && window.innerWidth < px(min)) return false;
  if (max && window.innerWidth > px(max)) return false;
  return Boolean(min || max);
}

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub;
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
window.scrollTo = () => {};

// --- Network: every request must hit a handler ------------------------------------------------

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

// --- console.error fails the test (act warnings, React errors, failed prop types) -------------

let consoleErrors: string[] = [];

beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(format(...args));
  });
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  notifications.clean();
  usePageNotices.getState().clear();
  useAuthStore.getState().clear();
  localStorage.clear();
  resetIdempotency();
  const errors = consoleErrors;
  consoleErrors = [];
  if (errors.length > 0) {
    throw new Error(`console.error was called during the test:\n${errors.join('\n---\n')}`);
  }
});
