// Admin commands for operators: npm run admin -- <command> [arguments]
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { NEUTRAL_NAME, TIER_IDS, isTierId, validateEmail, validateNewPassword } from '@waymarks/shared';
import { backup } from './backup/backup.js';
import { restore } from './backup/restore.js';
import { ConfigError, loadConfig } from './config.js';
import { createDatabase, migrateToLatest } from './db/database.js';
import { loggerOptions } from './logger.js';
import { buildServices, type Services } from './services.js';

const USAGE = `Usage: npm run admin -- <command>

Commands:
  migrate                                         bring the database schema up to date
  create-user <email> <password> [--tier <tier>] [--name <name>]
                                                  create a confirmed account (tier defaults to free)
  set-tier <email> <tier>                         change an account's plan
  reports                                         list open content reports, newest first
  end-sessions <email>                            sign an account out everywhere (a lost or stolen device)
  backup <dir>                                    copy the SQLite database, then the media, into a new folder
                                                  (safe while the server runs)
  restore <dir> [--force]                         bring a backup into DATA_DIR and migrate it (server stopped;
                                                  --force replaces an existing database and media)

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
    options: {
      tier: { type: 'string' },
      name: { type: 'string' },
      force: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, ...rest] = positionals;
  if (values.help || !command) throw new UsageError('');

  const config = loadConfig(env);
  // These copy database files: they open no connection of the app's, and restore must find no database.
  if (command === 'backup' || command === 'restore') {
    const [dir] = rest;
    if (!dir || rest.length > 1) throw new UsageError(`${command} needs <dir>`);
    return command === 'backup'
      ? backup(config, dir)
      : restore(config, dir, { force: values.force ?? false });
  }
  const db = createDatabase(config.database);
  // Its log goes to stderr, so that what a command prints stays the only thing on stdout.
  const log = pino(loggerOptions(config.logLevel), pino.destination(2));
  const services = buildServices({ config, db, log });
  try {
    const applied = await migrateToLatest(db);
    switch (command) {
      case 'migrate':
        return applied.length
          ? `Applied migrations: ${applied.join(', ')}`
          : 'Database schema is up to date.';
      case 'create-user':
        return await createUser(services, rest, values.tier ?? 'free', values.name);
      case 'set-tier':
        return await setTier(services, rest);
      case 'reports':
        return await listReports(services);
      case 'end-sessions':
        return await endSessions(services, rest);
      default:
        throw new UsageError(`Unknown command: ${command}`);
    }
  } finally {
    await services.stop();
    await db.destroy();
  }
}

async function createUser(
  { auth }: Services,
  args: string[],
  tier: string,
  name: string | undefined,
): Promise<string> {
  const [rawEmail, password] = args;
  if (!rawEmail || !password || args.length > 2) throw new UsageError('create-user needs <email> <password>');
  const email = rawEmail.trim().toLowerCase();
  const problem = validateEmail(email) ?? validateNewPassword(password);
  if (problem) throw new UsageError(problem);
  if (!isTierId(tier)) throw new UsageError(`Unknown tier: ${tier}`);
  const made = await auth.createConfirmedAccount({
    email,
    password,
    name: name?.trim() || NEUTRAL_NAME,
    tier,
  });
  if (!made) throw new UsageError(`An account with ${email} already exists`);
  return `Created ${email} on the ${tier} plan.`;
}

async function listReports({ reports }: Services): Promise<string> {
  const rows = await reports.listOpen(100);
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

async function setTier({ users, billing }: Services, args: string[]): Promise<string> {
  const [rawEmail, tier] = args;
  if (!rawEmail || !tier || args.length > 2) throw new UsageError('set-tier needs <email> <tier>');
  if (!isTierId(tier)) throw new UsageError(`Unknown tier: ${tier}`);
  const user = await users.findByEmail(rawEmail.trim());
  if (!user) throw new UsageError(`No account with ${rawEmail}`);
  // Applied at once, through the plan rules; it replaces a change that was waiting for the end of a period.
  const { subscribed } = await billing.setTierByOperator(user, tier);
  return (
    `${user.email} is now on the ${tier} plan.` +
    (subscribed ? ' They have a Stripe subscription: its next change at Stripe sets the plan again.' : '')
  );
}

async function endSessions({ users, sessions }: Services, args: string[]): Promise<string> {
  const [rawEmail] = args;
  if (!rawEmail || args.length > 1) throw new UsageError('end-sessions needs <email>');
  const user = await users.findByEmail(rawEmail.trim());
  if (!user) throw new UsageError(`No account with ${rawEmail}`);
  await sessions.endAllSessions(user.id);
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
