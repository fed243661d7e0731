// Checks the screen journeys share: axe's findings, no sideways scroll on a phone, and screenshots at the
// viewport's width into WAYMARKS_SHOTS_DIR when it is set.
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
