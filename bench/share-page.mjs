// The travel page (issue 27, decision 102) under Lighthouse 12 with the default mobile settings (Moto G
// Power, simulated slow 4G and a 4× slower CPU), as bench/lighthouse.mjs runs it: performance, largest
// contentful paint, total byte weight and the HTML document's size, for a traveller with 10,000 pins in
// 120 countries and 2,000 shared photos (bench/lib.mjs startSharedTraveller: the real built server, the
// pins inserted by its own PinsRepository, two thirds dated so the timeline is full; the photos ready, 4 on
// each of 500 places that share them, their original, 400×400 thumbnail and preview in the server's
// storage; the page turned on through PUT /api/share). The page shows at most SHARE_LIMITS.photosTotal
// (2,000) photos, 12 a place, so all 2,000 are on it: lazy-loaded 200×200 thumbnails, a request each.
// Baseline in the same run: the landing page `/`, prerendered, audited alternately with the travel page,
// RUNS times each; each page's median run (Lighthouse's computeMedianRun) is reported.
// Beside it, the server's time to answer: GET /t/{token} against GET / as a browser asks (HTML, brotli or
// gzip accepted), median of SERVER_REQUESTS sequential requests each over a keep-alive connection.
// Target: the travel page's median run at performance ≥ 95 and LCP under 2 s.
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import {
  fmt,
  measureRounds,
  performance,
  request,
  serverEntryPoint,
  startSharedTraveller,
  stopProcess,
  reportLines,
} from './lib.mjs';
import { launchLighthouseChrome } from './lighthouse-chrome.mjs';

const PINS = 10_000;
const PHOTOS = 2_000;
/** Lighthouse runs of each page; the median run of each is the figure. */
const RUNS = 3;
const SERVER_WARMUP = 3;
const SERVER_REQUESTS = 20;
const PERFORMANCE_TARGET = 95;
const LCP_TARGET_MS = 2000;
/** What a current browser sends for a page. */
const BROWSER_HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br, zstd',
};

// As bench/lighthouse.mjs launches the test Chromium.
const score = (lhr) => Math.round((lhr.categories.performance.score ?? 0) * 100);
const lcpOf = (lhr) => lhr.audits['largest-contentful-paint']?.numericValue ?? Infinity;
const seconds = (ms) => `${fmt(ms / 1000, 1)} s`;
const kib = (bytes) => `${fmt(bytes / 1024, 0)} KiB`;

/** The document's bytes as the browser received them (compressed) and decoded. */
function documentSize(lhr) {
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  const document = items.find((item) => item.resourceType === 'Document') ?? items[0];
  return { transfer: document?.transferSize ?? 0, resource: document?.resourceSize ?? 0 };
}

/** What cost the page points: metrics under 90 and the largest contentful paint's element. */
function whyNot(lhr) {
  const metrics = lhr.categories.performance.auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit?.score !== null && audit.score < 0.9)
    .map((audit) => `${audit.title} ${audit.displayValue} (score ${Math.round(audit.score * 100)})`);
  const element = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
  return [
    ...(metrics.length > 0 ? [`metrics under 90: ${metrics.join('; ')}`] : []),
    ...(element ? [`LCP element: ${element.selector ?? element.snippet}`] : []),
  ].join('; ');
}

