// The dashboard's basemap: bytes the browser fetches for it, and the time to its first idle frame, against
// the basemap it replaced (world-atlas countries-50m.json, fetched whole and drawn as GeoJSON), measured in
// the same run, server and headless Chromium (the project's launcher, apps/server/src/testing/browser.ts).
//
// Bytes: the real dashboard of a pro account without pins, built app and real server, each load in a fresh
// browser context (cold cache). Every response under /map/tiles/basemap/, /map/tiles/places/ and
// /map/glyphs/ is counted with Playwright's request.sizes(): the body as it came over the wire (compressed,
// which for Chromium means brotli) plus its response headers; a request the map cancelled (a tile it no
// longer needed) is counted apart, without bytes. Counted: the world view (the view the dashboard opens on
// for a traveller with no places, MapView's WORLD_VIEW: zoom 1, the whole world, at the map's first idle
// event), as a globe and flat (showGlobe 'true' or 'false' in localStorage before the page's scripts run),
// and the city view: after the world view, 'Lisbon' typed into 'Search destinations' and the gazetteer's
// Lisbon chosen, as a traveller gets there; the dashboard asks for zoom 12 (SPEC.md §9), but without a
// PMTiles basemap, as here, the flight ends at the built-in map's maximum zoom, 10 since decision 091
// (BUILT_IN_MAX_ZOOM, loaded from apps/web/src/features/map/zoom.ts): the bytes up to the map's next idle
// event are those of the flight and of Lisbon at zoom 10, beside the page's total, and each load checks
// from the zoom-in button (disabled at exactly the maximum) that the flight ended there. The tiles on the
// way are those of the frames the flight draws, so that figure varies with the machine's speed: the first
// load's is shown, and every load's beside it (no target rides on it). The map offers scripts no handle,
// so the opening view is checked from the page: the zoom-out button disabled (the minimum zoom, 1), the
// Globe view switch pressed or not as set, and the map's corners: sea, land or visited fill in at least
// three of the four when flat, space around a globe.
// Each view is loaded BYTE_RUNS times after one uncounted load; a difference between its loads is flagged.
// Baseline: countries-50m.json compressed here as apps/web/compress.mjs compressed it for the server
// (brotli 11 and gzip 9), the bytes the old map fetched whole for every view (its body only, so the new
// side, headers included, is if anything overstated).
//
// First idle frame: the dashboard's own idle mark counts the app, the session and the pin list besides the
// basemap, and the old map is no longer in the tree, so both basemaps are drawn by one minimal page on the
// server's origin (served by the bench through Playwright's routing, so tiles and glyphs are same-origin
// requests to the real server), with the app's MapLibre from node_modules, 1280×800, at the dashboard's
// opening view (WORLD_VIEW, read from MapView.tsx):
//   before: fetches countries-50m.json, converts it with topojson-client's `feature` and draws it as the old
//     offline style did: background, land fill, the (empty) visited-country fill, and the borders as a second
//     GeoJSON source drawn as lines. (The old code also split polygons at ±180° and cut the border lines out
//     of the rings first; that work is left out, so "before" is if anything a little fast.)
//   now: the style the dashboard runs, built by the app's own offlineStyle (apps/web/src/features/map) for
//     this origin and the dashboard page's language, as chooseBasemap (apps/web/src/features/map/basemap.ts)
//     builds it when no MAP_STYLE_URL or MAP_PMTILES is set (the server's vector tiles, the GeoNames place tiles and the labels' glyphs), flat
//     (mercator) and as the dashboard's globe (MapView's GLOBE_PROJECTION, read from MapView.tsx).
// The figure is navigation start to the map's first `idle` event (every tile and glyph loaded and drawn),
// median of RUNS fresh contexts per page after one warm-up of each (shader caches, and the server's tile
// cut, which starts at boot). The pages alternate. WebGL here is software (SwiftShader): ratios are the
// figures. Targets: the first load's basemap bytes (tiles + places + glyphs) within 1× the old basemap, as
// the issue asks; the first idle frame within 1.5× the old one (the new basemap draws labels, which the old
// did not, and still must not make the dashboard feel slower to appear). Run alone
// (node bench/map-basemap.mjs), the process exits 1 when a target is missed.
/* global window, document, localStorage, performance -- functions run in the page */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { tsImport } from 'tsx/esm/api';
import {
  ROOT,
  createAccount,
  fmt,
  freePort,
  median,
  serverEntryPoint,
  startServer,
  stopProcess,
  tempDir,
  waitFor200,
  reportLines,
} from './lib.mjs';
import { builtInMaxZoom, mapViewConstants, projectionShown, searchAndChoose } from './map-lib.mjs';

