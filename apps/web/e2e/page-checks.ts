import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

// Checks every page spec makes (DESIGN §8): axe, no sideways scroll, the color scheme in force.
// Soft, so one run reports every width and scheme that fails.

export const SCHEMES = ['light', 'dark'] as const;
export const WIDTHS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 375, height: 812 },
] as const;

/** The Mantine color scheme the page renders in. */
export const colorSchemeOf = (page: Page) =>
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
