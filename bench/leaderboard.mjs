// The leaderboard and the countries summary at scale: a generated world of 100,000 travellers
// with 2,000,000 pins, on SQLite and on PostgreSQL (when TEST_DATABASE_URL is set; a fresh database is
// created there and dropped after). The world is written through the server's typed schema and each
// traveller's figures by TravelStatsRepository.refreshMany, the server's own code (travel-seed.ts); the real
// built server then answers:
//   - GET /api/leaderboard (the rule's order, and sorted by pins, 50 a page) and GET /api/countries for a
//     traveller with 10,000 pins: p50 and p95 of sequential requests on one kept-alive connection.
//     Target p95 ≤ 50 ms each. Baseline in the same run: the same first page ranked straight from the pins
//     (GROUP BY over every pin), what the page would cost without travel_stats.
//   - The cost of keeping rankings current when a pin is added: the pin's insert alone, and the insert
//     followed by the refresh, for a typical traveller (about 20 pins) and for the one with 10,000.
// Smaller worlds for a quick look: LEADERBOARD_USERS=10000 LEADERBOARD_PINS=200000 node bench/run.mjs leaderboard
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import {
  bundleServerCode,
  createPostgresDatabase,
  fmt,
  freePort,
  percentile,
  performance,
  request,
  serverEntryPoint,
  signedInUser,
  startServer,
  stopProcess,
  tempDir,
  waitFor200,
  reportLines,
} from './lib.mjs';

const USERS = Number(process.env.LEADERBOARD_USERS ?? 100_000);
const PINS = Number(process.env.LEADERBOARD_PINS ?? 2_000_000);
const HEAVY_PINS = 10_000;
const LISTED_SHARE = 0.7;
const WARMUP = 20;
const REQUESTS = 200;
const BASELINE_RUNS = 3;
const ADD_PIN_RUNS = 100;
const TARGET_P95_MS = 50;

async function bundle() {
  return import(
    await bundleServerCode(
      'leaderboard',
      [
        "export { createDatabase, migrateToLatest } from './apps/server/src/db/database.ts';",
        "export { seedTravellers } from './apps/server/src/testing/travel-seed.ts';",
        "export { travelStatsOver } from './apps/server/src/testing/repositories.ts';",
        "export { PinsRepository } from './apps/server/src/modules/pins/pins.repository.ts';",
        "export { sql } from 'kysely';",
      ].join('\n'),
    )
  );
}

