// The dashboard map as a traveller reads it, in a real browser against the real server: country names at
// world zooms and town names closer in (drawn from the server's own glyphs), coastlines that keep a
// Lisbon pin on land at the deepest zoom (10, where the built-in map stops), a globe at world zooms that flattens as one zooms in (and a switch
// that turns it off), and not one request leaving the app's origin. The map is moved as a traveller moves
// it, from the keyboard, and read from the pixels it draws.
import { expect, type Page } from '@playwright/test';
import { test } from './support/test.js';
import { basemapLayers, readWorldAtlas } from '../apps/server/src/modules/map/basemap-layers.js';
import { MAP_COLORS, VISITED_OPACITY } from '../apps/web/src/features/map/colors.js';
import { baseURL, createAccount } from './support/harness.js';
import { createPins } from './support/pins.js';
import {
  blend,
  colourDistance,
  hexColour,
  pictureOf,
  pixelAt,
  type Picture,
  type Rgb,
} from './support/pixel.js';
import { signInThroughApi } from './support/sign-in.js';

const PASSWORD = 'Trail-mix-2024';
let sequence = 0;

/** Baixa, Lisbon: streets on the Tagus shore that the 1:50m coastline puts in the river. */
const LISBON_BAIXA = { lat: 38.71, lng: -9.1366 };
const EVORA = { title: 'Évora', lat: 38.5714, lng: -7.9135 };
const LISBON = { title: 'Lisbon', lat: 38.7223, lng: -9.1393 };

/** The country label points the server's tiles carry up to zoom 4 (cut from 1:50m data). */
const countryLabels = basemapLayers(readWorldAtlas('50m')).country_labels.features;
function labelPoint(name: string) {
  const label = countryLabels.find((feature) => feature.properties.name === name);
  if (!label) throw new Error(`no label point for ${name}`);
  const [lng = NaN, lat = NaN] = label.geometry.coordinates;
  return { lng, lat };
}

/** Web Mercator position of a place, 0 to 1 across the world. */
function mercator(lng: number, lat: number) {
  const sin = Math.sin((lat * Math.PI) / 180);
  return { x: lng / 360 + 0.5, y: 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI) };
}

/** A world of 512 pixels at zoom 0, as MapLibre draws it. */
const worldSize = (zoom: number) => 512 * 2 ** zoom;

/**
 * The dashboard map moved from the keyboard, as MapLibre documents its keys: = and - zoom by 1 (by 2
 * with Shift) about the centre, the arrows move the view by 100 pixels. The view is followed from the
 * keys pressed: the map opens fitted to the traveller's places, which for a single pin is that pin at the
 * centre at zoom 6.
 */
class KeyboardMap {
  private centre: { x: number; y: number };
  private zoom = 6;

  constructor(
    private readonly page: Page,
    opening: { lng: number; lat: number },
  ) {
    this.centre = mercator(opening.lng, opening.lat);
  }

  async press(...keys: string[]) {
    for (const key of keys) {
      await this.page.locator('.maplibregl-canvas').press(key);
      const step = 2 ** (key.startsWith('Shift+') ? 1 : 0);
      if (key.endsWith('Equal')) this.zoom += step;
      if (key.endsWith('Minus')) this.zoom -= step;
      const move = 100 / worldSize(this.zoom);
      if (key === 'ArrowLeft') this.centre.x -= move;
      if (key === 'ArrowRight') this.centre.x += move;
      if (key === 'ArrowUp') this.centre.y -= move;
      if (key === 'ArrowDown') this.centre.y += move;
      // Each key starts from where the last one's movement ended.
      await settled(this.page);
    }
  }

  /** Where a place is drawn in a picture of the map. */
  whereIs(picture: Picture, lng: number, lat: number) {
    const point = mercator(lng, lat);
    const scale = worldSize(this.zoom);
    return {
      x: Math.round(picture.width / 2 + (point.x - this.centre.x) * scale),
      y: Math.round(picture.height / 2 + (point.y - this.centre.y) * scale),
    };
  }
}

const mapArea = (page: Page) => page.locator('.maplibregl-map');

