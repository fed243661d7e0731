// The worker process (worker.ts, `npm run worker`) on SQLite and PostgreSQL: started as operators start
// it, it sweeps dead upload files (and only those: the web server beside it takes uploads), reads the
// cities of pins stored without one and rewrites their owner's figures through the job queue, and stops
// on SIGTERM with exit code 0.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from './cli.js';
import { createDatabase, type Db } from './db/database.js';
import { createTestDatabase, testDialects, type Dialect } from './testing/test-app.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const WORKER = path.join(ROOT, 'apps/server/src/worker.ts');
const EMAIL = 'worker@example.com';
const HOUR_MS = 60 * 60 * 1000;
/** The worker loads the gazetteer for the backfill: seconds on a loaded machine. */
const LOG_TIMEOUT_MS = 60_000;

interface Environment {
  dataDir: string;
  databaseUrl: string;
  db: Db;
  drop(): Promise<void>;
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function createEnvironment(dialect: Dialect): Promise<Environment> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'waymarks-worker-'));
  let environment: Environment;
  if (dialect === 'sqlite') {
    const file = path.join(dataDir, 'waymarks.db');
    const db = createDatabase({ dialect: 'sqlite', file });
    environment = { dataDir, databaseUrl: `sqlite:${file}`, db, drop: () => db.destroy() };
  } else {
    const testDb = await createTestDatabase('postgres');
    environment = { dataDir, databaseUrl: testDb.databaseUrl, db: testDb.db, drop: () => testDb.drop() };
  }
  cleanups.push(async () => {
    await environment.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  await runAdminCommand(['create-user', EMAIL, 'Worker-test1'], {
    DATA_DIR: dataDir,
    DATABASE_URL: environment.databaseUrl,
  });
  return environment;
}

interface WorkerProcess {
  child: ChildProcess;
  log: string[];
  /** The first log entry with this message, from the start. */
  entry(message: string): Promise<Record<string, unknown>>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function startWorker(environment: Environment): WorkerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: environment.dataDir,
      DATABASE_URL: environment.databaseUrl,
      JOBS: 'worker',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  const entries: Record<string, unknown>[] = [];
  const waiting: { message: string; resolve(entry: Record<string, unknown>): void }[] = [];
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    // 'close', not 'exit': its last log lines have been read by then.
    child.once('close', (code, signal) => resolve({ code, signal })),
  );
  createInterface({ input: child.stderr! }).on('line', (line) => log.push(line));
  createInterface({ input: child.stdout! }).on('line', (line) => {
    log.push(line);
    try {
      const entry = JSON.parse(line) as Record<string, unknown>;
      entries.push(entry);
      for (const wait of waiting.filter((w) => w.message === entry.msg)) wait.resolve(entry);
    } catch {
      // not a log entry
    }
  });
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const entry = (message: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const found = entries.find((e) => e.msg === message);
      if (found) return resolve(found);
      const timer = setTimeout(
        () => reject(new Error(`No '${message}' in the worker's log:\n${log.join('\n')}`)),
        LOG_TIMEOUT_MS,
      );
      waiting.push({
        message,
        resolve: (e) => {
          clearTimeout(timer);
          resolve(e);
        },
      });
      void exited.then(() => reject(new Error(`The worker ended before '${message}':\n${log.join('\n')}`)));
    });
  return { child, log, entry, exited };
}

describe.each(testDialects())('the worker process on %s', (dialect) => {
  it('sweeps only dead upload files, fills older pins’ cities into their owner’s figures, and stops on SIGTERM', async () => {
    const environment = await createEnvironment(dialect);
    const { db, dataDir } = environment;
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', EMAIL)
      .executeTakeFirstOrThrow();
    const now = Date.now();
    for (const [id, title, lat, lng] of [
      ['p1', 'Arezzo', 43.4665, 11.882],
      ['p2', 'Florence', 43.7696, 11.2558],
    ] as const) {
      await db
        .insertInto('pins')
        .values({
          id,
          user_id: user.id,
          title,
          lat,
          lng,
          country_code: 'IT',
          country_name: 'Italy',
          visit_date: null,
          city: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    // Two half-written upload files: one untouched for two hours, one being written now.
    const uploads = path.join(dataDir, 'media', 'media', user.id, 'm1');
    mkdirSync(uploads, { recursive: true });
    const dead = path.join(uploads, 'upload.dead.part');
    const live = path.join(uploads, 'upload.live.part');
    writeFileSync(dead, 'half');
    writeFileSync(live, 'half');
    const twoHoursAgo = new Date(now - 2 * HOUR_MS);
    utimesSync(dead, twoHoursAgo, twoHoursAgo);

    const worker = startWorker(environment);
    await worker.entry('Waymarks worker is running');
    const swept = await worker.entry('media sweep done');
    expect(swept.sweep).toMatchObject({ incompleteUploads: 1 });
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(live)).toBe(true);

    expect(await worker.entry('pin cities read from their coordinates')).toMatchObject({ filled: 2 });
    const cities = await db.selectFrom('pins').select(['title', 'city']).orderBy('title').execute();
    expect(cities).toEqual([
      { title: 'Arezzo', city: 'Arezzo' },
      { title: 'Florence', city: 'Florence' },
    ]);
    // The figures are rewritten by a job of their own, just after.
    await expect
      .poll(
        async () =>
          (
            await db
              .selectFrom('travel_stats')
              .select('city_count')
              .where('user_id', '=', user.id)
              .executeTakeFirst()
          )?.city_count,
        { timeout: 10_000 },
      )
      .toBe(2);

    worker.child.kill('SIGTERM');
    expect(await worker.exited).toEqual({ code: 0, signal: null });
    expect(worker.log.some((line) => line.includes('"msg":"shutting down"'))).toBe(true);
  }, 120_000);
});
