// The public pages arrive as HTML (apps/web/scripts/prerender.mjs): readable with JavaScript off, with this
// instance's settings filled in, then adopted by React in the browser without a hydration error and without
// drawing the page again.
import { expect, type Page } from '@playwright/test';
import { test } from './support/test.js';
import { isHydrated, waitForAdoption } from './support/page-checks.js';

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

/**
 * Holds back every script but the page's small entry (the first one asked for) until the returned
 * function is called: the page stays plain HTML, as on a slow phone, while the test acts on it.
 */
async function holdAppCode(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let entry: string | undefined;
  await page.route('**/assets/*.js', async (route) => {
    entry ??= route.request().url();
    if (route.request().url() !== entry) await released;
    await route.continue();
  });
  return release;
}

test('a report typed and sent before the app has arrived is checked and sent as typed', async ({ page }) => {
  const release = await holdAppCode(page);
  await page.goto('/illegal-content', { waitUntil: 'domcontentloaded' });

  await page.getByLabel('Content Type').selectOption('photo');
  await page.getByLabel('Content Location/URL').fill('https://waymarks.test/pins/early');
  await page
    .getByLabel('Description')
    .fill('Typed while the page was still plain HTML, before its code arrived.');
  await page.getByRole('button', { name: 'Submit Report' }).click();
  expect(await isHydrated(page)).toBe(false);
  // Held: the form did not go to the server as a plain HTML form.
  await expect(page).toHaveURL(/\/illegal-content$/);

  release();
  await expect(page.getByRole('heading', { name: 'Report Submitted' })).toBeVisible();
  await expect(page.getByText(/^#[0-9A-Z]{9}$/)).toBeVisible();
});

test('a tap on the phone menu before the app has arrived opens the menu once it has', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const release = await holdAppCode(page);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await page.getByRole('button', { name: 'Open menu' }).click();
  expect(await isHydrated(page)).toBe(false);

  release();
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
});

test('a page scrolled before the app has arrived stays where the visitor left it', async ({ page }) => {
  const release = await holdAppCode(page);
  await page.goto('/illegal-content', { waitUntil: 'domcontentloaded' });
  await page.getByRole('button', { name: 'Submit Report' }).scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);

  release();
  await waitForAdoption(page);
  // A frame after adoption, so that anything the app does to the scroll on mount has been done.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
});
