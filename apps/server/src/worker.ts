// The worker's entry (`npm run worker`), for JOBS=worker: the same services as the web server, no HTTP.
// It runs the recurring jobs (the media sweep, reading older pins' cities) and the jobs of the queue (on
// PostgreSQL, those every web instance enqueued: thumbnails, figures), and stops gracefully on SIGTERM or
// SIGINT, letting running jobs finish.
import pino from 'pino';
import { loadConfigOrExit, openDatabase, stopOnSignals } from './entry.js';
import { loggerOptions } from './logger.js';
import { buildServices } from './services.js';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const log = pino(loggerOptions(config.logLevel));
  const db = await openDatabase(config);
  const services = buildServices({ config, db, log });
  stopOnSignals(log, async () => {
    await services.stop();
    await db.destroy();
  });
  services.startJobs('worker');
  // The web server beside it takes uploads: a part file is dead only once untouched for an hour.
  services.scheduleRecurringJobs({ uploadsElsewhere: true });
  log.info(
    { database: config.database.dialect, queue: services.jobs.durable ? 'pg-boss' : 'in-process' },
    'Waymarks worker is running',
  );
}

main().catch((error: unknown) => {
  console.error('The Waymarks worker failed to start:', error);
  process.exit(1);
});
