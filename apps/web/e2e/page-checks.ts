import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

// The checks every page gets at each width and scheme (axe, no sideways scroll), for specs to
// share rather than copy.

export const SCHEMES = ['light', 'dark'] as const;
export const WIDTHS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 375, height: 812 },
] as const;

/** The color scheme Mantine applied to the page. */
export const scheme = (page: Page) =>
  page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));

export async function expectNoAxeViolations(page: Page, label: string) {
  // Mantine's transitions (notifications, focus rings) must finish before axe looks at colors.
  await page.waitForTimeout(300);
  const results = await new AxeBuilder({ page }).analyze();
  expect
    .soft(
      results.violations.map(
        (v) =>
          `${v.id}: ${v.help} → ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary ?? ''})`).join(', ')}`,
      ),
      `axe on ${label}`,
    )
    .toEqual([]);
}

export async function expectNoSidewaysScroll(page: Page, label: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect.soft(overflow, `horizontal overflow on ${label}`).toBeLessThanOrEqual(0);
}
