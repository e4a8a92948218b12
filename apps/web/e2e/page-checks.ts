import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page, type Request } from '@playwright/test';

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
  // A layout that is still settling after a change of width (a media query's re-render, a
  // ResizeObserver) is measured again, for about a second; a real overflow stays and fails.
  let measured = await measureOverflow(page);
  for (let tries = 0; measured.overflow > 0 && tries < 5; tries++) {
    await page.waitForTimeout(200);
    measured = await measureOverflow(page);
  }
  const { overflow, wide } = measured;
  expect
    .soft(overflow, `horizontal overflow on ${label}${overflow > 0 ? `: ${wide.join('; ')}` : ''}`)
    .toBeLessThanOrEqual(0);
}

function measureOverflow(page: Page): Promise<{ overflow: number; wide: string[] }> {
  return page.evaluate(() => {
    const limit = document.documentElement.clientWidth + 0.5;
    // Named in the failure: the innermost elements that stick out on the right.
    const out = [...document.body.querySelectorAll('*')].filter(
      (el) =>
        el.getBoundingClientRect().right > limit &&
        ![...el.children].some((child) => child.getBoundingClientRect().right > limit),
    );
    return {
      overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      wide: out
        .slice(0, 5)
        .map(
          (el) =>
            `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${(el.textContent ?? '').slice(0, 40)}"`,
        ),
    };
  });
}

/**
 * What `waitForLoadState('networkidle')` meant before the live stream: no request in flight for
 * 500 ms, leaving out the signed-in shell's stream (GET /api/v1/events), which stays open for
 * the page's life, so networkidle may never come (decision 114).
 */
export async function waitForNetworkQuiet(page: Page, quietMs = 500, timeoutMs = 15_000) {
  const inflight = new Set<Request>();
  let last = Date.now();
  const isStream = (r: Request) => new URL(r.url()).pathname === '/api/v1/events';
  const onStart = (r: Request) => {
    if (isStream(r)) return;
    inflight.add(r);
    last = Date.now();
  };
  const onEnd = (r: Request) => {
    if (inflight.delete(r)) last = Date.now();
  };
  page.on('request', onStart);
  page.on('requestfinished', onEnd);
  page.on('requestfailed', onEnd);
  try {
    const deadline = Date.now() + timeoutMs;
    while (inflight.size > 0 || Date.now() - last < quietMs) {
      if (Date.now() > deadline) throw new Error(`the network did not go quiet in ${timeoutMs} ms`);
      await page.waitForTimeout(100);
    }
  } finally {
    page.off('request', onStart);
    page.off('requestfinished', onEnd);
    page.off('requestfailed', onEnd);
  }
}

/**
 * The texts `locator` cuts off (an ellipsis or a clip): an element whose content is wider than
 * its box, or a select with an option wider than the box (a select's scrollWidth never says).
 */
export function cutTexts(locator: Locator): Promise<string[]> {
  return locator.evaluateAll((elements) =>
    elements.flatMap((el) => {
      if (el instanceof HTMLSelectElement) {
        const style = getComputedStyle(el);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = style.font;
        const room =
          el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return [...el.options]
          .map((o) => o.textContent ?? '')
          .filter((text) => context.measureText(text).width > room);
      }
      return el.scrollWidth > el.clientWidth ? [el.textContent ?? ''] : [];
    }),
  );
}

/**
 * At 1440 and 375 px, light and dark: the scheme in force, no sideways scroll, no axe violation,
 * and a screenshot (`shoot` gets the file) in `shots` named after `label`; the page is left light
 * at 1440 px.
 */
export async function checkEverywhere(
  page: Page,
  shots: string,
  label: string,
  shoot: (file: string) => Promise<unknown>,
) {
  for (const colorScheme of SCHEMES) {
    await page.emulateMedia({ colorScheme });
    for (const { name, width, height } of WIDTHS) {
      await test.step(`${label} at ${width} px, ${colorScheme}`, async () => {
        await page.setViewportSize({ width, height });
        // The layout settles on the next frames (Mantine's media queries, ResizeObserver).
        await page.evaluate(
          () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
        );
        const where = `${label} at ${width} px, ${colorScheme}`;
        expect(await colorSchemeOf(page)).toBe(colorScheme);
        await expectNoSidewaysScroll(page, where);
        await expectNoAxeViolations(page, where);
        await shoot(`${shots}/${label.replaceAll(' ', '-')}-${name}-${colorScheme}.png`);
      });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1440, height: 900 });
}
