// GET /api/pins for a user with 10,000 pins, on SQLite and on PostgreSQL (when TEST_DATABASE_URL is set;
// a fresh database is created there and dropped after): p50 and p95 of sequential requests over one
// keep-alive connection, the server's CPU per request, and the payload size raw and compressed. The real
// built server; the user signs up through the API, the pins are inserted by the server's own
// PinsRepository (bench/lib.mjs insertPins) on the database its migrations made. Baseline in the same run:
// a bare Fastify route (bench/bare-server.mjs, own process) answering the same bytes from memory,
// uncompressed. Each round edits one pin through the API and asks for the list as a browser does,
// accepting brotli and gzip (the server writes the list anew and compresses it), asks again plain and as
// that browser (the list unchanged: the server sends what it kept), then asks the bare route, so drift on
// a shared machine hits all four alike.
// Target, on each database, for the plain answer of an unchanged list (the same bytes as the bare route):
// p95 at most 50 ms and CPU at most 10× the bare route's. The answer right after an edit and the
// compressed answer are printed beside it against the same baseline; the edit itself is not timed.
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import {
  createPostgresDatabase,
  fmt,
  freePort,
  insertPins,
  measureRounds,
  performance,
  request,
  seededRandom,
  serverEntryPoint,
  signedInUser,
  startBareServer,
  startServer,
  stopProcess,
  tempDir,
  waitFor200,
  reportLines,
  randomPinRow,
} from './lib.mjs';

const PINS = 10_000;
const WARMUP = 20;
const REQUESTS = 200;
const TARGET_P95_MS = 50;
const TARGET_CPU_RATIO = 10;
/** What a current browser sends. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

const COUNTRIES = [
  ['FR', 'France'],
  ['DE', 'Germany'],
  ['IT', 'Italy'],
  ['ES', 'Spain'],
  ['US', 'United States'],
  ['JP', 'Japan'],
  ['BR', 'Brazil'],
  ['CH', 'Switzerland'],
  ['PR', 'Puerto Rico'],
  ['XX', 'Unknown'],
];

/** 10,000 pins as the pins table stores them: realistic lengths, two thirds dated, newest first. */
function pinRows(userId) {
  const random = seededRandom(2024);
  const now = Date.now();
  const rows = [];
  for (let i = 0; i < PINS; i += 1) {
    const [code, name] = COUNTRIES[Math.floor(random() * COUNTRIES.length)];
    rows.push(
      randomPinRow(random, {
        userId,
        index: i,
        now,
        lat: random() * 130 - 60,
        lng: random() * 360 - 180,
        countryCode: code,
        countryName: name,
        mediaCount: Math.floor(random() * 20),
      }),
    );
  }
  return rows;
}