/** Waits until the map has stopped moving and drawing: two pictures of it in a row are the same. */
async function settled(page: Page) {
  let last: Buffer = Buffer.alloc(0);
  await expect
    .poll(
      async () => {
        // JPEG: quicker to make than PNG, and the same picture gives the same bytes.
        const shot = await mapArea(page).screenshot({ scale: 'css', type: 'jpeg' });
        const same = shot.equals(last);
        last = shot;
        return same;
      },
      { timeout: 30_000, intervals: [250] },
    )
    .toBe(true);
}

/**
 * The names' letters: slate on a white halo, darker than anything else the basemap draws (its land,
 * water, borders and visited tint are all light).
 */
const isLetter = ([r, g, b]: Rgb) => Math.max(r, g, b) < 150;

/**
 * The letters drawn in a box centred on a point: how many pixels, and the darkest one's brightest
 * channel. A name can be no darker than its own colour, and town names are darker than country names.
 */
function lettersAround(picture: Picture, centre: { x: number; y: number }, halfWidth = 36, halfHeight = 9) {
  let count = 0;
  let darkest = 255;
  for (let y = centre.y - halfHeight; y <= centre.y + halfHeight; y++) {
    for (let x = centre.x - halfWidth; x <= centre.x + halfWidth; x++) {
      if (x < 0 || y < 0 || x >= picture.width || y >= picture.height) continue;
      const pixel = picture.at(x, y);
      if (!isLetter(pixel)) continue;
      count++;
      darkest = Math.min(darkest, Math.max(...pixel));
    }
  }
  return { count, darkest };
}

/** The brightest channel of the country names' colour: town names have a darker one. */
const COUNTRY_NAME_SHADE = Math.max(...hexColour(MAP_COLORS.countryLabel));
const isCountryName = ({ count, darkest }: ReturnType<typeof lettersAround>) =>
  count >= 12 && darkest >= COUNTRY_NAME_SHADE - 8;
const isTownName = ({ count, darkest }: ReturnType<typeof lettersAround>) =>
  count >= 12 && darkest < COUNTRY_NAME_SHADE - 8;

/**
 * Separate names on the map, away from the search field over its top and the controls along its bottom:
 * letter pixels gathered into 12-pixel cells, touching cells counted as one name.
 */
