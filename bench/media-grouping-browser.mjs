// The upload dialog's smart detection in headless Chromium (the project's launcher,
// apps/server/src/testing/browser.ts): reading the date and place of 200 chosen photos with
// apps/web/src/features/media/read-metadata.ts readFileMetadata, all at once with Promise.all as
// UploadPanel does, then grouping them with @waymarks/shared groupByLocation at the default 1 km, as the
// upload flow does. Both are bundled for the browser with esbuild (minified, like the production build)
// into a test page served by a small node:http server here, with the photos.
// The 200 photos: 160 fixture photos (../shared/fixtures/media/photos/{gps,no-gps}: JPEG, HEIC, HEIF, each
// used 8 times) and 40 generated 12-megapixel JPEGs (bench/media-ingest.mjs's generator: about 4.3 MB,
// EXIF date and GPS), linked into a temp folder under distinct names. In the page they are fetched and made
// into File objects (fetch → blob → new File, type '' for HEIC/HEIF as Chrome's file picker gives) before
// any timing, like files the user has just chosen.
// Baseline in the same run: reading the same 200 Files' bytes in full with file.arrayBuffer(), also all at
// once: what just touching every byte of the selection costs. After one warm-up of each, 5 rounds
// alternate (baseline first, then metadata first, …); medians count. Also reported: each kind's time per
// photo read one at a time (once, not part of the figure).
// Target: metadata + grouping of the 200 photos under 2,000 ms.
/* global window, File -- functions run in the page */
import { mkdirSync, symlinkSync, statSync, createReadStream, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { build } from 'esbuild';
import { tsImport } from 'tsx/esm/api';
import { ROOT, fmt, median, performance, tempDir, reportLines } from './lib.mjs';
import { PIN_AT, fixturePhotos, generatePhotos } from './media-lib.mjs';

const PHOTOS = 200;
const GENERATED = 40;
const GENERATED_DISTINCT = 8;
const ROUNDS = 5;
const GROUPING_KM = 1;
const TARGET_MS = 2000;
const OUT_DIR = path.join(ROOT, 'node_modules/.cache/waymarks-bench');
const BUNDLE = path.join(OUT_DIR, 'media-grouping-browser.js');

async function bundlePage() {
  mkdirSync(OUT_DIR, { recursive: true });
  await build({
    stdin: {
      contents: [
        "import { readFileMetadata } from './apps/web/src/features/media/read-metadata.ts';",
        "import { groupByLocation } from '@waymarks/shared';",
        'window.__bench = { readFileMetadata, groupByLocation };',
      ].join('\n'),
      resolveDir: ROOT,
      sourcefile: 'media-grouping-entry.ts',
      loader: 'ts',
    },
    outfile: BUNDLE,
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'chrome120',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  return readFileSync(BUNDLE);
}

const PAGE =
  '<!doctype html><meta charset="utf-8"><title>grouping bench</title><script type="module" src="/bench.js"></script>';

/** Serves the page, its script and /photos/<name> from `photoDir`. */
function servePage(script, photoDir) {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://localhost');
    if (url.pathname === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    } else if (url.pathname === '/bench.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    } else if (url.pathname.startsWith('/photos/')) {
      const file = path.join(photoDir, path.basename(decodeURIComponent(url.pathname)));
      const size = statSync(file, { throwIfNoEntry: false })?.size;
      if (size === undefined) return res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': size });
      createReadStream(file).pipe(res);
    } else {
      res.writeHead(404).end();
    }
    return undefined;
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, origin: `http://127.0.0.1:${server.address().port}` }),
    );
  });
}

// ---------------------------------------------------------------------------------------------------
// In the page.

/** Fetches every photo and keeps them as File objects for the rounds. */
async function loadFiles(list) {
  window.__files = await Promise.all(
    list.map(async ({ url, name, type, lastModified }) => {
      const res = await fetch(url);
      if (!res.ok) throw new Error(`${url} answered ${res.status}`);
      return new File([await res.blob()], name, { type, lastModified });
    }),
  );
  return window.__files.reduce((sum, file) => sum + file.size, 0);
}

