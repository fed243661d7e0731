// Admin commands for operators: npm run admin -- <command> [arguments]
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { NEUTRAL_NAME, TIER_IDS, isTierId, validateEmail, validateNewPassword } from '@waymarks/shared';
import { ConfigError, parseSettings } from './config.js';
import { createDatabase, migrateToLatest, type Db } from './db/database.js';
import { hashPassword } from './modules/auth/passwords.js';
import { RefreshTokensRepository } from './modules/auth/refresh-tokens.repository.js';
import { endEverySession } from './modules/auth/session.service.js';
import { SessionsRepository } from './modules/auth/sessions.repository.js';
import { newId } from './common/ids.js';
import { UsersRepository } from './modules/auth/users.repository.js';
import { BillingRepository } from './modules/billing/billing.repository.js';
import { ReportsRepository } from './modules/reports/reports.repository.js';

const USAGE = `Usage: npm run admin -- <command>

Commands:
  migrate                                         bring the database schema up to date
  create-user <email> <password> [--tier <tier>] [--name <name>]
                                                  create a confirmed account (tier defaults to free)
  set-tier <email> <tier>                         change an account's plan
  reports                                         list open content reports, newest first
  end-sessions <email>                            sign an account out everywhere (a lost or stolen device)

Tiers: ${TIER_IDS.join(', ')}`;

export class UsageError extends Error {}

/**
 * Runs one admin command against the configured database and returns what to print. Throws UsageError
 * for bad arguments (message plus usage) and ConfigError for a bad environment.
 */
export async function runAdminCommand(
  argv: string[],
  env: Record<string, string | undefined> = process.env,
): Promise<string> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { tier: { type: 'string' }, name: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const [command, ...rest] = positionals;
  if (values.help || !command) throw new UsageError('');

  const db = createDatabase(parseSettings(env).database);
  try {
    const applied = await migrateToLatest(db);
    switch (command) {
      case 'migrate':
        return applied.length
          ? `Applied migrations: ${applied.join(', ')}`
          : 'Database schema is up to date.';
      case 'create-user':
        return await createUser(db, rest, values.tier ?? 'free', values.name);
      case 'set-tier':
        return await setTier(db, rest);
      case 'reports':
        return await listReports(db);
      case 'end-sessions':
        return await endSessions(db, rest);
      default:
        throw new UsageError(`Unknown command: ${command}`);
    }
  } finally {
    await db.destroy();
  }
}

async function createUser(db: Db, args: string[], tier: string, name: string | undefined): Promise<string> {
  const [rawEmail, password] = args;
  if (!rawEmail || !password || args.length > 2) throw new UsageError('create-user needs <email> <password>');
  const email = rawEmail.trim().toLowerCase();
  const problem = validateEmail(email) ?? validateNewPassword(password);
  if (problem) throw new UsageError(problem);
  if (!isTierId(tier)) throw new UsageError(`Unknown tier: ${tier}`);
  const users = new UsersRepository(db);
  if (await users.findByEmail(email)) throw new UsageError(`An account with ${email} already exists`);
  const now = Date.now();
  await users.insert({
    id: newId(),
    email,
    name: name?.trim() || NEUTRAL_NAME,
    username: null,
    username_key: null,
    password_hash: await hashPassword(password),
    picture: null,
    email_verified: 1,
    tier,
    google_sub: null,
    created_at: now,
    updated_at: now,
  });
  return `Created ${email} on the ${tier} plan.`;
}

async function listReports(db: Db): Promise<string> {
  const rows = await new ReportsRepository(db).listOpen(100);
  if (!rows.length) return 'No open content reports.';
  return rows
    .map((row) =>
      [
        `#${row.report_id}  ${row.urgency.toUpperCase()}  ${row.content_type}  ${new Date(row.created_at).toISOString()}`,
        `  where: ${row.content_location}`,
        `  reporter: ${row.reporter_email ?? 'not given'}`,
        `  ${row.description.replace(/\s+/g, ' ').slice(0, 300)}`,
      ].join('\n'),
    )
    .join('\n\n');
}

async function setTier(db: Db, args: string[]): Promise<string> {
  const [rawEmail, tier] = args;
  if (!rawEmail || !tier || args.length > 2) throw new UsageError('set-tier needs <email> <tier>');
  if (!isTierId(tier)) throw new UsageError(`Unknown tier: ${tier}`);
  const users = new UsersRepository(db);
  const user = await users.findByEmail(rawEmail.trim());
  if (!user) throw new UsageError(`No account with ${rawEmail}`);
  const now = Date.now();
  await users.update(user.id, { tier, updated_at: now });
  // A plan set by hand replaces a change that was waiting for the end of a paid period.
  const billing = new BillingRepository(db);
  await billing.update(user.id, { pending_tier: null, pending_at: null, updated_at: now });
  const subscribed = (await billing.byUser(user.id))?.subscription_id;
  return (
    `${user.email} is now on the ${tier} plan.` +
    (subscribed ? ' They have a Stripe subscription: its next change at Stripe sets the plan again.' : '')
  );
}

async function endSessions(db: Db, args: string[]): Promise<string> {
  const [rawEmail] = args;
  if (!rawEmail || args.length > 1) throw new UsageError('end-sessions needs <email>');
  const users = new UsersRepository(db);
  const user = await users.findByEmail(rawEmail.trim());
  if (!user) throw new UsageError(`No account with ${rawEmail}`);
  const repositories = {
    users,
    sessions: new SessionsRepository(db),
    refreshTokens: new RefreshTokensRepository(db),
  };
  await endEverySession(repositories, user.id, Date.now());
  return `${user.email} is signed out everywhere.`;
}

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (invokedDirectly) {
  runAdminCommand(process.argv.slice(2)).then(
    (message) => console.log(message),
    (error: unknown) => {
      if (error instanceof UsageError) {
        if (error.message) console.error(`Error: ${error.message}\n`);
        console.error(USAGE);
      } else if (error instanceof ConfigError) {
        console.error(error.message);
      } else {
        console.error('Error:', error instanceof Error ? error.message : error);
      }
      process.exitCode = error instanceof UsageError && !error.message ? 0 : 1;
    },
  );
}
