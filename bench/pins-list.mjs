// GET /api/pins for a user with 10,000 pins, on SQLite and on PostgreSQL (when TEST_DATABASE_URL is set;
// a fresh database is created there and dropped after): p50 and p95 of sequential requests over one
// keep-alive connection, and the payload size raw and gzipped. The real built server; the user signs up
// through the API, the pins are inserted straight into the database in batches. Baseline in the same run:
// a bare Fastify route (bench/bare-server.mjs, own process) answering the same bytes from memory, its
// requests alternating with the real ones, so the ratio is the cost of the query, the mapping to the
// contract and the validated serialisation. Target: p95 under 250 ms on each database.
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import {
  PIN_COLUMNS,
  ROOT,
  fmt,
  freePort,
  insertPinsSqlite,
  percentile,
  performance,
  request,
  seededRandom,
  serverEntryPoint,
  signedInUser,
  startProcess,
  startServer,
  stopProcess,
  tempDir,
  waitFor200,
} from './lib.mjs';

const PINS = 10_000;
const WARMUP = 20;
const REQUESTS = 200;
const TARGET_P95_MS = 250;
const INSERT_BATCH = 1000;

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
    const title = `Place ${i + 1} near the old harbour`.slice(0, 12 + Math.floor(random() * 20));
    const dated = random() < 0.66;
    const day = new Date(
      Date.UTC(1990 + Math.floor(random() * 35), Math.floor(random() * 12), 1 + Math.floor(random() * 28)),
    );
    rows.push([
      randomUUID(),
      userId,
      title,
      random() < 0.5 ? `Photos from ${title}` : '',
      Math.round((random() * 130 - 60) * 1e6) / 1e6,
      Math.round((random() * 360 - 180) * 1e6) / 1e6,
      code,
      name,
      dated ? day.toISOString().slice(0, 10) : null,
      'unverified',
      0,
      Math.floor(random() * 20),
      now - i * 1000,
      now - i * 1000,
    ]);
  }
  return rows;
}

async function insertPostgres(url, rows) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (let offset = 0; offset < rows.length; offset += INSERT_BATCH) {
      const batch = rows.slice(offset, offset + INSERT_BATCH);
      const values = batch.map(
        (_row, r) => `(${PIN_COLUMNS.map((_column, c) => `$${r * PIN_COLUMNS.length + c + 1}`).join(', ')})`,
      );
      await client.query(
        `insert into pins (${PIN_COLUMNS.join(', ')}) values ${values.join(', ')}`,
        batch.flat(),
      );
    }
  } finally {
    await client.end();
  }
}

