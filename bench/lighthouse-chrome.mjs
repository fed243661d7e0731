// The Chromium the Lighthouse benchmarks audit with (lighthouse.mjs, share-page.mjs): the test Chromium of
// e2e/support/chromium.ts with its flags, launched through chrome-launcher, and the Lighthouse flags both
// use. Not a benchmark itself.
import * as chromeLauncher from 'chrome-launcher';
import { tsImport } from 'tsx/esm/api';

// What the brief lists, plus the @sparticuz flags that matter here come from chromiumLaunchOptions().
const BASE_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Launches Chromium for Lighthouse: { chrome, flags }, `flags` the Lighthouse flags for auditing
 * `categories` on it (JSON results, no screenshots). Kill it with chrome.kill().
 */
export async function launchLighthouseChrome(categories) {
  const { chromiumLaunchOptions } = await tsImport('../e2e/support/chromium.ts', import.meta.url);
  const launch = await chromiumLaunchOptions();
  const chrome = await chromeLauncher.launch({
    chromePath: launch.executablePath,
    chromeFlags: [...new Set([...BASE_FLAGS, ...launch.args])],
    logLevel: 'silent',
    ...(launch.env ? { envVars: launch.env } : {}),
  });
  const flags = {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: categories,
    disableFullPageScreenshot: true,
    skipAudits: ['screenshot-thumbnails', 'final-screenshot'],
  };
  return { chrome, flags };
}
