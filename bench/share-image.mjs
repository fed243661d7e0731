// The travel page's share pictures (issue 27, decision 102): GET /t/{token}/image.png (1200×630, the
// page's og:image) and ?format=story (1080×1350), drawn by sharp from SVG once per version of the page and
// then kept in memory. For a traveller with 10,000 pins in 120 countries (bench/lib.mjs
// startSharedTraveller: the real built server, the page turned on through PUT /api/share), over HTTP on a
// kept-alive connection:
//   - first render: the first request after the page changed (x-cache: miss), in ROUNDS rounds; before each
//     round but the first, PUT /api/share hides another country, which makes a new version. The first
//     round is also the process's first picture (fonts and the world map read then).
//   - cached: CACHED requests after that (x-cache: hit), median and p95.
// Baseline in the same run, timed in this process: sharp resizing one fixture photo (a 640×480 JPEG of
// ../shared/fixtures, as the media pipeline resizes uploads) to 1200 px wide, as JPEG and as PNG.
// The picture routes allow 60 requests a minute per address, so the server trusts 127.0.0.1 as a proxy
// (TRUST_PROXY) and each request names an address of its own in X-Forwarded-For, as messengers from
// many addresses would; nothing else changes.
// Targets: first render (median of ROUNDS, each format) under 300 ms; cached answer median under 5 ms.
import { Buffer } from 'node:buffer';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import {
  ROOT,
  cpuMs,
  fmt,
  median,
  percentile,
  performance,
  requestJson,
  serverEntryPoint,
  startSharedTraveller,
  stopProcess,
  reportLines,
} from './lib.mjs';

const PINS = 10_000;
const ROUNDS = 5;
const CACHED = 50;
const BASELINE_RUNS = 10;
const FIRST_TARGET_MS = 300;
const CACHED_TARGET_MS = 5;
const PHOTO = path.resolve(ROOT, '../shared/fixtures/media/photos/gps/DSCN0010.jpg');
const FORMATS = [
  { format: 'og', query: '', width: 1200, height: 630 },
  { format: 'story', query: '?format=story', width: 1080, height: 1350 },
];