const RUNS = 5;
const BYTE_RUNS = 2;
const VIEWPORT = { width: 1280, height: 800 };
const PASSWORD = 'Bench-pass1';
const IDLE_MARK = 'waymarks:map-idle';
/** The dashboard's opening view for a traveller with no places, and its globe (MapView.tsx). */
const { WORLD_VIEW: OPENING, GLOBE_PROJECTION } = mapViewConstants();
const WORLD_VIEW = { center: [OPENING.longitude, OPENING.latitude], zoom: OPENING.zoom };
const FLAT_PROJECTION = { type: 'mercator' };
/** The gazetteer's Lisbon in the search list. */
const LISBON_OPTION = /^Lisbon\b.*Portugal/;
/** SPEC.md §9: the zoom the dashboard asks the map to fly to for a chosen search result. */
const FOCUS_ZOOM = 12;
/** Where the flight to Lisbon ends: the built-in map stops at its maximum zoom (decision 091). */
const LISBON_ZOOM = Math.min(FOCUS_ZOOM, await builtInMaxZoom());
const TARGET_BYTES_RATIO = 1;
const TARGET_IDLE_RATIO = 1.5;
const KINDS = {
  tiles: '/map/tiles/basemap/',
  places: '/map/tiles/places/',
  glyphs: '/map/glyphs/',
};
const BENCH_PATH = '/__bench-basemap/';
const COUNTRIES_FILE = path.join(ROOT, 'node_modules/world-atlas/countries-50m.json');

const kib = (bytes) => `${fmt(bytes / 1024, 1)} KiB`;

/** countries-50m.json as the server sent it: compressed as apps/web/compress.mjs does. */
function baseline() {
  const body = readFileSync(COUNTRIES_FILE);
  return {
    raw: body.length,
    brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    gzip: gzipSync(body, { level: 9 }).length,
  };
}

// ---------------------------------------------------------------------------------------------------
// Bytes: the real dashboard.

/**
 * Counts the basemap's responses of `page` by kind into `counter.current` (swap it to start a new tally).
 * A request the map cancelled because it no longer needed the tile is counted apart, without its bytes.
 */
function countBasemapBytes(page, counter, problems) {
  page.on('requestfailed', (request) => {
    const { pathname } = new URL(request.url());
    const kind = Object.keys(KINDS).find((key) => pathname.startsWith(KINDS[key]));
    if (kind && request.failure()?.errorText === 'net::ERR_ABORTED') counter.current[kind].cancelled += 1;
  });
  page.on('requestfinished', (request) => {
    const { pathname } = new URL(request.url());
    const kind = Object.keys(KINDS).find((key) => pathname.startsWith(KINDS[key]));
    if (!kind) return;
    const tally = counter.current;
    const sized = request.sizes().then(
      (sizes) => {
        // From the HTTP cache nothing is received: Playwright then answers a body of minus the headers.
        const received = sizes.responseBodySize + sizes.responseHeadersSize;
        if (received <= 0) {
          tally[kind].cached += 1;
          return;
        }
        tally[kind].requests += 1;
        tally[kind].body += sizes.responseBodySize;
        tally[kind].headers += sizes.responseHeadersSize;
      },
      (error) => problems.add(`no sizes for ${pathname}: ${error.message}`),
    );
    tally.pending.push(sized);
  });
}

const emptyTally = () => ({
  ...Object.fromEntries(
    Object.keys(KINDS).map((kind) => [kind, { requests: 0, cached: 0, cancelled: 0, body: 0, headers: 0 }]),
  ),
  pending: [],
});

async function settledTally(tally) {
  await Promise.all(tally.pending);
  const kinds = Object.keys(KINDS);
  const sum = (key) => kinds.reduce((total, kind) => total + tally[kind][key], 0);
  return {
    ...Object.fromEntries(kinds.map((kind) => [kind, tally[kind]])),
    requests: sum('requests'),
    cached: sum('cached'),
    cancelled: sum('cancelled'),
    body: sum('body'),
    transfer: sum('body') + sum('headers'),
  };
}

