// One Kysely instance per dialect: SQLite (WAL) by default, PostgreSQL when DATABASE_URL says so.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  sql,
  type Migration,
  type SqliteDatabase,
} from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import * as accounts from './migrations/0001_accounts.js';
import * as reports from './migrations/0002_reports.js';
import * as pins from './migrations/0003_pins.js';
import * as media from './migrations/0004_media.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

// Migrations are listed in code (not read from a folder) so the bundled server carries them.
const MIGRATIONS: Record<string, Migration> = {
  '0001_accounts': accounts,
  '0002_reports': reports,
  '0003_pins': pins,
  '0004_media': media,
};

// int8 (bigint) columns hold millisecond timestamps, well inside Number's exact range.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export function createDatabase(database: Config['database']): Db {
  if (database.dialect === 'postgres') {
    return new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.url, max: 10 }) }),
    });
  }
  if (database.file !== ':memory:') mkdirSync(path.dirname(database.file), { recursive: true });
  const sqlite = new SQLite(database.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
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

/** Brings the schema up to date. Kysely's migrator takes a lock, so concurrent instances run it once. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });
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
