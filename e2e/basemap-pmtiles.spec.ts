// A street-level basemap for a region, added as an operator adds one (MAP_PMTILES, decision 091): a server
// of this spec's own serves a small Protomaps-schema extract of central Lisbon. The browser reads the file
// by byte ranges, the map zooms past the built-in map's deepest zoom there, down to three zooms past the
// file's deepest tiles, and draws the extract's park and motorway. The map is moved as a traveller moves
// it, from the keyboard and its zoom buttons, and read from the pixels it draws. Set WAYMARKS_SHOTS_DIR to
// keep screenshots at street zoom.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test as base, type Page } from '@playwright/test';
import { namedFlavor } from '@protomaps/basemaps';
import {
  EXTRACT_MAX_ZOOM,
  EXTRACT_MOTORWAY_LNG,
  EXTRACT_PARK,
  streetExtract,
} from '../apps/server/src/testing/street-extract.js';
import { MAP_COLORS, VISITED_OPACITY } from '../apps/web/src/features/map/colors.js';
import { BUILT_IN_MAX_ZOOM } from '../apps/web/src/features/map/zoom.js';
import { screenshot } from './support/page-checks.js';
import { createPins } from './support/pins.js';
import { blend, colourDistance, decodePng, hexColour, pixelAt, type Rgb } from './support/pixel.js';
import { startServerProcess, type ServerProcess } from './support/server-process.js';
import { signInThroughApi } from './support/sign-in.js';

const test = base.extend<object, { pmtilesServer: ServerProcess }>({
  pmtilesServer: [
    // Playwright reads a fixture's dependencies from its first parameter, which must be a destructuring.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const dir = mkdtempSync(path.join(tmpdir(), 'waymarks-e2e-pmtiles-'));
      const file = path.join(dir, 'lisbon.pmtiles');
      writeFileSync(file, streetExtract());
      const server = await startServerProcess({ MAP_PMTILES: file });
      await use(server);
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ pmtilesServer }, use) => use(pmtilesServer.baseURL),
});

const PASSWORD = 'Trail-mix-2024';
/** The middle of the extract's park, in Baixa. */
const BAIXA = {
  title: 'Baixa',
  lat: (EXTRACT_PARK[1] + EXTRACT_PARK[3]) / 2,
  lng: (EXTRACT_PARK[0] + EXTRACT_PARK[2]) / 2,
};

const flavor = namedFlavor('light');
// Portugal is visited (the pin is in it): its green tint lies over whatever the basemap draws there.
const tinted = (hex: string) => blend(hexColour(hex), hexColour(MAP_COLORS.visited), VISITED_OPACITY);
const park = tinted(flavor.park_b);
const motorway = tinted(flavor.highway);
const builtInLand = tinted(MAP_COLORS.land);

/** Waits until the map has stopped moving and drawing: two pictures of it in a row are the same. */
async function settled(page: Page) {
  let last: Buffer = Buffer.alloc(0);
  await expect
    .poll(
      async () => {
        const shot = await page.locator('.maplibregl-map').screenshot({ scale: 'css', type: 'jpeg' });
        const same = shot.equals(last);
        last = shot;
        return same;
      },
      { timeout: 30_000, intervals: [250] },
    )
    .toBe(true);
}

/** Keys pressed on the focused map, each movement waited for: = zooms in by 1, Shift+= by 2. */
async function press(page: Page, ...keys: string[]) {
  for (const key of keys) {
    await page.locator('.maplibregl-canvas').press(key);
    await settled(page);
  }
}