function watchProblems(page, where, problems) {
  page.on('console', (message) => {
    if (message.type() === 'error') problems.add(`${where}: console error: ${message.text().slice(0, 300)}`);
  });
  page.on('pageerror', (error) => problems.add(`${where}: uncaught error: ${error.message.slice(0, 300)}`));
  page.on('requestfailed', (request) => {
    // A tile the map stopped needing while it moved is cancelled: not a failure.
    if (request.failure()?.errorText === 'net::ERR_ABORTED') return;
    problems.add(
      `${where}: request failed: ${new URL(request.url()).pathname} (${request.failure()?.errorText})`,
    );
  });
  page.on('response', (response) => {
    if (response.status() >= 400) {
      problems.add(`${where}: ${new URL(response.url()).pathname} answered ${response.status()}`);
    }
  });
}

/**
 * Added to the dashboard before its scripts: counts the map's idle events. MapView sets the idle mark only
 * while `performance.getEntriesByName(mark)` is empty; here that lookup answers [] for the mark, so MapView
 * calls `performance.mark` on every idle event: the first call makes the real mark, the later ones are only
 * counted, which tells when the map has arrived somewhere and drawn it.
 */
function countIdleEvents(idleMark) {
  const counted = { events: 0 };
  window.__basemapBench = counted;
  const getEntriesByName = performance.getEntriesByName.bind(performance);
  performance.getEntriesByName = (name, type) => (name === idleMark ? [] : getEntriesByName(name, type));
  const mark = performance.mark.bind(performance);
  performance.mark = (name, options) => {
    if (name !== idleMark) return mark(name, options);
    counted.events += 1;
    return counted.events === 1 ? mark(name, options) : undefined;
  };
}

const idleEvents = (page) => page.evaluate(() => window.__basemapBench.events);

/**
 * One dashboard load in a fresh context: the world view's basemap bytes at the idle mark, then (with
 * `city`) the bytes of going to Lisbon with the place search, up to the map's next idle event there, where
 * the zoom-in button must be disabled (the flight ended at the maximum zoom, LISBON_ZOOM). Also
 * answers the idle mark's time, the page's language, and what the page shows of the opening view: the
 * zoom-out button's state and globe or flat.
 */
