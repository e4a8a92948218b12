import { expect, test } from './test';
import { measurePage, PAGES, summarize, USERS } from '../scripts/page-load.mjs';
import { signInAs } from './fixtures';

// Decision 127: the size and file-count part of `npm run bench:web`, as a budget the build keeps.
// Each page is opened in a fresh context (nothing cached) and measured until it is usable (its
// content rendered and its API calls answered, the live stream left open); the figures must stay
// within scripts/web-budget.mjs. A chunking change that splits the code back into many small
// files, an asset served uncompressed or a page that grows fails here.

for (const spec of PAGES) {
  test(`${spec.label ?? spec.path} stays within the web budget`, async ({ page }) => {
    let path = spec.path;
    if (spec.who) {
      const user = await signInAs(page, USERS[spec.who]);
      if (!path) {
        // The student course page: the course of the team leader's first team.
        const res = await page.request.get('/api/v1/student/me/teams', {
          headers: { Authorization: `Bearer ${user.token}` },
        });
        const { teams } = ((await res.json()) as { data: { teams: { courseId: string }[] } }).data;
        expect(teams.length, `${USERS[spec.who]} leads a team in the demo data`).toBeGreaterThan(0);
        path = `/courses/${teams[0]!.courseId}`;
      }
    }
    const measured = await measurePage(page, path!, { heading: spec.heading, timeoutMs: 45_000 });
    const { figures, checks } = summarize(spec.key, measured);
    test.info().annotations.push({
      type: 'figures',
      description: `${figures.jsFiles} JS files, ${figures.jsEncoded} B as sent (${figures.jsRaw} B raw), ${figures.apiCalls} API calls in ${figures.apiRounds} round(s), small: ${figures.small.join(', ')}`,
    });
    for (const check of checks) {
      expect
        .soft(
          check.figure,
          `${check.name}${check.name.includes('uncompressed') ? `: ${figures.uncompressed.join(', ')}` : ''}`,
        )
        .toBeLessThanOrEqual(check.limit);
    }
  });
}
