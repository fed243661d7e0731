// The composition root: builds the service graph once, for the web app (app.ts), the worker (worker.ts)
// and the admin CLI (cli.ts), and owns what lives as long as the process: the gazetteer, the map tile
// cutters and the job queue, started by start() and stopped by stop(). Each service gets exactly the
// repositories, adapters and ports it uses.
import type { FastifyBaseLogger } from 'fastify';
import { createMailer, type Mailer } from './adapters/mail/mailer.js';
import { createStorage, type Storage } from './adapters/storage/storage.js';
import type { ProgressFigures } from './common/progress.js';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import { GazetteerService } from './geo/gazetteer-service.js';
import { InProcessQueue } from './jobs/in-process.js';
import { jobHandlers } from './jobs/handlers.js';
import type { JobQueue } from './jobs/queue.js';
import { scheduleRecurringJobs } from './jobs/schedule.js';
import { createDerivativeMaker } from './media/derivatives.js';
import { createLimiter, MAX_CONCURRENT_DERIVATIVE_JOBS } from './media/job-limiter.js';
import { AccountRepository } from './modules/account/account.repository.js';
import { AccountService } from './modules/account/account.service.js';
import { DeletionProofs } from './modules/account/deletion-proof.js';
import { AuthService } from './modules/auth/auth.service.js';
import { CodesRepository } from './modules/auth/codes.repository.js';
import { GoogleSignIn } from './modules/auth/google.service.js';
import { RefreshTokensRepository } from './modules/auth/refresh-tokens.repository.js';
import { SessionService } from './modules/auth/session.service.js';
import { SessionsRepository } from './modules/auth/sessions.repository.js';
import { Throttle } from './modules/auth/throttle.js';
import { AccessTokens } from './modules/auth/tokens.js';
import { UsersRepository } from './modules/auth/users.repository.js';
import { AvatarRepository } from './modules/avatar/avatar.repository.js';
import { AvatarService } from './modules/avatar/avatar.service.js';
import { createBilling } from './modules/billing/index.js';
import { CountriesRepository } from './modules/countries/countries.repository.js';
import { CountriesService } from './modules/countries/countries.service.js';
import { BasemapTiles } from './modules/map/basemap-tiles.js';
import { PlaceTileService } from './modules/map/place-tiles.js';
import { ArchiveLinks } from './modules/media/archive.js';
import { CompletionGate } from './modules/media/completion-gate.js';
import { DownloadAllService } from './modules/media/download-all.service.js';
import { MediaRepository } from './modules/media/media.repository.js';
import { MediaService } from './modules/media/media.service.js';
import { MediaSweep } from './modules/media/media.sweep.js';
import { PIN_LIST_CACHE_BYTES, PinListCache } from './modules/pins/pin-list-cache.js';
import { PinsRepository } from './modules/pins/pins.repository.js';
import { PinsService } from './modules/pins/pins.service.js';
import { ProfileService } from './modules/profile/profile.service.js';
import { LeaderboardService } from './modules/progress/leaderboard.service.js';
import { TravelerDetailsRepository } from './modules/progress/traveler-details.repository.js';
import { TravelStatsRepository } from './modules/progress/travel-stats.repository.js';
import { ReportsRepository } from './modules/reports/reports.repository.js';
import { ReportsService } from './modules/reports/reports.service.js';

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
  /** The job queue; by default the in-process one (tests hand theirs in, to wait until it is idle). */
  jobs?: JobQueue;
}

export type Services = ReturnType<typeof buildServices>;

