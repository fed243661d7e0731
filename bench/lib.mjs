// Shared helpers for the benchmarks: child processes we start (and always stop), ports, HTTP polling,
// load runs and the choice of server entry (the build, built on demand, or the TypeScript source as a
// labelled fallback when the build cannot be made).
import { Buffer } from 'node:buffer';
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { build } from 'esbuild';
import pg from 'pg';

export { sleep, performance };

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_DIST = path.join(ROOT, 'apps/server/dist/main.js');
export const SERVER_SRC = path.join(ROOT, 'apps/server/src/main.ts');

// ---------------------------------------------------------------------------------------------------
// Child processes: every one we start is tracked and killed (by its handle) if the run ends early.

const children = new Set();

function killAll() {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}
process.on('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    killAll();
    process.exit(130);
  });
}

/**
 * Starts a child process with the repo root as working directory. Keeps the last 64 KiB of its output
 * for error messages. `exited` resolves with { code, signal, at } (at: performance.now()).
 */
export function startProcess(command, args, { env = {}, label = command } = {}) {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  // The last chunks, up to 64 KiB, joined only when asked for: a server logging every request at `info`
  // writes tens of MB a second, and copying 64 KiB per chunk cost the machine more than the server did.
  const chunks = [];
  let kept = 0;
  const keep = (chunk) => {
    chunks.push(chunk);
    kept += chunk.length;
    while (chunks.length > 1 && kept - chunks[0].length >= 65536) kept -= chunks.shift().length;
  };
  const output = () =>
    Buffer.concat(chunks.map((chunk) => Buffer.from(chunk)))
      .toString()
      .slice(-65536);
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      children.delete(child);
      resolve({ code, signal, at: performance.now() });
    });
  });
  child.once('error', (error) => keep(`\n[spawn error] ${error.message}\n`));
  return { child, label, exited, output };
}

/**
 * Sends SIGTERM and waits up to `graceMs` for the process to exit. A process still running then is
 * killed with SIGKILL. `graceful` is true only for an exit with code 0 inside the grace period.
 */
export async function stopProcess(proc, graceMs = 5000) {
  const { child, exited } = proc;
  if (child.exitCode !== null || child.signalCode !== null) {
    const { code, signal } = await exited;
    return { code, signal, ms: 0, graceful: false, alreadyExited: true };
  }
  const start = performance.now();
  child.kill('SIGTERM');
  const outcome = await Promise.race([exited, sleep(graceMs).then(() => undefined)]);
  if (outcome) {
    return {
      code: outcome.code,
      signal: outcome.signal,
      ms: outcome.at - start,
      graceful: outcome.code === 0,
    };
  }
  child.kill('SIGKILL');
  const forced = await exited;
  return { code: forced.code, signal: forced.signal, ms: graceMs, graceful: false, timedOut: true };
}

// ---------------------------------------------------------------------------------------------------
// Ports, temp dirs, HTTP.

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const tempDirs = [];
export function tempDir(prefix = 'waymarks-bench-') {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}
export function removeTempDirs() {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}
process.on('exit', removeTempDirs);

export const randomSecret = (length = 48) => randomBytes(length).toString('base64url').slice(0, length);

/**
 * One HTTP request on a fresh connection (no keep-alive agent, so nothing holds the server open).
 * Resolves { status, headers, body: Buffer }; rejects on connection errors.
 */
export function request(url, { method = 'GET', headers = {}, body, timeoutMs = 5000 } = {}) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const req = http.request(
      url,
      {
        method,
        agent: false,
        timeout: timeoutMs,
        headers: {
          connection: 'close',
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`timed out after ${timeoutMs} ms: ${method} ${url}`)));
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

/** JSON request that must answer `expectStatus`; returns the parsed body. */
export async function requestJson(url, options = {}, expectStatus = 200) {
  const res = await request(url, options);
  if (res.status !== expectStatus) {
    throw new Error(
      `${options.method ?? 'GET'} ${url} answered ${res.status}, expected ${expectStatus}: ${res.body.toString().slice(0, 300)}`,
    );
  }
  return JSON.parse(res.body.toString());
}

/**
 * Polls `url` every `intervalMs` until it answers 200. Returns performance.now() of the first 200.
 * Fails fast if `proc` exits first, and after `timeoutMs`.
 */
