// Which Chromium the browser tests run, and with which flags. Used by playwright.config.ts and by
// apps/server/src/testing/browser.ts. Never downloads a browser.
//
// 1. CHROMIUM_PATH set (e.g. Debian's /usr/bin/chromium): that binary with
//      --no-sandbox                      tests often run as root in containers, where the sandbox cannot start
//      --disable-gpu                     no GPU here; WebGL falls back to SwiftShader
//      --disable-background-networking  no requests to Google services (DESIGN: zero third-party requests)
//      --disable-component-update        no component downloads
//      --disable-sync                    no account sync
//      --no-first-run                    no first-run UI or import
// 2. Otherwise the Chromium shipped inside the @sparticuz/chromium npm package (unpacked to /tmp on the
//    first call) with that package's own flags (SwiftShader WebGL2, no sandbox, no zygote, …) minus:
//      --single-process                  needed on AWS Lambda only; here one crashed page would take the
//                                        whole browser down, and several contexts are more stable without it
//      --disable-web-security,           they would hide CORS, mixed-content and CSP bugs the tests must see
//      --allow-running-insecure-content
//    plus the same no-background-traffic flags as above, and:
//      --disable-gpu-compositing         the page is composited in software; SwiftShader is kept for WebGL
//                                        only (the dashboard map). With SwiftShader compositing, on a busy
//                                        2-core machine (scripts/test-under-load.mjs) the page drew no frame
//                                        for seconds to minutes, so requestAnimationFrame, Playwright's
//                                        stability check and input acknowledgements waited until the test
//                                        timeout. Measured under that load, `--project=chromium --grep
//                                        "forgot password" --repeat-each=6` in e2e/auth.spec.ts: 44-58 s a
//                                        run against a 60 s timeout without the flag (one timed out in an
//                                        earlier run), 15-24 s with it; map-names, dashboard and billing
//                                        specs pass under load with it (WebGL2 still renders via SwiftShader).
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface ChromiumLaunchOptions {
  executablePath: string;
  args: string[];
  headless: true;
  /** Only set when the browser needs more than this process's environment. */
  env?: Record<string, string>;
}

const QUIET_FLAGS = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const SYSTEM_CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', ...QUIET_FLAGS];

const DROPPED_SPARTICUZ_FLAGS = new Set([
  '--single-process',
  '--disable-web-security',
  '--allow-running-insecure-content',
]);

/** Launch options for playwright-core's `chromium.launch()` (or Playwright's `use.launchOptions`). */
export async function chromiumLaunchOptions(): Promise<ChromiumLaunchOptions> {
  const systemPath = process.env.CHROMIUM_PATH?.trim();
  if (systemPath) {
    if (!existsSync(systemPath)) throw new Error(`CHROMIUM_PATH=${systemPath} does not exist`);
    return { executablePath: systemPath, args: SYSTEM_CHROMIUM_FLAGS, headless: true };
  }

  const { default: chromium } = await import('@sparticuz/chromium');
  const executablePath = await chromium.executablePath();
  const args = [
    ...chromium.args.filter((flag) => !DROPPED_SPARTICUZ_FLAGS.has(flag) && !flag.startsWith('--headless')),
    ...QUIET_FLAGS,
    '--disable-gpu-compositing',
  ];
  // The package ships its own fonts.conf; use it only on a machine without a system fontconfig.
  const fonts = path.join(tmpdir(), 'fonts');
  const needFonts = !process.env.FONTCONFIG_PATH && !existsSync('/etc/fonts/fonts.conf') && existsSync(fonts);
  return {
    executablePath,
    args,
    headless: true,
    ...(needFonts ? { env: withEnv({ FONTCONFIG_PATH: fonts }) } : {}),
  };
}

/** Playwright's launch `env` replaces the browser's whole environment: start from this process's. */
function withEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value;
  return { ...env, ...extra };
}
