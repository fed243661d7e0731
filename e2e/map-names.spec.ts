// The dashboard map as a traveller reads it, in a real browser against the real server: country names at
// world zooms and town names closer in (drawn from the server's own glyphs), coastlines that keep a
// Lisbon pin on land at city zoom, a globe at world zooms that flattens as one zooms in (and a switch
// that turns it off), and not one request leaving the app's origin.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Map as MaplibreMap } from 'maplibre-gl';
import { MAP_COLORS } from '../apps/web/src/features/map/colors.js';
import { baseURL, createAccount } from './support/harness.js';
import { createPinsThroughApi } from './support/pins.js';
import { blend, colourDistance, hexColour, pixelAt, type Rgb } from './support/pixel.js';
import { signInThrough } from './support/sign-in.js';

declare global {
  interface Window {
    waymarksMap?: MaplibreMap;
  }
}

const PASSWORD = 'Trail-mix-2024';
let sequence = 0;

/** Baixa, Lisbon: streets on the Tagus shore that the 1:50m coastline puts in the river. */
const LISBON_BAIXA = { lat: 38.71, lng: -9.1366 };

async function travellerWithPins(
  page: Page,
  request: APIRequestContext,
  pins: { title: string; lat: number; lng: number }[],
) {
  const email = `names-${Date.now()}-${++sequence}@example.com`;
  await createAccount({ email, password: PASSWORD, name: 'Isabella Bird', tier: 'pro' });
  await createPinsThroughApi(request, email, PASSWORD, pins);
  await signInThrough(page, '/dashboard', email, PASSWORD);
  await expect(page.locator('[data-map-status="ready"]')).toBeVisible({ timeout: 30_000 });
}

/** Moves the map at once and waits until every tile and name of the new view is drawn. */
async function viewAt(page: Page, lng: number, lat: number, zoom: number) {
  await page.evaluate(
    ([lng, lat, zoom]) =>
      new Promise<void>((resolve) => {
        const map = window.waymarksMap;
        if (!map) throw new Error('the map is not loaded');
        map.once('idle', () => resolve());
        map.jumpTo({ center: [lng, lat], zoom });
      }),
    [lng, lat, zoom] as const,
  );
}

/** The names MapLibre placed on screen (drawn, not hidden by collision) in one label layer. */
function namesShown(page: Page, layer: 'country-labels' | 'place-labels'): Promise<string[]> {
  return page.evaluate((layer) => {
    const map = window.waymarksMap;
    if (!map) throw new Error('the map is not loaded');
    return map
      .queryRenderedFeatures({ layers: [layer] })
      .map((feature) => String(feature.properties['name']));
  }, layer);
}

async function canvasBox(page: Page) {
  const box = await page.locator('.maplibregl-canvas').boundingBox();
  if (!box) throw new Error('the map has no size');
  return box;
}

const ocean = hexColour(MAP_COLORS.ocean);
const land = hexColour(MAP_COLORS.land);
const visitedLand = blend(land, hexColour(MAP_COLORS.visited), 0.3);
const isMapColour = (pixel: Rgb) =>
  [ocean, land, visitedLand].some((colour) => colourDistance(pixel, colour) < 10);

test('countries are named at world zoom and towns at region zoom, with no request leaving the app', async ({
  page,
  request,
}) => {
  const elsewhere: string[] = [];
  const failed: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(`${baseURL}/`) && !/^(data|blob):/.test(url)) elsewhere.push(url);
  });
  // A tile the map no longer needs after a jump is cancelled (net::ERR_ABORTED): not a failure.
  page.on('requestfailed', (request) => {
    if (request.failure()?.errorText !== 'net::ERR_ABORTED') failed.push(request.url());
  });
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  await travellerWithPins(page, request, [{ title: 'Évora', lat: 38.5714, lng: -7.9135 }]);

  // The largest countries are named from the widest zooms, smaller ones as there is room for them.
  await viewAt(page, 10, 48, 2);
  expect(await namesShown(page, 'country-labels')).toEqual(
    expect.arrayContaining(['Russia', 'Kazakhstan', 'Algeria']),
  );
  await viewAt(page, 2, 46, 4);
  expect(await namesShown(page, 'country-labels')).toEqual(expect.arrayContaining(['France', 'Spain']));

  await viewAt(page, -9.14, 38.72, 8);
  const towns = await namesShown(page, 'place-labels');
  expect(towns).toContain('Lisbon');
  expect(towns.length).toBeGreaterThan(3);

  const glyphs = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((url) => url.includes('/map/glyphs/')),
  );
  expect(glyphs.length).toBeGreaterThan(0);
  expect(elsewhere).toEqual([]);
  expect(failed).toEqual([]);
});

