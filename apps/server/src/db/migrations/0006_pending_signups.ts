import { sql, type Kysely } from 'kysely';

// A sign-up waiting for its code keeps what it chose (password, name, username) with the code, and the
// hash of a ticket held by the browser that made it. An unconfirmed account has no password of its own:
// whoever enters a code gets that sign-up's password, so a second sign-up for the same address can
// neither replace the first one's password nor hand its own to whoever confirms.
export async function up(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite adds one at a time.
  await db.schema.alterTable('email_codes').addColumn('password_hash', 'varchar(200)').execute();
  await db.schema.alterTable('email_codes').addColumn('name', 'varchar(200)').execute();
  await db.schema.alterTable('email_codes').addColumn('username', 'varchar(50)').execute();
  await db.schema.alterTable('email_codes').addColumn('ticket_hash', 'varchar(128)').execute();
  // Sign-ups waiting today take their account's password, name and username along.
  await sql`
    update email_codes set
      password_hash = (select u.password_hash from users u where u.id = email_codes.user_id),
      name = (select u.name from users u where u.id = email_codes.user_id),
      username = (select u.username from users u where u.id = email_codes.user_id)
    where exists (select 1 from users u where u.id = email_codes.user_id and u.email_verified = 0)
  `.execute(db);
  await sql`update users set password_hash = null where email_verified = 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    update users set password_hash = (
      select c.password_hash from email_codes c where c.user_id = users.id
      order by c.created_at desc limit 1
    )
    where email_verified = 0
  `.execute(db);
  for (const column of ['ticket_hash', 'username', 'name', 'password_hash']) {
    await db.schema.alterTable('email_codes').dropColumn(column).execute();
  }
}
