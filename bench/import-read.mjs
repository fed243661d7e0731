// Import reading speed (issue 26, decision 100): a generated Google Takeout Records.json of IMPORT_BENCH_MB
// (1,024 MB, about 7 million points) and a 150 MB Timeline export of an Android phone, each read by the
// import's reader (the production code, bundled) in a fresh process, from a file as a stream, through the
// stay rule; resident memory sampled while it reads. Baseline in the same run: JSON.parse of a 100 MB
// Records.json read whole, in a fresh process. Targets: at least 50 MB/s, and resident memory growth under
// 150 MB while reading, whatever the size.
import { Buffer } from 'node:buffer';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { bundleServerCode, fmt, performance, runJsonChild, tempDir, reportLines } from './lib.mjs';

const MB = 1024 * 1024;
const RECORDS_MB = Number(process.env.IMPORT_BENCH_MB ?? 1024);
const ANDROID_MB = 150;
const BASELINE_MB = 100;
const TARGET_MB_S = 50;
const TARGET_GROWTH_MB = 150;

/** A deterministic walk around Europe: long stays, then moves, so the stay rule has work to do. */
function* walk() {
  let at = Date.UTC(2012, 0, 1);
  let lat = 48.8566;
  let lng = 2.3522;
  for (let i = 0; ; i += 1) {
    // Two hours in a place, a point a minute, then a hop of a few kilometres.
    if (i % 120 === 0) {
      lat += (((i / 120) * 7919) % 13) / 300 - 0.02;
      lng += (((i / 120) * 104729) % 17) / 300 - 0.028;
    }
    at += 60_000;
    const jitter = ((i * 31) % 7) / 100_000;
    yield { lat: lat + jitter, lng: lng - jitter, at };
  }
}

async function writeUntil(file, targetBytes, open, item, close) {
  const out = createWriteStream(file);
  let written = 0;
  const write = async (text) => {
    written += Buffer.byteLength(text);
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(open);
  let first = true;
  for (const point of walk()) {
    if (written >= targetBytes) break;
    await write((first ? '\n' : ',\n') + item(point));
    first = false;
  }
  await write(close);
  out.end();
  await once(out, 'finish');
  return written;
}

/** Records.json as Takeout writes it: pretty-printed, two-space indents, timestamps as ISO strings. */
const writeRecords = (file, mb) =>
  writeUntil(
    file,
    mb * MB,
    '{\n  "locations": [',
    (p) =>
      JSON.stringify(
        {
          latitudeE7: Math.round(p.lat * 1e7),
          longitudeE7: Math.round(p.lng * 1e7),
          accuracy: 15,
          source: 'WIFI',
          deviceTag: 1234567890,
          timestamp: new Date(p.at).toISOString(),
        },
        null,
        2,
      ).replace(/^/gm, '    '),
    '\n  ]\n}\n',
  );

/** An Android Timeline export: raw position signals, as the phone writes them ("48.8566°, 2.3522°"). */
const writeAndroid = (file, mb) =>
  writeUntil(
    file,
    mb * MB,
    '{\n  "semanticSegments": [],\n  "rawSignals": [',
    (p) =>
      JSON.stringify(
        {
          position: {
            LatLng: `${p.lat.toFixed(7)}°, ${p.lng.toFixed(7)}°`,
            accuracyMeters: 13,
            altitudeMeters: 35.2,
            source: 'WIFI',
            timestamp: new Date(p.at).toISOString().replace('Z', '+01:00'),
            speedMetersPerSecond: 0,
          },
        },
        null,
        2,
      ).replace(/^/gm, '    '),
    '\n  ],\n  "userLocationProfile": {}\n}\n',
  );

const readOnce = (args) => runJsonChild('import-read-child.mjs', args);

export async function run() {
  const { details, log } = reportLines();
  const bundle = await bundleServerCode(
    'import-read',
    [
      "export { readJsonImport } from './apps/server/src/modules/imports/read/json-import.ts';",
      "export { CheckedSink } from './apps/server/src/modules/imports/read/points.ts';",
      "export { StayFinder } from './apps/server/src/modules/imports/read/stays.ts';",
    ].join('\n'),
  );
  const dir = tempDir('waymarks-import-read-');
  const files = {
    baseline: path.join(dir, 'records-baseline.json'),
    records: path.join(dir, 'Records.json'),
    android: path.join(dir, 'Timeline.json'),
  };
  const generated = performance.now();
  await writeRecords(files.baseline, BASELINE_MB);
  await writeRecords(files.records, RECORDS_MB);
  await writeAndroid(files.android, ANDROID_MB);
  log(`files generated in ${fmt((performance.now() - generated) / 1000, 1)} s`);

  const rate = (result) => result.bytes / MB / (result.ms / 1000);
  const growth = (result) => (result.peakRss - result.rssBefore) / MB;
  const baseline = await readOnce(['--json-parse', files.baseline]);
  log(
    `baseline: JSON.parse of a ${fmt(baseline.bytes / MB)} MB Records.json read whole: ${fmt(rate(baseline), 1)} MB/s, ` +
      `memory +${fmt(growth(baseline))} MB`,
  );
  const results = {};
  for (const name of ['records', 'android']) {
    const result = await readOnce([bundle, files[name]]);
    results[name] = result;
    log(
      `${name === 'records' ? 'Records.json' : 'Android Timeline'} of ${fmt(result.bytes / MB)} MB: ${fmt(result.ms / 1000, 1)} s, ` +
        `${fmt(rate(result), 1)} MB/s (${fmt(rate(result) / rate(baseline), 2)}× JSON.parse), ${fmt(result.points)} points, ` +
        `${fmt(result.stays)} stays, memory +${fmt(growth(result))} MB (peak ${fmt(result.peakRss / MB)} MB)`,
    );
  }
  const slowest = Math.min(rate(results.records), rate(results.android));
  const largestGrowth = Math.max(growth(results.records), growth(results.android));
  return {
    name: 'import-read',
    figure:
      `${fmt(rate(results.records), 1)} MB/s for ${fmt(results.records.bytes / MB)} MB of Records.json, ` +
      `${fmt(rate(results.android), 1)} MB/s for ${fmt(results.android.bytes / MB)} MB of Android Timeline ` +
      `(JSON.parse ${fmt(rate(baseline), 1)} MB/s); memory growth at most ${fmt(largestGrowth)} MB`,
    target: `≥ ${TARGET_MB_S} MB/s, memory growth < ${TARGET_GROWTH_MB} MB`,
    pass: slowest >= TARGET_MB_S && largestGrowth < TARGET_GROWTH_MB,
    details,
  };
}
