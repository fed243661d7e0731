// An operator's MAP_STYLE_URL in a real browser: a second real server started with the variable set
// draws the operator's style (served by another origin, as a tile host would be) instead of the offline
// basemap, still with the visited-country layer on top.
import { expect, test } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MAP_COLORS, VISITED_OPACITY } from '../apps/web/src/features/map/colors.js';
import { blend, colourDistance, hexColour, pixelAt } from './support/pixel.js';
import { startServerProcess, type ServerProcess } from './support/server-process.js';
import { signInThroughApi } from './support/sign-in.js';

const PASSWORD = 'Trail-mix-2024';
const OPERATOR_BACKGROUND = '#2b1d52';

let styleHost: Server;
let server: ServerProcess;

// No X-Forwarded-For here (playwright.config.ts): this spec's server has its own limits, and an extra
// header on the style request would ask the tile host for a CORS preflight an actual browser never sends.
test.use({ extraHTTPHeaders: {} });

function listen(server: Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}

test.beforeAll(async () => {
  // A plain style with one background layer, served with CORS like any tile host.
  styleHost = createServer((req, res) => {
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({
        version: 8,
        sources: {},
        layers: [
          {
            id: 'operator-background',
            type: 'background',
            paint: { 'background-color': OPERATOR_BACKGROUND },
          },
        ],
      }),
    );
  });
  const stylePort = await listen(styleHost);

  server = await startServerProcess({ MAP_STYLE_URL: `http://127.0.0.1:${stylePort}/style.json` });
  await server.admin([
    'create-user',
    'operator@example.com',
    PASSWORD,
    '--tier',
    'standard',
    '--name',
    'Operator',
  ]);
});

test.afterAll(async () => {
  await server?.stop();
  await new Promise<void>((resolve) => styleHost?.close(() => resolve()));
});

test('MAP_STYLE_URL replaces the offline basemap, and visited countries are still highlighted', async ({
  page,
}) => {
  const accessToken = await signInThroughApi(page, 'operator@example.com', PASSWORD, server.baseURL);
  const pin = await page.request.post(`${server.baseURL}/api/pins`, {
    data: { title: 'Évora', lat: 38.5714, lng: -7.9135 },
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(pin.status()).toBe(201);

  await page.goto(`${server.baseURL}/dashboard`);
  await expect(page.locator('[data-map-status="ready"]')).toBeVisible({ timeout: 30_000 });

  const box = await page.locator('.maplibregl-canvas').boundingBox();
  if (!box) throw new Error('the map has no size');
  const background = hexColour(OPERATOR_BACKGROUND);
  const visited = blend(background, hexColour(MAP_COLORS.visited), VISITED_OPACITY);
  // Portugal below the marker: the operator's background under the visited layer.
  await expect
    .poll(async () =>
      colourDistance(await pixelAt(page, box.x + box.width / 2, box.y + box.height / 2 + 40), visited),
    )
    .toBeLessThan(8);
  // The Atlantic at the left edge of the view (about 15° W): the operator's background alone.
  expect(colourDistance(await pixelAt(page, box.x + 8, box.y + box.height / 2), background)).toBeLessThan(8);
});
