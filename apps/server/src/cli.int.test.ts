import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand, UsageError } from './cli.js';
import { createDatabase } from './db/database.js';
import { verifyPassword } from './modules/auth/passwords.js';
import { createTestDatabase, testDialects } from './testing/test-app.js';

describe.each(testDialects())('npm run admin on %s', (dialect) => {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    if (dialect === 'sqlite') {
      const dir = mkdtempSync(path.join(tmpdir(), 'waymarks-cli-'));
      env = { DATA_DIR: dir };
      cleanup = async () => rmSync(dir, { recursive: true, force: true });
    } else {
      // The CLI migrates the database it is pointed at; give it an empty schema of its own.
      const testDb = await createTestDatabase('postgres');
      env = { DATABASE_URL: testDb.databaseUrl };
      cleanup = testDb.drop;
    }
  });
  afterAll(async () => cleanup?.());

  const run = (...argv: string[]) => runAdminCommand(argv, env);
  const openDatabase = () =>
    createDatabase(
      env.DATABASE_URL
        ? { dialect: 'postgres', url: env.DATABASE_URL }
        : { dialect: 'sqlite', file: path.join(env.DATA_DIR!, 'waymarks.db') },
    );
  const findUser = async (email: string) => {
    const db = openDatabase();
    try {
      return await db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    } finally {
      await db.destroy();
    }
  };

  it('migrates, then reports the schema as up to date', async () => {
    expect(await run('migrate')).toMatch(/Applied migrations: 0001_\w+, 0002_\w+, 0003_pins|up to date/);
    expect(await run('migrate')).toBe('Database schema is up to date.');
  });

  it('creates a confirmed account on the given plan whose password signs in', async () => {
    expect(await run('create-user', 'Ops@Example.com', 'Admin-pass1', '--tier', 'plus')).toBe(
      'Created ops@example.com on the plus plan.',
    );
    const user = await findUser('ops@example.com');
    expect(user).toMatchObject({ tier: 'plus', email_verified: 1, name: 'Traveler' });
    expect(await verifyPassword(user!.password_hash, 'Admin-pass1')).toBe(true);
  });

  it('changes the plan of an account, replacing a change that waited for the end of a paid period', async () => {
    await run('create-user', 'tier@example.com', 'Admin-pass1');
    const user = (await findUser('tier@example.com'))!;
    const db = openDatabase();
    try {
      await db
        .insertInto('billing_accounts')
        .values({
          user_id: user.id,
          customer_id: 'cus_cli',
          pending_tier: 'basic',
          pending_at: 1,
          updated_at: 1,
        })
        .execute();
    } finally {
      await db.destroy();
    }
    expect(await run('set-tier', 'tier@example.com', 'pro')).toBe('tier@example.com is now on the pro plan.');
    expect((await findUser('tier@example.com'))?.tier).toBe('pro');
    const check = openDatabase();
    try {
      const account = await check
        .selectFrom('billing_accounts')
        .select(['pending_tier', 'pending_at'])
        .where('user_id', '=', user.id)
        .executeTakeFirst();
      expect(account).toEqual({ pending_tier: null, pending_at: null });
    } finally {
      await check.destroy();
    }
  });

  it('signs an account out everywhere: every session ended, every refresh token revoked', async () => {
    await run('create-user', 'stolen@example.com', 'Admin-pass1');
    const user = (await findUser('stolen@example.com'))!;
    const db = openDatabase();
    try {
      const now = Date.now();
      for (const id of ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222']) {
        await db
          .insertInto('sessions')
          .values({ id, user_id: user.id, created_at: now, expires_at: now + 86_400_000, ended_at: null })
          .execute();
        await db
          .insertInto('refresh_tokens')
          .values({
            id,
            user_id: user.id,
            family_id: id,
            token_hash: `hash-${id}`,
            expires_at: now + 86_400_000,
            created_at: now,
            rotated_at: null,
            revoked_at: null,
          })
          .execute();
      }
      expect(await run('end-sessions', 'stolen@example.com')).toBe(
        'stolen@example.com is signed out everywhere.',
      );
      const sessions = await db
        .selectFrom('sessions')
        .select('ended_at')
        .where('user_id', '=', user.id)
        .execute();
      const tokens = await db
        .selectFrom('refresh_tokens')
        .select('revoked_at')
        .where('user_id', '=', user.id)
        .execute();
      expect(sessions.map((row) => row.ended_at !== null)).toEqual([true, true]);
      expect(tokens.map((row) => row.revoked_at !== null)).toEqual([true, true]);
      expect((await findUser('stolen@example.com'))!.token_version).toBe(user.token_version + 1);
    } finally {
      await db.destroy();
    }
  });

  it.each([
    [['end-sessions'], 'end-sessions needs <email>'],
    [['end-sessions', 'nobody@example.com'], 'No account with nobody@example.com'],
    [['frobnicate'], 'Unknown command: frobnicate'],
    [['create-user', 'a@b.co'], 'create-user needs <email> <password>'],
    [['create-user', 'not-an-email', 'Admin-pass1'], 'Please enter a valid email'],
    [['create-user', 'weak@example.com', 'weak'], 'Password must be at least 8 characters'],
    [['create-user', 'gold@example.com', 'Admin-pass1', '--tier', 'gold'], 'Unknown tier: gold'],
    [['set-tier', 'nobody@example.com', 'pro'], 'No account with nobody@example.com'],
    [['set-tier', 'tier@example.com', 'platinum'], 'Unknown tier: platinum'],
  ])('refuses %j with a clear message', async (argv, message) => {
    await expect(run(...argv)).rejects.toThrow(new UsageError(message));
  });

  it('refuses to create an account twice', async () => {
    await run('create-user', 'twice@example.com', 'Admin-pass1');
    await expect(run('create-user', 'twice@example.com', 'Admin-pass1')).rejects.toThrow(
      'An account with twice@example.com already exists',
    );
  });
});
