// An operator's MAP_STYLE_URL in a real browser: a second real server started with the variable set
// draws the operator's style (served by another origin, as a tile host would be) instead of the offline
// basemap, still with the visited-country layer on top.
import { expect, test } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MAP_COLORS } from '../apps/web/src/features/map/colors.js';
import { blend, colourDistance, hexColour, pixelAt } from './support/pixel.js';
import { freeAppPort } from './support/ports.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PASSWORD = 'Trail-mix-2024';
const OPERATOR_BACKGROUND = '#2b1d52';

let styleHost: Server;
let app: ChildProcess;
let appUrl = '';
let dataDir = '';

function listen(server: Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}

function run(args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env } });
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(output))));
  });
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

  const appPort = await freeAppPort();
  appUrl = `http://127.0.0.1:${appPort}`;
  dataDir = mkdtempSync(path.join(tmpdir(), 'waymarks-e2e-style-'));
  const env = {
    DATA_DIR: dataDir,
    PORT: String(appPort),
    HOST: '127.0.0.1',
    PUBLIC_URL: appUrl,
    AUTH_SECRET: randomBytes(36).toString('base64url'),
    LOG_LEVEL: 'warn',
    MAP_STYLE_URL: `http://127.0.0.1:${stylePort}/style.json`,
  };
  await run(
    [
      path.join(ROOT, 'apps/server/dist/cli.js'),
      'create-user',
      'operator@example.com',
      PASSWORD,
      '--tier',
      'standard',
      '--name',
      'Operator',
    ],
    env,
  );
  app = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/main.js')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const ready = await fetch(`${appUrl}/api/ready`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the second server did not start');
});

test.afterAll(async () => {
  app?.kill('SIGTERM');
  await new Promise<void>((resolve) => styleHost?.close(() => resolve()));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('MAP_STYLE_URL replaces the offline basemap, and visited countries are still highlighted', async ({
  page,
  request,
}) => {
  const signIn = await request.post(`${appUrl}/api/auth/signin`, {
    data: { email: 'operator@example.com', password: PASSWORD },
  });
  const { accessToken } = (await signIn.json()) as { accessToken: string };
  const pin = await request.post(`${appUrl}/api/pins`, {
    data: { title: 'Évora', lat: 38.5714, lng: -7.9135 },
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(pin.status()).toBe(201);

  await page.goto(`${appUrl}/signin`);
  await page.getByLabel('Email').fill('operator@example.com');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.locator('[data-map-status="ready"]')).toBeVisible({ timeout: 30_000 });

  const box = await page.locator('.maplibregl-canvas').boundingBox();
  if (!box) throw new Error('the map has no size');
  const background = hexColour(OPERATOR_BACKGROUND);
  const visited = blend(background, hexColour(MAP_COLORS.visited), 0.3);
  // Portugal below the marker: the operator's background under the visited layer.
  await expect
    .poll(async () =>
      colourDistance(await pixelAt(page, box.x + box.width / 2, box.y + box.height / 2 + 40), visited),
    )
    .toBeLessThan(8);
  // The Atlantic at the left edge of the view (about 15° W): the operator's background alone.
  expect(colourDistance(await pixelAt(page, box.x + 8, box.y + box.height / 2), background)).toBeLessThan(8);
});
