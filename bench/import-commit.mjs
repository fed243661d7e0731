// An import of a location history through the real protocol (issue 26, decision 101), on SQLite and on
// PostgreSQL (when TEST_DATABASE_URL is set; a fresh database is created there and dropped after): a Google
// Semantic Location History of 10,000 timed stays at 10,000 places goes up (upload-url, PUT, complete) to
// the real built server and is read by its job; then three figures, each against a baseline of the same
// run:
// - the preview of its 10,000 places, GET /api/imports/:importId/preview: p50 and p95 of sequential
//   requests over one keep-alive connection, plain and as a browser asks (compressed), against a bare
//   Fastify route (bench/bare-server.mjs, own process) answering the same bytes from memory;
// - the commit of its 5,000 largest places, from POST /api/imports/:importId/commit until the import reads
//   'done' (asked every 50 ms), against the same 5,000 pins inserted by the server's own
//   PinsRepository.insertMany for another traveller of the same database;
// - the dashboard's pin list after that commit, GET /api/pins unchanged and plain, against the bare route,
//   as bench/pins-list.mjs measures it.
// The traveller signs up through the API and is given the plus plan (unlimited pins) in the database.
// Targets, on each database: preview p95 under 200 ms (plain and compressed), commit under 5 s, and the
// pin list's p95 within pins-list's target for 10,000 pins (50 ms).
import { Buffer } from 'node:buffer';
import path from 'node:path';
import {
  bundleServerCode,
  cpuMs,
  createPostgresDatabase,
  fmt,
  freePort,
  measureRounds,
  performance,
  request,
  requestJson,
  serverEntryPoint,
  signedInUser,
  sleep,
  startBareServer,
  startServer,
  stopProcess,
  tempDir,
  waitFor200,
  reportLines,
} from './lib.mjs';

const STAYS = 10_000;
const COMMITTED = 5_000;
const WARMUP = 20;
const REQUESTS = 200;
const POLL_MS = 50;
const TARGET_PREVIEW_P95_MS = 200;
const TARGET_COMMIT_MS = 5_000;
/** pins-list's target for the unchanged list of 10,000 pins. */
const TARGET_PINS_P95_MS = 50;
/** What a current browser sends. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
const DAY_MS = 86_400_000;

/**
 * 10,000 visits of an hour, one a day from 1995 on (in an order unrelated to where), at the points of a
 * 100 × 100 grid over Europe, lat 36–60 and lng −9–40: neighbours are more than 25 km apart, so each visit
 * is a place of its own.
 */
function visits() {
  const side = Math.sqrt(STAYS);
  const result = [];
  for (let i = 0; i < STAYS; i += 1) {
    const row = Math.floor(i / side);
    const column = i % side;
    // 7,919 is prime to 10,000: every day is used once.
    const start = Date.UTC(1995, 0, 1, 10) + ((i * 7919) % STAYS) * DAY_MS;
    result.push({
      lat: 36 + ((row + 0.5) * 24) / side,
      lng: -9 + ((column + 0.5) * 49) / side,
      name: `Bench place ${i + 1}`,
      start: new Date(start).toISOString(),
      end: new Date(start + 3_600_000).toISOString(),
    });
  }
  return result;
}

/** A Semantic Location History file of these visits, each a placeVisit, as Takeout writes one. */
function semanticHistory(stays) {
  const timelineObjects = stays.map((visit) => ({
    placeVisit: {
      location: {
        latitudeE7: Math.round(visit.lat * 1e7),
        longitudeE7: Math.round(visit.lng * 1e7),
        name: visit.name,
      },
      duration: { startTimestamp: visit.start, endTimestamp: visit.end },
    },
  }));
  return Buffer.from(JSON.stringify({ timelineObjects }, null, 1));
}

/**
 * Asks for the import every POLL_MS until it reads `wanted`; fails at once when it failed, with its error.
 * Resolves { summary, at } (at: performance.now() of the answer that read `wanted`).
 */