export async function waitFor200(url, proc, { intervalMs = 10, timeoutMs = 30_000 } = {}) {
  const deadline = performance.now() + timeoutMs;
  let exited;
  proc?.exited.then((result) => (exited = result));
  for (;;) {
    if (exited) {
      throw new Error(
        `${proc.label} exited (code ${exited.code}, signal ${exited.signal}) before ${url} answered 200:\n${proc.output()}`,
      );
    }
    try {
      const res = await request(url, { timeoutMs: 2000 });
      if (res.status === 200) return performance.now();
    } catch {
      // not listening yet
    }
    if (performance.now() > deadline) {
      throw new Error(
        `${url} did not answer 200 within ${timeoutMs} ms. Output of ${proc?.label}:\n${proc?.output()}`,
      );
    }
    await sleep(intervalMs);
  }
}

// ---------------------------------------------------------------------------------------------------
// The server under test.

let serverEntry;

/** The server entry chosen so far in this run, if any benchmark needed the server. */
export const usedServerEntry = () => serverEntry;

/**
 * How to start the real server: `node apps/server/dist/main.js`. When the build is missing, runs
 * `npm run build` once. If that fails, falls back to the TypeScript source through tsx's loader
 * (`node --import tsx apps/server/src/main.ts`) and says so loudly: those figures are not the build's.
 */
export function serverEntryPoint() {
  if (serverEntry) return serverEntry;
  if (!existsSync(SERVER_DIST)) {
    console.log('apps/server/dist/main.js is missing: running `npm run build` first ...');
    const started = performance.now();
    const build = spawnSync('npm', ['run', 'build'], {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    if (build.status === 0 && existsSync(SERVER_DIST)) {
      console.log(`npm run build finished in ${seconds} s.`);
    } else {
      const tail = `${build.stdout ?? ''}${build.stderr ?? ''}`.trim().split('\n').slice(-15).join('\n');
      console.log(
        `npm run build FAILED after ${seconds} s (exit ${build.status}). Last lines:\n${indent(tail, '  | ')}`,
      );
      if (!existsSync(SERVER_DIST)) {
        console.log(
          '!! Falling back to the TypeScript source via tsx (node --import tsx apps/server/src/main.ts).\n' +
            '!! Server figures below are NOT from the build; rerun once `npm run build` succeeds.',
        );
        serverEntry = {
          args: ['--import', 'tsx', SERVER_SRC],
          label: 'node --import tsx apps/server/src/main.ts',
          built: false,
        };
        return serverEntry;
      }
    }
  }
  const builtAt = statSync(SERVER_DIST).mtime.toISOString();
  serverEntry = {
    args: [SERVER_DIST],
    label: `node apps/server/dist/main.js (built ${builtAt})`,
    built: true,
  };
  return serverEntry;
}

/** What every process of the service gets here: `dataDir`, logging at warn, no SMTP, SQLite unless `env` says. */
function serviceEnv({ dataDir, authSecret, env }) {
  return {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    AUTH_SECRET: authSecret,
    NODE_ENV: 'production',
    // Plans change unbilled here, on purpose: production refuses that without BILLING=local.
    BILLING: 'local',
    SMTP_URL: '',
    DATABASE_URL: '',
    PUBLIC_URL: '',
    GOOGLE_CLIENT_ID: '',
    GOOGLE_CLIENT_SECRET: '',
    ...env,
  };
}

/**
 * Starts the real server on `port` with `dataDir`, logging at warn, no SMTP, SQLite unless `env` gives a
 * DATABASE_URL. Does not wait.
 */
export function startServer({ port, dataDir, authSecret = randomSecret(), env = {} }) {
  const entry = serverEntryPoint();
  return startProcess(process.execPath, entry.args, {
    env: { PORT: String(port), HOST: '127.0.0.1', ...serviceEnv({ dataDir, authSecret, env }) },
    label: entry.label,
  });
}

/**
 * Starts the jobs worker (`apps/server/dist/worker.js`, or its source when the build is missing) beside a
 * server started with the same `dataDir`, `authSecret` and `env` (JOBS=worker). Does not wait.
 */
export function startWorker({ dataDir, authSecret, env = {} }) {
  const args = serverEntryPoint().built
    ? [path.join(ROOT, 'apps/server/dist/worker.js')]
    : ['--import', 'tsx', path.join(ROOT, 'apps/server/src/worker.ts')];
  return startProcess(process.execPath, args, {
    env: serviceEnv({ dataDir, authSecret, env }),
    label: 'worker',
  });
}

/**
 * A fresh database on the PostgreSQL server of TEST_DATABASE_URL: { url, drop() }, or { skipped } with
 * the reason there is none.
 */
export async function createPostgresDatabase(prefix = 'waymarks_bench') {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return { skipped: 'TEST_DATABASE_URL is not set' };
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const onServer = async (statement) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end().catch(() => {});
    }
  };
  try {
    await onServer(`create database ${name}`);
  } catch (error) {
    return { skipped: `cannot create a database on TEST_DATABASE_URL: ${error.message}` };
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(`drop database if exists ${name} with (force)`) };
}