/** The figure: readFileMetadata over every file at once, then groupByLocation. */
async function readAndGroup([maxKm, fallback]) {
  const { readFileMetadata, groupByLocation } = window.__bench;
  const files = window.__files;
  const started = performance.now();
  const read = await Promise.all(files.map((file) => readFileMetadata(file)));
  const metadata = new Map(files.map((file, i) => [file, read[i]]));
  const readAt = performance.now();
  const groups = groupByLocation(files, (file) => metadata.get(file)?.location, maxKm, fallback);
  const done = performance.now();
  return {
    ms: done - started,
    readMs: readAt - started,
    groupMs: done - readAt,
    groups: groups.length,
    largest: Math.max(...groups.map((group) => group.items.length)),
    fallback: groups.find((group) => group.fallback)?.items.length ?? 0,
    located: read.filter((meta) => meta.location).length,
    locatedNames: files.filter((_, i) => read[i].location).map((file) => file.name),
    dated: read.filter((meta) => meta.dateTaken).length,
  };
}

/** The baseline: every file's bytes, all at once. */
async function readAllBytes() {
  const files = window.__files;
  const started = performance.now();
  const buffers = await Promise.all(files.map((file) => file.arrayBuffer()));
  const ms = performance.now() - started;
  return { ms, bytes: buffers.reduce((sum, buffer) => sum + buffer.byteLength, 0) };
}

/** Each file's readFileMetadata on its own, one after another: ms per file. */
async function readEachAlone() {
  const { readFileMetadata } = window.__bench;
  const times = [];
  for (const file of window.__files) {
    const started = performance.now();
    await readFileMetadata(file);
    times.push(performance.now() - started);
  }
  return times;
}

// ---------------------------------------------------------------------------------------------------

