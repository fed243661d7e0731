// The composition root: builds the service graph once, for the web app (app.ts), the worker (worker.ts)
// and the admin CLI (cli.ts), from each module's factory (modules/<name>/index.ts), and owns what lives as
// long as the process: the gazetteer, the map tile cutters and the job queue, started by warm() and
// startJobs() and stopped by stop(). Each module gets exactly the repositories, adapters and ports it uses.
import type { FastifyBaseLogger } from 'fastify';
import { createMailer, type Mailer } from './adapters/mail/mailer.js';
import { createStorage, type Storage } from './adapters/storage/storage.js';
import type { ProgressFigures } from './common/progress.js';
import { tierOf } from './common/user-tier.js';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import { GazetteerService } from './geo/gazetteer-service.js';
import { InProcessQueue } from './jobs/in-process.js';
import { jobHandlers } from './jobs/handlers.js';
import { PgBossQueue, pgBossSchema } from './jobs/pg-boss.js';
import type { JobQueue } from './jobs/queue.js';
import { scheduleRecurringJobs } from './jobs/schedule.js';
import { createAccount } from './modules/account/index.js';
import { createAuth } from './modules/auth/index.js';
import { createAvatar } from './modules/avatar/index.js';
import { createBilling } from './modules/billing/index.js';
import { createCountries } from './modules/countries/index.js';
import { createImports } from './modules/imports/index.js';
import { createShare } from './modules/share/index.js';
import { createMap } from './modules/map/index.js';
import { createMedia, mediaKeys, type CompletionGate } from './modules/media/index.js';
import { createPins } from './modules/pins/index.js';
import { createProfile } from './modules/profile/index.js';
import { createProgress } from './modules/progress/index.js';
import { createReports } from './modules/reports/index.js';

export interface ServiceDeps {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  /** Defaults to SMTP or the outbox, as configured. */
  mailer?: Mailer;
  /** Milliseconds since the epoch; replaced in tests that move time. */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Defaults to local disk or S3, as configured. */
  storage?: Storage;
  /** The line media completions wait in; defaults to COMPLETION_LIMITS (tests make a small one). */
  completions?: CompletionGate;
  /** A gazetteer loaded elsewhere and kept by the caller (tests share one); by default one of its own. */
  gazetteer?: GazetteerService;
  /**
   * The job queue; by default pg-boss on PostgreSQL and the in-process one on SQLite (tests hand theirs
   * in, to wait until it is idle).
   */
  jobs?: JobQueue;
}

export type Services = ReturnType<typeof buildServices>;

