// Photo metadata on the server: time of apps/server/src/media/metadata.ts readMetadata per photo over every
// fixture photo (../shared/fixtures/media/photos: JPEG, HEIC, HEIF), repeated for at least 2,000 samples.
// The code is bundled with esbuild the way the server build bundles it (npm packages external,
// @waymarks/shared compiled in). Baseline in the same run: fs.promises.readFile of the same files, so the
// ratio says how much more than reading the whole file once the metadata costs.
// Target: p95 at most 5 ms per photo.
import { readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ROOT, bundleServerCode, fmt, mean, percentile, performance, reportLines } from './lib.mjs';

const TARGET_P95_MS = 5;
const MIN_SAMPLES = 2000;
const WARMUP_ROUNDS = 10;
const GPS_PHOTOS = 13;
const FIXTURES = path.resolve(ROOT, '../shared/fixtures/media/photos');

async function bundleMetadata() {
  return import(
    await bundleServerCode(
      'media-metadata',
      "export { readMetadata } from './apps/server/src/media/metadata.ts';",
    )
  );
}

function stats(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1],
    mean: mean(sorted),
  };
}

const ms = (value) => `${value.toFixed(value < 1 ? 3 : 2)} ms`;

export async function run() {
  const { details, log } = reportLines();

  const { readMetadata } = await bundleMetadata();
  const photos = ['gps', 'no-gps'].flatMap((dir) =>
    readdirSync(path.join(FIXTURES, dir))
      .sort()
      .map((name) => path.join(FIXTURES, dir, name)),
  );
  const totalBytes = photos.reduce((sum, file) => sum + statSync(file).size, 0);
  const rounds = Math.ceil(MIN_SAMPLES / photos.length);
  log(
    `${photos.length} fixture photos (${fmt(totalBytes / 1024 / 1024, 1)} MiB), ${rounds} rounds = ` +
      `${fmt(rounds * photos.length)} samples each for readMetadata and the readFile baseline`,
  );

  let located = 0;
  for (let round = 0; round < WARMUP_ROUNDS; round += 1) {
    for (const file of photos) {
      const meta = await readMetadata(file, 'image');
      if (round === 0 && meta.location) located += 1;
      await readFile(file);
    }
  }
  // A reader that stopped finding GPS would be fast for the wrong reason.
  if (located !== GPS_PHOTOS) {
    throw new Error(`readMetadata found a location in ${located} photos; the README lists ${GPS_PHOTOS}`);
  }
  log(`warm-up: ${located} of ${photos.length} photos have a location, as the fixture README lists`);

  // Whole rounds of each in turn, so both see the same page cache and the same load on the machine.
  const metadataSamples = [];
  const readSamples = [];
  const byExtension = new Map();
  for (let round = 0; round < rounds; round += 1) {
    for (const file of photos) {
      const t0 = performance.now();
      await readMetadata(file, 'image');
      const elapsed = performance.now() - t0;
      metadataSamples.push(elapsed);
      const extension = path.extname(file).slice(1).toLowerCase();
      if (!byExtension.has(extension)) byExtension.set(extension, []);
      byExtension.get(extension).push(elapsed);
    }
    for (const file of photos) {
      const t0 = performance.now();
      await readFile(file);
      readSamples.push(performance.now() - t0);
    }
  }

  const metadata = stats(metadataSamples);
  const baseline = stats(readSamples);
  log(
    `readMetadata: p50 ${ms(metadata.p50)}, p95 ${ms(metadata.p95)}, p99 ${ms(metadata.p99)}, ` +
      `max ${ms(metadata.max)}, mean ${ms(metadata.mean)}`,
  );
  for (const [extension, samples] of byExtension) {
    const s = stats(samples);
    log(`  .${extension}: p50 ${ms(s.p50)}, p95 ${ms(s.p95)} (${fmt(samples.length)} samples)`);
  }
  log(
    `baseline, fs.promises.readFile of the same files: p50 ${ms(baseline.p50)}, p95 ${ms(baseline.p95)}, ` +
      `mean ${ms(baseline.mean)}`,
  );
  const ratio = metadata.p95 / baseline.p95;
  log(`p95 ratio: readMetadata takes ${ratio.toFixed(2)}× the time of reading the whole file`);

  return {
    name: 'media-metadata',
    figure: `p95 ${ms(metadata.p95)} per photo = ${ratio.toFixed(2)}× readFile of the same file (p95 ${ms(baseline.p95)})`,
    target: `p95 ≤ ${TARGET_P95_MS} ms per photo over ${fmt(metadataSamples.length)} samples`,
    pass: metadata.p95 <= TARGET_P95_MS,
    details,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await run();
  console.log(`${result.figure} (target ${result.target}): ${result.pass ? 'PASS' : 'FAIL'}`);
}