async function waitForStatus(base, headers, importId, wanted, timeoutMs = 300_000) {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const summary = await requestJson(`${base}/api/imports/${importId}`, { headers, timeoutMs: 30_000 });
    const at = performance.now();
    if (summary.status === wanted) return { summary, at };
    if (summary.status === 'failed') {
      throw new Error(`the import failed: ${summary.error?.code} ${summary.error?.message}`);
    }
    if (at > deadline) {
      throw new Error(
        `the import was still '${summary.status}' after ${timeoutMs} ms, waiting for '${wanted}'`,
      );
    }
    await sleep(POLL_MS);
  }
}

/** The bytes of a GET that must answer 200. */
async function get200(url, headers) {
  const res = await request(url, { headers, timeoutMs: 60_000 });
  if (res.status !== 200)
    throw new Error(`GET ${url} answered ${res.status}: ${res.body.toString().slice(0, 300)}`);
  return res;
}

/**
 * The answer at `route` plain, then as a browser asks, then the bare route's with the plain bytes, each
 * REQUESTS times in rounds.
 */
async function measureAnswer({ base, route, headers, first, server, dataDir }) {
  const compressed = await get200(`${base}${route}`, {
    ...headers,
    'accept-encoding': BROWSER_ACCEPT_ENCODING,
  });
  const bare = await startBareServer({
    dir: dataDir,
    route,
    body: first.body,
    contentType: first.headers['content-type'],
  });
  try {
    const stat = await measureRounds(
      {
        plain: { url: `${base}${route}`, headers, pid: server.child.pid, bytes: first.body.length },
        browser: {
          url: `${base}${route}`,
          headers: { ...headers, 'accept-encoding': BROWSER_ACCEPT_ENCODING },
          pid: server.child.pid,
        },
        bare: { url: `${bare.base}${route}`, pid: bare.proc.child.pid, bytes: first.body.length },
      },
      { warmup: WARMUP, requests: REQUESTS },
    );
    return { ...stat, encoding: compressed.headers['content-encoding'], bytes: first.body.length };
  } finally {
    await stopProcess(bare.proc);
  }
}

const ratio = (value, baseline) => `${(value / baseline).toFixed(1)}×`;

/** One line of an answer's figures against the bare route's. */
function answerLine(label, stat) {
  const cpu = (kind) =>
    stat[kind].cpu === undefined || stat.bare.cpu === undefined
      ? 'CPU not measured (no /proc)'
      : `CPU ${stat[kind].cpu.toFixed(1)} ms a request = ${ratio(stat[kind].cpu, stat.bare.cpu)} bare`;
  return (
    `${label} of ${fmt(stat.bytes)} bytes: plain p50 ${stat.plain.p50.toFixed(1)} ms, ` +
    `p95 ${stat.plain.p95.toFixed(1)} ms = ${ratio(stat.plain.p95, stat.bare.p95)} bare p95, ${cpu('plain')}; ` +
    `${stat.encoding ?? 'uncompressed'} to a browser p50 ${stat.browser.p50.toFixed(1)} ms, ` +
    `p95 ${stat.browser.p95.toFixed(1)} ms = ${ratio(stat.browser.p95, stat.bare.p95)} bare p95, ${cpu('browser')}; ` +
    `bare route p50 ${stat.bare.p50.toFixed(1)} ms, p95 ${stat.bare.p95.toFixed(1)} ms`
  );
}