/** Runs `task` over `items`, `limit` at a time; answers the results in order. */
export async function inFlight(items, limit, task) {
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await task(items[index], index);
      }
    }),
  );
  return results;
}

/**
 * A confirmed account through the admin CLI (`create-user … --tier <tier>`), before the server starts (the
 * CLI writes to the same data directory), or beside it on the database `env` names.
 */
export async function createAccount(
  dataDir,
  email,
  tier = 'pro',
  { name = 'Bench Mark', password = 'Bench-pass1', env: extraEnv = {} } = {},
) {
  const entry = serverEntryPoint();
  const args = entry.built
    ? [path.join(ROOT, 'apps/server/dist/cli.js')]
    : ['--import', 'tsx', path.join(ROOT, 'apps/server/src/cli.ts')];
  const cli = startProcess(
    process.execPath,
    [...args, 'create-user', email, password, '--name', name, '--tier', tier],
    {
      env: {
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        NODE_ENV: 'production',
        BILLING: 'local',
        LOG_LEVEL: 'warn',
        ...extraEnv,
      },
      label: 'admin create-user',
    },
  );
  const { code } = await cli.exited;
  if (code !== 0) throw new Error(`create-user ${email} exited with ${code}:\n${cli.output()}`);
}

/** The 6-digit code from the subject of the newest .eml in the outbox, waiting for it to be written. */
export async function verificationCode(outboxDir, email, timeoutMs = 5000) {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    let files = [];
    try {
      files = readdirSync(outboxDir)
        .filter((name) => name.endsWith('.eml'))
        .map((name) => path.join(outboxDir, name))
        .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs || b.localeCompare(a));
    } catch {
      // outbox not created yet
    }
    if (files.length > 0) {
      const mail = readFileSync(files[0], 'utf8');
      const match = /^Subject: Your Waymarks verification code: (\d{6})\s*$/m.exec(mail);
      if (match && mail.includes(email)) return match[1];
    }
    if (performance.now() > deadline) {
      throw new Error(`no verification mail for ${email} in ${outboxDir} within ${timeoutMs} ms`);
    }
    await sleep(20);
  }
}

/**
 * A verified account and its access token, through the public API like a person would: sign-up, the code
 * from the outbox .eml (the server runs without SMTP), then sign-in. Resolves { email, userId, accessToken }.
 */
export async function signedInUser(base, dataDir, { name = 'Bench Mark', password = 'Bench-pass1' } = {}) {
  const email = `bench-${Date.now()}-${randomBytes(3).toString('hex')}@example.com`;
  await requestJson(`${base}/api/auth/signup`, { method: 'POST', body: { name, email, password } }, 201);
  const code = await verificationCode(path.join(dataDir, 'outbox'), email);
  await requestJson(`${base}/api/auth/verify`, { method: 'POST', body: { email, code } });
  const session = await requestJson(`${base}/api/auth/signin`, { method: 'POST', body: { email, password } });
  if (!session.accessToken) throw new Error('sign-in answered without an accessToken');
  return { email, userId: session.user.userId, accessToken: session.accessToken };
}

// ---------------------------------------------------------------------------------------------------
// Latency of single answers: sequential GETs on kept-alive connections against a bare route's.