async function dashboardRun(browser, origin, email, { globe, city }, problems) {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 });
  const where = `dashboard (${globe ? 'globe' : 'flat'})`;
  try {
    // Set either way: with software WebGL, as here, the dashboard would otherwise start flat.
    await context.addInitScript((on) => localStorage.setItem('showGlobe', on), String(globe));
    await context.addInitScript(countIdleEvents, IDLE_MARK);
    const signIn = await context.request.post(`${origin}/api/auth/signin`, {
      data: { email, password: PASSWORD },
    });
    if (signIn.status() !== 200) throw new Error(`sign-in answered ${signIn.status()}`);
    const page = await context.newPage();
    watchProblems(page, where, problems);
    const counter = { current: emptyTally() };
    countBasemapBytes(page, counter, problems);

    await page.goto(`${origin}/dashboard`, { waitUntil: 'commit' });
    const idleMs = await page
      .waitForFunction(
        (mark) => performance.getEntriesByType('mark').find((entry) => entry.name === mark)?.startTime,
        IDLE_MARK,
        { polling: 50, timeout: 60_000 },
      )
      .then((handle) => handle.jsonValue());
    // Responses finished before the idle event may still be on their way to this process.
    await page.waitForTimeout(250);
    const world = await settledTally(counter.current);
    // A traveller with no places sees the world at the widest zoom, where zoom-out is disabled.
    const widest = await page.locator('button.maplibregl-ctrl-zoom-out').isDisabled();
    if (!widest) problems.add(`${where}: the map did not open at the widest zoom (zoom-out is enabled)`);
    const shown = await projectionShown(page);
    if (shown.switchOn !== globe || shown.looks !== (globe ? 'globe' : 'flat')) {
      problems.add(
        `${where}: the opening view shows the Globe view switch ${shown.switchOn ? 'on' : 'off'} and ` +
          `looks ${shown.looks} (corners ${shown.corners})`,
      );
    }
    const language = await page.evaluate(() => document.documentElement.lang);

    let jump;
    if (city) {
      counter.current = emptyTally();
      const since = await idleEvents(page);
      const dialog = await searchAndChoose(page, 'Lisbon', LISBON_OPTION);
      await page.waitForFunction((after) => window.__basemapBench.events > after, since, {
        polling: 50,
        timeout: 60_000,
      });
      await page.waitForTimeout(250);
      jump = await settledTally(counter.current);
      const atMaximum = await page.locator('button.maplibregl-ctrl-zoom-in').isDisabled();
      if (!atMaximum) {
        problems.add(`${where}: the flight to Lisbon did not end at the maximum zoom (zoom-in is enabled)`);
      }
      const named = await dialog.getByRole('heading').first().innerText();
      if (!/^Lisbon\b/.test(named)) problems.add(`${where}: the search opened '${named}', not Lisbon`);
    }
    return { idleMs, world, jump, language, shown };
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------------------------------------------
// First idle frame: one minimal page, the old basemap or the new.

const PAGE_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<link rel="stylesheet" href="${BENCH_PATH}maplibre-gl.css">
<style>html, body, #map { margin: 0; width: 100%; height: 100%; }</style>
<script src="${BENCH_PATH}topojson-client.min.js"></script>
</head><body><div id="map"></div>
<script type="module" src="${BENCH_PATH}page.mjs"></script>
</body></html>`;

/**
 * The page's script. `before`: the old offline map (countries-50m.json as GeoJSON: background, land fill,
 * border line). `now`: the given style and projection. Records the first idle event's time.
 */
function pageScript(variant, style, projection) {
  return `import * as maplibregl from '${BENCH_PATH}maplibre-gl.mjs';
maplibregl.setWorkerUrl('${BENCH_PATH}maplibre-gl-worker.mjs');
const view = ${JSON.stringify(WORLD_VIEW)};
async function styleOf(variant) {
  if (variant !== 'before') return ${JSON.stringify(style ? { ...style, projection } : null)};
  const response = await fetch('${BENCH_PATH}countries-50m.json');
  const topology = await response.json();
  const countries = topojson.feature(topology, topology.objects.countries);
  return {
    version: 8,
    sources: {
      countries: { type: 'geojson', data: countries },
      borders: { type: 'geojson', data: countries },
    },
    layers: [
      { id: 'ocean', type: 'background', paint: { 'background-color': '#d3e8f1' } },
      { id: 'land', type: 'fill', source: 'countries', paint: { 'fill-color': '#f3f0e8' } },
      {
        id: 'visited-countries', type: 'fill', source: 'countries',
        filter: ['in', ['get', 'name'], ['literal', []]],
        paint: { 'fill-color': '#16a34a', 'fill-opacity': 0.3 },
      },
      {
        id: 'borders', type: 'line', source: 'borders', layout: { 'line-join': 'round' },
        paint: { 'line-color': '#b9b3a6', 'line-width': ['interpolate', ['linear'], ['zoom'], 1, 0.5, 6, 1.25] },
      },
    ],
  };
}
const map = new maplibregl.Map({
  container: 'map',
  style: await styleOf(${JSON.stringify(variant)}),
  ...view,
  minZoom: 1,
  attributionControl: false,
});
map.once('idle', () => { window.firstIdle = performance.now(); });
map.on('error', (event) => console.error('map error: ' + (event.error?.message ?? event.error)));
window.benchMap = map;
`;
}

const ASSETS = {
  'maplibre-gl.mjs': ['node_modules/maplibre-gl/dist/maplibre-gl.mjs', 'text/javascript'],
  'maplibre-gl-worker.mjs': ['node_modules/maplibre-gl/dist/maplibre-gl-worker.mjs', 'text/javascript'],
  'maplibre-gl.css': ['node_modules/maplibre-gl/dist/maplibre-gl.css', 'text/css'],
  'topojson-client.min.js': ['node_modules/topojson-client/dist/topojson-client.min.js', 'text/javascript'],
  'countries-50m.json': ['node_modules/world-atlas/countries-50m.json', 'application/json'],
};

/** The minimal page: served at `${origin}${BENCH_PATH}`; tiles and glyphs go to the real server. */
async function pageRun(browser, origin, variant, script, problems) {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 });
  const bodies = Object.fromEntries(
    Object.entries(ASSETS).map(([name, [file, type]]) => [
      name,
      { body: readFileSync(path.join(ROOT, file)), type },
    ]),
  );
  try {
    await context.route(`${origin}${BENCH_PATH}**`, (route) => {
      const name = new URL(route.request().url()).pathname.slice(BENCH_PATH.length);
      if (name === 'index.html') return route.fulfill({ body: PAGE_HTML, contentType: 'text/html' });
      if (name === 'page.mjs') return route.fulfill({ body: script, contentType: 'text/javascript' });
      const asset = bodies[name];
      return asset
        ? route.fulfill({ body: asset.body, contentType: asset.type })
        : route.fulfill({ status: 404 });
    });
    const page = await context.newPage();
    watchProblems(page, `${variant} page`, problems);
    await page.goto(`${origin}${BENCH_PATH}index.html`, { waitUntil: 'commit' });
    const handle = await page.waitForFunction(() => window.firstIdle, undefined, {
      polling: 50,
      timeout: 60_000,
    });
    return handle.jsonValue();
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------------------------------------------

export async function run() {
  const entry = serverEntryPoint(); // builds when the build is missing
  const { details, log } = reportLines();
  log(`server: ${entry.label}`);
  const old = baseline();
  log(
    `baseline: countries-50m.json ${kib(old.raw)} raw, ${kib(old.brotli)} brotli 11, ${kib(old.gzip)} gzip 9 ` +
      '(the old map fetched it whole for every view; Chromium gets brotli)',
  );

  const dataDir = tempDir();
  const email = `bench-basemap-${Date.now()}@example.com`;
  await createAccount(dataDir, email, 'pro', { name: 'Empty Map', password: PASSWORD });
  const { launchBrowser } = await tsImport('../apps/server/src/testing/browser.ts', import.meta.url);
  const { offlineStyle } = await tsImport('../apps/web/src/features/map/style.ts', import.meta.url);
  const { countryNamesIn } = await tsImport('../apps/web/src/features/map/country-names.ts', import.meta.url);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = startServer({ port, dataDir });
  let browser;
  const problems = new Set();
  const loads = { globe: [], flat: [] };
  const idle = { before: [], flat: [], globe: [] };
  try {
    await waitFor200(`${origin}/api/ready`, server);
    browser = await launchBrowser();
    log(`Chromium ${browser.version()}, viewport ${VIEWPORT.width}×${VIEWPORT.height}`);

    // A first load waits for the server's tile cut; not counted.
    await dashboardRun(browser, origin, email, { globe: true, city: false }, problems);
    for (let round = 0; round < BYTE_RUNS; round += 1) {
      for (const globe of [true, false]) {
        loads[globe ? 'globe' : 'flat'].push(
          await dashboardRun(browser, origin, email, { globe, city: globe }, problems),
        );
      }
    }
    // The style the dashboard builds on this origin (no MAP_STYLE_URL or MAP_PMTILES here), with the country
    // names of the page's language, as chooseBasemap (apps/web/src/features/map/basemap.ts) does.
    const styleNow = offlineStyle({ origin, countryNames: countryNamesIn(loads.globe[0].language) });
    const scripts = {
      before: pageScript('before'),
      flat: pageScript('now', styleNow, FLAT_PROJECTION),
      globe: pageScript('now', styleNow, GLOBE_PROJECTION),
    };
    for (const variant of Object.keys(idle)) {
      await pageRun(browser, origin, variant, scripts[variant], problems); // warm-up
    }
    for (let round = 0; round < RUNS; round += 1) {
      for (const variant of Object.keys(idle)) {
        idle[variant].push(await pageRun(browser, origin, variant, scripts[variant], problems));
      }
    }
    console.log(
      `  … first idle (ms) before ${idle.before.map((ms) => fmt(ms)).join(', ')}; ` +
        `now flat ${idle.flat.map((ms) => fmt(ms)).join(', ')}; now globe ${idle.globe.map((ms) => fmt(ms)).join(', ')}`,
    );
  } catch (error) {
    if (problems.size === 0) throw error;
    const said = [...problems].map((problem) => `  !! ${problem}`).join('\n');
    throw new Error(`${error.message}\nin the browser before that:\n${said}`, { cause: error });
  } finally {
    await browser?.close();
    await stopProcess(server);
  }

  // Bytes: every load of a view fetched the same tiles; the first of each is shown, a difference is flagged.
  const row = (label, tally) => {
    const kinds = Object.keys(KINDS)
      .map((kind) => `${kind} ${tally[kind].requests}× ${kib(tally[kind].body)}`)
      .join(', ');
    const cached =
      (tally.cached > 0 ? `; ${tally.cached} more from the HTTP cache` : '') +
      (tally.cancelled > 0 ? `; ${tally.cancelled} cancelled by the map` : '');
    return (
      `${label.padEnd(26)} ${kib(tally.transfer).padStart(10)} with headers (bodies ${kib(tally.body)}: ${kinds}${cached}) ` +
      `= ${(tally.transfer / old.brotli).toFixed(2)}× brotli, ${(tally.transfer / old.gzip).toFixed(2)}× gzip baseline`
    );
  };
  const [globe, flat] = [loads.globe[0], loads.flat[0]];
  const cityTotal = {
    ...Object.fromEntries(
      Object.keys(KINDS).map((kind) => [
        kind,
        Object.fromEntries(
          Object.keys(globe.world[kind]).map((key) => [key, globe.world[kind][key] + globe.jump[kind][key]]),
        ),
      ]),
    ),
    requests: globe.world.requests + globe.jump.requests,
    cached: globe.world.cached + globe.jump.cached,
    cancelled: globe.world.cancelled + globe.jump.cancelled,
    body: globe.world.body + globe.jump.body,
    transfer: globe.world.transfer + globe.jump.transfer,
  };
  log('basemap bytes as received (compressed), against the old basemap:');
  log(row('world view, globe', globe.world));
  log(row('world view, flat', flat.world));
  log(row(`search: fly to Lisbon, z${LISBON_ZOOM}`, globe.jump));
  log(row('world view + Lisbon', cityTotal));
  // The flight draws as many frames as the machine allows, and each asks for the tiles of its view.
  log(
    `search: fly to Lisbon, in each of the ${BYTE_RUNS} globe loads: ` +
      `${loads.globe.map((load) => kib(load.jump.transfer)).join(', ')} (the tiles on the way vary with the frames drawn)`,
  );
  for (const [label, runs] of Object.entries(loads)) {
    const totals = runs.map((load) => load.world.transfer);
    if (Math.max(...totals) - Math.min(...totals) > 1024) {
      log(`!! the ${label} world view fetched ${totals.map(kib).join(' vs ')} in its loads`);
    }
  }
  const opening = (load) =>
    `Globe view switch ${load.shown.switchOn ? 'on' : 'off'}, looks ${load.shown.looks} (corners ${load.shown.corners})`;
  log(`opening view as the page shows it: globe: ${opening(globe)}; flat: ${opening(flat)}`);
  log(
    `dashboard idle mark (whole app, ${BYTE_RUNS} loads each): globe ${fmt(median(loads.globe.map((l) => l.idleMs)))} ms, ` +
      `flat ${fmt(median(loads.flat.map((l) => l.idleMs)))} ms`,
  );

  const [before, nowFlat, nowGlobe] = [idle.before, idle.flat, idle.globe].map(median);
  const cell = (values) =>
    `${fmt(median(values))} ms (${fmt(Math.min(...values))}–${fmt(Math.max(...values))})`;
  log(`first idle frame, minimal page, median (range) of ${RUNS}:`);
  log(`  before (countries-50m GeoJSON, flat)  ${cell(idle.before)}`);
  log(
    `  now, flat                             ${cell(idle.flat)}  = ${(nowFlat / before).toFixed(2)}× before`,
  );
  log(
    `  now, globe                            ${cell(idle.globe)}  = ${(nowGlobe / before).toFixed(2)}× before, ` +
      `${(nowGlobe / nowFlat).toFixed(2)}× flat`,
  );
  for (const problem of problems) log(`!! ${problem}`);

  const firstLoad = Math.max(globe.world.transfer, flat.world.transfer);
  const bytesRatio = firstLoad / old.brotli;
  const idleRatio = Math.max(nowFlat, nowGlobe) / before;
  return {
    name: 'map-basemap',
    figure:
      `first load's basemap ${kib(firstLoad)} (${bytesRatio.toFixed(2)}× the old one's ${kib(old.brotli)} brotli); ` +
      `world view + Lisbon at zoom ${LISBON_ZOOM} ${(cityTotal.transfer / old.brotli).toFixed(2)}×; first idle ${fmt(nowGlobe)} ms globe, ` +
      `${fmt(nowFlat)} ms flat (${(nowGlobe / before).toFixed(2)}×, ${(nowFlat / before).toFixed(2)}× the old ${fmt(before)} ms)` +
      (problems.size > 0 ? `; ${problems.size} browser problem(s)` : ''),
    target: `first load's basemap bytes ≤ ${TARGET_BYTES_RATIO}× the old basemap; first idle ≤ ${TARGET_IDLE_RATIO}× the old map's`,
    pass: bytesRatio <= TARGET_BYTES_RATIO && idleRatio <= TARGET_IDLE_RATIO,
    details,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await run();
  console.log(`${result.figure} (target ${result.target}): ${result.pass ? 'PASS' : 'FAIL'}`);
  process.exitCode = result.pass ? 0 : 1;
}
