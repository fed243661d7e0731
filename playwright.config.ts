// Browser tests against the REAL server process started by e2e/global-setup.ts (build first:
// `npm run build`, or run them through `npm test` / `node scripts/test.mjs e2e`).
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/support/chromium';

// Chromium from CHROMIUM_PATH or from @sparticuz/chromium; never downloaded (see e2e/support/chromium.ts).
const { executablePath, args, env } = await chromiumLaunchOptions();

// Each worker is a traveller's device of its own, and so is each test run through e2e/support/test.ts,
// which gives every test the next address of its worker's block: the shared server trusts the loopback
// proxy's X-Forwarded-For (TRUST_PROXY=loopback in e2e/global-setup.ts), so the per-address limits on
// sign-in and refresh count them apart, as they would count two travellers. Playwright evaluates this
// file again in each worker, with TEST_WORKER_INDEX set.
const workerAddress = `203.0.113.${Number(process.env.TEST_WORKER_INDEX ?? 0) + 1}`;

export default defineConfig({
  testDir: 'e2e',
  // Not the default 'test-results': Playwright empties its outputDir, and the vitest JSON reports live there.
  outputDir: 'test-results/e2e-artifacts',
  globalSetup: './e2e/global-setup.ts',
  // Two workers, one spec file each at a time: while one waits on the server or an animation, the other
  // runs. Journeys that count every traveller on the server run on a server of their own
  // (e2e/support/own-server.ts).
  workers: 2,
  retries: 0,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  // Generous: a 2-core CI machine runs the server, Chromium and argon2 hashing side by side.
  timeout: 60_000,
  globalTimeout: 25 * 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    // Set by the global setup; the config is evaluated again in each worker, after it ran.
    baseURL: process.env.WAYMARKS_E2E_BASE_URL,
    extraHTTPHeaders: { 'X-Forwarded-For': workerAddress },
    // A failed test keeps its trace: each action with the page's DOM before and after it, the console and
    // the network, and the failure screenshot below. Not the screencast (`screenshots`): it had every page
    // of every test encode a JPEG frame whenever it drew (the map animates, the landing page's pins pulse),
    // which on the 2-core machine ran beside Chromium's software WebGL and slowed the journeys themselves
    // (the dashboard, map-names and place-dialog specs: 126-151 s without it against 165-168 s with it,
    // measured back to back, Chromium project alone).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    // The app's service worker keeps the whole app at install (a few megabytes): every signed-in test
    // would download it again in its fresh browser. The journeys about the installed app allow it
    // (e2e/offline.spec.ts); every other one runs as a first visit does, before the worker is there.
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'chromium',
      // Checks that only mean something on a phone (tap-target sizes) run in the phone project alone.
      grepInvert: /@phone-only/,
      use: {
        browserName: 'chromium',
        viewport: { width: 1280, height: 800 },
        launchOptions: { executablePath, args, ...(env ? { env } : {}) },
      },
    },
    {
      // The journeys tagged @phone (or @phone-only) run on a phone-sized touch screen.
      name: 'phone',
      grep: /@phone/,
      use: {
        browserName: 'chromium',
        viewport: { width: 390, height: 844 },
        // A phone's 2× screen, not the 3× of the largest ones: Chromium draws the map (software WebGL) and
        // the page (software compositing) per device pixel, and at 3× the phone journeys of the dashboard,
        // map-names and search specs took 135-138 s against 107-108 s at 2×, measured in one sitting. Layout
        // is in CSS pixels, the same at either.
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        launchOptions: { executablePath, args, ...(env ? { env } : {}) },
      },
    },
  ],
});