/** Milliseconds from sending a GET until the last byte of the answer, on a kept-alive connection. */
export function timedGet(url, headers, agent) {
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
export function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime (fields 14 and 15 of proc(5)), in USER_HZ ticks, which Linux fixes at 100 a second.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/**
 * The baseline of an API answer: bench/bare-server.mjs, a process of its own, answering `body` (a Buffer)
 * with `contentType` at `route` from memory. The body is written to a file in `dir` for it to read once.
 * Resolves { proc, base } once it answers the same bytes.
 */
export async function startBareServer({ dir, route, body, contentType }) {
  const bodyFile = path.join(dir, `bare-${randomBytes(4).toString('hex')}.body`);
  writeFileSync(bodyFile, body);
  const port = await freePort();
  const proc = startProcess(process.execPath, [path.join(ROOT, 'bench/bare-server.mjs')], {
    env: { PORT: String(port), BODY_FILE: bodyFile, CONTENT_TYPE: contentType, ROUTE: route },
    label: 'bench/bare-server.mjs',
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor200(`${base}/api/ready`, proc);
    const answer = await request(`${base}${route}`, { timeoutMs: 30_000 });
    if (!answer.body.equals(body)) throw new Error('bare server does not answer the same bytes');
  } catch (error) {
    await stopProcess(proc);
    throw error;
  }
  return { proc, base };
}

/**
 * Sequential GETs in rounds: each round asks every target once, in the order given, each over a keep-alive
 * connection of its own, so drift on a shared machine hits them all alike. A target is { url, headers,
 * pid (the process answering, for its CPU), before(round) (run first, not timed), bytes (the size every
 * answer must have) }. Resolves, per target, p50 and p95 in ms of the `requests` after `warmup`, and the
 * CPU its process used per request in ms (undefined without /proc).
 */
export async function measureRounds(targets, { warmup, requests }) {
  const kinds = Object.keys(targets);
  const agents = Object.fromEntries(
    kinds.map((kind) => [kind, new http.Agent({ keepAlive: true, maxSockets: 1 })]),
  );
  const samples = Object.fromEntries(kinds.map((kind) => [kind, []]));
  const cpu = Object.fromEntries(kinds.map((kind) => [kind, 0]));
  try {
    for (let i = 0; i < warmup + requests; i += 1) {
      for (const kind of kinds) {
        const target = targets[kind];
        await target.before?.(i);
        // The CPU the serving process used across this one request; summed over the run, the 10 ms ticks
        // of /proc average out.
        const cpuBefore = cpuMs(target.pid);
        const answer = await timedGet(target.url, target.headers ?? {}, agents[kind]);
        const cpuAfter = cpuMs(target.pid);
        if (target.bytes !== undefined && answer.bytes !== target.bytes)
          throw new Error(`the ${kind} answer changed size during the run`);
        if (i >= warmup) {
          samples[kind].push(answer.ms);
          if (cpuBefore !== undefined && cpuAfter !== undefined) cpu[kind] += cpuAfter - cpuBefore;
        }
      }
    }
  } finally {
    for (const agent of Object.values(agents)) agent.destroy();
  }
  return Object.fromEntries(
    kinds.map((kind) => {
      const sorted = [...samples[kind]].sort((a, b) => a - b);
      const measured = cpuMs(targets[kind].pid) !== undefined;
      return [
        kind,
        {
          p50: percentile(sorted, 50),
          p95: percentile(sorted, 95),
          cpu: measured ? cpu[kind] / requests : undefined,
        },
      ];
    }),
  );
}

// ---------------------------------------------------------------------------------------------------
// Load and numbers.

/** One autocannon run. Returns requests/s over the measured time plus the raw counters. */
export async function load(url, { connections = 50, pipelining = 1, duration = 10, headers = {} } = {}) {
  const result = await autocannon({ url, connections, pipelining, duration, headers });
  const seconds = result.duration; // autocannon reports the elapsed time in seconds
  return {
    rps: result.requests.total / seconds,
    total: result.requests.total,
    seconds,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
  };
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** A deterministic pseudo-random sequence, so every run measures the same inputs. */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
}

/** Percentile of a sorted array (nearest rank). */
export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;

export const fmt = (value, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

export const indent = (text, prefix = '  ') =>
  text
    .split('\n')
    .map((line) => prefix + line)
    .join('\n');

/**
 * Inserts pins (objects keyed by the pins table's columns) through the server's own PinsRepository, on
 * `database` ({ dialect: 'sqlite', file } or { dialect: 'postgres', url }) brought up to date by the
 * server's own migrations, so a seeded row is one the server could have written.
 */
export async function insertPins(database, pins) {
  const { createDatabase, migrateToLatest, PinsRepository } = await import(
    await bundleServerCode(
      'pins-seed',
      [
        "export { createDatabase, migrateToLatest } from './apps/server/src/db/database.ts';",
        "export { PinsRepository } from './apps/server/src/modules/pins/pins.repository.ts';",
      ].join('\n'),
    )
  );
  const db = createDatabase(database);
  try {
    await migrateToLatest(db);
    await new PinsRepository(db).insertMany(pins);
  } finally {
    await db.destroy();
  }
}

/**
 * One photo as an upload leaves it in storage: a 1600×1200 JPEG original (grain at the scale a thumbnail
 * keeps, so the thumbnail weighs about 20 KB, as a phone photo's does) and the derivatives the server's
 * media job makes of it (apps/server/src/media/images.ts: a 400×400 thumbnail cropped by attention and a
 * preview inside 1600×1600, WebP at quality 80). Resolves { original, thumbnail, preview } (Buffers),
 * width and height.
 */
async function benchPhoto() {
  const { default: sharp } = await import('sharp');
  const [width, height] = [1600, 1200];
  const grain = await sharp({
    create: {
      width: width / 4,
      height: height / 4,
      channels: 3,
      background: { r: 0, g: 0, b: 0 },
      noise: { type: 'gaussian', mean: 128, sigma: 10 },
    },
  })
    .png()
    .toBuffer();
  const original = await sharp(grain)
    .resize(width, height, { kernel: 'cubic' })
    .jpeg({ quality: 85 })
    .toBuffer();
  const [thumbnail, preview] = await Promise.all([
    sharp(original)
      .resize(400, 400, { fit: 'cover', position: sharp.strategy.attention })
      .webp({ quality: 80 })
      .toBuffer(),
    sharp(original)
      .resize(1600, 1600, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer(),
  ]);
  return { original, thumbnail, preview, width, height };
}

/** Photos on each place that shares them, in seedSharedPhotos: 2,000 photos are on 500 places. */
const PHOTOS_A_PLACE = 4;

/**
 * `count` ready photos of `userId` (benchPhoto's), PHOTOS_A_PLACE on each of the first of `pinIds`, shared
 * on the travel page, as completed uploads whose derivatives are made leave them: the objects under
 * `storageDir` (the local storage's folder, DATA_DIR/media) at the server's mediaKeys, each a hard link to
 * one file, as the page reads bytes and 3 × 2,000 copies would only fill the disk; the media rows inserted
 * on `database` (as insertPins), and each pin marked as sharing its photos (share_photos) and brought up to
 * date by the server's own refreshPin (media_count, verification), in one transaction. No content hash
 * (rows stored before hashes were kept have none), so the same bytes are not one item. The account's
 * storage use is counted from the media rows (usageOf); travel_stats is not rewritten, as for insertPins.
 * Resolves { photos, places } with places the number of pins holding them.
 */
export async function seedSharedPhotos({ database, storageDir, userId, pinIds, count }) {
  const { createDatabase, migrateToLatest, refreshPin, mediaKeys } = await import(
    await bundleServerCode(
      'photos-seed',
      [
        "export { createDatabase, migrateToLatest } from './apps/server/src/db/database.ts';",
        "export { refreshPin } from './apps/server/src/modules/media/media.repository.parts.ts';",
        "export { mediaKeys } from './apps/server/src/modules/media/media-keys.ts';",
      ].join('\n'),
    )
  );
  const places = pinIds.slice(0, Math.ceil(count / PHOTOS_A_PLACE));
  if (places.length * PHOTOS_A_PLACE < count)
    throw new Error(`${count} photos need more than ${pinIds.length} pins`);
  const photo = await benchPhoto();
  const sources = tempDir('waymarks-bench-photo-');
  for (const object of ['original', 'thumbnail', 'preview']) {
    writeFileSync(path.join(sources, object), photo[object]);
  }
  const now = Date.now();
  const rows = [];
  for (let i = 0; i < count; i += 1) {
    const id = randomUUID();
    const keys = mediaKeys(userId, id);
    for (const object of ['original', 'thumbnail', 'preview']) {
      const file = path.join(storageDir, ...keys[object].split('/'));
      mkdirSync(path.dirname(file), { recursive: true });
      linkSync(path.join(sources, object), file);
    }
    const at = now - (count - i) * 1000;
    rows.push({
      id,
      user_id: userId,
      pin_id: places[Math.floor(i / PHOTOS_A_PLACE)],
      storage_key: keys.original,
      status: 'ready',
      filename: `IMG_${String(i + 1).padStart(4, '0')}.jpg`,
      content_type: 'image/jpeg',
      kind: 'image',
      declared_bytes: photo.original.length,
      size_bytes: photo.original.length,
      width: photo.width,
      height: photo.height,
      created_at: at,
      expires_at: at + 3_600_000,
      uploaded_at: at,
      derivatives: 'ready',
    });
  }
  const db = createDatabase(database);
  try {
    await migrateToLatest(db);
    await db.transaction().execute(async (trx) => {
      for (let start = 0; start < rows.length; start += 500) {
        await trx
          .insertInto('media')
          .values(rows.slice(start, start + 500))
          .execute();
      }
      for (let start = 0; start < places.length; start += 500) {
        await trx
          .updateTable('pins')
          .set({ share_photos: 1 })
          .where('id', 'in', places.slice(start, start + 500))
          .execute();
      }
      for (const pinId of places) await refreshPin(trx, pinId, now);
    });
  } finally {
    await db.destroy();
  }
  return { photos: count, places: places.length };
}

/**
 * One row of the pins table as a traveller's pin: a title of realistic length, a description half the
 * time, two thirds dated (1990 to 2024), unverified, `index` seconds older than `now`; `random` is a seeded
 * generator (seededRandom).
 */
export function randomPinRow(
  random,
  { userId, index, now, lat, lng, countryCode, countryName, mediaCount = 0, city = null },
) {
  const title = `Place ${index + 1} near the old harbour`.slice(0, 12 + Math.floor(random() * 20));
  const dated = random() < 0.66;
  const day = new Date(
    Date.UTC(1990 + Math.floor(random() * 35), Math.floor(random() * 12), 1 + Math.floor(random() * 28)),
  );
  return {
    id: randomUUID(),
    user_id: userId,
    title,
    description: random() < 0.5 ? `Photos from ${title}` : '',
    lat: Math.round(lat * 1e6) / 1e6,
    lng: Math.round(lng * 1e6) / 1e6,
    country_code: countryCode,
    country_name: countryName,
    visit_date: dated ? day.toISOString().slice(0, 10) : null,
    verification_status: 'unverified',
    verification_score: 0,
    media_count: mediaCount,
    city,
    created_at: now - index * 1000,
    updated_at: now - index * 1000,
  };
}

/** Newest file under `dir` (recursively), skipping build output and dependencies: is a build stale? */
export function newestFile(dir) {
  let newest = { file: undefined, mtime: 0 };
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    const candidate = entry.isDirectory() ? newestFile(full) : { file: full, mtime: statSync(full).mtimeMs };
    if (candidate.mtime > newest.mtime) newest = candidate;
  }
  return newest;
}

const BUNDLE_DIR = path.join(ROOT, 'node_modules/.cache/waymarks-bench');

/**
 * Server TypeScript bundled for this process exactly as the server build bundles it (npm packages
 * external, @waymarks/shared compiled in), so a benchmark runs the production code without a TypeScript
 * loader. `entry` is module source resolved from the repository root. Answers the bundle's path.
 */
export async function bundleServerCode(name, entry) {
  mkdirSync(BUNDLE_DIR, { recursive: true });
  const outfile = path.join(BUNDLE_DIR, `${name}.mjs`);
  const options = {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    banner: {
      js: "import { createRequire as __benchCreateRequire } from 'node:module'; const require = __benchCreateRequire(import.meta.url);",
    },
    plugins: [
      {
        name: 'external-packages',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => {
            if (path.isAbsolute(args.path) || args.path.startsWith('@waymarks/shared')) return undefined;
            return { path: args.path, external: true };
          });
        },
      },
    ],
  };
  await build({
    ...options,
    stdin: { contents: entry, resolveDir: ROOT, loader: 'ts', sourcefile: `${name}-entry.ts` },
    outfile,
  });
  // The server's worker threads (the HEIC decoder, the basemap cutter), beside the bundle with its
  // extension, where common/worker-thread.ts looks for them.
  for (const worker of ['media/heif-worker.ts', 'modules/map/basemap-worker.ts']) {
    await build({
      ...options,
      entryPoints: [path.join(ROOT, 'apps/server/src', worker)],
      outfile: path.join(BUNDLE_DIR, `${path.basename(worker, '.ts')}.mjs`),
    });
  }
  return outfile;
}

/**
 * Runs a bench's child script (`bench/<script>`) with `--expose-gc` in a fresh process and answers the JSON
 * of the first output line that starts with '{': how the benches that measure a process of their own
 * (memory, start-up) hear back from it.
 */
export async function runJsonChild(script, args, label = script) {
  const proc = startProcess(process.execPath, ['--expose-gc', path.join(ROOT, 'bench', script), ...args], {
    label,
  });
  const { code } = await proc.exited;
  const line = proc
    .output()
    .split('\n')
    .find((candidate) => candidate.startsWith('{'));
  if (code !== 0 || !line) throw new Error(`${label} exited ${code}:\n${proc.output()}`);
  return JSON.parse(line);
}

// ---------------------------------------------------------------------------------------------------
// A traveller sharing a travel page (bench/share-page.mjs, bench/share-image.mjs).

/** Whether a point lies inside a ring of [lng, lat] positions (even-odd rule). */
function insideRing(ring, lng, lat) {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/**
 * `count` pins as the pins table stores them, for a traveller who has been to `countries` countries of
 * world-atlas 1:110m (the share picture's map): a few countries hold most pins, as a home country does;
 * each pin lies inside its country's outline, names the country and one of eight towns there, and two
 * thirds have a visit date over 35 years. Deterministic for a `seed`. Resolves { rows, countries } with
 * countries as [{ code, name, pins }], most pins first.
 */
export async function travellerPinRows(userId, { count = 10_000, countries = 120, seed = 27 } = {}) {
  const { feature } = await import('topojson-client');
  const { countryCode } = await import(
    await bundleServerCode(
      'country-codes',
      "export { countryCode } from './packages/shared/src/map/country-codes.ts';",
    )
  );
  const topology = JSON.parse(
    readFileSync(path.join(ROOT, 'node_modules/world-atlas/countries-110m.json'), 'utf8'),
  );
  const random = seededRandom(seed);
  const candidates = feature(topology, topology.objects.countries)
    .features.map((country) => {
      const code = countryCode(
        country.id === undefined ? undefined : String(country.id),
        country.properties.name,
      );
      const polygons =
        country.geometry.type === 'Polygon' ? [country.geometry.coordinates] : country.geometry.coordinates;
      return { code, name: country.properties.name, outers: polygons.map((polygon) => polygon[0]) };
    })
    .filter((country) => country.code && country.code !== 'AQ')
    .sort((a, b) => a.code.localeCompare(b.code));
  // A seeded shuffle picks the countries; the order they come in is how many pins each gets.
  for (let i = candidates.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [candidates[i], candidates[j]] = [candidates[j], candidates[i]];
  }
  const visited = candidates.slice(0, countries).map((country, rank) => {
    const points = country.outers.flat();
    const lngs = points.map(([lng]) => lng);
    const lats = points.map(([, lat]) => lat);
    const box = [Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)];
    return { ...country, box, weight: 1 / (rank + 1) ** 0.9, pins: 0 };
  });
  const totalWeight = visited.reduce((sum, country) => sum + country.weight, 0);
  const pick = () => {
    let left = random() * totalWeight;
    for (const country of visited) {
      left -= country.weight;
      if (left <= 0) return country;
    }
    return visited[visited.length - 1];
  };
  const pointIn = (country) => {
    const [west, south, east, north] = country.box;
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const lng = west + random() * (east - west);
      const lat = south + random() * (north - south);
      if (country.outers.some((ring) => insideRing(ring, lng, lat))) return [lng, lat];
    }
    // A country spread thin over its box (an archipelago across the antimeridian): one of its corners.
    return country.outers[0][Math.floor(random() * country.outers[0].length)];
  };
  const now = Date.now();
  const rows = [];
  for (let i = 0; i < count; i += 1) {
    const country = pick();
    country.pins += 1;
    const [lng, lat] = pointIn(country);
    rows.push(
      randomPinRow(random, {
        userId,
        index: i,
        now,
        lat,
        lng,
        countryCode: country.code,
        countryName: country.name,
        city: `Town ${1 + Math.floor(random() * 8)}`,
      }),
    );
  }
  return {
    rows,
    countries: visited
      .map(({ code, name, pins }) => ({ code, name, pins }))
      .filter((country) => country.pins > 0)
      .sort((a, b) => b.pins - a.pins),
  };
}

