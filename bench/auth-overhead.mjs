// Authenticated request overhead: throughput of GET /api/auth/me (bearer token, the real built server,
// logging at `info`, one access line a request) as a fraction of a bare Fastify route answering the same bytes
// with the same content type (no logger), measured in the same run with 50 connections, once the server
// has finished its start-up work. Target: at least 0.8, with the logs kept at `info` (issue 25).
import { Buffer } from 'node:buffer';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  ROOT,
  fmt,
  freePort,
  load,
  mean,
  randomSecret,
  request,
  serverEntryPoint,
  signedInUser,
  sleep,
  startProcess,
  startServer,
  stopProcess,
  tempDir,
  waitFor200,
  reportLines,
} from './lib.mjs';

const CONNECTIONS = 50;
const WARMUP_S = 2;
const MEASURE_S = 5;
const ROUNDS = 2;
const DIAGNOSTIC_S = 5;
const TARGET = 0.8;
/** The server has settled once it uses less than this share of one core for a second. */
const SETTLED_CPU = 0.1;
const SETTLE_LIMIT_S = 120;

/** CPU time of a process, all its threads, in clock ticks (/proc, Linux). */
function cpuTicks(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/**
 * Waits until the server has done the work it starts once it listens (the gazetteer and the place-tile
 * index, built in slices on its event loop): on a busy machine that took longer than the warm-up and
 * landed in the first measured rounds. Returns the seconds waited, or undefined where /proc is missing.
 */
async function untilSettled(pid) {
  if (!existsSync(`/proc/${pid}/stat`)) return undefined;
  const ticksPerSecond = 100; // USER_HZ, 100 on every Linux this runs on
  const started = Date.now();
  let before = cpuTicks(pid);
  while (Date.now() - started < SETTLE_LIMIT_S * 1000) {
    await sleep(1000);
    const now = cpuTicks(pid);
    if ((now - before) / ticksPerSecond < SETTLED_CPU) return (Date.now() - started) / 1000;
    before = now;
  }
  throw new Error(`the server still used ${SETTLED_CPU}+ of a core after ${SETTLE_LIMIT_S} s of waiting`);
}

function describe(run) {
  const cpu =
    run.cpuUsPerRequest === undefined ? '' : `, server CPU ${run.cpuUsPerRequest.toFixed(1)} µs a request`;
  return `${fmt(run.rps)} req/s (${fmt(run.total)} requests in ${run.seconds} s, p50 ${run.latencyP50} ms, p99 ${run.latencyP99} ms${cpu})`;
}

/** A load run against `url`, with the CPU time the process answering it spent per request (/proc, Linux). */
async function measured(url, pid, options) {
  const before = existsSync(`/proc/${pid}/stat`) ? cpuTicks(pid) : undefined;
  const result = await load(url, options);
  if (before === undefined) return result;
  // Ticks are hundredths of a second (USER_HZ): µs a request = ticks × 10,000 / requests.
  return { ...result, cpuUsPerRequest: ((cpuTicks(pid) - before) * 10_000) / result.total };
}

function checkClean(label, run) {
  if (run.non2xx || run.errors || run.timeouts) {
    throw new Error(
      `${label}: ${run.non2xx} non-2xx answers, ${run.errors} errors, ${run.timeouts} timeouts; the figure would be meaningless`,
    );
  }
}

export async function run() {
  const entry = serverEntryPoint();
  const { details, log } = reportLines([`server: ${entry.label}`]);

  const dataDir = tempDir();
  const serverPort = await freePort();
  // At `info`, as the target is set: every request writes its access line to the
  // server's standard output, a pipe this process reads, as a log collector would.
  const server = startServer({
    port: serverPort,
    dataDir,
    authSecret: randomSecret(48),
    env: { LOG_LEVEL: 'info' },
  });
  let bare;
  const loggingBares = [];
  try {
    const base = `http://127.0.0.1:${serverPort}`;
    await waitFor200(`${base}/api/ready`, server);

    // A verified account and an access token, through the public API like a person would.
    const { email, accessToken } = await signedInUser(base, dataDir);
    const authHeaders = { authorization: `Bearer ${accessToken}` };

    const me = await request(`${base}/api/auth/me`, { headers: authHeaders });
    if (me.status !== 200) throw new Error(`GET /api/auth/me answered ${me.status}: ${me.body}`);
    const contentType = me.headers['content-type'];
    log(`signed up, verified (code from the outbox .eml) and signed in as ${email}`);
    log(`GET /api/auth/me → 200, ${me.body.length} bytes, content-type: ${contentType}`);
    const settled = await untilSettled(server.child.pid);
    if (settled !== undefined) log(`server settled (start-up work done) after ${settled.toFixed(0)} s`);

    // The baseline: a bare Fastify route in its own process answering exactly those bytes.
    const barePort = await freePort();
    bare = startProcess(process.execPath, [path.join(ROOT, 'bench/bare-server.mjs')], {
      env: { PORT: String(barePort), BODY_BASE64: me.body.toString('base64'), CONTENT_TYPE: contentType },
      label: 'bench/bare-server.mjs',
    });
    const bareBase = `http://127.0.0.1:${barePort}`;
    await waitFor200(`${bareBase}/api/ready`, bare);
    const bareMe = await request(`${bareBase}/api/auth/me`);
    if (!Buffer.from(bareMe.body).equals(me.body) || bareMe.headers['content-type'] !== contentType) {
      throw new Error('bare server does not answer the same bytes and content type');
    }
    log('bare Fastify route (bench/bare-server.mjs, own process) answers identical bytes and content type');

    const targets = {
      baseline: { url: `${bareBase}/api/auth/me`, headers: {}, pid: bare.child.pid },
      authenticated: { url: `${base}/api/auth/me`, headers: authHeaders, pid: server.child.pid },
    };
    const options = { connections: CONNECTIONS, pipelining: 1 };

    console.log(`  warm-up: ${WARMUP_S} s each, ${CONNECTIONS} connections (discarded)`);
    for (const [name, target] of Object.entries(targets)) {
      const warm = await load(target.url, { ...options, duration: WARMUP_S, headers: target.headers });
      checkClean(`warm-up ${name}`, warm);
    }

    // Alternating baseline, authenticated, authenticated, baseline, twice over, so drift on a shared
    // machine hits both alike; each adjacent pair also gives a ratio, to show the spread.
    const order = ['baseline', 'authenticated', 'authenticated', 'baseline'];
    const results = { baseline: [], authenticated: [] };
    const pairRatios = [];
    let previous;
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [index, name] of order.entries()) {
        const target = targets[name];
        const result = await measured(target.url, target.pid, {
          ...options,
          duration: MEASURE_S,
          headers: target.headers,
        });
        checkClean(name, result);
        results[name].push(result.rps);
        log(
          `run ${round * order.length + index + 1}/${ROUNDS * order.length} ${name.padEnd(13)} ${describe(result)}`,
        );
        if (index % 2 === 1) {
          const pair = { [name]: result.rps, [previous.name]: previous.rps };
          pairRatios.push(pair.authenticated / pair.baseline);
        }
        previous = { name, rps: result.rps };
      }
    }

    // Diagnostic only (not part of the figure): the same server without the auth step, to show how much
    // of the gap is the app's shared stack (helmet, hooks, serializer) and how much the bearer check.
    const health = await measured(`${base}/api/health`, server.child.pid, {
      ...options,
      duration: DIAGNOSTIC_S,
    });
    checkClean('diagnostic /api/health', health);
    log(`diagnostic, same server, unauthenticated GET /api/health: ${describe(health)}`);

    // Diagnostics only: the bare route logging at `info` to the same kind of pipe, with Fastify's two
    // lines a request and with the server's one, to show what request logging costs Fastify itself here.
    const bareLogging = {};
    for (const lines of ['two', 'one']) {
      const loggingPort = await freePort();
      const process_ = startProcess(process.execPath, [path.join(ROOT, 'bench/bare-server.mjs')], {
        env: {
          PORT: String(loggingPort),
          BODY_BASE64: me.body.toString('base64'),
          CONTENT_TYPE: contentType,
          LOG_LEVEL: 'info',
          LOG_LINES: lines,
        },
        label: `bench/bare-server.mjs logging ${lines} line(s) a request`,
      });
      loggingBares.push(process_);
      await waitFor200(`http://127.0.0.1:${loggingPort}/api/ready`, process_);
      const url = `http://127.0.0.1:${loggingPort}/api/auth/me`;
      await load(url, { ...options, duration: WARMUP_S });
      const result = await measured(url, process_.child.pid, { ...options, duration: DIAGNOSTIC_S });
      checkClean(`diagnostic bare logging ${lines}`, result);
      bareLogging[lines] = result;
      log(`diagnostic, bare Fastify logging ${lines} line(s) a request at info: ${describe(result)}`);
      await stopProcess(process_);
    }

    const baselineRps = mean(results.baseline);
    const authenticatedRps = mean(results.authenticated);
    const ratio = authenticatedRps / baselineRps;
    const runs = `mean of ${ROUNDS * 2} × ${MEASURE_S} s, ${CONNECTIONS} connections, pipelining 1`;
    log(`bare Fastify baseline:    ${fmt(baselineRps)} req/s (${runs})`);
    log(`authenticated /auth/me:   ${fmt(authenticatedRps)} req/s (${runs})`);
    log(
      `ratio authenticated / baseline: ${ratio.toFixed(3)} (target ≥ ${TARGET}); adjacent pairs ranged ` +
        `${Math.min(...pairRatios).toFixed(3)}–${Math.max(...pairRatios).toFixed(3)}`,
    );
    log(
      `diagnostic: /api/health is ${(health.rps / baselineRps).toFixed(2)}× bare; /api/auth/me is ` +
        `${(authenticatedRps / health.rps).toFixed(2)}× /api/health on the same server`,
    );
    log(
      `diagnostic: bare Fastify logging at info is ${(bareLogging.two.rps / baselineRps).toFixed(2)}× bare with ` +
        `its two lines a request, ${(bareLogging.one.rps / baselineRps).toFixed(2)}× with one; ` +
        `/api/auth/me is ${(authenticatedRps / bareLogging.one.rps).toFixed(2)}× bare Fastify writing its one line`,
    );

    return {
      name: 'auth-overhead',
      figure: `${ratio.toFixed(2)}× bare (${fmt(authenticatedRps)} / ${fmt(baselineRps)} req/s)`,
      target: `≥ ${TARGET}× bare Fastify`,
      pass: ratio >= TARGET,
      details,
    };
  } finally {
    if (bare) await stopProcess(bare);
    for (const process_ of loggingBares) await stopProcess(process_);
    await stopProcess(server);
  }
}
