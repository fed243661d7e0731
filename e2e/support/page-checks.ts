// Checks the screen journeys share: axe's findings, no sideways scroll on a phone, whether React has adopted
// a prerendered page, and screenshots at the viewport's width into WAYMARKS_SHOTS_DIR when it is set.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** What axe finds against WCAG 2.1 AA and its best practices, one line per rule. */
export async function axeViolations(page: Page): Promise<string[]> {
  const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
  const results = await new AxeBuilder({ page }).withTags(tags).analyze();
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

/** React has adopted the page's heading: it keeps its component on the element (a `__reactFiber$…` key). */
export const isHydrated = (page: Page) =>
  page.evaluate(() => {
    const h1 = document.querySelector('#root h1');
    return h1 !== null && Object.keys(h1).some((key) => key.startsWith('__reactFiber$'));
  });

/**
 * Waits until React has adopted a prerendered page. Until then its links are plain links, which load the
 * next page from the server rather than moving within the app (taps on buttons are held and replayed).
 */
export async function waitForAdoption(page: Page): Promise<void> {
  await expect.poll(() => isHydrated(page)).toBe(true);
}

export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/**
 * `<screen>-<name>-<width>.png` in WAYMARKS_SHOTS_DIR: the whole page, or only the screen while a dialog is
 * open (it stays fixed to the screen).
 */
export async function screenshot(page: Page, screen: string, name: string, { fullPage = true } = {}) {
  const dir = process.env.WAYMARKS_SHOTS_DIR;
  if (!dir) return;
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `${dir}/${screen}-${name}-${width}.png`, fullPage });
}
