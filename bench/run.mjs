// npm run bench: runs every benchmark in sequence, one block each, then a summary table.
// Each benchmark prints its figure against a baseline measured in the same run. The run is a report:
// it exits 0 when a target is missed or a benchmark is skipped (it says why), and non-zero only when a
// benchmark crashed.
//   node bench/run.mjs [name ...]   runs only the named benchmarks
//   node bench/run.mjs --record …   also writes the figures of those that ran to earlier-figures.json
//   node bench/run.mjs soak         the 30-minute soak (load.mjs), run only when named
// Beside each figure it prints the one earlier-figures.json holds from the last recorded run.
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fmt, performance, removeTempDirs, usedServerEntry } from './lib.mjs';

const BENCHMARKS = [
  'auth-overhead',
  'pins-list',
  'leaderboard',
  'startup',
  'password-hash',
  'landing-bundle',
  'lighthouse',
  'dashboard-map',
  'map-basemap',
  'geo-load',
  'geo-search',
  'geo-reverse',
  'media-metadata',
  'media-ingest',
  'media-large-upload',
  'media-s3-complete',
  'media-queue',
  'media-grouping-browser',
  'avatar',
  'load',
  'import-read',
  'import-commit',
  'share-page',
  'share-image',
];

/** Run only when named, each an entry of another benchmark's module. */
const ON_REQUEST = { soak: { module: 'load', entry: 'soak' } };

const EARLIER_FILE = new URL('./earlier-figures.json', import.meta.url);
const earlierFile = JSON.parse(readFileSync(EARLIER_FILE, 'utf8'));
/** The figure last recorded for a benchmark, with when: what today's is compared with. */
const earlierOf = (name) => {
  const entry = earlierFile.figures[name];
  return entry ? `${entry.figure} (${entry.recorded})` : 'none recorded';
};

const record = process.argv.includes('--record');
const only = process.argv.slice(2).filter((arg) => arg !== '--record');
const known = [...BENCHMARKS, ...Object.keys(ON_REQUEST)];
const unknown = only.filter((name) => !known.includes(name));
if (unknown.length > 0) {
  console.error(`unknown benchmark(s): ${unknown.join(', ')}; known: ${known.join(', ')}`);
  process.exit(2);
}
const selected = only.length > 0 ? known.filter((name) => only.includes(name)) : BENCHMARKS;

const rule = (title) => `── ${title} ${'─'.repeat(Math.max(3, 100 - title.length))}`;

console.log(
  `Waymarks benchmarks: ${selected.join(', ')}\n` +
    `node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown cpu'}), ${os.platform()} ${os.release()}\n`,
);

const runStarted = performance.now();
const results = [];
for (const name of selected) {
  console.log(rule(name));
  const started = performance.now();
  try {
    const { module = name, entry = 'run' } = ON_REQUEST[name] ?? {};
    const result = await (await import(`./${module}.mjs`))[entry]();
    const seconds = (performance.now() - started) / 1000;
    const status = result.skipped ? 'SKIP' : result.pass ? 'PASS' : 'FAIL';
    results.push({ ...result, name, seconds, status, earlier: earlierOf(name) });
    console.log(`  figure: ${result.figure}`);
    console.log(`  earlier: ${earlierOf(name)}`);
    console.log(`  target: ${result.target}`);
    console.log(`  result: ${status} (${seconds.toFixed(1)} s)\n`);
  } catch (error) {
    const seconds = (performance.now() - started) / 1000;
    console.log(`  CRASHED after ${seconds.toFixed(1)} s: ${error?.stack ?? error}\n`);
    results.push({
      name,
      figure: '-',
      earlier: earlierOf(name),
      target: '-',
      pass: false,
      seconds,
      status: 'CRASH',
    });
  }
  removeTempDirs();
}

const header = {
  name: 'benchmark',
  figure: 'figure',
  earlier: 'earlier figure',
  target: 'target',
  status: 'result',
};
const widths = Object.fromEntries(
  Object.keys(header).map((key) => [
    key,
    Math.max(...[header, ...results].map((row) => String(row[key]).length)),
  ]),
);
const line = (row) =>
  Object.keys(header)
    .map((key) => String(row[key]).padEnd(widths[key]))
    .join('  ')
    .trimEnd();

if (record) {
  const recorded = `${new Date().toISOString().slice(0, 10)}, npm run bench -- --record`;
  for (const result of results) {
    if (result.status === 'PASS' || result.status === 'FAIL') {
      earlierFile.figures[result.name] = { figure: String(result.figure), recorded };
    }
  }
  writeFileSync(EARLIER_FILE, `${JSON.stringify(earlierFile, null, 2)}\n`);
}

console.log(rule('summary'));
console.log(line(header));
console.log(line(Object.fromEntries(Object.keys(header).map((key) => [key, '-'.repeat(widths[key])]))));
for (const result of results) console.log(line(result));
const entry = usedServerEntry();
if (entry) {
  console.log(
    `\nserver under test: ${entry.label}` +
      (entry.built
        ? ''
        : '\n!! NOT the build: `npm run build` failed, so these are the TypeScript sources via tsx.'),
  );
}
const crashed = results.filter((result) => result.status === 'CRASH').length;
const failed = results.filter((result) => result.status === 'FAIL').length;
const skipped = results.filter((result) => result.status === 'SKIP').length;
console.log(
  `\n${results.length - crashed - failed - skipped} passed, ${failed} missed a target, ` +
    (skipped > 0 ? `${skipped} skipped, ` : '') +
    `${crashed} crashed ` +
    `in ${fmt((performance.now() - runStarted) / 1000, 1)} s.` +
    (crashed > 0
      ? ' Exit code 1: a benchmark crashed.'
      : ' A missed target is reported, not an error: exit code 0.'),
);
process.exit(crashed > 0 ? 1 : 0);
