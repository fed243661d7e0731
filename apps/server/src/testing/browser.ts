// A headless Chromium for tests that drive a browser outside the Playwright test runner (e.g. a vitest
// suite or a benchmark). The executable and flags are chosen in e2e/support/chromium.ts:
// CHROMIUM_PATH if set (Debian's chromium: --no-sandbox --disable-gpu --disable-background-networking
// --disable-component-update --disable-sync --no-first-run), else the Chromium inside @sparticuz/chromium
// with its own flags minus --single-process, --disable-web-security and --allow-running-insecure-content.
import { chromium, type Browser, type LaunchOptions } from 'playwright-core';
import { chromiumLaunchOptions } from '../../../../e2e/support/chromium.js';

export async function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  const base = await chromiumLaunchOptions();
  return chromium.launch({
    ...base,
    ...options,
    args: [...base.args, ...(options.args ?? [])],
    ...(base.env || options.env ? { env: { ...base.env, ...options.env } } : {}),
  });
}
