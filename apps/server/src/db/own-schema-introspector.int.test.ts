// The app knows only the tables of its own database, which on PostgreSQL is its own schema: another schema
// of the same database, even one dropped meanwhile, neither shows among its tables nor stops its migration.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects } from '../testing/test-app.js';
import { migrateToLatest, type Db } from './database.js';

describe.each(testDialects())('the schema introspector on %s', (dialect) => {
  let own: { db: Db; drop: () => Promise<void> };
  let other: { db: Db; drop: () => Promise<void> };

  beforeAll(async () => {
    own = await createTestDatabase(dialect);
    other = await createTestDatabase(dialect);
    await migrateToLatest(own.db);
    await sql`create table only_elsewhere (id text primary key, note text)`.execute(other.db);
  });
  afterAll(async () => {
    await own?.drop();
    await other?.drop();
  });

  it("lists its own schema's tables and columns, Kysely's own tables only when asked", async () => {
    const [schema] = await own.db.introspection.getSchemas();
    const tables = await own.db.introspection.getTables();
    expect(tables.every((table) => table.schema === schema?.name)).toBe(true);
    expect(tables.map((table) => table.name)).toContain('pins');
    expect(tables.map((table) => table.name)).not.toContain('only_elsewhere');
    expect(tables.map((table) => table.name)).not.toContain('kysely_migration');
    const users = tables.find((table) => table.name === 'users');
    const id = users?.columns.find((column) => column.name === 'id');
    expect(id?.dataType.toLowerCase()).toMatch(/^varchar/);
    const withKysely = await own.db.introspection.getTables({ withInternalKyselyTables: true });
    expect(withKysely.map((table) => table.name)).toContain('kysely_migration');
  });

  it('migrates while other schemas of the database are dropped, one after another', async () => {
    const doomed = await Promise.all(Array.from({ length: 6 }, () => createTestDatabase(dialect)));
    const fresh = await createTestDatabase(dialect);
    try {
      // Each dropped schema is one Kysely's own introspector would have named and failed on.
      const dropping = (async () => {
        for (const schema of doomed) await schema.drop();
      })();
      await Promise.all([migrateToLatest(fresh.db), dropping]);
      expect((await fresh.db.introspection.getTables()).map((table) => table.name)).toContain('media');
    } finally {
      await fresh.drop();
    }
  });
});
