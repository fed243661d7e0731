// Builds the real app on a real, empty database for one integration suite: SQLite in a temp folder, or a
// fresh schema on the PostgreSQL of TEST_DATABASE_URL. Mail goes over real SMTP to a capture server.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { PinCreateResponse, type Pin } from '@waymarks/shared';
import { Kysely, sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { newId } from '../common/ids.js';
import { createDatabase, migrateToLatest, postgresPool, type Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { OwnSchemaPostgresDialect } from '../db/own-schema-introspector.js';
import { GazetteerService } from '../geo/gazetteer-service.js';
import { InProcessQueue } from '../jobs/in-process.js';
import type { JobQueue } from '../jobs/queue.js';
import { hashPassword } from '../modules/auth/passwords.js';
import { RefreshTokensRepository } from '../modules/auth/refresh-tokens.repository.js';
import { SessionService } from '../modules/auth/session.service.js';
import { SessionsRepository } from '../modules/auth/sessions.repository.js';
import { AccessTokens } from '../modules/auth/tokens.js';
import { UsersRepository } from '../modules/auth/users.repository.js';
import { startSmtpCapture, type SmtpCapture } from './smtp.js';

export type Dialect = 'sqlite' | 'postgres';

let noticePrinted = false;

/** The dialects to run integration suites on: always SQLite, PostgreSQL when TEST_DATABASE_URL is set. */
export function testDialects(): Dialect[] {
  if (process.env.TEST_DATABASE_URL) return ['sqlite', 'postgres'];
  if (!noticePrinted) {
    noticePrinted = true;
    console.warn('TEST_DATABASE_URL is not set: the PostgreSQL half of the integration suite is skipped.');
  }
  return ['sqlite'];
}

export interface TestDatabase {
  db: Db;
  database: Config['database'];
  /** Connections of their own to the same database, as another process of the service opens. */
  connect(): Db;
  /**
   * The DATABASE_URL that opens this database in another process (the server, the worker, the admin CLI):
   * the SQLite file, or the PostgreSQL URL with the test's schema first on its search path.
   */
  databaseUrl: string;
  drop(): Promise<void>;
}

/** `url`: the PostgreSQL to use instead of TEST_DATABASE_URL's (the same server, through a proxy). */
export async function createTestDatabase(
  dialect: Dialect,
  options: { url?: string } = {},
): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'waymarks-test-'));
    const database = { dialect: 'sqlite' as const, file: path.join(dir, 'test.db') };
    const db = createDatabase(database);
    return {
      db,
      database,
      connect: () => createDatabase(database),
      databaseUrl: `sqlite:${database.file}`,
      drop: async () => {
        await db.destroy();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const url = options.url ?? process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is required for PostgreSQL tests');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const connect = () =>
    new Kysely<Database>({
      dialect: new OwnSchemaPostgresDialect({
        pool: postgresPool({ connectionString: url, options: `-c search_path=${schema}`, max: 5 }),
      }),
    });
  const db = connect();
  const databaseUrl = new URL(url);
  databaseUrl.searchParams.set('options', `-c search_path=${schema}`);
  return {
    db,
    database: { dialect: 'postgres', url },
    connect,
    databaseUrl: databaseUrl.href,
    drop: async () => {
      // The job queue's schema beside it, when an app on this database ran pg-boss (jobs/pg-boss.ts).
      await sql.raw(`drop schema if exists ${schema}_jobs cascade`).execute(db);
      await sql.raw(`drop schema ${schema} cascade`).execute(db);
      await db.destroy();
    },
  };
}

let gazetteer: GazetteerService | undefined;

/**
 * The one gazetteer of this test file, loaded at most once and handed to every app it starts (loading it
 * takes seconds). The apps leave it running; it holds only memory, freed with the file's worker.
 */
export function sharedGazetteer(): GazetteerService {
  gazetteer ??= new GazetteerService();
  return gazetteer;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  mail: SmtpCapture;
  /** The app's clock: Date.now() moved by advance(). */
  now(): number;
  /** Moves the app's clock forward. */
  advance(ms: number): void;
  /** Throttle delays the app asked to wait, in order (the wait itself is skipped in tests). */
  sleeps: number[];
  /**
   * Resolves once no job waits or runs: what a request enqueued (a traveller's figures) has been done.
   * apiCaller waits for it after each call.
   */
  jobsDone(): Promise<void>;
  close(): Promise<void>;
}

/**
 * `jobs`: a queue of the suite's own instead of the in-process one (its failures are its own to report).
 * `databaseUrl`: on PostgreSQL, the address the app reaches the database by (a proxy in front of it).
 */
export async function startTestApp(
  dialect: Dialect,
  env: Record<string, string> = {},
  options: { jobs?: JobQueue; databaseUrl?: string } = {},
): Promise<TestApp> {
  const mail = await startSmtpCapture();
  const testDb = await createTestDatabase(dialect, options.databaseUrl ? { url: options.databaseUrl } : {});
  await migrateToLatest(testDb.db);
  // A data folder of the app's own (media, outbox) unless the suite brings one: suites run side by side.
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'waymarks-app-'));
  const config = {
    ...loadConfig(
      {
        DATA_DIR: dataDir,
        AUTH_SECRET: randomBytes(32).toString('hex'),
        SMTP_URL: mail.url,
        MAIL_FROM: 'Waymarks <no-reply@waymarks.test>',
        LOG_LEVEL: 'silent',
        ...env,
      },
      { webDistDir: path.join(tmpdir(), 'waymarks-no-web') },
    ),
    database: testDb.database,
  };
  const instance = await startInstance(config, testDb.db, options.jobs);
  const t: TestApp = {
    ...instance,
    db: testDb.db,
    config,
    mail,
    close: async () => {
      await instance.app.close();
      await testDb.drop();
      await mail.close();
      if (dataDir !== env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  databaseConnectors.set(t, testDb.connect);
  return t;
}

/** How to open connections of its own to each test app's database, for startAnotherInstance. */
const databaseConnectors = new WeakMap<TestApp, () => Db>();

/**
 * A second instance of the service beside `first`, as a second process behind the same proxy: the same
 * configuration and database, through connections of its own, and its own caches, in-memory counts,
 * jobs and clock. Closing it closes only what is its own; `first` still drops the database.
 */
export async function startAnotherInstance(first: TestApp): Promise<TestApp> {
  const connect = databaseConnectors.get(first);
  if (!connect) throw new Error('startAnotherInstance takes an app made by startTestApp');
  const db = connect();
  const instance = await startInstance(first.config, db);
  return {
    ...instance,
    db,
    config: first.config,
    mail: first.mail,
    close: async () => {
      await instance.app.close();
      await db.destroy();
    },
  };
}

type Instance = Pick<TestApp, 'app' | 'now' | 'advance' | 'sleeps' | 'jobsDone'>;

async function startInstance(config: Config, db: Db, ownJobs?: JobQueue): Promise<Instance> {
  let offset = 0;
  const now = () => Date.now() + offset;
  const sleeps: number[] = [];
  // The app logs nothing in tests; a job that fails says so on stderr, where the run shows it.
  const failed = (object: object, message: string) => console.error(`job: ${message}`, object);
  const jobs = ownJobs ?? new InProcessQueue({ log: { warn: failed, error: failed } });
  const app = await buildApp({
    config,
    db,
    logger: false,
    now,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    gazetteer: sharedGazetteer(),
    jobs,
  });
  await app.ready();
  return {
    app,
    now,
    sleeps,
    jobsDone: () => jobs.idle(),
    advance: (ms) => {
      offset += ms;
    },
  };
}

/** A free TCP port on 127.0.0.1, for suites that need to know the app's address before it listens. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

export interface SignedInUser {
  token: string;
  userId: string;
}

/** The password of accounts made by createSignedInUser and accountMaker. */
export const TEST_PASSWORD = 'Correct-Horse1';

// argon2 is slow on purpose: the hash of TEST_PASSWORD is made once per test file and shared.
let testPasswordHash: Promise<string> | undefined;

/**
 * A confirmed account with TEST_PASSWORD, written to the users table as `npm run admin create-user` writes
 * one, and a session issued by the app's own session service: its token passes every guarded route as one
 * from the sign-in route does, and the password signs in through the routes. The sign-up journey itself is
 * tested where it is the subject (modules/auth).
 */
export async function createSignedInUser(
  t: TestApp,
  account: { email: string; name: string },
): Promise<SignedInUser> {
  testPasswordHash ??= hashPassword(TEST_PASSWORD);
  const users = new UsersRepository(t.db);
  const at = t.now();
  const userId = newId();
  await users.insert({
    id: userId,
    email: account.email.toLowerCase(),
    name: account.name,
    username: null,
    username_key: null,
    password_hash: await testPasswordHash,
    picture: null,
    email_verified: 1,
    tier: 'free',
    google_sub: null,
    created_at: at,
    updated_at: at,
  });
  const sessions = new SessionService({
    users,
    sessions: new SessionsRepository(t.db),
    refreshTokens: new RefreshTokensRepository(t.db),
    accessTokens: new AccessTokens(t.config.authSecret, t.config.publicUrl, t.now),
    lifetimes: t.config.sessions,
    now: t.now,
  });
  const issued = await sessions.issue((await users.findById(userId))!);
  return { token: issued.session.accessToken, userId };
}

/**
 * Fresh signed-in accounts for one suite, each with its own e-mail (`<label><n>@example.com`). `app` is
 * read at each call, so the maker can be made before the suite's app starts.
 */
export function accountMaker(
  app: () => TestApp,
  options: { label: string; name?: string },
): () => Promise<SignedInUser> {
  let count = 0;
  return () => {
    count += 1;
    return createSignedInUser(app(), {
      email: `${options.label}${count}@example.com`,
      name: options.name ?? 'Ida Pfeiffer',
    });
  };
}

export type ApiCall = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  user: SignedInUser | null,
  payload?: unknown,
) => Promise<LightMyRequestResponse>;

/**
 * Calls the API in process with the user's bearer token (none for null), and answers once the jobs the
 * call enqueued have run: the next call reads what a traveller's next request would usually find.
 */
export function apiCaller(app: () => TestApp): ApiCall {
  return async (method, url, user, payload) => {
    const t = app();
    const response = await t.app.inject({
      method,
      url,
      headers: user ? { authorization: `Bearer ${user.token}` } : {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    await t.jobsDone();
    return response;
  };
}

/** A pin made through the real route, so its country is read from the coordinates as for any pin. */
export async function createPinAs(
  call: ApiCall,
  user: SignedInUser,
  body: { lat: number; lng: number; title: string } & Record<string, unknown>,
): Promise<Pin> {
  const res = await call('POST', '/api/pins', user, body);
  if (res.statusCode !== 201) throw new Error(`POST /api/pins: ${res.statusCode} ${res.body}`);
  return PinCreateResponse.parse(res.json()).pin;
}
