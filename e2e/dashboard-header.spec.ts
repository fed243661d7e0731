// The dashboard's header and stats at both sizes. On a phone the header is one row that fits: the name (cut
// with an ellipsis, never under a button), the rank badge, the map's buttons and the profile picture, whose
// menu holds the profile, the avatar and sign-out; the stats fold into one line so the map gets the screen.
// On a desktop every button stands in the header and the stats are open. Set WAYMARKS_SHOTS_DIR to keep
// screenshots.
import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './support/test.js';
import { createAccount } from './support/harness.js';
import { axeViolations, expectNoSidewaysScroll, screenshot } from './support/page-checks.js';
import { createPins } from './support/pins.js';
import { signInThroughApi } from './support/sign-in.js';

const PASSWORD = 'Trail-mix-2024';
let sequence = 0;

/** An Explorer on the leaderboard (so a rank badge) with a long name and one pin, on the dashboard. */
async function explorerOnDashboard(page: Page) {
  const email = `header-${Date.now()}-${++sequence}@example.com`;
  await createAccount({
    email,
    password: PASSWORD,
    name: 'Isabella Lucy Bird Bishop of Tobermory',
    tier: 'standard',
  });
  const token = await signInThroughApi(page, email, PASSWORD);
  await createPins(page.request, token, [
    { title: 'Lisbon', lat: 38.7223, lng: -9.1393, visitDate: '2024-05-02' },
  ]);
  const optIn = await page.request.put('/api/leaderboard/settings', {
    data: { showOnLeaderboard: true },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(optIn.status()).toBe(200);
  await page.goto('/dashboard');
  await expect(page.locator('[data-map-status="ready"]')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Leaderboard rank')).toBeAttached();
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator} has no box`);
  return found;
}

/** Whether two boxes share any pixel. */
function overlap(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

const header = (page: Page) => page.getByRole('banner');

test(
  'on a phone the header is one row that fits, and the account is one menu',
  { tag: '@phone-only' },
  async ({ page }) => {
    await explorerOnDashboard(page);

    // Nothing overlaps: the name, the rank badge and every button of the row have their own place.
    const name = header(page).getByRole('heading', { level: 1 });
    const badge = header(page).getByText(/#\d+/);
    const controls = await header(page).getByRole('navigation').getByRole('button').all();
    const boxes = [await box(name), await box(badge), ...(await Promise.all(controls.map(box)))];
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++)
        expect(overlap(boxes[i]!, boxes[j]!), `${i} and ${j}`).toBe(false);
    }
    expect((await box(header(page))).height).toBeLessThanOrEqual(64);
    // The long name is cut with an ellipsis inside its own box, and read whole by a screen reader.
    await expect(name).toHaveAccessibleName(/Isabella Lucy Bird Bishop of Tobermory/);
    await expectNoSidewaysScroll(page);

    // Sign-out and the avatar are not among the map's buttons; the profile picture's menu has them.
    await expect(header(page).getByRole('button', { name: 'Sign Out' })).toBeHidden();
    await expect(header(page).getByRole('button', { name: 'Avatar' })).toBeHidden();
    await expect(header(page).getByRole('link', { name: 'Your profile' })).toBeHidden();

    // The stats are one line until asked for, and the map has most of the screen.
    const stats = page.getByRole('region', { name: 'Your travel statistics' });
    await expect(stats).toContainText('1 / 195 countries · 1 place · 0 media');
    await expect(stats.getByText('Cities')).toBeHidden();
    const map = await box(page.locator('.maplibregl-canvas'));
    expect(map.height).toBeGreaterThan(844 * 0.6);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'dashboard-header', 'folded', { fullPage: false });

    const showStats = stats.getByRole('button', { name: 'Show stats' });
    await expect(showStats).toHaveAttribute('aria-expanded', 'false');
    await showStats.click();
    await expect(stats.getByText('Cities')).toBeVisible();
    await expect(stats.getByRole('button', { name: 'Hide stats' })).toHaveAttribute('aria-expanded', 'true');
    await screenshot(page, 'dashboard-header', 'stats-open', { fullPage: false });
    await stats.getByRole('button', { name: 'Hide stats' }).click();
    await expect(stats.getByText('Cities')).toBeHidden();

    // The menu: the profile, importing past travels, the avatar and sign-out, by touch.
    const menuButton = header(page).getByRole('button', { name: 'Account menu' });
    await menuButton.click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText([
      'Profile & Settings',
      'Import past travels',
      'Avatar',
      'Sign Out',
    ]);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'dashboard-header', 'menu', { fullPage: false });
    await menu.getByRole('menuitem', { name: 'Avatar' }).click();
    await expect(page.getByRole('dialog', { name: /avatar/i })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: /avatar/i })).toBeHidden();

    await menuButton.click();
    await page.getByRole('menuitem', { name: 'Profile & Settings' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/dashboard$/);

    await menuButton.click();
    await page.getByRole('menuitem', { name: 'Import past travels' }).click();
    await expect(page).toHaveURL(/\/import$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/dashboard$/);

    await header(page).getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/signin$/);
  },
);

test('on a desktop every header button stands on its own and the stats are open', async ({ page }) => {
  await explorerOnDashboard(page);

  await expect(header(page).getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await expect(header(page).getByRole('button', { name: 'Avatar' })).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'Your profile' })).toBeVisible();
  await expect(header(page).getByRole('button', { name: 'Account menu' })).toBeHidden();
  const stats = page.getByRole('region', { name: 'Your travel statistics' });
  await expect(stats.getByText('Cities')).toBeVisible();
  await expect(stats.getByRole('button', { name: 'Show stats' })).toBeHidden();
  await screenshot(page, 'dashboard-header', 'desktop', { fullPage: false });
});