async function measureDialect(dialect, databaseUrl, log) {
  const dataDir = tempDir();
  const port = await freePort();
  const server = startServer({ port, dataDir, env: databaseUrl ? { DATABASE_URL: databaseUrl } : {} });
  let bare;
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitFor200(`${base}/api/ready`, server);
    const user = await signedInUser(base, dataDir);
    const rows = pinRows(user.userId);
    const insertStarted = performance.now();
    await insertPins(
      databaseUrl
        ? { dialect: 'postgres', url: databaseUrl }
        : { dialect: 'sqlite', file: path.join(dataDir, 'waymarks.db') },
      rows,
    );
    log(`${dialect}: ${fmt(PINS)} pins inserted in ${fmt(performance.now() - insertStarted)} ms`);

    const authHeaders = { authorization: `Bearer ${user.accessToken}` };
    // One pin's title flips between two texts of one length before each 'changed' request, so every
    // answer keeps the same size.
    const edited = rows[0].id;
    const editTitle = async (n) => {
      const res = await request(`${base}/api/pins/${edited}`, {
        method: 'PUT',
        headers: authHeaders,
        body: { title: `Bench edit ${n % 2}` },
        timeoutMs: 30_000,
      });
      if (res.status !== 200) throw new Error(`PUT /api/pins/${edited} answered ${res.status}`);
    };
    await editTitle(0);
    const first = await request(`${base}/api/pins`, { headers: authHeaders, timeoutMs: 30_000 });
    if (first.status !== 200) throw new Error(`GET /api/pins answered ${first.status}`);
    const listed = JSON.parse(first.body.toString()).pins.length;
    if (listed !== PINS) throw new Error(`GET /api/pins listed ${listed} pins, expected ${PINS}`);
    const contentType = first.headers['content-type'];
    const compressed = await request(`${base}/api/pins`, {
      headers: { ...authHeaders, 'accept-encoding': BROWSER_ACCEPT_ENCODING },
      timeoutMs: 30_000,
    });
    const encoding = compressed.headers['content-encoding'];
    const decompress = { br: brotliDecompressSync, gzip: gunzipSync }[encoding];
    if (encoding && !(decompress && decompress(compressed.body).equals(first.body))) {
      throw new Error(`the ${encoding} answer does not decompress to the plain one`);
    }

    // The baseline answers the same bytes from memory.
    bare = await startBareServer({ dir: dataDir, route: '/api/pins', body: first.body, contentType });

    // 'changed' first in each round: its edit makes the server write the list anew, which the plain and
    // compressed requests after it then find kept.
    const stat = await measureRounds(
      {
        changed: {
          url: `${base}/api/pins`,
          headers: { ...authHeaders, 'accept-encoding': BROWSER_ACCEPT_ENCODING },
          pid: server.child.pid,
          before: (i) => editTitle(i + 1),
          // Compressed anew after each edit: its size may differ by a few bytes.
        },
        plain: {
          url: `${base}/api/pins`,
          headers: authHeaders,
          pid: server.child.pid,
          bytes: first.body.length,
        },
        compressed: {
          url: `${base}/api/pins`,
          headers: { ...authHeaders, 'accept-encoding': BROWSER_ACCEPT_ENCODING },
          pid: server.child.pid,
          bytes: encoding ? compressed.body.length : first.body.length,
        },
        bare: { url: `${bare.base}/api/pins`, pid: bare.proc.child.pid, bytes: first.body.length },
      },
      { warmup: WARMUP, requests: REQUESTS },
    );
    const cpuMeasured = stat.plain.cpu !== undefined && stat.bare.cpu !== undefined;
    const raw = first.body.length;
    const gzipped = gzipSync(first.body).length;
    const ratio = (value, baseline) => `${(value / baseline).toFixed(1)}×`;
    log(
      `${dialect}: bare route p50 ${stat.bare.p50.toFixed(1)} ms, p95 ${stat.bare.p95.toFixed(1)} ms` +
        (cpuMeasured ? `, CPU ${stat.bare.cpu.toFixed(1)} ms per request` : '') +
        ` (${REQUESTS} sequential requests of each kind after ${WARMUP} warm-up, one keep-alive connection each)`,
    );
    for (const kind of ['plain', 'compressed', 'changed']) {
      const label = {
        plain: 'plain, unchanged since the last request: kept',
        compressed: `${encoding ?? 'not compressed'}, accepting ${BROWSER_ACCEPT_ENCODING}, unchanged: kept`,
        changed: `right after a pin was edited, as a browser asks: written by the database and compressed`,
      }[kind];
      log(
        `${dialect}: GET /api/pins (${label}) p50 ${stat[kind].p50.toFixed(1)} ms, p95 ${stat[kind].p95.toFixed(1)} ms ` +
          `= ${ratio(stat[kind].p95, stat.bare.p95)} bare p95` +
          (cpuMeasured
            ? `; CPU ${stat[kind].cpu.toFixed(1)} ms per request = ${ratio(stat[kind].cpu, stat.bare.cpu)} bare`
            : '; CPU not measured (no /proc)'),
      );
    }
    log(
      `${dialect}: payload ${fmt(raw)} bytes (${fmt(raw / PINS)} per pin), identical from both (1.00×); ` +
        (encoding
          ? `${encoding} to a browser: ${fmt(compressed.body.length)} bytes (${(compressed.body.length / raw).toFixed(2)}× raw)`
          : 'sent uncompressed even to a browser that accepts gzip or br') +
        `; gzip -6 would make it ${fmt(gzipped)} bytes (${(gzipped / raw).toFixed(2)}× raw)`,
    );
    const app = stat.plain;
    const baseline = stat.bare;
    const cpuRatio = cpuMeasured ? stat.plain.cpu / stat.bare.cpu : undefined;
    const compressedBytes = encoding ? compressed.body.length : raw;
    const changed = {
      p95: stat.changed.p95,
      cpuRatio: cpuMeasured ? stat.changed.cpu / stat.bare.cpu : undefined,
    };
    return { app, baseline, cpuRatio, changed, raw, gzipped, compressedBytes, encoding };
  } finally {
    if (bare) await stopProcess(bare.proc);
    await stopProcess(server);
  }
}

export async function run() {
  const entry = serverEntryPoint();
  const { details, log } = reportLines([`server: ${entry.label}`]);

  const results = { SQLite: await measureDialect('SQLite', undefined, log) };
  const postgres = await createPostgresDatabase();
  if (postgres.skipped) {
    log(`PostgreSQL: skipped (${postgres.skipped})`);
  } else {
    try {
      results.PostgreSQL = await measureDialect('PostgreSQL', postgres.url, log);
    } finally {
      await postgres.drop();
    }
  }

  const measured = Object.entries(results);
  const { raw, gzipped, compressedBytes, encoding } = results.SQLite;
  const meets = (r) =>
    r.app.p95 <= TARGET_P95_MS && r.cpuRatio !== undefined && r.cpuRatio <= TARGET_CPU_RATIO;
  return {
    name: 'pins-list',
    figure:
      measured
        .map(
          ([dialect, r]) =>
            `${dialect} p95 ${r.app.p95.toFixed(0)} ms (${(r.app.p95 / r.baseline.p95).toFixed(1)}× bare), ` +
            `CPU ${r.cpuRatio === undefined ? 'not measured' : `${r.cpuRatio.toFixed(1)}× bare`} ` +
            `(right after an edit: p95 ${r.changed.p95.toFixed(0)} ms, CPU ` +
            `${r.changed.cpuRatio === undefined ? 'not measured' : `${r.changed.cpuRatio.toFixed(1)}×`})`,
        )
        .join(', ') +
      `; ${fmt(raw / 1024)} KiB raw, ` +
      (encoding
        ? `${fmt(compressedBytes / 1024)} KiB ${encoding} (${(compressedBytes / raw).toFixed(2)}×)`
        : `sent uncompressed (gzip would be ${fmt(gzipped / 1024)} KiB, ${(gzipped / raw).toFixed(2)}×)`) +
      (postgres.skipped ? '; PostgreSQL skipped' : ''),
    target: `p95 ≤ ${TARGET_P95_MS} ms and CPU ≤ ${TARGET_CPU_RATIO}× bare for ${fmt(PINS)} pins on each database`,
    pass: measured.every(([, r]) => meets(r)),
    details,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await run();
  console.log(`${result.figure} (target ${result.target}): ${result.pass ? 'PASS' : 'FAIL'}`);
}