async function measureDialect(dialect, databaseUrl, { code, file }, log) {
  const dataDir = tempDir();
  const port = await freePort();
  const server = startServer({ port, dataDir, env: databaseUrl ? { DATABASE_URL: databaseUrl } : {} });
  const db = code.createDatabase(
    databaseUrl
      ? { dialect: 'postgres', url: databaseUrl }
      : { dialect: 'sqlite', file: path.join(dataDir, 'waymarks.db') },
  );
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitFor200(`${base}/api/ready`, server, { timeoutMs: 120_000 });
    const user = await signedInUser(base, dataDir);
    // The baseline's pins go to another traveller of the same database.
    const other = await signedInUser(base, dataDir);
    await db.updateTable('users').set({ tier: 'plus' }).where('id', '=', user.userId).execute();
    await sleep(1_100); // the server's one-second user cache
    const headers = { authorization: `Bearer ${user.accessToken}` };

    // Up through the protocol a browser follows, then read by the server's job.
    const link = await requestJson(`${base}/api/imports/upload-url`, {
      method: 'POST',
      headers,
      body: { fileName: 'Semantic Location History 1995-2022.json', fileSize: file.length },
    });
    const uploadUrl = link.uploadUrl.startsWith('/') ? `${base}${link.uploadUrl}` : link.uploadUrl;
    const put = await fetch(uploadUrl, {
      method: 'PUT',
      headers: { 'content-type': link.contentType },
      body: file,
    });
    if (put.status !== 200)
      throw new Error(`PUT ${link.uploadUrl} answered ${put.status}: ${await put.text()}`);
    const { importId } = link;
    const completed = performance.now();
    await requestJson(`${base}/api/imports/${importId}/complete`, { method: 'POST', headers });
    const read = await waitForStatus(base, headers, importId, 'ready');
    log(
      `${dialect}: ${fmt(file.length / 1024 / 1024, 1)} MB read in ${fmt((read.at - completed) / 1000, 1)} s ` +
        `(from complete to ready): ${read.summary.format}, ${fmt(read.summary.progress.stays)} stays, ` +
        `${fmt(read.summary.places)} places`,
    );

    // The preview.
    const previewRoute = `/api/imports/${importId}/preview`;
    const firstPreview = await get200(`${base}${previewRoute}`, headers);
    const { places, countries } = JSON.parse(firstPreview.body.toString());
    if (places.length !== STAYS)
      throw new Error(`the preview lists ${places.length} places, expected ${STAYS}`);
    const preview = await measureAnswer({
      base,
      route: previewRoute,
      headers,
      first: firstPreview,
      server,
      dataDir,
    });
    log(
      `${dialect}: ` +
        answerLine(`preview of ${fmt(places.length)} places in ${countries.length} countries`, preview),
    );

    // Baseline of the commit: the same pins, made by the commit job's own pinOfPlace, inserted in one call.
    const chosen = places.slice(0, COMMITTED).map((place) => place.placeKey);
    const rows = await db
      .selectFrom('import_places')
      .selectAll()
      .where('import_id', '=', importId)
      .orderBy('rank')
      .limit(COMMITTED)
      .execute();
    if (rows.some((row, i) => row.place_key !== chosen[i])) {
      throw new Error('the preview does not list the places in the order of their rank');
    }
    const at = Date.now();
    const pins = rows.map((place) => code.pinOfPlace(other.userId, importId, place, at));
    const insertStarted = performance.now();
    await new code.PinsRepository(db).insertMany(pins);
    const insertMs = performance.now() - insertStarted;

    // The commit, timed from the request until the import reads done.
    const cpuBefore = cpuMs(server.child.pid);
    const commitStarted = performance.now();
    await requestJson(`${base}/api/imports/${importId}/commit`, {
      method: 'POST',
      headers,
      body: { placeKeys: chosen },
      timeoutMs: 60_000,
    });
    const done = await waitForStatus(base, headers, importId, 'done');
    const commitMs = done.at - commitStarted;
    const cpuAfter = cpuMs(server.child.pid);
    const commitCpu = cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore;
    if (done.summary.created !== COMMITTED || done.summary.matched !== 0) {
      throw new Error(
        `the import made ${done.summary.created} pins and matched ${done.summary.matched}, expected ${COMMITTED} and 0`,
      );
    }
    log(
      `${dialect}: commit of ${fmt(COMMITTED)} places ${fmt(commitMs)} ms, from the request until the import ` +
        `read done (asked every ${POLL_MS} ms) = ${ratio(commitMs, insertMs)} the baseline: the same ` +
        `${fmt(COMMITTED)} pins inserted by PinsRepository.insertMany in ${fmt(insertMs)} ms; the server's CPU ` +
        `meanwhile ${commitCpu === undefined ? 'not measured (no /proc)' : `${fmt(commitCpu)} ms`}`,
    );

    // The dashboard's pin list after the commit.
    const firstPins = await get200(`${base}/api/pins`, headers);
    const listed = JSON.parse(firstPins.body.toString()).pins.length;
    if (listed !== COMMITTED) throw new Error(`GET /api/pins listed ${listed} pins, expected ${COMMITTED}`);
    const pinList = await measureAnswer({
      base,
      route: '/api/pins',
      headers,
      first: firstPins,
      server,
      dataDir,
    });
    log(`${dialect}: ` + answerLine(`GET /api/pins, ${fmt(listed)} pins, unchanged`, pinList));
    return { preview, commitMs, insertMs, pinList };
  } finally {
    await db.destroy();
    await stopProcess(server);
  }
}

