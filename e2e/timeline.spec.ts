// The dashboard's Travel Timeline strip in a real browser against the real server: a basic traveller
// zooms it and opens a place from it, the toggle is remembered, a free traveller meets the placeholder,
// and on a phone the strip sits below the map, clear of the map's controls.
import { expect, type Page } from '@playwright/test';
import { test } from './support/test.js';
import { planRequiredMessage } from '../packages/shared/src/features.js';
import { createAccount } from './support/harness.js';
import { createPins, type NewPin } from './support/pins.js';
import { axeViolations } from './support/page-checks.js';
import { signInThroughApi } from './support/sign-in.js';

const PASSWORD = 'Trail-mix-2024';
let sequence = 0;

type Tier = 'free' | 'basic' | 'standard' | 'plus' | 'pro';

/** Four places over two years; Lisbon and Porto, two days apart, share a marker until zoomed in. */
const TRIP: NewPin[] = [
  { title: 'Reykjavik', lat: 64.1466, lng: -21.9426, visitDate: '2022-07-01' },
  { title: 'Lisbon', lat: 38.7223, lng: -9.1393, visitDate: '2023-04-10' },
  { title: 'Porto', lat: 41.1579, lng: -8.6291, visitDate: '2023-04-12' },
  { title: 'Kyoto', lat: 35.0116, lng: 135.7681, visitDate: '2024-10-01' },
];

/** A new traveller on `tier` with `pins` made through the API, signed in on the dashboard with its map drawn. */
async function openDashboard(page: Page, tier: Tier, pins: NewPin[]) {
  const email = `timeline-${tier}-${Date.now()}-${++sequence}@example.com`;
  await createAccount({ email, password: PASSWORD, name: 'Freya Stark', tier });
  await createPins(page.request, await signInThroughApi(page, email, PASSWORD), pins);
  await page.goto('/dashboard');
  await expect(page.locator('[data-map-status="ready"]')).toBeVisible({ timeout: 30_000 });
}

test('a basic traveller zooms the timeline with its buttons and opens a place from it', async ({ page }) => {
  await openDashboard(page, 'basic', [...TRIP, { title: 'Undated', lat: 48.8566, lng: 2.3522 }]);

  const strip = page.getByRole('region', { name: 'Travel Timeline' });
  await expect(strip).toBeVisible();
  await expect(strip.getByRole('button', { name: 'Reykjavik, July 1, 2022' })).toBeVisible();
  await expect(strip.getByRole('button', { name: /Undated/ })).toHaveCount(0);
  const pair = strip.getByRole('button', { name: '2 places, from April 10, 2023 to April 12, 2023' });
  await expect(pair).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  const zoom = strip.getByRole('status', { name: 'Zoom' });
  await strip.getByRole('button', { name: 'Zoom in' }).click();
  await expect(zoom).toHaveText('1.5×');
  await strip.getByRole('button', { name: 'Zoom in' }).click();
  await expect(zoom).toHaveText('2.3×');
  // Still together at this zoom: choosing the pair zooms in around it until they stand apart.
  await pair.click();
  await expect(zoom).toHaveText('50×');
  await expect(pair).toHaveCount(0);

  await strip.getByRole('button', { name: 'Lisbon, April 10, 2023' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lisbon' });
  await expect(dialog).toContainText('Saved • 0 media');
  await expect(dialog).toContainText('April 10, 2023');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The map flew to Lisbon, as close as it goes (zoom 10): its marker is in view, Porto's (270 km away) is not.
  await expect(page.getByRole('button', { name: 'Lisbon, Portugal' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Porto, Portugal' })).toHaveCount(0);

  await strip.getByRole('button', { name: 'Reset zoom' }).click();
  await expect(zoom).toHaveText('1×');
  await expect(pair).toBeVisible();
});

test('the round toggle hides the strip, and the choice is kept after a reload', async ({ page }) => {
  await openDashboard(page, 'basic', TRIP.slice(0, 1));
  const toggle = page.getByRole('button', { name: 'Travel Timeline' });
  const strip = page.getByRole('region', { name: 'Travel Timeline' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(strip).toBeVisible();

  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(strip).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('button', { name: 'Travel Timeline' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
  await expect(strip).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('showTimeline'))).toBe('false');
  await page.getByRole('button', { name: 'Travel Timeline' }).click();
  await expect(strip).toBeVisible();
});

test('a free traveller with dated places sees the placeholder, whose Upgrade leads to /profile', async ({
  page,
}) => {
  await openDashboard(page, 'free', TRIP.slice(0, 2));

  const placeholder = page.getByRole('region', { name: 'Travel Timeline' });
  await expect(placeholder).toContainText(planRequiredMessage('timelineView'));
  await expect(placeholder.getByRole('group', { name: /^Timeline, / })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);

  await placeholder.getByRole('link', { name: 'Upgrade' }).click();
  await expect(page).toHaveURL(/\/profile$/);
});

test(
  'on a phone the strip sits below the map, clear of its controls, and a tapped place opens',
  { tag: '@phone-only' },
  async ({ page }) => {
    await openDashboard(page, 'basic', TRIP);
    const strip = page.getByRole('region', { name: 'Travel Timeline' });
    await expect(strip).toBeVisible();

    const [stripBox, toggleBox, zoomControls, attribution, viewport] = await Promise.all([
      strip.boundingBox(),
      page.getByRole('button', { name: 'Travel Timeline' }).boundingBox(),
      page.locator('.maplibregl-ctrl-bottom-right').boundingBox(),
      page.locator('.maplibregl-ctrl-bottom-left').boundingBox(),
      page.viewportSize(),
    ]);
    if (!stripBox || !toggleBox || !zoomControls || !attribution || !viewport) {
      throw new Error('the strip, its toggle or the map controls have no size');
    }
    // A compact band (the heading, the axis and the row of years), wholly on screen, under the map's
    // bottom corners.
    expect(stripBox.height).toBeGreaterThanOrEqual(96);
    expect(stripBox.height).toBeLessThanOrEqual(164);
    expect(stripBox.y + stripBox.height).toBeLessThanOrEqual(viewport.height);
    expect(zoomControls.y + zoomControls.height).toBeLessThanOrEqual(stripBox.y);
    expect(attribution.y + attribution.height).toBeLessThanOrEqual(stripBox.y);
    // The toggle sits between the corners, touching neither.
    expect(toggleBox.x).toBeGreaterThanOrEqual(attribution.x + attribution.width);
    expect(toggleBox.x + toggleBox.width).toBeLessThanOrEqual(zoomControls.x);

    await strip.getByRole('button', { name: 'Kyoto, October 1, 2024' }).tap();
    await expect(page.getByRole('dialog', { name: 'Kyoto' })).toContainText('Saved • 0 media');
  },
);