/**
 * How many photo thumbnails the travel page at `pagePath` links (/t/{token}/thumbs/{key}.webp), once the
 * first of them has answered 200 with a WebP; throws when the page links none.
 */
async function sharedThumbnails(base, pagePath) {
  const page = await request(`${base}${pagePath}`, { headers: { accept: 'text/html' }, timeoutMs: 30_000 });
  const thumbnails = page.body.toString().match(/\/t\/[\w-]+\/thumbs\/[\w-]+\.webp/g) ?? [];
  if (page.status !== 200 || thumbnails.length === 0) {
    throw new Error(`GET ${pagePath} answered ${page.status} with no photo thumbnails`);
  }
  const thumbnail = await request(`${base}${thumbnails[0]}`);
  if (thumbnail.status !== 200 || thumbnail.headers['content-type'] !== 'image/webp') {
    throw new Error(`GET ${thumbnails[0]} answered ${thumbnail.status} ${thumbnail.headers['content-type']}`);
  }
  return thumbnails.length;
}

/**
 * The built server with a verified traveller (signedInUser) holding `pins` pins (travellerPinRows,
 * inserted by insertPins on the server's SQLite file), `photos` ready photos shared from the first of them
 * (seedSharedPhotos) and the travel page turned on through PUT /api/share. With photos, the page must link
 * their thumbnails and one must answer as a WebP. Resolves { server, base, dataDir, user, authHeaders,
 * pagePath, countries, photosShown } (photosShown: the thumbnails the page links); the caller stops
 * `server` (stopProcess).
 */
