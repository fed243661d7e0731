// Process entry: config → database → migrations → app → listen, and a graceful stop on SIGTERM/SIGINT.
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { createDatabase, migrateToLatest } from './db/database.js';

async function main(): Promise<void> {
  // Whatever the server creates (database, media, outbox, temporary files) is its user's alone.
  process.umask(0o077);
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const db = createDatabase(config.database);
  await migrateToLatest(db);
  const app = await buildApp({ config, db });
  app.addHook('onClose', async () => db.destroy());

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      url: config.publicUrl,
      database: config.database.dialect,
      mail: config.mail.smtpUrl ? 'smtp' : 'outbox',
    },
    'Waymarks is running',
  );
}

main().catch((error: unknown) => {
  console.error('Waymarks failed to start:', error);
  process.exit(1);
});