export function buildServices(deps: ServiceDeps) {
  const { config, db, log } = deps;
  const now = deps.now ?? Date.now;
  const mailer = deps.mailer ?? createMailer(config.mail, log);
  const jobs: JobQueue =
    deps.jobs ??
    (config.database.dialect === 'postgres'
      ? new PgBossQueue({ connectionString: config.database.url, schema: () => pgBossSchema(db), log })
      : new InProcessQueue({ log }));

  const { users, sessions, throttle, auth, credentials, google } = createAuth({
    config,
    db,
    mailer,
    now,
    sleep: deps.sleep,
    log,
  });
  const reports = createReports({ db, throttle, mailer, supportEmail: config.supportEmail, now, log });

  const gazetteer = deps.gazetteer ?? new GazetteerService({ log });
  const storage = deps.storage ?? createStorage(config.storage, { signingSecret: config.authSecret, now });
  // A traveller's figures are rewritten by a job, outside the request that changed their pins or media,
  // and once for a burst of changes: a job waiting for the same traveller takes the later ones with it.
  const progress: ProgressFigures = {
    refresh: (userId) => jobs.enqueue('progress.refresh', { userId }, { key: userId }),
  };
  const pins = createPins({
    db,
    gazetteer,
    now,
    progress,
    deleteWithMedia: (user, pinId) => media.service.deletePin(user, pinId),
    verifyMediaAgain: (pinId) => media.service.verifyAgain(pinId),
  });
  const media = createMedia({
    db,
    pins: pins.repository,
    storage,
    completions: deps.completions,
    now,
    progress,
    jobs,
    secret: config.authSecret,
    log,
  });
  const { leaderboard, rewriteFigures } = createProgress({
    db,
    pins: pins.repository,
    media: media.repository,
    storage,
    now,
  });
  const countries = createCountries({ db, pins: pins.repository });
  const avatar = createAvatar({ db, figures: countries.figures, storage, now, log });
  const { billing, webhookRoutes: billingWebhookRoutes } = createBilling({ config, db, users, now, log });
  const profile = createProfile({
    users,
    media: media.repository,
    pins: pins.repository,
    billing,
    now,
  });
  const imports = createImports({
    db,
    pins: pins.repository,
    storage,
    gazetteer,
    jobs,
    now,
    progress,
    tierOf: async (userId) => {
      const user = await users.findById(userId);
      return user ? tierOf(user) : undefined;
    },
    deleteWithMedia: (user, pinId) => media.service.deletePin(user, pinId),
    log,
  });
  const share = createShare({
    db,
    pins: pins.repository,
    media: media.repository,
    avatars: avatar.repository,
    users,
    storage,
    derivativeKey: (item, size) => mediaKeys(item.user_id, item.id)[size],
    secret: config.authSecret,
    now,
  });
  const { account, deletionProofs } = createAccount({
    db,
    records: {
      pins: pins.repository,
      media: media.repository,
      avatars: avatar.repository,
      imports: imports.repository,
      share: share.service,
    },
    users,
    sessions,
    profile,
    billing,
    storage,
    throttle,
    mailer,
    secret: config.authSecret,
    now,
    sleep: deps.sleep,
    log,
  });
  const { basemapTiles, placeTiles } = createMap({ gazetteer, log });
  const handlers = jobHandlers({
    pins: pins.repository,
    gazetteer,
    jobs,
    sweep: media.sweep,
    derivatives: media.derivatives,
    imports,
    refreshProgress: rewriteFigures,
    log,
  });

  let stopSchedule: (() => void) | undefined;
  return {
    config,
    db,
    mailer,
    jobs,
    users,
    sessions,
    auth,
    credentials,
    google,
    reports,
    gazetteer,
    storage,
    mediaRepository: media.repository,
    imports: imports.service,
    importUploadWanted: imports.acceptsUpload,
    share: share.service,
    media: media.service,
    downloadAll: media.downloadAll,
    pins: pins.service,
    countries: countries.service,
    avatar: avatar.service,
    leaderboard,
    billing,
    billingWebhookRoutes,
    profile,
    account,
    deletionProofs,
    basemapTiles,
    placeTiles,

    /**
     * Starts loading and cutting what the web app serves, without waiting: the gazetteer, the basemap
     * tiles, the place-name tiles. Each logs its own failure, and the next request tries again.
     */
    warm(): void {
      gazetteer.start().catch(() => {});
      basemapTiles.start();
      placeTiles.index().catch(() => {});
      share.prepare().catch((error: unknown) => log.warn({ err: error }, 'share pictures not prepared'));
    },

    /**
     * Runs jobs in this process, as `role`. The in-process queue runs the jobs of the process that enqueued
     * them, so every process that enqueues runs one; a durable queue's are left to the worker when there
     * is one (JOBS=worker).
     */
    startJobs(role: 'web' | 'worker'): void {
      if (role === 'web' && jobs.durable && config.jobs === 'worker') return;
      jobs.start(handlers);
    },

    /**
     * Enqueues the sweep and the backfill now and on their schedule, in the one process that runs them
     * (the server with JOBS=inline, the worker otherwise). `uploadsElsewhere`: another process takes uploads.
     */
    scheduleRecurringJobs(options: { uploadsElsewhere: boolean }): void {
      stopSchedule ??= scheduleRecurringJobs(jobs, { log, uploadsElsewhere: options.uploadsElsewhere });
    },

    /** Stops what was started, waiting for running jobs; then closes the mailer. */
    async stop(): Promise<void> {
      stopSchedule?.();
      await jobs.stop();
      await basemapTiles.close();
      // A gazetteer handed in belongs to the caller, which stops it.
      if (!deps.gazetteer) gazetteer.close();
      await mailer.close();
    },
  };
}
