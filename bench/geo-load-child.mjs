// Child process of geo-load: loads the gazetteer once in a fresh process the way the server does (the
// bundled production code, in slices of 8 ms on an otherwise idle event loop), then prints one JSON line:
// load time, event-loop pauses, phase breakdown, and memory before and after (after a full GC).
//   node --expose-gc bench/geo-load-child.mjs <bundle>
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

const bundle = process.argv[2];
const memory = () => {
  globalThis.gc?.();
  const m = process.memoryUsage();
  return { rss: m.rss, heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers };
};

const geo = await import(bundle);
const before = memory();
const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
const phases = [];
let phaseStart = performance.now();
const started = performance.now();
let sourcesMs = 0;
// In a function, like the server's loader, so the file's bytes are garbage once the gazetteer is built.
async function load() {
  const steps = geo.buildGazetteer(await geo.loadSources(), (name) => {
    const now = performance.now();
    phases.push({ name, ms: now - phaseStart });
    phaseStart = now;
  });
  sourcesMs = performance.now() - started;
  phaseStart = performance.now();
  return geo.runInSlices(steps, 8);
}
const gazetteer = await load();
const ms = performance.now() - started;
delay.disable();
const cpu = process.cpuUsage();
const peakRss = process.resourceUsage().maxRSS * 1024;
// Let the collector finish with the load's temporaries (ArrayBuffers are freed after a full collection).
for (let i = 0; i < 3; i += 1) {
  globalThis.gc?.();
  await new Promise((resolve) => setTimeout(resolve, 50));
}
const after = memory();
// Keep the gazetteer alive through the measurement.
if (gazetteer.search('paris').length === 0) throw new Error('the loaded gazetteer finds nothing');
console.log(
  JSON.stringify({
    ms,
    sourcesMs,
    phases,
    cpuMs: (cpu.user + cpu.system) / 1000,
    maxPauseMs: delay.max / 1e6,
    p99PauseMs: delay.percentile(99) / 1e6,
    before,
    after,
    peakRss,
    places: gazetteer.tables.count,
    keys: gazetteer.keyCount,
  }),
);