export async function startSharedTraveller({ pins = 10_000, photos = 0, env = {}, log = () => {} } = {}) {
  const dataDir = tempDir();
  const port = await freePort();
  const server = startServer({ port, dataDir, env });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitFor200(`${base}/api/ready`, server);
    const user = await signedInUser(base, dataDir);
    const { rows, countries } = await travellerPinRows(user.userId, { count: pins });
    const database = { dialect: 'sqlite', file: path.join(dataDir, 'waymarks.db') };
    const insertStarted = performance.now();
    await insertPins(database, rows);
    log(
      `${fmt(pins)} pins in ${countries.length} countries inserted in ${fmt(performance.now() - insertStarted)} ms ` +
        `(${fmt(rows.filter((row) => row.visit_date).length)} dated)`,
    );
    if (photos > 0) {
      const seedStarted = performance.now();
      const seeded = await seedSharedPhotos({
        database,
        storageDir: path.join(dataDir, 'media'),
        userId: user.userId,
        pinIds: rows.map((row) => row.id),
        count: photos,
      });
      log(
        `${fmt(seeded.photos)} ready photos shared from ${fmt(seeded.places)} places, stored and inserted in ` +
          `${fmt(performance.now() - seedStarted)} ms`,
      );
    }
    const authHeaders = { authorization: `Bearer ${user.accessToken}` };
    const share = await requestJson(`${base}/api/share`, {
      method: 'PUT',
      headers: authHeaders,
      body: { enabled: true },
      timeoutMs: 30_000,
    });
    if (!share.enabled || !share.url?.startsWith('/t/')) {
      throw new Error(`PUT /api/share answered ${JSON.stringify(share).slice(0, 300)}`);
    }
    const photosShown = photos > 0 ? await sharedThumbnails(base, share.url) : 0;
    return { server, base, dataDir, user, authHeaders, pagePath: share.url, countries, photosShown };
  } catch (error) {
    await stopProcess(server);
    throw error;
  }
}

/**
 * A benchmark's report lines: `log` prints a line indented under the benchmark's heading (an empty line as
 * it is) and keeps it in `details`, which the summary keeps with the figure. `initial` lines are kept, not
 * printed.
 */
export function reportLines(initial = []) {
  const details = [...initial];
  const log = (line = '') => {
    console.log(line ? `  ${line}` : '');
    details.push(line);
  };
  return { details, log };
}
