import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Names that were made from the part of an e-mail address before '@' (a password reset confirming an
// unconfirmed account, a Google account without a name, the admin CLI without --name) become the neutral
// name the app now gives instead, so no part of an address is shown as a name, on the leaderboard or
// anywhere else. A name typed that happens to equal the start of the address changes too: it showed the
// same text.

/** NEUTRAL_NAME of packages/shared at the time of writing; a migration keeps its own copy. */
const NEUTRAL_NAME = 'Traveler';

export async function up(db: Kysely<unknown>): Promise<void> {
  const localPart =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? sql`split_part(email, '@', 1)`
      : sql`substr(email, 1, instr(email, '@') - 1)`;
  await sql`update users set name = ${NEUTRAL_NAME} where lower(trim(name)) = lower(${localPart})`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  // The names the addresses gave were not kept: there is nothing to put back.
}
