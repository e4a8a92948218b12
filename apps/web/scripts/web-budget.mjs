// The web's load budgets (issue 25, decision 127), in one place: `npm run bench:web` prints each
// figure next to its budget, and e2e/budget.spec.ts fails the build (CI's `npm test`) when a
// signed-in page passes one. Lower a figure as the pages shrink; raise one only with a decision
// record that says why.

/** At most this many JS files load before a signed-in page is usable (72 before decision 127). */
export const MAX_JS_FILES = 20;

/** Responses of at least this many bytes go out compressed (br or gzip). */
export const COMPRESS_FROM_BYTES = 1024;

/** How many responses of that size may go out uncompressed: none. */
export const MAX_UNCOMPRESSED_OVER_1KB = 0;

/**
 * At most this many files (not API answers) under 1 KB before a page is usable: each is a request
 * that carries less than its own headers (43 of 77 responses on the student dashboard before
 * decision 127). Left: color-scheme.js, favicon.svg, Rolldown's runtime, the signed-in layout's
 * route chunk and the signed-in preload hint.
 */
export const MAX_SMALL_FILES = 6;

/**
 * JS bytes before usable, as sent (brotli), per page: a ratchet a little above what decision 127
 * measured, so a page that grows fails the build. The public pages' goal of issue 11 (170 KB
 * gzip, enforced at build time by check-bundle-budget.mjs) is the same order.
 */
export const MAX_JS_BYTES = {
  '/': 150_000,
  '/auth/login': 150_000,
  student: 300_000,
  course: 300_000,
  // The formation chart's library (recharts, about 110 KB brotli) is on this page.
  admin: 380_000,
  superadmin: 300_000,
};

/** Lighthouse 12 goals (issue 25), for every page bench:web measures. */
export const LIGHTHOUSE_GOALS = {
  performance: 95,
  accessibility: 100,
  bestPractices: 100,
  maxCls: 0.05,
};