export async function run() {
  const entry = serverEntryPoint(); // builds when the build is missing
  const { details, log } = reportLines();
  log(`server: ${entry.label}`);

  const traveller = await startSharedTraveller({ pins: PINS, photos: PHOTOS, log });
  const { server, base, pagePath, photosShown } = traveller;
  log(`the travel page links ${fmt(photosShown)} photo thumbnails; the first answers a WebP`);
  const pages = [
    { label: 'share page', path: pagePath, runs: [] },
    { label: 'landing', path: '/', runs: [] },
  ];
  let chrome;
  let timing;
  const sent = {};
  try {
    for (const page of pages) {
      const plain = await request(`${base}${page.path}`, {
        headers: { accept: BROWSER_HEADERS.accept },
        timeoutMs: 30_000,
      });
      const asBrowser = await request(`${base}${page.path}`, { headers: BROWSER_HEADERS, timeoutMs: 30_000 });
      if (plain.status !== 200 || asBrowser.status !== 200) {
        throw new Error(`GET ${page.path} answered ${plain.status} / ${asBrowser.status}`);
      }
      sent[page.label] = {
        raw: plain.body.length,
        sent: asBrowser.body.length,
        encoding: asBrowser.headers['content-encoding'] ?? 'identity',
      };
    }
    log(
      `HTML over HTTP: ` +
        pages
          .map(({ label }) => {
            const size = sent[label];
            return `${label} ${kib(size.raw)} raw, ${kib(size.sent)} ${size.encoding} to a browser`;
          })
          .join('; '),
    );

    // The server first, while nothing else of this run is busy: both pages in rounds, as a browser asks.
    timing = await measureRounds(
      Object.fromEntries(
        pages.map((page) => [
          page.label,
          {
            url: `${base}${page.path}`,
            headers: BROWSER_HEADERS,
            pid: server.child.pid,
            bytes: sent[page.label].sent,
          },
        ]),
      ),
      { warmup: SERVER_WARMUP, requests: SERVER_REQUESTS },
    );
    const [share, landing] = pages.map((page) => timing[page.label]);
    log(
      `server time to answer (median of ${SERVER_REQUESTS} sequential requests after ${SERVER_WARMUP} warm-up, ` +
        `keep-alive, as a browser asks): GET /t/{token} ${fmt(share.p50, 1)} ms ` +
        `(p95 ${fmt(share.p95, 1)} ms${share.cpu === undefined ? '' : `, CPU ${fmt(share.cpu, 1)} ms`}) against ` +
        `GET / ${fmt(landing.p50, 1)} ms (p95 ${fmt(landing.p95, 1)} ms` +
        `${landing.cpu === undefined ? '' : `, CPU ${fmt(landing.cpu, 1)} ms`}): ${fmt(share.p50 / landing.p50, 1)}×`,
    );

    const launched = await launchLighthouseChrome(['performance']);
    chrome = launched.chrome;
    const { flags } = launched;
    // Alternately, so both pages share the machine's load; mobile is Lighthouse's default config.
    for (let round = 0; round < RUNS; round += 1) {
      for (const page of pages) {
        const started = performance.now();
        const result = await lighthouse(`${base}${page.path}`, flags);
        if (!result?.lhr) throw new Error(`Lighthouse returned no result for ${page.label}`);
        const { lhr } = result;
        if (lhr.runtimeError) throw new Error(`Lighthouse on ${page.label}: ${lhr.runtimeError.message}`);
        page.runs.push(lhr);
        console.log(
          `  … ${page.label} run ${round + 1}/${RUNS}: performance ${score(lhr)}, LCP ${fmt(lcpOf(lhr))} ms ` +
            `(${fmt((performance.now() - started) / 1000, 1)} s)`,
        );
      }
    }
  } finally {
    await chrome?.kill();
    await stopProcess(server);
  }

  const first = pages[0].runs[0];
  log(
    `Lighthouse ${first.lighthouseVersion}, mobile defaults, simulated throttling, ` +
      `benchmarkIndex ${first.environment.benchmarkIndex}; median run of ${RUNS} per page, alternating`,
  );
  const medians = {};
  for (const page of pages) {
    const lhr = computeMedianRun(page.runs);
    const size = documentSize(lhr);
    medians[page.label] = { lhr, performance: score(lhr), lcp: lcpOf(lhr) };
    log(
      `${page.label.padEnd(10)}  performance ${score(lhr)} (runs ${page.runs.map(score).join(', ')}), ` +
        `LCP ${fmt(lcpOf(lhr))} ms (runs ${page.runs.map((r) => fmt(lcpOf(r))).join(', ')}), ` +
        `FCP ${fmt(lhr.audits['first-contentful-paint'].numericValue)} ms, ` +
        `TBT ${fmt(lhr.audits['total-blocking-time'].numericValue)} ms, ` +
        `CLS ${fmt(lhr.audits['cumulative-layout-shift'].numericValue, 3)}, ` +
        `total byte weight ${kib(lhr.audits['total-byte-weight'].numericValue)}, ` +
        `HTML ${kib(size.transfer)} transferred / ${kib(size.resource)} decoded, ` +
        `DOM ${fmt(lhr.audits['dom-size']?.numericValue ?? 0)} elements`,
    );
  }
  const share = medians['share page'];
  const landing = medians.landing;
  const pass = share.performance >= PERFORMANCE_TARGET && share.lcp < LCP_TARGET_MS;
  if (!pass) log(`why the share page misses: ${whyNot(share.lhr)}`);
  return {
    name: 'share-page',
    figure:
      `share page: performance ${share.performance}, LCP ${seconds(share.lcp)} ` +
      `(landing: ${landing.performance}, ${seconds(landing.lcp)}); ` +
      `server ${fmt(timing['share page'].p50, 1)} ms vs ${fmt(timing.landing.p50, 1)} ms for /; ` +
      `HTML ${kib(sent['share page'].sent)} ${sent['share page'].encoding} for ${fmt(PINS)} pins and ` +
      `${fmt(photosShown)} photos shown`,
    target:
      `share page, Lighthouse mobile, ${fmt(PINS)} pins and ${fmt(PHOTOS)} shared photos ` +
      `(${fmt(photosShown)} on the page): performance ≥ ${PERFORMANCE_TARGET} and LCP < ${seconds(LCP_TARGET_MS)}`,
    pass,
    details,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await run();
  console.log(`${result.figure} (target ${result.target}): ${result.pass ? 'PASS' : 'FAIL'}`);
}