export async function run() {
  const entry = serverEntryPoint();
  const { details, log } = reportLines([`server: ${entry.label}`]);
  log(
    `${REQUESTS} sequential requests of each answer after ${WARMUP} warm-up, in rounds, one keep-alive ` +
      'connection each',
  );
  const code = await import(
    await bundleServerCode(
      'import-commit',
      [
        "export { createDatabase } from './apps/server/src/db/database.ts';",
        "export { PinsRepository } from './apps/server/src/modules/pins/pins.repository.ts';",
        "export { pinOfPlace } from './apps/server/src/modules/imports/import-commit.ts';",
      ].join('\n'),
    )
  );
  const file = semanticHistory(visits());

  const results = { SQLite: await measureDialect('SQLite', undefined, { code, file }, log) };
  const postgres = await createPostgresDatabase();
  if (postgres.skipped) {
    log(`PostgreSQL: skipped (${postgres.skipped})`);
  } else {
    try {
      results.PostgreSQL = await measureDialect('PostgreSQL', postgres.url, { code, file }, log);
    } finally {
      await postgres.drop();
    }
  }

  const measured = Object.entries(results);
  const meets = (r) =>
    r.preview.plain.p95 < TARGET_PREVIEW_P95_MS &&
    r.preview.browser.p95 < TARGET_PREVIEW_P95_MS &&
    r.commitMs < TARGET_COMMIT_MS &&
    r.pinList.plain.p95 <= TARGET_PINS_P95_MS;
  return {
    name: 'import-commit',
    figure:
      measured
        .map(
          ([dialect, r]) =>
            `${dialect} preview p95 ${r.preview.plain.p95.toFixed(0)} ms (${ratio(r.preview.plain.p95, r.preview.bare.p95)} bare` +
            (r.preview.plain.cpu === undefined
              ? ''
              : `, CPU ${r.preview.plain.cpu.toFixed(0)} ms a request`) +
            '), ' +
            `${r.preview.browser.p95.toFixed(0)} ms ${r.preview.encoding ?? 'uncompressed'}; ` +
            `commit ${fmt(r.commitMs / 1000, 2)} s (${ratio(r.commitMs, r.insertMs)} insertMany); ` +
            `pins p95 ${r.pinList.plain.p95.toFixed(0)} ms (${ratio(r.pinList.plain.p95, r.pinList.bare.p95)} bare)`,
        )
        .join(', ') + (postgres.skipped ? '; PostgreSQL skipped' : ''),
    target:
      `preview of ${fmt(STAYS)} places p95 < ${TARGET_PREVIEW_P95_MS} ms (plain and compressed), commit of ` +
      `${fmt(COMMITTED)} < ${TARGET_COMMIT_MS / 1000} s, GET /api/pins after it p95 ≤ ${TARGET_PINS_P95_MS} ms, ` +
      'on each database',
    pass: measured.every(([, r]) => meets(r)),
    details,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await run();
  console.log(`${result.figure} (target ${result.target}): ${result.pass ? 'PASS' : 'FAIL'}`);
}