async function canvasCentre(page: Page) {
  const box = await page.locator('.maplibregl-canvas').boundingBox();
  if (!box) throw new Error('the map has no size');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** The pixels of a row of the map from `from` to `to` (screen x), closest first to `colour`: one picture. */
async function closestInRow(page: Page, y: number, from: number, to: number, colour: Rgb) {
  const [left, right] = [Math.round(from), Math.round(to)];
  const row = decodePng(
    await page.screenshot({ clip: { x: left, y: Math.round(y), width: right - left + 1, height: 1 } }),
  );
  let closest = Infinity;
  for (let x = 0; x < row.width; x++) closest = Math.min(closest, colourDistance(row.at(x, 0), colour));
  return closest;
}

/** Screen pixels per degree of longitude at a zoom (MapLibre's world is 512 pixels wide at zoom 0). */
const pixelsPerDegree = (zoom: number) => (512 * 2 ** zoom) / 360;

// At desktop size alone: the byte ranges read, the zooms reached and the colours drawn are the same on any
// screen (read in CSS pixels), and the phone run, 20-30 s with a server of its own, checked nothing of a
// phone's layout; the map's buttons on a phone are checked in map-names.spec.ts and dashboard.spec.ts.
test('with a regional PMTiles extract the map reads it by ranges and zooms to its streets', async ({
  page,
  pmtilesServer,
}) => {
  // Nine moves of the map, each waited for, on a machine that draws WebGL in software.
  test.slow();
  const reads: { range: string | undefined; status: number }[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname !== '/map/basemap.pmtiles') return;
    reads.push({ range: response.request().headers()['range'], status: response.status() });
  });

  const email = `streets-${Date.now()}@example.com`;
  await pmtilesServer.admin(['create-user', email, PASSWORD, '--tier', 'pro', '--name', 'Isabella Bird']);
  await createPins(page.request, await signInThroughApi(page, email, PASSWORD), [BAIXA]);
  await page.goto('/dashboard');
  await expect(page.locator('[data-map-status="ready"]')).toBeVisible({ timeout: 30_000 });
  // The marker would cover the spot it marks: the pins are hidden, the map is read under them.
  await page.getByRole('button', { name: 'Show pins' }).click();
  await settled(page);
  const zoomIn = page.getByRole('button', { name: 'Zoom in' });
  const centre = await canvasCentre(page);

  // The map opened on the pin at zoom 6, about which the keys zoom: to 12, past the built-in map's 10,
  // where the extract's tiles begin and its park fills the centre.
  await press(page, 'Shift+Equal', 'Shift+Equal', 'Shift+Equal');
  expect(12).toBeGreaterThan(BUILT_IN_MAX_ZOOM);
  await expect(zoomIn).toBeEnabled();
  const atCentre = await pixelAt(page, centre.x, centre.y);
  expect(colourDistance(atCentre, park)).toBeLessThan(10);
  expect(colourDistance(atCentre, builtInLand)).toBeGreaterThan(20);

  // Two more with the zoom button, to the extract's deepest tiles: its motorway, west of the pin.
  await zoomIn.click();
  await settled(page);
  await zoomIn.click();
  await settled(page);
  const motorwayX = centre.x + (EXTRACT_MOTORWAY_LNG - BAIXA.lng) * pixelsPerDegree(EXTRACT_MAX_ZOOM);
  expect(await closestInRow(page, centre.y, motorwayX - 6, motorwayX + 6, motorway)).toBeLessThan(12);
  expect(colourDistance(await pixelAt(page, centre.x, centre.y), park)).toBeLessThan(10);
  await screenshot(page, 'basemap', 'street-zoom', { fullPage: false });

  // Every read of the file was one byte range, answered with that range alone: the header first, then
  // the tiles the view needed.
  expect(reads.length).toBeGreaterThanOrEqual(2);
  for (const read of reads) {
    expect(read.range).toMatch(/^bytes=\d+-\d+$/);
    expect(read.status).toBe(206);
  }
  expect(reads[0]?.range).toBe('bytes=0-16383');

  // Three zooms past the file's deepest tiles, drawn larger, and no further.
  await press(page, 'Shift+Equal', 'Equal');
  await expect(zoomIn).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Zoom out' })).toBeEnabled();
  expect(colourDistance(await pixelAt(page, centre.x, centre.y), park)).toBeLessThan(10);
});
