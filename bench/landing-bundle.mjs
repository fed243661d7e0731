// Landing-page weight: every JavaScript and CSS file the browser fetches on a first visit to `/`, measured
// in a real headless Chromium (the test Chromium of e2e/support/chromium.ts) against the real built server,
// so lazy chunks, module preloads and stylesheets count exactly as a visitor downloads them. Recorded from
// navigation until the network has been idle (then one more second, for idle-time prefetches), at laptop
// (1280×800) and phone (390×844 touch) size; each body is gzipped with zlib level 9 and summed.
// Target: at most 150 KB (150 × 1024 bytes) gzipped at both sizes, and no map (MapLibre) or 3D (three.js)
// code in any of those files. The baseline of the ratio is the budget itself.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { tsImport } from 'tsx/esm/api';
import {
  ROOT,
  fmt,
  freePort,
  request,
  serverEntryPoint,
  sleep,
  startServer,
  stopProcess,
  tempDir,
  waitFor200,
  newestFile,
  reportLines,
} from './lib.mjs';

const BUDGET_BYTES = 150 * 1024;
const WEB_DIST_INDEX = path.join(ROOT, 'apps/web/dist/index.html');

const VIEWPORTS = [
  { label: 'laptop', options: { viewport: { width: 1280, height: 800 } } },
  {
    label: 'phone',
    options: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
  },
];

// Identifying strings of the map and 3D libraries. Minifiers rename identifiers, but these survive: the
// UMD global and CSS class prefix of MapLibre ('maplibregl', 'maplibregl-map', …) and three.js's console
// messages ('THREE.WebGLRenderer: Context Lost.') and its `__THREE__` revision global.
const FORBIDDEN_CODE = [
  { library: 'MapLibre', pattern: /maplibregl|MapLibre/ },
  { library: 'three.js', pattern: /THREE\.WebGLRenderer|WebGLRenderer|__THREE__/ },
];
// The same libraries as npm packages, looked for in the source maps' `sources` when maps are served.
const FORBIDDEN_PACKAGES = [
  { library: 'MapLibre', pattern: /^(maplibre-gl|@maplibre\/.+|react-map-gl)$/ },
  { library: 'three.js', pattern: /^(three|three-.+|@react-three\/.+|globe\.gl|react-globe\.gl)$/ },
];

const kb = (bytes) => `${fmt(bytes / 1024, 1)} KB`;

/**
 * The text to search for library code: the file without quoted asset paths, because Vite's preload map in
 * the entry chunk names every lazy chunk ('assets/MapLibreMap-abc123.js') without loading it.
 */
