// Shared by the load bench and the soak (bench/load.mjs): the scaled-out shape on one machine (a fresh
// PostgreSQL database, two built instances and one worker on one DATA_DIR, HAProxy in front), signed-in
// pro travellers, and an open-loop generator of their mixed traffic with its figures.
import { Buffer } from 'node:buffer';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import {
  ROOT,
  createAccount,
  createPostgresDatabase,
  freePort,
  inFlight,
  percentile,
  performance,
  randomSecret,
  seededRandom,
  serverEntryPoint,
  sleep,
  startProcess,
  startServer,
  startWorker,
  stopProcess,
  tempDir,
  waitFor200,
} from './lib.mjs';

const PASSWORD = 'Bench-pass1';
const REQUEST_TIMEOUT_MS = 10_000;
const START_TIMEOUT_MS = 90_000;

// ---------------------------------------------------------------------------------------------------
// The deployment.

/** HAProxy's path, or undefined when it is not installed. */
function haproxyBinary() {
  for (const candidate of ['haproxy', '/usr/sbin/haproxy']) {
    const found = spawnSync(candidate, ['-v'], { encoding: 'utf8' });
    if (!found.error && found.status === 0) return candidate;
  }
  return undefined;
}

/**
 * HAProxy with two entrances: `one` passes everything to instance A, `two` spreads it over A and B by
 * least connections (as deploy/nginx.conf does), so both runs pay for the same hop. Each client's address
 * is appended to X-Forwarded-For.
 */
function haproxyConfig({ onePort, twoPort, instancePorts }) {
  const server = (port, index) =>
    `  server instance-${'ab'[index]} 127.0.0.1:${port} check inter 1s fall 3 rise 1 maxconn 256`;
  const backend = (name, ports) => [
    `backend ${name}`,
    '  balance leastconn',
    '  option httpchk GET /api/ready',
    '  http-check expect status 200',
    ...ports.map(server),
  ];
  return [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout http-keep-alive 60s',
    '  timeout queue 30s',
    '  timeout check 5s',
    '  option forwardfor',
    'frontend one',
    `  bind 127.0.0.1:${onePort}`,
    '  default_backend single',
    'frontend two',
    `  bind 127.0.0.1:${twoPort}`,
    '  default_backend pair',
    ...backend('single', instancePorts.slice(0, 1)),
    ...backend('pair', instancePorts),
    '',
  ].join('\n');
}

/**
 * Starts the deployment. With `proxied`, two instances and HAProxy (origins.one: instance A alone,
 * origins.two: both); without, one instance reached directly (origins.one). Either way one worker takes
 * the jobs, and every process shares the database, DATA_DIR and AUTH_SECRET. Answers { skipped } when
 * PostgreSQL or HAProxy is missing. `stop()` ends every process and drops the database.
 */