test('a pin on the Lisbon shore stands on land at city zoom', async ({ page, request }) => {
  await travellerWithPins(page, request, [{ title: 'Baixa', ...LISBON_BAIXA }]);
  // The marker would cover the spot it marks: hide the pins, read the map under them.
  await page.getByRole('button', { name: 'Show pins' }).click();
  await viewAt(page, LISBON_BAIXA.lng, LISBON_BAIXA.lat, 12);
  const box = await canvasBox(page);
  const spot = await page.evaluate(
    ([lng, lat]) => window.waymarksMap?.project([lng, lat]) ?? { x: NaN, y: NaN },
    [LISBON_BAIXA.lng, LISBON_BAIXA.lat] as const,
  );
  const pixel = await pixelAt(page, box.x + spot.x, box.y + spot.y);
  // Portugal is visited (the pin is in it): the green-tinted land, not the river.
  expect(colourDistance(pixel, visitedLand)).toBeLessThan(10);
  expect(colourDistance(pixel, ocean)).toBeGreaterThan(10);
});

test('the globe: a globe at zoom 1 and a flat map at zoom 8, off by default where WebGL is software, kept as chosen', async ({
  page,
  request,
}) => {
  await travellerWithPins(page, request, [{ title: 'Évora', lat: 38.5714, lng: -7.9135 }]);
  const box = await canvasBox(page);
  const corner = () => pixelAt(page, box.x + 4, box.y + box.height - 4);
  const globe = page.getByRole('button', { name: 'Globe view' });

  // This browser draws WebGL in software (SwiftShader), where the globe is slow: the map starts flat,
  // reaching the corners even at the widest zoom.
  const renderer = await page.evaluate(() => {
    const gl = document.createElement('canvas').getContext('webgl');
    const info = gl?.getExtension('WEBGL_debug_renderer_info');
    return info ? String(gl?.getParameter(info.UNMASKED_RENDERER_WEBGL)) : '';
  });
  expect(renderer).toMatch(/SwiftShader/i);
  await expect(globe).toHaveAttribute('aria-pressed', 'false');
  await viewAt(page, 0, 20, 1);
  expect(isMapColour(await corner())).toBe(true);

  // Turned on from the keyboard: a globe in space at zoom 1.
  await globe.focus();
  await page.keyboard.press('Enter');
  await expect(globe).toHaveAttribute('aria-pressed', 'true');
  await viewAt(page, 0, 20, 1);
  const shotsDir = process.env.WAYMARKS_SHOTS_DIR;
  if (shotsDir) await page.screenshot({ path: `${shotsDir}/map-globe-1280.png` });
  expect(isMapColour(await corner())).toBe(false);
  const centre = await pixelAt(page, box.x + box.width / 2, box.y + box.height / 2);
  expect(isMapColour(centre)).toBe(true);
  // Flat again by zoom 8.
  await viewAt(page, 0, 20, 8);
  expect(isMapColour(await corner())).toBe(true);

  // The choice is kept for the next visit, over this browser's default.
  await page.reload();
  await expect(page.locator('[data-map-status="ready"]')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Globe view' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Globe view' }).click();
  await expect(page.getByRole('button', { name: 'Globe view' })).toHaveAttribute('aria-pressed', 'false');
  await viewAt(page, 0, 20, 1);
  expect(isMapColour(await corner())).toBe(true);
});

test('on a phone the globe, its switch and the names leave the map usable @phone', async ({
  page,
  request,
}) => {
  await travellerWithPins(page, request, [{ title: 'Évora', lat: 38.5714, lng: -7.9135 }]);
  await viewAt(page, 10, 48, 3);
  expect(await namesShown(page, 'country-labels')).toContain('France');
  const globe = page.getByRole('button', { name: 'Globe view' });
  await expect(globe).toBeInViewport();
  const size = await globe.boundingBox();
  expect(size?.width).toBeGreaterThanOrEqual(44);
  expect(size?.height).toBeGreaterThanOrEqual(44);
  // The markers keep their own accessible names; the drawn names add none.
  await viewAt(page, -7.9135, 38.5714, 6);
  await expect(page.getByRole('button', { name: /Évora/ })).toBeVisible();
  const shotsDir = process.env.WAYMARKS_SHOTS_DIR;
  if (shotsDir) await page.screenshot({ path: `${shotsDir}/map-names-phone.png` });
});