export async function run() {
  const { details, log } = reportLines();

  const photoDir = tempDir('waymarks-bench-grouping-');
  const generatedDir = path.join(photoDir, 'generated');
  mkdirSync(generatedDir);
  const generated = await generatePhotos(generatedDir, GENERATED, GENERATED_DISTINCT);
  const fixtures = fixturePhotos();
  const gpsFixtures = new Set(
    fixtures.filter((photo) => photo.file.includes(`${path.sep}gps${path.sep}`)).map((p) => p.name),
  );
  // Generated photos spread evenly among the fixtures, each under a name of its own.
  const every = Math.floor(PHOTOS / GENERATED);
  const photos = [];
  for (let i = 0, g = 0, f = 0; i < PHOTOS; i += 1) {
    const source =
      i % every === every - 1 && g < generated.length ? generated[g++] : fixtures[f++ % fixtures.length];
    const name = `${String(i).padStart(3, '0')}-${source.name}`;
    symlinkSync(source.file, path.join(photoDir, name));
    photos.push({
      ...source,
      name,
      hasGps: source.kind.startsWith('generated') || gpsFixtures.has(source.name),
    });
  }
  const kinds = [...new Set(photos.map((photo) => photo.kind))];
  log(
    `${photos.length} photos (${fmt(photos.reduce((sum, p) => sum + p.bytes, 0) / 1024 / 1024, 1)} MB): ` +
      kinds.map((kind) => `${photos.filter((p) => p.kind === kind).length} ${kind}`).join(', ') +
      `; ${photos.filter((p) => p.hasGps).length} carry GPS`,
  );

  const script = await bundlePage();
  log(
    `page script: ${fmt(script.length / 1024)} KiB (readFileMetadata + groupByLocation, esbuild, minified)`,
  );
  const { server, origin } = await servePage(script, photoDir);
  const { launchBrowser } = await tsImport('../apps/server/src/testing/browser.ts', import.meta.url);
  let browser;
  const problems = new Set();
  const samples = { figure: [], baseline: [] };
  let last;
  let alone;
  try {
    browser = await launchBrowser();
    const context = await browser.newContext();
    const page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') problems.add(`console error: ${message.text().slice(0, 300)}`);
    });
    page.on('pageerror', (error) => problems.add(`uncaught error: ${error.message.slice(0, 300)}`));
    await page.goto(origin);
    await page.waitForFunction(() => window.__bench !== undefined);
    log(`Chromium ${browser.version()}`);

    const lastModified = Date.UTC(2024, 5, 1);
    const list = photos.map((photo) => ({
      url: `/photos/${encodeURIComponent(photo.name)}`,
      name: photo.name,
      type: photo.contentType === 'image/jpeg' ? 'image/jpeg' : '',
      lastModified,
    }));
    const loadStarted = performance.now();
    const loadedBytes = await page.evaluate(loadFiles, list);
    log(
      `fetched into ${photos.length} File objects (${fmt(loadedBytes / 1024 / 1024, 1)} MB) in ` +
        `${fmt(performance.now() - loadStarted)} ms (not timed)`,
    );

    const args = [GROUPING_KM, PIN_AT];
    // Warm-up (not counted): the code's first run, exifr's first load, the blobs' first read.
    const warm = {
      figure: await page.evaluate(readAndGroup, args),
      baseline: await page.evaluate(readAllBytes),
    };
    console.log(
      `  … warm-up: metadata + grouping ${fmt(warm.figure.ms)} ms, arrayBuffer ${fmt(warm.baseline.ms)} ms`,
    );
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = round % 2 === 0 ? ['baseline', 'figure'] : ['figure', 'baseline'];
      for (const which of order) {
        const result = await page.evaluate(which === 'figure' ? readAndGroup : readAllBytes, args);
        if (which === 'figure') last = result;
        else if (result.bytes !== loadedBytes) throw new Error(`arrayBuffer read ${result.bytes} bytes`);
        samples[which].push(result);
      }
      console.log(
        `  … round ${round + 1}/${ROUNDS}: metadata + grouping ${fmt(samples.figure.at(-1).ms)} ms ` +
          `(read ${fmt(samples.figure.at(-1).readMs)}, group ${fmt(samples.figure.at(-1).groupMs, 2)}), ` +
          `arrayBuffer ${fmt(samples.baseline.at(-1).ms)} ms`,
      );
    }
    alone = await page.evaluate(readEachAlone);
    await context.close();
  } finally {
    await browser?.close();
    await new Promise((resolve) => server.close(resolve));
  }

  // A reader that stopped finding GPS would be fast for the wrong reason.
  const located = new Set(last.locatedNames);
  const wrong = photos.filter((photo) => photo.hasGps !== located.has(photo.name));
  if (wrong.length > 0) {
    throw new Error(`the page read a location wrongly for ${wrong.map((photo) => photo.name).join(', ')}`);
  }
  log(
    `every photo's location read as expected (${last.located} of ${photos.length}); ${last.dated} dated; ` +
      `${last.groups} groups at ${GROUPING_KM} km (largest ${last.largest} photos, ${last.fallback} without ` +
      `a location in the group at the selected place)`,
  );
  for (const problem of problems) log(`!! ${problem}`);

  const figure = median(samples.figure.map((s) => s.ms));
  const baseline = median(samples.baseline.map((s) => s.ms));
  const ratio = figure / baseline;
  log(
    `metadata + grouping: median ${fmt(figure)} ms (read ${fmt(median(samples.figure.map((s) => s.readMs)))} ms, ` +
      `group ${fmt(median(samples.figure.map((s) => s.groupMs)), 2)} ms; range ` +
      `${fmt(Math.min(...samples.figure.map((s) => s.ms)))}–${fmt(Math.max(...samples.figure.map((s) => s.ms)))} ms)`,
  );
  log(
    `baseline, file.arrayBuffer() of all 200: median ${fmt(baseline)} ms (range ` +
      `${fmt(Math.min(...samples.baseline.map((s) => s.ms)))}–${fmt(Math.max(...samples.baseline.map((s) => s.ms)))} ms)`,
  );
  log(`ratio: ${ratio.toFixed(2)}× reading every byte`);
  log(
    `one at a time instead of all at once: ${fmt(alone.reduce((sum, ms) => sum + ms, 0))} ms in all; ` +
      'ms per photo (median | max):',
  );
  for (const kind of kinds) {
    const times = photos
      .map((photo, i) => [photo, alone[i]])
      .filter(([p]) => p.kind === kind)
      .map(([, ms]) => ms);
    log(`  ${kind.padEnd(20)} ${fmt(median(times), 1).padStart(6)} | ${fmt(Math.max(...times), 1)}`);
  }

  return {
    name: 'media-grouping-browser',
    figure:
      `${fmt(figure)} ms to read and group ${photos.length} photos = ${ratio.toFixed(2)}× file.arrayBuffer() ` +
      `of all of them (${fmt(baseline)} ms)` +
      (problems.size > 0 ? `; ${problems.size} browser problem(s)` : ''),
    target: `metadata + grouping of ${photos.length} photos < ${fmt(TARGET_MS)} ms`,
    pass: figure < TARGET_MS && problems.size === 0,
    details,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await run();
  console.log(`${result.figure} (target ${result.target}): ${result.pass ? 'PASS' : 'FAIL'}`);
}