/** A fresh database on the server of TEST_DATABASE_URL, or the reason there is none. */
async function createPostgresDatabase() {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return { skipped: 'TEST_DATABASE_URL is not set' };
  const name = `waymarks_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
  } catch (error) {
    return { skipped: `cannot create a database on TEST_DATABASE_URL: ${error.message}` };
  } finally {
    await admin.end().catch(() => {}); // the connect error above is the one reported
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** Milliseconds from sending a GET until the last byte of the answer, on a kept-alive connection. */
function timedGet(url, headers, agent) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get(url, { agent, headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => {
        if (res.statusCode !== 200) reject(new Error(`${url} answered ${res.statusCode}`));
        else resolve({ ms: performance.now() - started, bytes });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/**
 * CPU time a process has used so far, in ms, from /proc (Linux; undefined elsewhere). Unlike wall time it
 * hardly moves when other work shares the machine, so it backs the latency figures on a busy machine.
 */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime (fields 14 and 15 of proc(5)), in USER_HZ ticks, which Linux fixes at 100 a second.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

const stats = (samples) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
};

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
    if (databaseUrl) await insertPostgres(databaseUrl, rows);
    else insertPinsSqlite(path.join(dataDir, 'waymarks.db'), rows);
    log(`${dialect}: ${fmt(PINS)} pins inserted in ${fmt(performance.now() - insertStarted)} ms`);

    const authHeaders = { authorization: `Bearer ${user.accessToken}` };
    const first = await request(`${base}/api/pins`, { headers: authHeaders, timeoutMs: 30_000 });
    if (first.status !== 200) throw new Error(`GET /api/pins answered ${first.status}`);
    const listed = JSON.parse(first.body.toString()).pins.length;
    if (listed !== PINS) throw new Error(`GET /api/pins listed ${listed} pins, expected ${PINS}`);
    const contentType = first.headers['content-type'];
    const compressed = await request(`${base}/api/pins`, {
      headers: { ...authHeaders, 'accept-encoding': 'gzip, br' },
      timeoutMs: 30_000,
    });
    const encoding = compressed.headers['content-encoding'];

    // The baseline answers the same bytes from memory.
    const bodyFile = path.join(dataDir, 'pins.json');
    writeFileSync(bodyFile, first.body);
    const barePort = await freePort();
    bare = startProcess(process.execPath, [path.join(ROOT, 'bench/bare-server.mjs')], {
      env: { PORT: String(barePort), BODY_FILE: bodyFile, CONTENT_TYPE: contentType, ROUTE: '/api/pins' },
      label: 'bench/bare-server.mjs',
    });
    const bareBase = `http://127.0.0.1:${barePort}`;
    await waitFor200(`${bareBase}/api/ready`, bare);
    const bareAnswer = await request(`${bareBase}/api/pins`, { timeoutMs: 30_000 });
    if (!bareAnswer.body.equals(first.body)) throw new Error('bare server does not answer the same bytes');

    const agents = {
      app: new http.Agent({ keepAlive: true, maxSockets: 1 }),
      bare: new http.Agent({ keepAlive: true, maxSockets: 1 }),
    };
    const samples = { app: [], bare: [] };
    const cpu = {};
    try {
      // Alternating, so drift on a shared machine hits both alike; the warm-up is discarded.
      for (let i = 0; i < WARMUP + REQUESTS; i += 1) {
        const app = await timedGet(`${base}/api/pins`, authHeaders, agents.app);
        const baseline = await timedGet(`${bareBase}/api/pins`, {}, agents.bare);
        if (app.bytes !== first.body.length || baseline.bytes !== first.body.length) {
          throw new Error('an answer changed size during the run');
        }
        if (i === WARMUP - 1) cpu.before = { app: cpuMs(server.child.pid), bare: cpuMs(bare.child.pid) };
        if (i >= WARMUP) {
          samples.app.push(app.ms);
          samples.bare.push(baseline.ms);
        }
      }
    } finally {
      agents.app.destroy();
      agents.bare.destroy();
    }

    cpu.after = { app: cpuMs(server.child.pid), bare: cpuMs(bare.child.pid) };
    const app = stats(samples.app);
    const baseline = stats(samples.bare);
    const raw = first.body.length;
    const gzipped = gzipSync(first.body).length;
    log(
      `${dialect}: GET /api/pins p50 ${app.p50.toFixed(1)} ms, p95 ${app.p95.toFixed(1)} ms | bare route ` +
        `p50 ${baseline.p50.toFixed(1)} ms, p95 ${baseline.p95.toFixed(1)} ms | ratio p50 ` +
        `${(app.p50 / baseline.p50).toFixed(1)}×, p95 ${(app.p95 / baseline.p95).toFixed(1)}× ` +
        `(${REQUESTS} sequential requests each after ${WARMUP} warm-up, one keep-alive connection)`,
    );
    if (cpu.before.app !== undefined && cpu.after.app !== undefined) {
      const appCpu = (cpu.after.app - cpu.before.app) / REQUESTS;
      const bareCpu = (cpu.after.bare - cpu.before.bare) / REQUESTS;
      log(
        `${dialect}: server CPU per request ${appCpu.toFixed(1)} ms, bare route ${bareCpu.toFixed(1)} ms ` +
          `(${(appCpu / bareCpu).toFixed(1)}×; user + system time from /proc, 10 ms ticks over ${REQUESTS} requests)`,
      );
    }
    log(
      `${dialect}: payload ${fmt(raw)} bytes (${fmt(raw / PINS)} per pin), identical from both (1.00×); ` +
        (encoding
          ? `sent ${encoding}-compressed to a browser that accepts it (${fmt(compressed.body.length)} bytes)`
          : 'sent uncompressed even to a browser that accepts gzip or br') +
        `; gzip would make it ${fmt(gzipped)} bytes (${(gzipped / raw).toFixed(2)}× raw)`,
    );
    return { app, baseline, raw, gzipped, encoding };
  } finally {
    if (bare) await stopProcess(bare);
    await stopProcess(server);
  }
}

export async function run() {
  const entry = serverEntryPoint();
  const details = [`server: ${entry.label}`];
  const log = (line) => {
    console.log(`  ${line}`);
    details.push(line);
  };

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
  const { raw, gzipped } = results.SQLite;
  return {
    name: 'pins-list',
    figure:
      measured
        .map(
          ([dialect, r]) =>
            `${dialect} p95 ${r.app.p95.toFixed(0)} ms (${(r.app.p95 / r.baseline.p95).toFixed(1)}× bare)`,
        )
        .join(', ') +
      `; ${fmt(raw / 1024)} KiB raw, ${fmt(gzipped / 1024)} KiB gzip (${(gzipped / raw).toFixed(2)}×)` +
      (postgres.skipped ? '; PostgreSQL skipped' : ''),
    target: `p95 < ${TARGET_P95_MS} ms for ${fmt(PINS)} pins on each database`,
    pass: measured.every(([, r]) => r.app.p95 < TARGET_P95_MS),
    details,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await run();
  console.log(`${result.figure} (target ${result.target}): ${result.pass ? 'PASS' : 'FAIL'}`);
}
