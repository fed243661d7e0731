// Migration 0016 on SQLite and PostgreSQL: names made from an address's local part become the neutral name.
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEUTRAL_NAME } from '@waymarks/shared';
import { createTestDatabase, testDialects } from '../testing/test-app.js';
import { migrateToLatest, type Db } from './database.js';
import { up } from './migrations/0016_names_not_from_email.js';

describe.each(testDialects())('0016_names_not_from_email on %s', (dialect) => {
  let db: Db;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const database = await createTestDatabase(dialect);
    ({ db, drop } = database);
    await migrateToLatest(db);
  });
  afterAll(async () => drop?.());

  const user = (id: string, email: string, name: string) => ({
    id,
    email,
    name,
    username: null,
    username_key: null,
    password_hash: null,
    picture: null,
    email_verified: 1,
    tier: 'free' as const,
    google_sub: null,
    token_version: 0,
    created_at: 0,
    updated_at: 0,
  });

  it('replaces every name that is the start of its own address, and leaves real names alone', async () => {
    await db
      .insertInto('users')
      .values([
        user('u1', 'ada.lovelace@example.com', 'ada.lovelace'),
        user('u2', 'grace@example.com', ' Grace '),
        user('u3', 'marco@example.com', 'Marco Polo'),
        user('u4', 'ibn@example.com', 'ada.lovelace'),
      ])
      .execute();
    await up(db as unknown as Kysely<unknown>);
    const names = await db.selectFrom('users').select(['id', 'name']).orderBy('id').execute();
    expect(names).toEqual([
      { id: 'u1', name: NEUTRAL_NAME },
      { id: 'u2', name: NEUTRAL_NAME },
      { id: 'u3', name: 'Marco Polo' },
      { id: 'u4', name: 'ada.lovelace' },
    ]);
  });
});
