// The public pages arrive as HTML (apps/web/scripts/prerender.mjs): readable with JavaScript off, with this
// instance's settings filled in, then adopted by React in the browser without a hydration error and without
// drawing the page again.
import { expect, test, type Page } from '@playwright/test';

// SUPPORT_EMAIL is not set by e2e/global-setup.ts, so the default address applies.
const SUPPORT = 'support@waymarks.app';

const PAGES = [
  { path: '/', h1: 'Map Your Adventures', title: 'Waymarks' },
  { path: '/about', h1: 'About Waymarks', title: 'About · Waymarks' },
  { path: '/privacy', h1: 'Privacy Policy', title: 'Privacy Policy · Waymarks' },
  { path: '/terms', h1: 'Terms of Service', title: 'Terms of Service · Waymarks' },
  { path: '/stripe-privacy', h1: 'Payment Privacy Notice', title: 'Payment Privacy Notice · Waymarks' },
  { path: '/liability', h1: 'Limitation of Liability', title: 'Limitation of Liability · Waymarks' },
  { path: '/copyright', h1: 'Copyright & DMCA Policy', title: 'Copyright & DMCA Policy · Waymarks' },
  { path: '/illegal-content', h1: 'Report Content', title: 'Report Content · Waymarks' },
  { path: '/feedback', h1: 'Send Feedback', title: 'Send Feedback · Waymarks' },
];

/** Keeps the page's server-sent <h1> the moment parsing ends, before any script of the page runs. */
async function keepServerHeading(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      (window as { serverHeading?: Element | null }).serverHeading = document.querySelector('#root h1');
    });
  });
}

/** React has adopted the heading: it keeps its component on the element (a `__reactFiber$…` key). */
const isHydrated = (page: Page) =>
  page.evaluate(() => {
    const h1 = document.querySelector('#root h1');
    return h1 !== null && Object.keys(h1).some((key) => key.startsWith('__reactFiber$'));
  });

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  for (const { path, h1, title } of PAGES) {
    test(`${path} shows its heading, its title and the support address`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
      await expect(page).toHaveTitle(title);
      await expect(page.locator('footer a[href^="mailto:"]')).toHaveAttribute('href', `mailto:${SUPPORT}`);
    });
  }
});

for (const { path, h1 } of PAGES) {
  test(`${path} hydrates without an error and keeps the elements the server sent`, async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await keepServerHeading(page);
    await page.goto(path);
    await expect.poll(() => isHydrated(page)).toBe(true);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
    expect(
      await page.evaluate(() => (window as { serverHeading?: Element | null }).serverHeading?.isConnected),
    ).toBe(true);

    // The skip link's own handler runs (a link left to the browser would add #main to the address).
    await page.getByRole('link', { name: 'Skip to main content' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main')).toBeFocused();
    expect(new URL(page.url()).hash).toBe('');
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });
}
