// What the two process entries (main.ts, the web server; worker.ts, the jobs) share: reading the
// configuration or exiting with its message, opening the database at the latest schema, and stopping
// gracefully on SIGTERM or SIGINT.
import { ConfigError, loadConfig, type Config } from './config.js';
import { createDatabase, migrateToLatest, type Db } from './db/database.js';

/** The configuration; a bad value ends the process with the message naming the variable. */
export function loadConfigOrExit(): Config {
  // Whatever the process creates (database, media, outbox, temporary files) is its user's alone.
  process.umask(0o077);
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

export async function openDatabase(config: Config): Promise<Db> {
  const db = createDatabase(config.database);
  await migrateToLatest(db);
  return db;
}

const SHUTDOWN_TIMEOUT_MS = 10_000;

/** On SIGTERM or SIGINT runs `stop` once, then exits; exits with 1 if it takes over ten seconds. */
export function stopOnSignals(
  log: { info(object: object, message: string): void; error(message: string): void },
  stop: () => Promise<void>,
): void {
  let stopping = false;
  const onSignal = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      log.error('shutdown timed out; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    await stop();
    process.exit(0);
  };
  process.on('SIGTERM', () => void onSignal('SIGTERM'));
  process.on('SIGINT', () => void onSignal('SIGINT'));
}