function timedGet(url, headers, agent) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get(url, { agent, headers }, (res) => {
      res.on('data', () => {});
      res.on('end', () =>
        res.statusCode === 200
          ? resolve(performance.now() - started)
          : reject(new Error(`${url} answered ${res.statusCode}`)),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

const stats = (samples) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
};
const ms = (value) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;

/** The first page ranked straight from the pins: what the leaderboard costs without travel_stats. */
function rankFromPins(db, sql) {
  return sql`
    select p.user_id, count(distinct p.country_code) as countries, avg(p.verification_score) as score,
           count(*) as pins, u.created_at
    from pins p join users u on u.id = p.user_id
    group by p.user_id, u.created_at
    order by countries desc, score desc, pins desc, u.created_at asc, p.user_id asc
    limit 50
  `.execute(db);
}

async function measureDialect(dialect, databaseUrl, code, log) {
  const dataDir = tempDir();
  const database = databaseUrl
    ? { dialect: 'postgres', url: databaseUrl }
    : { dialect: 'sqlite', file: path.join(dataDir, 'waymarks.db') };
  const db = code.createDatabase(database);
  let server;
  try {
    await code.migrateToLatest(db);
    const seedStarted = performance.now();
    const world = await code.seedTravellers(db, {
      users: USERS,
      pins: PINS,
      listedShare: LISTED_SHARE,
      heavyUserPins: HEAVY_PINS,
      seed: 2026,
      progress: ({ users, pins, refreshed }) =>
        log(
          `${dialect}: seeding… ${fmt(users)} users, ${fmt(pins)} pins written, ${fmt(refreshed)} figures made`,
        ),
    });
    log(
      `${dialect}: ${fmt(USERS)} travellers and ${fmt(PINS)} pins seeded in ${fmt((performance.now() - seedStarted) / 1000)} s`,
    );
    // What autovacuum does after a bulk load, done now: planner statistics, and the visibility map that
    // lets PostgreSQL answer from an index alone.
    if (dialect === 'PostgreSQL') await code.sql`vacuum analyze`.execute(db);

    const port = await freePort();
    server = startServer({ port, dataDir, env: databaseUrl ? { DATABASE_URL: databaseUrl } : {} });
    const base = `http://127.0.0.1:${port}`;
    await waitFor200(`${base}/api/ready`, server, { timeoutMs: 120_000 });
    const viewer = await signedInUser(base, dataDir);
    // The viewer takes over the heavy traveller's 10,000 pins, and a plan with the leaderboard.
    await db
      .updateTable('pins')
      .set({ user_id: viewer.userId })
      .where('user_id', '=', world.heavyUserId)
      .execute();
    await db.updateTable('users').set({ tier: 'standard' }).where('id', '=', viewer.userId).execute();
    // A second viewer takes over a typical traveller's pins: their rank counts the listed rows ahead of
    // them, tens of thousands, where the heavy traveller's counts a handful.
    const typicalViewer = await signedInUser(base, dataDir);
    await db
      .updateTable('pins')
      .set({ user_id: typicalViewer.userId })
      .where('user_id', '=', world.typicalUserId)
      .execute();
    await db.updateTable('users').set({ tier: 'standard' }).where('id', '=', typicalViewer.userId).execute();
    const travelStats = code.travelStatsOver(db);
    await travelStats.refreshMany([world.heavyUserId, world.typicalUserId], Date.now());
    await travelStats.setListed(viewer.userId, true, Date.now());
    await travelStats.setListed(typicalViewer.userId, true, Date.now());
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // the server's one-second user cache

    const headers = { authorization: `Bearer ${viewer.accessToken}` };
    const first = await request(`${base}/api/leaderboard`, { headers, timeoutMs: 30_000 });
    if (first.status !== 200) throw new Error(`GET /api/leaderboard answered ${first.status}: ${first.body}`);
    const page = JSON.parse(first.body.toString());
    log(
      `${dialect}: ${fmt(page.totalUsers)} travellers listed, ${page.totals.countriesExplored} countries explored, ` +
        `the viewer ranked #${fmt(page.currentUserRank)}`,
    );
    const typicalHeaders = { authorization: `Bearer ${typicalViewer.accessToken}` };
    const typicalPage = JSON.parse(
      (
        await request(`${base}/api/leaderboard`, { headers: typicalHeaders, timeoutMs: 30_000 })
      ).body.toString(),
    );
    log(`${dialect}: the typical traveller ranked #${fmt(typicalPage.currentUserRank)}`);
    const targets = {
      leaderboard: { url: `${base}/api/leaderboard`, headers },
      'leaderboard by pins': { url: `${base}/api/leaderboard?sort=pins`, headers },
      'leaderboard (a typical traveller)': { url: `${base}/api/leaderboard`, headers: typicalHeaders },
      [`countries (${fmt(HEAVY_PINS)} pins)`]: { url: `${base}/api/countries`, headers },
    };
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const samples = Object.fromEntries(Object.keys(targets).map((name) => [name, []]));
    try {
      for (let i = 0; i < WARMUP + REQUESTS; i += 1) {
        for (const [name, target] of Object.entries(targets)) {
          const took = await timedGet(target.url, target.headers, agent);
          if (i >= WARMUP) samples[name].push(took);
        }
      }
    } finally {
      agent.destroy();
    }
    const measured = Object.fromEntries(
      Object.entries(samples).map(([name, values]) => [name, stats(values)]),
    );

    const baseline = [];
    for (let i = 0; i < BASELINE_RUNS; i += 1) {
      const started = performance.now();
      await rankFromPins(db, code.sql);
      baseline.push(performance.now() - started);
    }
    const baselineMs = stats(baseline).p50;
    for (const [name, figure] of Object.entries(measured)) {
      log(
        `${dialect}: GET ${name}: p50 ${ms(figure.p50)}, p95 ${ms(figure.p95)}` +
          (name.startsWith('leaderboard')
            ? ` (ranked from the pins instead: ${ms(baselineMs)}, ${fmt(baselineMs / figure.p95, 0)}× slower)`
            : ''),
      );
    }

    // Adding a pin: the insert alone, then the insert and the refresh that keeps the ranking current.
    const pins = new code.PinsRepository(db);
    const addPin = async (userId, refresh) => {
      const at = Date.now();
      const started = performance.now();
      await pins.insert({
        id: randomUUID(),
        user_id: userId,
        title: 'Bench pin',
        lat: 43.47,
        lng: 11.88,
        country_code: 'IT',
        country_name: 'Italy',
        visit_date: '2025-06-01',
        city: 'Arezzo',
        created_at: at,
        updated_at: at,
      });
      if (refresh) await travelStats.refresh(userId, at);
      return performance.now() - started;
    };
    const cost = {};
    for (const [label, userId] of [
      ['typical traveller', world.typicalUserId],
      [`traveller with ${fmt(HEAVY_PINS)} pins`, viewer.userId],
    ]) {
      const alone = [];
      const refreshed = [];
      for (let i = 0; i < ADD_PIN_RUNS; i += 1) {
        alone.push(await addPin(userId, false));
        refreshed.push(await addPin(userId, true));
      }
      const a = stats(alone);
      const r = stats(refreshed);
      cost[label] = r.p50 - a.p50;
      log(
        `${dialect}: adding a pin for a ${label}: insert alone p50 ${ms(a.p50)}, with the refresh p50 ${ms(r.p50)} ` +
          `(+${ms(r.p50 - a.p50)}), p95 ${ms(r.p95)}`,
      );
    }
    return { measured, baselineMs, cost };
  } finally {
    if (server) await stopProcess(server);
    await db.destroy();
  }
}

export async function run() {
  const { details, log } = reportLines([`server: ${serverEntryPoint().label}`]);
  const code = await bundle();
  const results = { SQLite: await measureDialect('SQLite', undefined, code, log) };
  const postgres = await createPostgresDatabase();
  if (postgres.skipped) log(`PostgreSQL: skipped (${postgres.skipped})`);
  else {
    try {
      results.PostgreSQL = await measureDialect('PostgreSQL', postgres.url, code, log);
    } finally {
      await postgres.drop();
    }
  }
  const entries = Object.entries(results);
  return {
    name: 'leaderboard',
    figure:
      entries
        .map(
          ([dialect, r]) =>
            `${dialect}: ` +
            Object.entries(r.measured)
              .map(([name, figure]) => `${name} p95 ${ms(figure.p95)}`)
              .join(', ') +
            ` (from the pins ${ms(r.baselineMs)})`,
        )
        .join('; ') + (postgres.skipped ? '; PostgreSQL skipped' : ''),
    target: `p95 ≤ ${TARGET_P95_MS} ms for each, ${fmt(USERS)} travellers with ${fmt(PINS)} pins`,
    pass: entries.every(([, r]) => Object.values(r.measured).every((figure) => figure.p95 <= TARGET_P95_MS)),
    details,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await run();
  console.log(`${result.figure} (target ${result.target}): ${result.pass ? 'PASS' : 'FAIL'}`);
}
