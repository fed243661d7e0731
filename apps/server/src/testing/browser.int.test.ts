import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

it('launches a headless Chromium with WebGL2', async () => {
  const page = await browser.newPage();
  await page.setContent('<title>Waymarks</title><canvas></canvas>');
  expect(await page.title()).toBe('Waymarks');
  // A string, not a function: the server's tsconfig has no DOM types.
  const webgl2 = await page.evaluate("document.querySelector('canvas').getContext('webgl2') !== null");
  expect(webgl2).toBe(true);
  await page.close();
});
