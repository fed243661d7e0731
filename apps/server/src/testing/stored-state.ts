// Everything an app has stored: every row of every table and every object in local storage, so a suite
// can prove that a refused request changed nothing. Tables are read from the database itself, so a table
// added later is covered too.
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../db/schema.js';
import type { TestApp } from './test-app.js';

export interface StoredState {
  /** Table name → its rows as JSON, sorted (row order is not part of what is stored). */
  tables: Record<string, string[]>;
  /** Every file under the local storage folder (`.part` files too): relative path, size and time. */
  objects: string[];
}

/**
 * Route limits count every request before it is checked: on PostgreSQL those counts are rows
 * (apps/server/src/http/rate-limit-store.ts) that a refused request changes by design.
 */
const REQUEST_COUNTS = 'rate_limits';

export async function storedTables(t: TestApp): Promise<string[]> {
  // On PostgreSQL the introspector lists the suite's own schema only (db/own-schema-introspector.ts).
  const tables = await t.db.introspection.getTables();
  return tables
    .map((table) => table.name)
    .filter((name) => name !== REQUEST_COUNTS)
    .sort();
}

export async function storedState(t: TestApp, tables: string[]): Promise<StoredState> {
  const state: StoredState = { tables: {}, objects: await storedObjects(t) };
  for (const table of tables) {
    const rows = await t.db
      .selectFrom(table as keyof Database)
      .selectAll()
      .execute();
    state.tables[table] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return state;
}

async function storedObjects(t: TestApp): Promise<string[]> {
  if (t.config.storage.kind !== 'local') return [];
  const dir = t.config.storage.dir;
  let entries;
  try {
    entries = await readdir(dir, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files = entries.filter((entry) => entry.isFile());
  const described = await Promise.all(
    files.map(async (entry) => {
      const file = path.join(entry.parentPath, entry.name);
      const { size, mtimeMs } = await stat(file);
      return `${path.relative(dir, file)} ${size} bytes, modified ${mtimeMs}`;
    }),
  );
  return described.sort();
}