const withoutAssetPaths = (text) => text.replace(/(["'`])[^"'`\n]*\.(?:m?js|css)\1/g, '""');

/** npm packages named in a source map's `sources` (node_modules/<pkg>/… or node_modules/@scope/pkg/…). */
function packagesOf(map) {
  const packages = new Set();
  for (const source of map.sources ?? []) {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source);
    if (match) packages.add(match[1]);
  }
  return packages;
}

/** The source map of a served script or stylesheet, if it names one and the server serves it. */
async function sourceMapOf(file) {
  const text = file.body.toString('utf8');
  const match = /[#@] sourceMappingURL=([^\s*]+)\s*(?:\*\/)?\s*$/.exec(text.slice(-500));
  if (!match || match[1].startsWith('data:')) return undefined;
  try {
    const res = await request(new URL(match[1], file.url).href, { timeoutMs: 10_000 });
    return res.status === 200 ? JSON.parse(res.body.toString('utf8')) : undefined;
  } catch {
    return undefined;
  }
}

/** Loads `url` in a fresh context and returns every script and stylesheet response with its body. */
async function firstLoad(browser, url, contextOptions) {
  const context = await browser.newContext(contextOptions);
  try {
    const page = await context.newPage();
    const pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const pending = [];
    const others = [];
    page.on('response', (response) => {
      const req = response.request();
      const type = req.resourceType();
      const contentType = response.headers()['content-type'] ?? '';
      const isScript = type === 'script' || /javascript|ecmascript/.test(contentType);
      const isStyle = type === 'stylesheet' || /text\/css/.test(contentType);
      if (!isScript && !isStyle) {
        if (type !== 'document') others.push({ url: response.url(), type, status: response.status() });
        return;
      }
      pending.push(
        response.body().then(
          (body) => ({
            url: response.url(),
            kind: isScript ? 'js' : 'css',
            status: response.status(),
            encoding: response.headers()['content-encoding'] ?? 'none',
            body,
          }),
          (error) => ({ url: response.url(), kind: isScript ? 'js' : 'css', error: error.message }),
        ),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle', timeout: 30_000 });
    await sleep(1000); // idle-time prefetches
    await page.waitForLoadState('networkidle');
    const rendered = (await page.locator('#root > *').count()) > 0;
    const files = await Promise.all(pending);
    return { files, others, pageErrors, rendered };
  } finally {
    await context.close();
  }
}

export async function run() {
  const entry = serverEntryPoint(); // builds when the build is missing
  const { details, log } = reportLines();
  if (!existsSync(WEB_DIST_INDEX)) {
    throw new Error(
      'apps/web/dist/index.html is missing: the server would serve no pages. Run `npm run build`.',
    );
  }
  const builtAt = statSync(WEB_DIST_INDEX).mtimeMs;
  log(`server: ${entry.label}; web build of ${new Date(builtAt).toISOString()}`);
  const newestSource = [
    newestFile(path.join(ROOT, 'apps/web/src')),
    newestFile(path.join(ROOT, 'packages/shared/src')),
  ].reduce((a, b) => (b.mtime > a.mtime ? b : a));
  if (newestSource.mtime > builtAt) {
    log(
      `!! the web build is older than ${path.relative(ROOT, newestSource.file)}: ` +
        'these figures are for the last build; run `npm run build` for the current sources.',
    );
  }

  const { chromiumLaunchOptions } = await tsImport('../e2e/support/chromium.ts', import.meta.url);
  const launch = await chromiumLaunchOptions();
  const port = await freePort();
  const server = startServer({ port, dataDir: tempDir() });
  let browser;
  const loads = [];
  const sourceMaps = new Map(); // file URL → its source map, read while the server runs
  try {
    await waitFor200(`http://127.0.0.1:${port}/api/ready`, server);
    browser = await chromium.launch({
      executablePath: launch.executablePath,
      args: launch.args,
      headless: true,
      ...(launch.env ? { env: launch.env } : {}),
    });
    for (const viewport of VIEWPORTS) {
      loads.push({
        ...viewport,
        ...(await firstLoad(browser, `http://127.0.0.1:${port}/`, viewport.options)),
      });
    }
    for (const file of loads.flatMap((load) => load.files)) {
      if (!file.error && !sourceMaps.has(file.url)) sourceMaps.set(file.url, await sourceMapOf(file));
    }
  } finally {
    await browser?.close();
    await stopProcess(server);
  }

  // One row per file, with the sizes at which it was loaded.
  const files = new Map();
  const problems = [];
  for (const load of loads) {
    if (!load.rendered) problems.push(`${load.label}: #root stayed empty: the page did not render`);
    for (const message of load.pageErrors)
      problems.push(`${load.label}: uncaught error in the page: ${message}`);
    for (const file of load.files) {
      if (file.error) {
        problems.push(`${load.label}: could not read ${file.url}: ${file.error}`);
        continue;
      }
      if (file.status !== 200) problems.push(`${load.label}: ${file.url} answered ${file.status}`);
      const known = files.get(file.url);
      if (known) known.loadedOn.add(load.label);
      else {
        files.set(file.url, {
          ...file,
          name: new URL(file.url).pathname,
          raw: file.body.length,
          gzip: gzipSync(file.body, { level: 9 }).length,
          loadedOn: new Set([load.label]),
        });
      }
    }
  }
  const rows = [...files.values()].sort((a, b) => b.gzip - a.gzip);

  // Map and 3D code: identifying strings in the files, and package names in their source maps.
  const forbidden = [];
  const packages = new Set();
  let mapsRead = 0;
  for (const file of rows) {
    const text = withoutAssetPaths(file.body.toString('utf8'));
    for (const { library, pattern } of FORBIDDEN_CODE) {
      const match = pattern.exec(text);
      if (match) forbidden.push(`${file.name} contains ${library} code ('${match[0]}')`);
    }
    const map = sourceMaps.get(file.url);
    if (!map) continue;
    mapsRead += 1;
    for (const pkg of packagesOf(map)) {
      packages.add(pkg);
      for (const { library, pattern } of FORBIDDEN_PACKAGES) {
        if (pattern.test(pkg)) forbidden.push(`${file.name} bundles the npm package ${pkg} (${library})`);
      }
    }
  }

  const nameWidth = Math.max(4, ...rows.map((row) => row.name.length));
  const loadedWidth = 'laptop, phone'.length;
  const table = (cells) =>
    `${cells[0].padEnd(nameWidth)}  ${cells[1].padEnd(4)}  ${cells[2].padStart(10)}  ${cells[3].padStart(10)}  ${cells[4].padEnd(loadedWidth)}  ${cells[5]}`;
  log(
    `first load of / in headless Chromium until network idle: ${rows.length} JavaScript/CSS file(s), ` +
      'gzip -9 sizes:',
  );
  log(table(['file', 'type', 'raw', 'gzip -9', 'loaded at', 'served as']));
  log(
    table(['-'.repeat(nameWidth), '----', '-'.repeat(10), '-'.repeat(10), '-'.repeat(loadedWidth), '-----']),
  );
  for (const row of rows) {
    log(
      table([
        row.name,
        row.kind,
        kb(row.raw),
        kb(row.gzip),
        [...row.loadedOn].join(', '),
        row.encoding === 'none' ? 'uncompressed' : row.encoding,
      ]),
    );
  }
  const totals = loads.map((load) => {
    const mine = rows.filter((row) => row.loadedOn.has(load.label));
    const sum = (kind, key) =>
      mine.filter((row) => !kind || row.kind === kind).reduce((total, row) => total + row[key], 0);
    return {
      label: load.label,
      count: mine.length,
      raw: sum(undefined, 'raw'),
      gzip: sum(undefined, 'gzip'),
      jsGzip: sum('js', 'gzip'),
      cssGzip: sum('css', 'gzip'),
    };
  });
  for (const total of totals) {
    log(
      `total at ${total.label} size: ${total.count} files, ${kb(total.raw)} raw, ${kb(total.gzip)} gzipped ` +
        `(JavaScript ${kb(total.jsGzip)}, CSS ${kb(total.cssGzip)}) of a ${kb(BUDGET_BYTES)} budget`,
    );
  }
  const worst = totals.reduce((a, b) => (b.gzip > a.gzip ? b : a));
  const plain = rows.filter((row) => row.encoding === 'none');
  if (plain.length > 0) {
    log(
      `note: ${plain.length} of ${rows.length} files came without content-encoding ` +
        `(largest ${kb(Math.max(...plain.map((row) => row.raw)))} raw); the budget counts gzip -9 sizes ` +
        'either way, i.e. what a visitor downloads once responses are compressed.',
    );
  }
  const otherRequests = [...new Map(loads.flatMap((load) => load.others).map((o) => [o.url, o])).values()];
  if (otherRequests.length > 0) {
    log(
      `other requests of the first load (not counted): ${otherRequests
        .map((o) => `${new URL(o.url).pathname} (${o.type}, ${o.status})`)
        .join(', ')}`,
    );
  }
  if (mapsRead > 0) {
    log(`npm packages in these files (from ${mapsRead} source map(s)): ${[...packages].sort().join(', ')}`);
  } else {
    log('no source maps served: the package check relies on the identifying strings only');
  }

  if (forbidden.length > 0) {
    log('FAIL: map or 3D code is loaded by the landing page:');
    for (const line of forbidden) log(`  - ${line}`);
  } else {
    log('no MapLibre or three.js code in any of these files');
  }
  for (const problem of problems) log(`!! ${problem}`);

  const withinBudget = worst.gzip <= BUDGET_BYTES;
  if (!withinBudget)
    log(`FAIL: ${kb(worst.gzip)} at ${worst.label} size is over the ${kb(BUDGET_BYTES)} budget`);
  const pass = withinBudget && forbidden.length === 0 && problems.length === 0;

  return {
    name: 'landing-bundle',
    figure:
      `${kb(worst.gzip)} of ${kb(BUDGET_BYTES).replace('.0 KB', ' KB')} (${(worst.gzip / BUDGET_BYTES).toFixed(2)} of budget)` +
      `${totals.length > 1 && totals[0].gzip !== totals[1].gzip ? `, at ${worst.label} size` : ''}` +
      `${forbidden.length > 0 ? '; MAP/3D CODE LOADED' : ''}${problems.length > 0 ? '; PAGE PROBLEMS' : ''}`,
    target: `≤ ${kb(BUDGET_BYTES).replace('.0 KB', ' KB')} gzipped JS+CSS on first load of /, no MapLibre/three.js`,
    pass,
    details,
  };
}