export function buildServices(deps: ServiceDeps) {
  const { config, db, log } = deps;
  const now = deps.now ?? Date.now;
  const mailer = deps.mailer ?? createMailer(config.mail, log);
  const jobs: JobQueue = deps.jobs ?? new InProcessQueue({ log });

  const users = new UsersRepository(db);
  const codes = new CodesRepository(db);
  const sessions = new SessionService({
    users,
    sessions: new SessionsRepository(db),
    refreshTokens: new RefreshTokensRepository(db),
    accessTokens: new AccessTokens(config.authSecret, config.publicUrl, now),
    lifetimes: config.sessions,
    now,
  });
  const throttle = new Throttle(db, now);
  const auth = new AuthService({
    users,
    codes,
    sessions,
    throttle,
    mailer,
    secret: config.authSecret,
    publicUrl: config.publicUrl,
    now,
    sleep: deps.sleep,
    log,
  });
  const google = config.google
    ? new GoogleSignIn(
        { ...config.google, redirectUri: `${config.publicUrl}/api/auth/google/callback` },
        users,
        codes,
        sessions,
        now,
      )
    : undefined;
  const reports = new ReportsService({
    reports: new ReportsRepository(db),
    throttle,
    mailer,
    supportEmail: config.supportEmail,
    now,
    onMailError: (error) => log.error({ err: error }, 'content report mail could not be sent'),
  });

  const gazetteer = deps.gazetteer ?? new GazetteerService({ log });
  const storage = deps.storage ?? createStorage(config.storage, { signingSecret: config.authSecret, now });
  const pinsRepository = new PinsRepository(db);
  const mediaRepository = new MediaRepository(db);
  const travelStats = new TravelStatsRepository(db, { pins: pinsRepository, media: mediaRepository });
  // A traveller's figures are rewritten by a job, outside the request that changed their pins or media,
  // and once for a burst of changes: a job waiting for the same traveller takes the later ones with it.
  const progress: ProgressFigures = {
    refresh: (userId) => jobs.enqueue('progress.refresh', { userId }, { key: userId }),
  };
  const media = new MediaService({
    media: mediaRepository,
    pins: pinsRepository,
    storage,
    completions: deps.completions ?? new CompletionGate(),
    // Each job may hold a decoded full-size image: the process runs a fixed few at once.
    makeDerivatives: createDerivativeMaker(createLimiter(MAX_CONCURRENT_DERIVATIVE_JOBS)),
    now,
    progress,
    onCleanupError: (error, keys) =>
      log.warn({ err: error, keys: keys.length }, 'stored media could not be deleted; the sweep will'),
  });
  const pins = new PinsService({
    pins: pinsRepository,
    gazetteer,
    now,
    progress,
    deleteWithMedia: (user, pinId) => media.deletePin(user, pinId),
    listCache: new PinListCache(PIN_LIST_CACHE_BYTES),
  });
  const countriesRepository = new CountriesRepository(db, pinsRepository);
  const avatarRepository = new AvatarRepository(db);
  const countries = new CountriesService(countriesRepository);
  const avatar = new AvatarService({
    avatars: avatarRepository,
    figures: countriesRepository,
    storage,
    now,
    onCleanupError: (error, keys) =>
      log.warn({ err: error, keys: keys.length }, 'a replaced avatar image could not be deleted'),
  });
  const leaderboard = new LeaderboardService({
    stats: travelStats,
    details: new TravelerDetailsRepository(pinsRepository, mediaRepository),
    storage,
    now,
  });
  const { billing, webhookRoutes: billingWebhookRoutes } = createBilling({ config, db, users, now, log });
  const profile = new ProfileService({ users, media: mediaRepository, pins: pinsRepository, billing, now });
  const accountRepository = new AccountRepository(db, {
    pins: pinsRepository,
    media: mediaRepository,
    avatars: avatarRepository,
  });
  const deletionProofs = new DeletionProofs({
    account: accountRepository,
    throttle,
    mailer,
    secret: config.authSecret,
    now,
    sleep: deps.sleep,
  });
  const account = new AccountService({
    account: accountRepository,
    users,
    sessions,
    profile,
    billing,
    storage,
    proofs: deletionProofs,
    mailer,
    now,
    onCleanupError: (error, keys) =>
      log.warn(
        { err: error, keys: keys.length },
        "a deleted account's stored objects could not all be deleted; the sweep removes the media",
      ),
    onMailError: (error) => log.error({ err: error }, 'the mail confirming a deletion could not be sent'),
  });
  const downloadAll = new DownloadAllService({ media, links: new ArchiveLinks(config.authSecret), now });
  const basemapTiles = new BasemapTiles({ log });
  const placeTiles = new PlaceTileService(gazetteer);
  const handlers = jobHandlers({
    pins: pinsRepository,
    gazetteer,
    jobs,
    sweep: new MediaSweep({ media: mediaRepository, storage, now }),
    refreshProgress: (userId) => travelStats.refresh(userId, now()),
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
    google,
    reports,
    gazetteer,
    storage,
    mediaRepository,
    media,
    downloadAll,
    pins,
    countries,
    avatar,
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
    },

    /**
     * Runs this process's job queue. The in-process queue runs the jobs of the process that enqueued
     * them, so every process that enqueues runs one.
     */
    startJobs(): void {
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
