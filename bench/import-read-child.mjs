// One reading of a location history in a process of its own (bench/import-read.mjs): the import's JSON
// reader from a bundle of the server's code, fed from the file as a stream, its points made into stays,
// resident memory sampled every 50 ms. Prints one JSON line: { ms, bytes, points, stays, rssBefore, peakRss }.
//   node bench/import-read-child.mjs <bundle> <file>        the import's reader
//   node bench/import-read-child.mjs --json-parse <file>    the baseline: JSON.parse of the whole file
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { clearInterval, setInterval } from 'node:timers';

const [mode, file] = process.argv.slice(2);
globalThis.gc?.();
const rssBefore = process.memoryUsage.rss();
let peakRss = rssBefore;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
}, 50);

const started = performance.now();
let points = 0;
let stays = 0;
if (mode === '--json-parse') {
  const document = JSON.parse(readFileSync(file, 'utf8'));
  points = document.locations.length;
} else {
  const { readJsonImport, CheckedSink, StayFinder } = await import(mode);
  const finder = new StayFinder(() => {
    stays += 1;
  });
  const sink = new CheckedSink(finder);
  await readJsonImport(createReadStream(file, { highWaterMark: 1024 * 1024 }), sink);
  finder.end();
  points = sink.points;
}
const ms = performance.now() - started;
clearInterval(sampler);
peakRss = Math.max(peakRss, process.memoryUsage.rss());
console.log(JSON.stringify({ ms, bytes: statSync(file).size, points, stays, rssBefore, peakRss }));
