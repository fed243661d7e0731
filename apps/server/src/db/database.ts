// One Kysely instance per dialect: SQLite (WAL) by default, PostgreSQL when DATABASE_URL says so.
import { closeSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  PostgresAdapter,
  SqliteDialect,
  sql,
  type Migration,
  type SqliteDatabase,
} from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import { OwnSchemaPostgresDialect } from './own-schema-introspector.js';
import * as accounts from './migrations/0001_accounts.js';
import * as reports from './migrations/0002_reports.js';
import * as pins from './migrations/0003_pins.js';
import * as media from './migrations/0004_media.js';
import * as sessions from './migrations/0005_sessions.js';
import * as pendingSignUps from './migrations/0006_pending_signups.js';
import * as progress from './migrations/0008_progress.js';
import * as pinsListIndex from './migrations/0009_pins_list_index.js';
import * as pinListVersions from './migrations/0010_pin_list_versions.js';
import * as billing from './migrations/0011_billing.js';
import * as avatars from './migrations/0012_avatars.js';
import * as billingCheckoutClaims from './migrations/0014_billing_checkout_claims.js';
import * as accountLinksAndCodes from './migrations/0015_account_export_links_deletion_codes.js';
import * as namesNotFromEmail from './migrations/0016_names_not_from_email.js';
import * as mediaUploadReservations from './migrations/0017_media_upload_reservations.js';
import * as mediaDerivatives from './migrations/0018_media_derivatives.js';
import * as emailChanges from './migrations/0019_email_changes.js';
import * as mediaContentHash from './migrations/0020_media_content_hash.js';
import * as mediaCaption from './migrations/0021_media_caption.js';
import * as rateLimits from './migrations/0022_rate_limits.js';
import * as pinRequestKeys from './migrations/0023_pin_request_keys.js';
import * as imports from './migrations/0024_imports.js';
import * as shares from './migrations/0025_shares.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

// Migrations are listed in code (not read from a folder) so the bundled server carries them.
const MIGRATIONS: Record<string, Migration> = {
  '0001_accounts': accounts,
  '0002_reports': reports,
  '0003_pins': pins,
  '0004_media': media,
  '0005_sessions': sessions,
  '0006_pending_signups': pendingSignUps,
  '0008_progress': progress,
  '0009_pins_list_index': pinsListIndex,
  '0010_pin_list_versions': pinListVersions,
  '0011_billing': billing,
  '0012_avatars': avatars,
  '0014_billing_checkout_claims': billingCheckoutClaims,
  '0015_account_export_links_deletion_codes': accountLinksAndCodes,
  '0016_names_not_from_email': namesNotFromEmail,
  '0017_media_upload_reservations': mediaUploadReservations,
  '0018_media_derivatives': mediaDerivatives,
  '0019_email_changes': emailChanges,
  '0020_media_content_hash': mediaContentHash,
  '0021_media_caption': mediaCaption,
  '0022_rate_limits': rateLimits,
  '0023_pin_request_keys': pinRequestKeys,
  '0024_imports': imports,
  '0025_shares': shares,
};

// int8 (bigint) columns hold millisecond timestamps, well inside Number's exact range.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export function createDatabase(database: Config['database']): Db {
  if (database.dialect === 'postgres') {
    return new Kysely<Database>({
      dialect: new OwnSchemaPostgresDialect({
        pool: postgresPool({ connectionString: database.url, max: 10 }),
      }),
    });
  }
  if (database.file !== ':memory:') createPrivateFile(database.file);
  const sqlite = new SQLite(database.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
}

/** How long a request waits for a new connection before it is answered 503 (the database is out of reach). */
export const CONNECT_TIMEOUT_MS = 5_000;

/**
 * A pool that survives the database restarting: a connection the server closes is dropped (pg emits
 * 'error' for it, which ends the process where nothing listens), an idle one reported, and the next query
 * opens a new one; a connection that cannot be had within CONNECT_TIMEOUT_MS (the database out of reach,
 * or every connection busy that long) fails instead of leaving requests waiting.
 */
export function postgresPool(
  options: pg.PoolConfig,
  onIdleError: (error: Error) => void = (error) =>
    console.warn(`An idle database connection was lost (${error.message}); the next query opens another.`),
): pg.Pool {
  const pool = new pg.Pool({ connectionTimeoutMillis: CONNECT_TIMEOUT_MS, ...options });
  pool.on('error', onIdleError);
  // A connection that ends while checked out rejects the query running on it (answered 503), then emits
  // 'error' on its client, which no one else listens to then: the query has reported it already, and the
  // pool drops the client when it comes back.
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

/**
 * The database holds every account: its file is made readable by the server's user only, before SQLite
 * opens it (SQLite gives its -wal and -shm files the database file's permissions).
 */
function createPrivateFile(file: string): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  closeSync(openSync(file, 'a', 0o600));
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; preparing costs more than running a small query. Queries are
 * parameterised, so the same SQL text comes back again and again: keep the prepared statements.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      statements.clear();
      sqlite.close();
    },
    prepare: (query: string) => {
      let statement = statements.get(query);
      if (!statement) {
        statement = sqlite.prepare(query);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
        statements.set(query, statement);
      }
      return statement;
    },
  };
}

/**
 * Brings the schema up to date. Kysely's migrator takes a lock, so concurrent instances run it once. On
 * PostgreSQL its bookkeeping tables are looked for in the connection's own schema: unnamed, Kysely would
 * find another schema's tables of the same name and then fail to use them.
 */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrationTableSchema =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

export async function isDatabaseReachable(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
