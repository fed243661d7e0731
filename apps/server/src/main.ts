// The web server's entry: config → database → migrations → app → listen, and a graceful stop on SIGTERM
// or SIGINT. The jobs run here too; with JOBS=worker the recurring ones run in worker.ts instead.
import { buildApp } from './app.js';
import { loadConfigOrExit, openDatabase, stopOnSignals } from './entry.js';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const db = await openDatabase(config);
  const app = await buildApp({ config, db });
  app.addHook('onClose', async () => db.destroy());
  stopOnSignals(app.log, () => app.close());

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      url: config.publicUrl,
      database: config.database.dialect,
      mail: config.mail.smtpUrl ? 'smtp' : 'outbox',
      jobs: config.jobs,
      queue: config.database.dialect === 'postgres' ? 'pg-boss' : 'in-process',
      // What travellers are offered follows from these; they never read it on a page.
      googleSignIn: config.google ? 'on' : 'off (GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET)',
      billing: config.stripe ? 'stripe' : 'local (plan changes apply at once; STRIPE_SECRET_KEY for Stripe)',
    },
    'Waymarks is running',
  );
}

main().catch((error: unknown) => {
  console.error('Waymarks failed to start:', error);
  process.exit(1);
});