export async function startDeployment({ proxied }) {
  const haproxy = proxied ? haproxyBinary() : undefined;
  if (proxied && !haproxy) return { skipped: 'haproxy is not installed (apt-get install haproxy)' };
  const database = await createPostgresDatabase('waymarks_load');
  if (database.skipped) return database;

  const dataDir = tempDir();
  const authSecret = randomSecret();
  const ports = await Promise.all((proxied ? [1, 2, 3, 4] : [1]).map(() => freePort()));
  const [instancePorts, proxyPorts] = proxied ? [ports.slice(0, 2), ports.slice(2)] : [ports, []];
  const origins = Object.fromEntries(
    (proxied ? proxyPorts : instancePorts).map((port, i) => [['one', 'two'][i], `http://127.0.0.1:${port}`]),
  );
  const env = {
    DATABASE_URL: database.url,
    STORAGE: 'local',
    JOBS: 'worker',
    // The bench stands in for many travellers at their own addresses: it names each one's address in
    // X-Forwarded-For, which the instances take from a loopback peer (the bench, or HAProxy in front).
    TRUST_PROXY: 'loopback',
    // Access tokens name it as their issuer: every instance must give the same.
    PUBLIC_URL: origins.two ?? origins.one,
  };
  const processes = [];
  const stop = async () => {
    await Promise.all(processes.reverse().map((proc) => stopProcess(proc, 10_000)));
    await database.drop();
  };
  try {
    const instances = instancePorts.map((port) => {
      const proc = startServer({ port, dataDir, authSecret, env });
      processes.push(proc);
      return { port, proc, origin: `http://127.0.0.1:${port}` };
    });
    const worker = startWorker({ dataDir, authSecret, env });
    processes.push(worker);
    await Promise.all(
      instances.map(({ origin, proc }) =>
        waitFor200(`${origin}/api/ready`, proc, { timeoutMs: START_TIMEOUT_MS, intervalMs: 100 }),
      ),
    );

    if (proxied) {
      const [onePort, twoPort] = proxyPorts;
      const file = path.join(tempDir(), 'haproxy.cfg');
      writeFileSync(file, haproxyConfig({ onePort, twoPort, instancePorts }));
      const proxy = startProcess(haproxy, ['-f', file, '-db'], { label: 'haproxy' });
      processes.push(proxy);
      for (const origin of [origins.one, origins.two]) {
        await waitFor200(`${origin}/api/ready`, proxy, { timeoutMs: START_TIMEOUT_MS, intervalMs: 100 });
      }
    }
    const dead = () =>
      processes.filter((proc) => proc.child.exitCode !== null || proc.child.signalCode !== null);
    return { env, dataDir, authSecret, instances, worker, origins, dead, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Resident memory of a process from /proc, in bytes. */
export function residentBytes(pid) {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) * 1024;
}

// ---------------------------------------------------------------------------------------------------
// HTTP.

/** Keep-alive connections for the whole traffic; idle ones close well before the server's keep-alive ends. */
export const trafficAgent = () =>
  new http.Agent({ keepAlive: true, maxSockets: 512, maxFreeSockets: 512, timeout: 20_000 });

/**
 * One request; never rejects. `json` is sent as JSON, `body` as it is. Resolves { status, body, end }
 * (end: performance.now() of the answer's last byte), with status 0 and `error` when no answer came.
 */
export function call(agent, origin, { method = 'GET', path: target, headers = {}, json, body }) {
  const payload = json === undefined ? body : Buffer.from(JSON.stringify(json));
  return new Promise((resolve) => {
    const fail = (error) => resolve({ status: 0, error: error.message, end: performance.now() });
    const req = http.request(
      `${origin}${target}`,
      {
        method,
        agent,
        headers: {
          ...(json === undefined ? {} : { 'content-type': 'application/json' }),
          ...(payload ? { 'content-length': payload.length } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode, body: Buffer.concat(chunks), end: performance.now() }),
        );
        res.on('error', fail);
      },
    );
    req.setTimeout(REQUEST_TIMEOUT_MS, () =>
      req.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS / 1000} s`)),
    );
    req.on('error', fail);
    req.end(payload);
  });
}

async function callJson(agent, origin, options, expect) {
  const res = await call(agent, origin, options);
  if (res.status !== expect) {
    throw new Error(
      `${options.method ?? 'GET'} ${options.path} answered ${res.status || res.error}, expected ${expect}: ` +
        String(res.body ?? '').slice(0, 300),
    );
  }
  return JSON.parse(res.body.toString());
}

// ---------------------------------------------------------------------------------------------------
// Inputs: places, photos, travellers.

/** Real places: what travellers search for, and where their new pins go. */
export const PLACES = [
  ['Lisbon', 38.7223, -9.1393],
  ['Porto', 41.1579, -8.6291],
  ['Sintra', 38.8029, -9.3817],
  ['Granada', 37.1773, -3.5986],
  ['Florence', 43.7696, 11.2558],
  ['Arezzo', 43.4633, 11.8797],
  ['Siena', 43.3188, 11.3308],
  ['Dubrovnik', 42.6507, 18.0944],
  ['Ljubljana', 46.0569, 14.5058],
  ['Kraków', 50.0647, 19.945],
  ['Tallinn', 59.437, 24.7536],
  ['Bergen', 60.3913, 5.3221],
  ['Reykjavik', 64.1466, -21.9426],
  ['Edinburgh', 55.9533, -3.1883],
  ['Galway', 53.2707, -9.0568],
  ['Istanbul', 41.0082, 28.9784],
  ['Tbilisi', 41.7151, 44.8271],
  ['Petra', 30.3285, 35.4444],
  ['Cairo', 30.0444, 31.2357],
  ['Marrakesh', 31.6295, -7.9811],
  ['Chefchaouen', 35.1688, -5.2636],
  ['Zanzibar', -6.1659, 39.2026],
  ['Nairobi', -1.2921, 36.8219],
  ['Cape Town', -33.9249, 18.4241],
  ['Kathmandu', 27.7172, 85.324],
  ['Hanoi', 21.0278, 105.8342],
  ['Luang Prabang', 19.8856, 102.1347],
  ['Kyoto', 35.0116, 135.7681],
  ['Ulaanbaatar', 47.8864, 106.9057],
  ['Hobart', -42.8821, 147.3272],
  ['Queenstown', -45.0312, 168.6626],
  ['Ushuaia', -54.8019, -68.303],
  ['Valparaíso', -33.0472, -71.6127],
  ['Cusco', -13.5319, -71.9675],
  ['Cartagena', 10.391, -75.4794],
  ['Havana', 23.1136, -82.3666],
  ['Oaxaca', 17.0732, -96.7266],
  ['Banff', 51.1784, -115.5708],
  ['Quebec', 46.8139, -71.208],
  ['Savannah', 32.0809, -81.0912],
].map(([name, lat, lng]) => ({ name, lat, lng }));

const PHOTO_WIDTH = 640;
const PHOTO_HEIGHT = 480;
const BASE_PHOTOS = 6;

/**
 * Small camera-like JPEGs (640×480, about 50 KB, a date and GPS in EXIF) to upload, as many as asked,
 * each with bytes of its own: a few are encoded, and each upload gets one of them with a comment segment
 * of its own after the start marker. `next()` answers the next photo's bytes.
 */
export async function smallPhotos() {
  const bases = await Promise.all(
    Array.from({ length: BASE_PHOTOS }, async (_, i) => {
      const place = PLACES[i % PLACES.length];
      return sharp({
        create: {
          width: PHOTO_WIDTH,
          height: PHOTO_HEIGHT,
          channels: 3,
          background: { r: 30 + 35 * i, g: 140, b: 210 - 30 * i },
          noise: { type: 'gaussian', mean: 128, sigma: 14 },
        },
      })
        .blur(0.6)
        .jpeg({ quality: 85 })
        .withExif({
          IFD0: { Make: 'Waymarks', Model: 'Load bench' },
          IFD2: { DateTimeOriginal: `2024:06:${String(1 + i).padStart(2, '0')} 10:00:00` },
          IFD3: {
            GPSLatitudeRef: place.lat >= 0 ? 'N' : 'S',
            GPSLatitude: `${Math.floor(Math.abs(place.lat))}/1 0/1 0/1`,
            GPSLongitudeRef: place.lng >= 0 ? 'E' : 'W',
            GPSLongitude: `${Math.floor(Math.abs(place.lng))}/1 0/1 0/1`,
          },
        })
        .toBuffer();
    }),
  );
  const run = randomBytes(6).toString('hex');
  let count = 0;
  return {
    meanBytes: bases.reduce((sum, base) => sum + base.length, 0) / bases.length,
    next() {
      const base = bases[count % bases.length];
      const text = Buffer.from(`waymarks load ${run} ${count}`, 'latin1');
      const marker = Buffer.from([0xff, 0xfe, (text.length + 2) >> 8, (text.length + 2) & 0xff]);
      count += 1;
      return Buffer.concat([base.subarray(0, 2), marker, text, base.subarray(2)]);
    },
  };
}

/**
 * The admin CLI's command from the build, to run in this process: a process per account takes seconds
 * each on a busy machine. Undefined without the build (then each account is a CLI process).
 */
async function builtAdminCommand() {
  if (!serverEntryPoint().built) return undefined;
  const { runAdminCommand } = await import(pathToFileURL(path.join(ROOT, 'apps/server/dist/cli.js')).href);
  return runAdminCommand;
}

/**
 * `count` pro travellers made with the admin CLI on the deployment's database, each signed in through
 * the API from an address of its own (10.77.x.y), with a pin to put photos in and `seedPins` more.
 * Answers [{ email, address, headers, pinId }]; `headers` carry the token and the address.
 */
export async function travellers(deployment, origin, agent, { count, seedPins }) {
  const emails = Array.from({ length: count }, (_, i) => `traveller-${i}@load.example.com`);
  const runAdminCommand = await builtAdminCommand();
  const env = {
    ...process.env,
    ...deployment.env,
    DATA_DIR: deployment.dataDir,
    AUTH_SECRET: deployment.authSecret,
    NODE_ENV: 'production',
    BILLING: 'local',
    LOG_LEVEL: 'warn',
  };
  await inFlight(emails, 4, (email) =>
    runAdminCommand
      ? runAdminCommand(['create-user', email, PASSWORD, '--name', 'Load Traveller', '--tier', 'pro'], env)
      : createAccount(deployment.dataDir, email, 'pro', { env: deployment.env }),
  );
  return inFlight(emails, 4, async (email, i) => {
    const address = `10.77.${Math.floor(i / 250)}.${1 + (i % 250)}`;
    const traveller = { email, address, headers: {}, pinId: undefined };
    await signIn(agent, origin, traveller);
    const { headers } = traveller;
    let pinId;
    for (let n = 0; n <= seedPins; n += 1) {
      const place = PLACES[(i + n) % PLACES.length];
      const created = await callJson(
        agent,
        origin,
        {
          method: 'POST',
          path: '/api/pins',
          headers,
          json: { lat: place.lat, lng: place.lng, title: `${place.name} ${n}`, visitDate: '2024-06-01' },
        },
        201,
      );
      pinId ??= created.pinId;
    }
    return { ...traveller, pinId };
  });
}

/**
 * Signs `traveller` in through the API from its address, replacing its headers: access tokens last an
 * hour, so a long run signs everyone in again.
 */
export async function signIn(agent, origin, traveller) {
  const session = await callJson(
    agent,
    origin,
    {
      method: 'POST',
      path: '/api/auth/signin',
      headers: { 'x-forwarded-for': traveller.address },
      json: { email: traveller.email, password: PASSWORD },
    },
    200,
  );
  traveller.headers = {
    authorization: `Bearer ${session.accessToken}`,
    'x-forwarded-for': traveller.address,
  };
  traveller.signedInAt = performance.now();
}

/**
 * Waits until each instance's gazetteer answers (it loads in the background after start, and the first
 * search waits for it), asking each instance directly.
 */
export async function gazetteersLoaded(deployment, agent, traveller) {
  for (const { origin } of deployment.instances) {
    await callJson(agent, origin, { path: '/api/places/search?q=Lisbon', headers: traveller.headers }, 200);
  }
}

// ---------------------------------------------------------------------------------------------------
// The mixed traffic.

/**
 * What a signed-in traveller does, by share of actions. Each action is one request, except an upload:
 * upload-url, the PUT of the photo, then complete.
 */
export const MIX = [
  { kind: 'list pins', weight: 40, requests: 1 },
  { kind: 'countries', weight: 20, requests: 1 },
  { kind: 'search places', weight: 20, requests: 1 },
  { kind: 'create pin', weight: 10, requests: 1 },
  { kind: 'upload photo', weight: 10, requests: 3 },
];
const TOTAL_WEIGHT = MIX.reduce((sum, entry) => sum + entry.weight, 0);
/** Requests an action makes on average: rates are given in requests a second and offered as actions. */
export const REQUESTS_PER_ACTION =
  MIX.reduce((sum, entry) => sum + entry.weight * entry.requests, 0) / TOTAL_WEIGHT;

/**
 * The steps of one action. `send(label, options, expect, parse = true)` makes a request and answers its
 * body (parsed as JSON with `parse`), or undefined when it failed (it is counted then, and the action ends).
 */
const ACTIONS = {
  'list pins': (send, traveller) =>
    send('list pins', { path: '/api/pins', headers: traveller.headers }, 200, false),
  countries: (send, traveller) =>
    send('countries', { path: '/api/countries', headers: traveller.headers }, 200, false),
  'search places': (send, traveller, { place }) =>
    send(
      'search places',
      { path: `/api/places/search?q=${encodeURIComponent(place.name)}`, headers: traveller.headers },
      200,
      false,
    ),
  'create pin': async (send, traveller, { place, random }) => {
    const created = await send(
      'create pin',
      {
        method: 'POST',
        path: '/api/pins',
        headers: traveller.headers,
        json: {
          lat: place.lat + (random() - 0.5) * 0.02,
          lng: place.lng + (random() - 0.5) * 0.02,
          title: `${place.name} again`,
          visitDate: '2025-03-14',
        },
      },
      201,
    );
    if (created) traveller.pinId = created.pinId;
  },
  'upload photo': async (send, traveller, { photos }) => {
    const bytes = photos.next();
    const reserved = await send(
      'upload-url',
      {
        method: 'POST',
        path: '/api/media/upload-url',
        headers: traveller.headers,
        json: {
          pinId: traveller.pinId,
          contentType: 'image/jpeg',
          filename: 'IMG_load.jpg',
          sizeMB: bytes.length / (1024 * 1024),
          sizeBytes: bytes.length,
        },
      },
      200,
    );
    if (!reserved) return;
    const target = new URL(reserved.uploadUrl, 'http://upload.invalid');
    const put = await send(
      'upload PUT',
      {
        method: 'PUT',
        path: target.pathname + target.search,
        headers: {
          'content-type': reserved.contentType,
          'x-forwarded-for': traveller.address,
        },
        body: bytes,
      },
      200,
      false,
    );
    if (put === undefined) return;
    await send(
      'complete',
      {
        method: 'POST',
        path: '/api/media/complete',
        headers: traveller.headers,
        json: { mediaId: reserved.mediaId },
      },
      200,
    );
  },
};

/** Counts and latencies of the requests of one run (those of actions scheduled after its warm-up). */
class Tally {
  latencies = [];
  errors = 0;
  byLabel = new Map();
  errorKinds = new Map();
  sendLag = [];
  lastEnd = 0;

  add(label, latencyMs, error, end) {
    this.latencies.push(latencyMs);
    this.lastEnd = Math.max(this.lastEnd, end);
    const entry = this.byLabel.get(label) ?? { latencies: [], errors: 0 };
    entry.latencies.push(latencyMs);
    if (error) {
      this.errors += 1;
      entry.errors += 1;
      const what = `${label}: ${error}`;
      this.errorKinds.set(what, (this.errorKinds.get(what) ?? 0) + 1);
    }
    this.byLabel.set(label, entry);
  }
}

/**
 * Offers the mixed traffic to `origin` at `rate` requests a second for `warmUpSeconds` + `seconds`, open
 * loop: each action starts at its scheduled time whether or not earlier ones were answered, and a request's
 * latency counts from when it was due (an action's first request from the schedule, the next from the
 * answer before it), so waiting behind a slow server is counted, not hidden. Travellers take turns, and
 * what they do follows a seeded sequence. Waits for every answer, then gives the figures of the actions
 * scheduled after the warm-up.
 */
export async function offer({
  origin,
  agent,
  rate,
  seconds,
  warmUpSeconds = 0,
  travellers: people,
  photos,
  seed = 1,
}) {
  const random = seededRandom(seed);
  const actionsPerSecond = rate / REQUESTS_PER_ACTION;
  const total = Math.round(actionsPerSecond * (warmUpSeconds + seconds));
  const start = performance.now() + 5;
  const measureFrom = start + warmUpSeconds * 1000;
  const tally = new Tally();
  const running = new Set();

  const launch = (index) => {
    const dueAt = start + (index * 1000) / actionsPerSecond;
    const counted = dueAt >= measureFrom;
    if (counted) tally.sendLag.push(performance.now() - dueAt);
    const pick = random() * TOTAL_WEIGHT;
    let kind = MIX[MIX.length - 1].kind;
    for (let sum = 0, i = 0; i < MIX.length; i += 1) {
      sum += MIX[i].weight;
      if (pick < sum) {
        kind = MIX[i].kind;
        break;
      }
    }
    const traveller = people[index % people.length];
    const place = PLACES[Math.floor(random() * PLACES.length)];
    let from = dueAt;
    const send = async (label, options, expect, parse = true) => {
      const res = await call(agent, origin, options);
      const error =
        res.status === expect
          ? undefined
          : (res.error ?? `${res.status} ${String(res.body).slice(0, 120).replace(/\s+/g, ' ')}`);
      if (counted) tally.add(label, res.end - from, error, res.end);
      from = res.end;
      if (error) return undefined;
      return parse ? JSON.parse(res.body.toString()) : res.body;
    };
    const action = ACTIONS[kind](send, traveller, { place, random, photos }).catch((error) => {
      if (counted) tally.add(kind, performance.now() - from, error.message, performance.now());
    });
    running.add(action);
    action.finally(() => running.delete(action));
  };

  for (let next = 0; next < total;) {
    const now = performance.now();
    while (next < total && start + (next * 1000) / actionsPerSecond <= now) launch(next++);
    await sleep(1);
  }
  await Promise.all(running);

  const sorted = [...tally.latencies].sort((a, b) => a - b);
  const requests = sorted.length;
  const byLabel = Object.fromEntries(
    [...tally.byLabel].map(([label, entry]) => [
      label,
      {
        requests: entry.latencies.length,
        errors: entry.errors,
        p95: percentile(
          entry.latencies.sort((a, b) => a - b),
          95,
        ),
      },
    ]),
  );
  return {
    rate,
    requests,
    errors: tally.errors,
    errorPercent: requests ? (100 * tally.errors) / requests : 0,
    achieved: requests / Math.max(1e-3, (tally.lastEnd - measureFrom) / 1000),
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    sendLagP95: percentile(
      tally.sendLag.sort((a, b) => a - b),
      95,
    ),
    byLabel,
    errorKinds: [...tally.errorKinds].sort((a, b) => b[1] - a[1]).slice(0, 4),
  };
}