function namesDrawn(picture: Picture): number {
  const cell = 12;
  const columns = Math.floor(picture.width / cell);
  const rows = Math.floor((picture.height - 150) / cell);
  const inked = new Set<number>();
  for (let row = Math.ceil(80 / cell); row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      let letters = 0;
      for (let y = row * cell; y < (row + 1) * cell; y++) {
        for (let x = column * cell; x < (column + 1) * cell; x++) if (isLetter(picture.at(x, y))) letters++;
      }
      if (letters >= 3) inked.add(row * columns + column);
    }
  }
  let names = 0;
  const seen = new Set<number>();
  for (const start of inked) {
    if (seen.has(start)) continue;
    names++;
    const queue = [start];
    seen.add(start);
    while (queue.length) {
      const current = queue.pop() ?? 0;
      const [row, column] = [Math.floor(current / columns), current % columns];
      for (const [dy, dx] of [-1, 0, 1].flatMap((dy) => [-1, 0, 1].map((dx) => [dy, dx] as const))) {
        const next = (row + dy) * columns + column + dx;
        if (column + dx < 0 || column + dx >= columns || !inked.has(next) || seen.has(next)) continue;
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return names;
}

/** Waits until each name is drawn at its place, in the colour of its kind (country or town). */
async function expectNamesAt(
  page: Page,
  map: KeyboardMap,
  kind: 'country' | 'town',
  places: Record<string, { lng: number; lat: number }>,
) {
  const isName = kind === 'country' ? isCountryName : isTownName;
  await expect
    .poll(
      async () => {
        const picture = await pictureOf(mapArea(page));
        return Object.entries(places)
          .filter(([, { lng, lat }]) => !isName(lettersAround(picture, map.whereIs(picture, lng, lat))))
          .map(([name]) => name);
      },
      { timeout: 30_000 },
    )
    .toEqual([]);
}

async function travellerWithPin(page: Page, pin: { title: string; lat: number; lng: number }) {
  // The worker's index: two workers run this spec's journeys (below), each counting its own sequence.
  const email = `names-${test.info().workerIndex}-${Date.now()}-${++sequence}@example.com`;
  await createAccount({ email, password: PASSWORD, name: 'Isabella Bird', tier: 'pro' });
  await createPins(page.request, await signInThroughApi(page, email, PASSWORD), [pin]);
  await page.goto('/dashboard');
  await expect(page.locator('[data-map-status="ready"]')).toBeVisible({ timeout: 30_000 });
  await settled(page);
  return new KeyboardMap(page, pin);
}

async function canvasBox(page: Page) {
  const box = await page.locator('.maplibregl-canvas').boundingBox();
  if (!box) throw new Error('the map has no size');
  return box;
}

const ocean = hexColour(MAP_COLORS.ocean);
const land = hexColour(MAP_COLORS.land);
const visitedLand = blend(land, hexColour(MAP_COLORS.visited), VISITED_OPACITY);
const isMapColour = (pixel: Rgb) =>
  [ocean, land, visitedLand].some((colour) => colourDistance(pixel, colour) < 10);

// Every journey has a traveller of its own, so they run on both workers at once: the globe's journey alone
// takes over half a minute, and one worker taking all four left the other idle.
test.describe.configure({ mode: 'parallel' });

test('countries are named at world zoom and towns at region zoom, with no request leaving the app', async ({
  page,
}) => {
  const elsewhere: string[] = [];
  const failed: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(`${baseURL}/`) && !/^(data|blob):/.test(url)) elsewhere.push(url);
  });
  // A tile the map no longer needs after a move is cancelled (net::ERR_ABORTED): not a failure.
  page.on('requestfailed', (request) => {
    if (request.failure()?.errorText !== 'net::ERR_ABORTED') failed.push(request.url());
  });
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  // Eight moves of the map, each waited for, on a machine that draws WebGL in software.
  test.slow();
  const map = await travellerWithPin(page, LISBON);
  // The marker would stand over the names: the pins are hidden, the names are read from the map alone.
  await page.getByRole('button', { name: 'Show pins' }).click();

  // Closer in, the towns around Lisbon are named, Lisbon among them.
  await map.press('Shift+Equal');
  await expectNamesAt(page, map, 'town', { Lisbon: LISBON });
  expect(namesDrawn(await pictureOf(mapArea(page)))).toBeGreaterThan(3);

  // The largest countries are named from the widest zooms, smaller ones as there is room for them.
  await map.press('Shift+Minus', 'Shift+Minus', 'ArrowUp');
  await expectNamesAt(page, map, 'country', {
    France: labelPoint('France'),
    Spain: labelPoint('Spain'),
  });
  await map.press('Shift+Minus', 'ArrowRight', 'ArrowRight');
  await expectNamesAt(page, map, 'country', {
    Russia: labelPoint('Russia'),
    Kazakhstan: labelPoint('Kazakhstan'),
    Algeria: labelPoint('Algeria'),
  });

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

test('a pin on the Lisbon shore stands on land at the deepest zoom, where the built-in map stops', async ({
  page,
}) => {
  const map = await travellerWithPin(page, { title: 'Baixa', ...LISBON_BAIXA });
  // The marker would cover the spot it marks: hide the pins, read the map under them. The map opened on
  // the pin, so the spot stays at the centre as it zooms.
  await page.getByRole('button', { name: 'Show pins' }).click();
  const zoomIn = page.getByRole('button', { name: 'Zoom in' });
  await map.press('Shift+Equal', 'Equal');
  await expect(zoomIn).toBeEnabled();
  // Zoom 10: as far as the built-in map's data holds up (decision 091), so the zoom-in button is off.
  await map.press('Equal');
  await expect(zoomIn).toBeDisabled();
  const shotsDir = process.env.WAYMARKS_SHOTS_DIR;
  if (shotsDir) await page.screenshot({ path: `${shotsDir}/map-deepest-zoom-1280.png` });
  const box = await canvasBox(page);
  const pixel = await pixelAt(page, box.x + box.width / 2, box.y + box.height / 2);
  // Portugal is visited (the pin is in it): the green-tinted land, not the river.
  expect(colourDistance(pixel, visitedLand)).toBeLessThan(10);
  expect(colourDistance(pixel, ocean)).toBeGreaterThan(10);
});

test('the globe: a globe at zoom 1 and a flat map at zoom 8, off by default where WebGL is software, kept as chosen', async ({
  page,
}) => {
  // Ten moves of the map and a reload, on a machine that draws WebGL in software.
  test.slow();
  const map = await travellerWithPin(page, EVORA);
  const box = await canvasBox(page);
  const corner = () => pixelAt(page, box.x + 4, box.y + box.height - 4);
  const globe = page.getByRole('button', { name: 'Globe view' });
  const toWorldZoom = () => map.press('Shift+Minus', 'Shift+Minus', 'Minus');

  // This browser draws WebGL in software (SwiftShader), where the globe is slow: the map starts flat,
  // reaching the corners even at the widest zoom.
  const renderer = await page.evaluate(() => {
    const gl = document.createElement('canvas').getContext('webgl');
    const info = gl?.getExtension('WEBGL_debug_renderer_info');
    return info ? String(gl?.getParameter(info.UNMASKED_RENDERER_WEBGL)) : '';
  });
  expect(renderer).toMatch(/SwiftShader/i);
  await expect(globe).toHaveAttribute('aria-pressed', 'false');
  await toWorldZoom();
  expect(isMapColour(await corner())).toBe(true);

  // Turned on from the keyboard: a globe in space at zoom 1.
  await globe.focus();
  await page.keyboard.press('Enter');
  await expect(globe).toHaveAttribute('aria-pressed', 'true');
  await settled(page);
  const shotsDir = process.env.WAYMARKS_SHOTS_DIR;
  if (shotsDir) await page.screenshot({ path: `${shotsDir}/map-globe-1280.png` });
  expect(isMapColour(await corner())).toBe(false);
  // Below the pin's marker, which stands above the centre.
  const centre = await pixelAt(page, box.x + box.width / 2, box.y + box.height / 2 + 20);
  expect(isMapColour(centre)).toBe(true);
  // Flat again by zoom 8.
  await map.press('Shift+Equal', 'Shift+Equal', 'Shift+Equal', 'Equal');
  expect(isMapColour(await corner())).toBe(true);

  // The choice is kept for the next visit, over this browser's default.
  await page.reload();
  await expect(page.locator('[data-map-status="ready"]')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Globe view' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Globe view' }).click();
  await expect(page.getByRole('button', { name: 'Globe view' })).toHaveAttribute('aria-pressed', 'false');
  await settled(page);
  const reopened = new KeyboardMap(page, EVORA);
  await reopened.press('Shift+Minus', 'Shift+Minus', 'Minus');
  expect(isMapColour(await corner())).toBe(true);
});

test(
  'on a phone the globe, its switch and the names leave the map usable',
  { tag: '@phone-only' },
  async ({ page }) => {
    const map = await travellerWithPin(page, EVORA);
    // The markers keep their own accessible names; the drawn names add none.
    await expect(page.getByRole('button', { name: /Évora/ })).toBeVisible();
    await map.press('Shift+Minus', 'Minus', 'ArrowUp');
    await expectNamesAt(page, map, 'country', { France: labelPoint('France') });
    const globe = page.getByRole('button', { name: 'Globe view' });
    await expect(globe).toBeInViewport();
    const size = await globe.boundingBox();
    expect(size?.width).toBeGreaterThanOrEqual(44);
    expect(size?.height).toBeGreaterThanOrEqual(44);
    const shotsDir = process.env.WAYMARKS_SHOTS_DIR;
    if (shotsDir) await page.screenshot({ path: `${shotsDir}/map-names-phone.png` });
  },
);