let clients = 0;
/** An address of its own for each request: the picture routes' limit counts per address. */
const nextClient = () => {
  clients += 1;
  return `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
};

/** A GET on `agent`'s kept-alive connection: { ms, status, headers, body } until the last byte. */
function timedGet(url, agent) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get(url, { agent, headers: { 'x-forwarded-for': nextClient() } }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          ms: performance.now() - started,
          status: res.statusCode,
          headers: res.headers,
          body: Buffer.concat(chunks),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** A GET that must answer 200, on the kept-alive `agent`. */
async function requestThrough(url, agent) {
  const answer = await timedGet(url, agent);
  if (answer.status !== 200) throw new Error(`GET ${url} answered ${answer.status}`);
}

/** A picture that must be a 200 PNG with the `x-cache` expected. */
async function picture(url, agent, expectCache) {
  const answer = await timedGet(url, agent);
  if (answer.status !== 200) {
    throw new Error(`GET ${url} answered ${answer.status}: ${answer.body.toString().slice(0, 200)}`);
  }
  if (answer.headers['x-cache'] !== expectCache) {
    throw new Error(`GET ${url} answered x-cache: ${answer.headers['x-cache']}, expected ${expectCache}`);
  }
  return answer;
}

/** Milliseconds of each of `runs` calls of `task` after one untimed call, in this process. */
async function timeEach(runs, task) {
  await task();
  const times = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await task();
    times.push(performance.now() - started);
  }
  return times;
}

/** sharp resizing the fixture photo to 1200 px wide: median ms for JPEG and PNG. */
async function sharpBaseline() {
  const photo = readFileSync(PHOTO);
  const { width, height } = await sharp(photo).metadata();
  const resize = (encode) => () => encode(sharp(photo).resize({ width: 1200 })).toBuffer();
  const jpeg = median(
    await timeEach(
      BASELINE_RUNS,
      resize((image) => image.jpeg()),
    ),
  );
  const png = median(
    await timeEach(
      BASELINE_RUNS,
      resize((image) => image.png()),
    ),
  );
  return { width, height, bytes: photo.length, jpeg, png };
}

export async function run() {
  const entry = serverEntryPoint(); // builds when the build is missing
  const { details, log } = reportLines();
  log(`server: ${entry.label}`);

  const traveller = await startSharedTraveller({ pins: PINS, env: { TRUST_PROXY: '127.0.0.1' }, log });
  const { server, base, pagePath, authHeaders, countries } = traveller;
  // Countries with few pins to hide, one more each round: a new version, hardly a different picture.
  const hideable = countries.slice(-ROUNDS).map((country) => country.code);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const firsts = Object.fromEntries(FORMATS.map(({ format }) => [format, []]));
  const cached = Object.fromEntries(FORMATS.map(({ format }) => [format, []]));
  const sizes = {};
  let baseline;
  try {
    // Opens the kept-alive connection, so no request below pays for one.
    await requestThrough(`${base}/api/ready`, agent);
    for (let round = 0; round < ROUNDS; round += 1) {
      if (round > 0) {
        await requestJson(`${base}/api/share`, {
          method: 'PUT',
          headers: authHeaders,
          body: { enabled: true, hiddenCountries: hideable.slice(0, round) },
          timeoutMs: 30_000,
        });
      }
      for (const { format, query, width, height } of FORMATS) {
        const cpuBefore = cpuMs(server.child.pid);
        const answer = await picture(`${base}${pagePath}/image.png${query}`, agent, 'miss');
        const cpuAfter = cpuMs(server.child.pid);
        firsts[format].push({
          ms: answer.ms,
          cpu: cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore,
        });
        if (round === 0) {
          const meta = await sharp(answer.body).metadata();
          if (meta.format !== 'png' || meta.width !== width || meta.height !== height) {
            throw new Error(`${format} picture is ${meta.format} ${meta.width}×${meta.height}`);
          }
          sizes[format] = answer.body.length;
        }
      }
    }
    for (let i = 0; i < CACHED; i += 1) {
      for (const { format, query } of FORMATS) {
        cached[format].push((await picture(`${base}${pagePath}/image.png${query}`, agent, 'hit')).ms);
      }
    }
    baseline = await sharpBaseline();
  } finally {
    agent.destroy();
    await stopProcess(server);
  }

  log(
    `baseline, in this process: sharp resizing ${path.basename(PHOTO)} (${baseline.width}×${baseline.height}, ` +
      `${fmt(baseline.bytes / 1024)} KiB JPEG) to 1200 px wide, median of ${BASELINE_RUNS}: ` +
      `JPEG ${fmt(baseline.jpeg, 1)} ms, PNG ${fmt(baseline.png, 1)} ms`,
  );
  const ratio = (ms) => `${fmt(ms / baseline.jpeg, 1)}× sharp JPEG, ${fmt(ms / baseline.png, 1)}× PNG`;
  const stats = {};
  for (const { format, width, height } of FORMATS) {
    const first = median(firsts[format].map((sample) => sample.ms));
    const sorted = [...cached[format]].sort((a, b) => a - b);
    stats[format] = { first, p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
    const cpus = firsts[format].map((sample) => sample.cpu);
    log(
      `${format} ${width}×${height} (${fmt(sizes[format] / 1024)} KiB PNG): first render (x-cache: miss) median ` +
        `${fmt(first)} ms of ${ROUNDS} (rounds: ${firsts[format].map((sample) => fmt(sample.ms)).join(', ')} ms` +
        `${format === FORMATS[0].format ? "; round 1 is the process's first picture" : ''})` +
        (cpus.every((cpu) => cpu !== undefined) ? `, server CPU median ${fmt(median(cpus))} ms` : '') +
        ` = ${ratio(first)}`,
    );
    log(
      `${format}: cached (x-cache: hit), ${CACHED} requests: median ${fmt(stats[format].p50, 2)} ms, ` +
        `p95 ${fmt(stats[format].p95, 2)} ms = ${fmt(stats[format].p50 / baseline.jpeg, 3)}× sharp JPEG`,
    );
  }
  const worstFirst = Math.max(...FORMATS.map(({ format }) => stats[format].first));
  const worstCached = Math.max(...FORMATS.map(({ format }) => stats[format].p50));
  const { og, story } = stats;
  return {
    name: 'share-image',
    figure:
      `first render ${fmt(og.first)} ms og / ${fmt(story.first)} ms story (${fmt(og.first / baseline.jpeg, 1)}× / ` +
      `${fmt(story.first / baseline.jpeg, 1)}× sharp resizing a photo, ${fmt(baseline.jpeg, 1)} ms); cached ` +
      `${fmt(og.p50, 1)} ms og / ${fmt(story.p50, 1)} ms story (p95 ${fmt(og.p95, 1)} / ${fmt(story.p95, 1)} ms)`,
    target:
      `${fmt(PINS)} pins, each format: first render < ${FIRST_TARGET_MS} ms (median of ${ROUNDS}), ` +
      `cached < ${CACHED_TARGET_MS} ms (median of ${CACHED})`,
    pass: worstFirst < FIRST_TARGET_MS && worstCached < CACHED_TARGET_MS,
    details,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await run();
  console.log(`${result.figure} (target ${result.target}): ${result.pass ? 'PASS' : 'FAIL'}`);
}
