// Gazetteer load: time from nothing to a gazetteer that answers, and resident memory after loading, each
// in a fresh process (bench/geo-load-child.mjs) that loads the way the server does: the production code,
// in slices of 8 ms. Median of 3. Baseline in the same run: the same process's memory before loading.
// Targets: the server answers places under 2 s after start and stays under 250 MB resident after load.
import { fmt, median, runJsonChild, reportLines } from './lib.mjs';
import { bundleGeo } from './geo-lib.mjs';

const RUNS = 3;
const TARGET_MS = 2000;
const TARGET_MB = 250;
const MB = 1e6;

const loadOnce = (bundle) => runJsonChild('geo-load-child.mjs', [bundle]);

export async function run() {
  const { details, log } = reportLines();
  const bundle = await bundleGeo();
  log('production code bundled with esbuild like the server build; each load in a fresh process');

  const runs = [];
  for (let i = 1; i <= RUNS; i += 1) {
    const result = await loadOnce(bundle);
    runs.push(result);
    log(
      `run ${i}/${RUNS}: ${fmt(result.ms)} ms (reading the files and importing the data libraries ${fmt(result.sourcesMs)} ms; ` +
        `process CPU ${fmt(result.cpuMs)} ms, start-up and GC threads included), rss ${fmt(result.before.rss / MB)} → ${fmt(result.after.rss / MB)} MB ` +
        `(peak ${fmt(result.peakRss / MB)} MB), ` +
        `longest event-loop pause ${fmt(result.maxPauseMs)} ms (p99 ${fmt(result.p99PauseMs)} ms)`,
    );
  }
  const last = runs[runs.length - 1];
  log(`  ${fmt(last.places)} places, regions and countries; ${fmt(last.keys)} search keys`);
  log(
    `  phases of run ${RUNS}: ${last.phases.map((phase) => `${phase.name} ${fmt(phase.ms)} ms`).join(', ')}`,
  );

  const ms = median(runs.map((result) => result.ms));
  const rssAfter = median(runs.map((result) => result.after.rss)) / MB;
  const rssBefore = median(runs.map((result) => result.before.rss)) / MB;
  const heapAfter = median(runs.map((result) => result.after.heapUsed)) / MB;
  const buffers = median(runs.map((result) => result.after.arrayBuffers)) / MB;
  log(`median load: ${fmt(ms)} ms`);
  log(
    `median resident memory after load: ${fmt(rssAfter)} MB (same process before loading: ${fmt(rssBefore)} MB, ` +
      `so the gazetteer adds ${fmt(rssAfter - rssBefore)} MB: JS heap ${fmt(heapAfter)} MB, typed arrays ${fmt(buffers)} MB)`,
  );
  const pass = ms < TARGET_MS && rssAfter < TARGET_MB;
  return {
    name: 'geo-load',
    figure: `${fmt(ms)} ms, ${fmt(rssAfter)} MB resident (+${fmt(rssAfter - rssBefore)} MB over the process before loading)`,
    target: `< ${fmt(TARGET_MS)} ms and < ${TARGET_MB} MB`,
    pass,
    details,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await run();
  console.log(`${result.figure} (target ${result.target}): ${result.pass ? 'PASS' : 'FAIL'}`);
}
