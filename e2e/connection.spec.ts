// A server that goes away and comes back, for real: the journey runs against a server process of its own,
// which is stopped while a traveller is on the dashboard and started again on the same port, data folder and
// secret. One banner says the server cannot be reached and when it tries again; what was on screen stays;
// the banner goes by itself once the server answers, and the next search works. Set WAYMARKS_SHOTS_DIR to
// keep a screenshot of the banner.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test as base } from '@playwright/test';
import { createPins } from './support/pins.js';
import { screenshot } from './support/page-checks.js';
import { freeAppPort } from './support/ports.js';
import { startServerProcess, type ServerProcess } from './support/server-process.js';
import { signInThroughApi } from './support/sign-in.js';

interface RestartableServer {
  baseURL: string;
  admin(args: string[]): Promise<string>;
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** A server that can be stopped and started again as the same service: same address, data and secret. */
async function restartableServer(): Promise<RestartableServer & { remove(): Promise<void> }> {
  const port = await freeAppPort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'waymarks-e2e-restart-'));
  const env = { AUTH_SECRET: randomBytes(36).toString('base64url') };
  let running: ServerProcess | null = await startServerProcess(env, { port, dataDir });
  const baseURL = running.baseURL;
  return {
    baseURL,
    admin: (args) => running!.admin(args),
    async stop() {
      await running?.stop();
      running = null;
    },
    async start() {
      running = await startServerProcess(env, { port, dataDir });
    },
    async remove() {
      await running?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const test = base.extend<{ server: RestartableServer }>({
  // Playwright reads a fixture's dependencies from its first parameter, which must be a destructuring.
  // eslint-disable-next-line no-empty-pattern
  server: async ({}, use) => {
    const server = await restartableServer();
    await use(server);
    await server.remove();
  },
  baseURL: async ({ server }, use) => use(server.baseURL),
});

const EMAIL = 'gertrude@example.com';
const PASSWORD = 'Trail-mix-2024';

// At desktop size alone: the banner's words, its retries and the recovery are the same on any screen, and the
// phone run repeated them at 20 s a run (two server starts), with no check of the phone's own layout.
test('while the server is away one banner says so and retries, and the app recovers by itself', async ({
  page,
  server,
}) => {
  test.slow();
  await server.admin(['create-user', EMAIL, PASSWORD, '--tier', 'free', '--name', 'Gertrude Bell']);
  await createPins(page.request, await signInThroughApi(page, EMAIL, PASSWORD), [
    { title: 'Palmyra', lat: 34.5517, lng: 38.2683 },
  ]);
  await page.goto('/dashboard');
  await expect(page.locator('[data-map-status="ready"]')).toBeVisible({ timeout: 30_000 });
  const pin = page.getByRole('button', { name: /^Palmyra/ });
  await expect(pin).toBeVisible();
  const banner = page.locator('[data-connection-banner]');
  await expect(banner).toBeEmpty();

  await server.stop();
  const search = page.getByRole('combobox', { name: 'Search destinations' });
  await search.fill('Lisbon');

  await expect(banner).toContainText("Waymarks can't be reached.");
  await expect(banner).toContainText(/Trying again in \d+ s\./);
  await expect(banner.getByRole('button', { name: 'Retry now' })).toBeVisible();
  // Nothing goes blank: the map and the traveller's pin stay as they were.
  await expect(pin).toBeVisible();
  await screenshot(page, 'connection', 'unreachable', { fullPage: false });

  await server.start();
  // No click: the banner's own checks find the server again (after 2, 4 and 8 s at most).
  await expect(banner).toContainText('Back online.', { timeout: 30_000 });
  await expect(banner).toBeEmpty({ timeout: 10_000 });

  await search.fill('');
  await search.fill('Lisbon');
  await expect(page.getByRole('option', { name: /^Lisbon/ }).first()).toBeVisible();
  await expect(pin).toBeVisible();
  await screenshot(page, 'connection', 'recovered', { fullPage: false });
});
