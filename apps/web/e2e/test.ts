import { test as base } from '@playwright/test';

export * from '@playwright/test';

/**
 * Playwright's `test` with one addition: the browser contexts a test opens itself
 * (`browser.newContext()`, for a second user) are closed when it ends. Playwright closes only the
 * contexts of its own `page` fixture; the others stayed open for the rest of the run, each page
 * still running the app (live stream, polls), so a late spec ran beside dozens of busy tabs and
 * a failure's screenshots covered every one of them.
 */
export const test = base.extend<{ closeOwnContexts: void }>({
  closeOwnContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      await Promise.all(
        browser
          .contexts()
          .filter((context) => !before.has(context))
          .map((context) => context.close()),
      );
    },
    { auto: true },
  ],
});
