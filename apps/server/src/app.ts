// buildApp(deps): the whole HTTP application, used by main.ts and by the tests.
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createHash } from 'node:crypto';
import { createMailer, type Mailer } from './adapters/mail/mailer.js';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import { ErrorCode } from '@waymarks/shared';
import { clientKey } from './http/client-key.js';
import { LARGE_ANSWER, registerCompression } from './http/compression.js';
import { registerErrorHandling, sendFrameworkError } from './http/errors.js';
import { registerStrictJsonParser, registerStrictQueryStrings } from './http/json.js';
import { serializerCompiler } from './http/serializer.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { requireSameOrigin } from './http/same-origin.js';
import { isPageRequest, registerWebApp, sendIndexPage } from './http/web.js';
import { loggerOptions } from './logger.js';
import { authRoutes, meRoute } from './modules/auth/auth.routes.js';
import { AuthService } from './modules/auth/auth.service.js';
import { CodesRepository } from './modules/auth/codes.repository.js';
import { GoogleSignIn } from './modules/auth/google.service.js';
import { googleRoutes } from './modules/auth/google.routes.js';
import { RefreshTokensRepository } from './modules/auth/refresh-tokens.repository.js';
import { createRequireAuth } from './modules/auth/require-auth.js';
import { SessionService } from './modules/auth/session.service.js';
import { SessionsRepository } from './modules/auth/sessions.repository.js';
import { Throttle } from './modules/auth/throttle.js';
import { AccessTokens } from './modules/auth/tokens.js';
import { UsersRepository } from './modules/auth/users.repository.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { ReportsRepository } from './modules/reports/reports.repository.js';
import { reportsRoutes } from './modules/reports/reports.routes.js';
import { ReportsService } from './modules/reports/reports.service.js';
import { GazetteerService } from './geo/gazetteer-service.js';
import { placesRoutes } from './modules/places/places.routes.js';
import { PinsRepository } from './modules/pins/pins.repository.js';
import { pinsRoutes } from './modules/pins/pins.routes.js';
import { PinsService } from './modules/pins/pins.service.js';
import { PIN_LIST_CACHE_BYTES, PinListCache } from './modules/pins/pin-list-cache.js';
import { CountriesRepository } from './modules/countries/countries.repository.js';
import { countriesRoutes } from './modules/countries/countries.routes.js';
import { CountriesService } from './modules/countries/countries.service.js';
import { leaderboardRoutes } from './modules/progress/leaderboard.routes.js';
import { LeaderboardService } from './modules/progress/leaderboard.service.js';
import { TravelerDetailsRepository } from './modules/progress/traveler-details.repository.js';
import { TravelStatsRepository } from './modules/progress/travel-stats.repository.js';
import { backfillPinCities } from './modules/progress/city-backfill.js';
import type { ProgressFigures } from './common/progress.js';
import { BasemapTiles } from './modules/map/basemap-tiles.js';
import { basemapTilesRoutes } from './modules/map/basemap-tiles.routes.js';
import { BASEMAP_PMTILES_PATH, mapRoutes } from './modules/map/map.routes.js';
import { PlaceTileService } from './modules/map/place-tiles.js';
import { placeTilesRoutes } from './modules/map/place-tiles.routes.js';
import { createStorage, storageOrigin, type Storage } from './adapters/storage/storage.js';
import { localStorageRoutes } from './adapters/storage/local.routes.js';
import { ArchiveLinks } from './modules/media/archive.js';
import { CompletionGate } from './modules/media/completion-gate.js';
import { createDerivativeMaker } from './media/derivatives.js';
import { createLimiter, MAX_CONCURRENT_DERIVATIVE_JOBS } from './media/job-limiter.js';
import { MediaRepository } from './modules/media/media.repository.js';
import { DownloadAllService } from './modules/media/download-all.service.js';
import { mediaRoutes } from './modules/media/media.routes.js';
import { MediaService } from './modules/media/media.service.js';
import { MediaSweep } from './modules/media/media.sweep.js';
import { uploadAdmission } from './modules/media/upload-admission.js';
import { BillingService } from './modules/billing/billing.service.js';
import { billingRoutes } from './modules/billing/billing.routes.js';
import { AvatarRepository } from './modules/avatar/avatar.repository.js';
import { avatarRoutes } from './modules/avatar/avatar.routes.js';
import { AvatarService } from './modules/avatar/avatar.service.js';
import type { Billing } from './modules/billing/billing.js';
import { BillingRepository } from './modules/billing/billing.repository.js';
import { StripeBillingService } from './modules/billing/stripe-billing.service.js';
import { stripeClient } from './modules/billing/stripe-client.js';
import { stripeWebhookRoutes } from './modules/billing/stripe-webhook.routes.js';
import { ProfileService } from './modules/profile/profile.service.js';
import { profileRoutes } from './modules/profile/profile.routes.js';
import { AccountRepository } from './modules/account/account.repository.js';
import { AccountService } from './modules/account/account.service.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { DeletionProofs } from './modules/account/deletion-proof.js';

interface AppDeps {
  config: Config;
  db: Db;
  /** Defaults to SMTP or the outbox, as configured. */
  mailer?: Mailer;
  /** Milliseconds since the epoch; replaced in tests that move time. */
  now?: () => number;
  /** false logs nothing (tests). Defaults to the configured level on stdout. */
  logger?: boolean;
  /** Where log lines go instead of stdout (tests that read the log). */
  logStream?: { write(line: string): void };
  sleep?: (ms: number) => Promise<void>;
  /** Defaults to local disk or S3, as configured. */
  storage?: Storage;
  /** The line media completions wait in; defaults to COMPLETION_LIMITS (tests make a small one). */
  completions?: CompletionGate;
  /** A gazetteer loaded elsewhere and kept by the caller (tests share one); by default the app loads its own. */
  gazetteer?: GazetteerService;
}

const BODY_LIMIT_BYTES = 1024 * 1024;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const now = deps.now ?? Date.now;
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : { ...loggerOptions(config.logLevel), ...(deps.logStream ? { stream: deps.logStream } : {}) },
    bodyLimit: BODY_LIMIT_BYTES,
    // Signed storage and archive links carry their claims in one path segment.
    maxParamLength: 2048,
    trustProxy: config.trustProxy,
    // A malformed or over-long path answers in the API's error shape, like every other refusal.
    frameworkErrors: sendFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerStrictJsonParser(app);
  registerStrictQueryStrings(app);
  registerErrorHandling(app);

  registerSecurityHeaders(app, {
    https: config.publicUrl.startsWith('https://'),
    mapStyleUrl: config.map.styleUrl,
    storageOrigin: storageOrigin(config.storage),
  });
  await app.register(fastifyRateLimit, {
    global: false,
    keyGenerator: (request) => clientKey(request.ip),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: {
        code: ErrorCode.rateLimited,
        message: `Too many requests. Please try again in ${context.after}.`,
      },
    }),
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Waymarks API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  // Wiring: each service gets exactly the repositories and adapters it uses.
  const mailer = deps.mailer ?? createMailer(config.mail, app.log);
  const users = new UsersRepository(db);
  const codes = new CodesRepository(db);
  const accessTokens = new AccessTokens(config.authSecret, config.publicUrl, now);
  const sessions = new SessionService({
    users,
    sessions: new SessionsRepository(db),
    refreshTokens: new RefreshTokensRepository(db),
    accessTokens,
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
    log: app.log,
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
    onMailError: (error) => app.log.error({ err: error }, 'content report mail could not be sent'),
  });
  const requireAuth = createRequireAuth(sessions);
  const gazetteer = deps.gazetteer ?? new GazetteerService({ log: app.log });
  const storage = deps.storage ?? createStorage(config.storage, { signingSecret: config.authSecret, now });
  const pinsRepository = new PinsRepository(db);
  const mediaRepository = new MediaRepository(db);
  const travelStats = new TravelStatsRepository(db);
  const progress: ProgressFigures = { refresh: (userId) => travelStats.refresh(userId, now()) };
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
      app.log.warn({ err: error, keys: keys.length }, 'stored media could not be deleted; the sweep will'),
  });
  const sweep = new MediaSweep({ media: mediaRepository, storage, now });
  const pins = new PinsService({
    pins: pinsRepository,
    gazetteer,
    now,
    progress,
    deleteWithMedia: (user, pinId) => media.deletePin(user, pinId),
    listCache: new PinListCache(PIN_LIST_CACHE_BYTES),
  });
  const countriesRepository = new CountriesRepository(db);
  const countries = new CountriesService(countriesRepository);
  const avatar = new AvatarService({
    avatars: new AvatarRepository(db),
    countries: countriesRepository,
    storage,
    now,
    onCleanupError: (error, keys) =>
      app.log.warn({ err: error, keys: keys.length }, 'a replaced avatar image could not be deleted'),
  });
  const leaderboard = new LeaderboardService({
    stats: travelStats,
    details: new TravelerDetailsRepository(db),
    storage,
    now,
  });
  const stripeBilling = config.stripe
    ? new StripeBillingService({
        stripe: stripeClient(config.stripe),
        settings: config.stripe,
        accounts: new BillingRepository(db),
        users,
        publicUrl: config.publicUrl,
        now,
        log: app.log,
      })
    : undefined;
  const billing: Billing = stripeBilling ?? new BillingService({ users, now });
  const profile = new ProfileService({
    users,
    media: mediaRepository,
    pins: pinsRepository,
    billing,
    now,
  });
  const accountRepository = new AccountRepository(db);
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
      app.log.warn(
        { err: error, keys: keys.length },
        "a deleted account's stored objects could not all be deleted; the sweep removes the media",
      ),
    onMailError: (error) => app.log.error({ err: error }, 'the mail confirming a deletion could not be sent'),
  });
  const secureCookies = config.publicUrl.startsWith('https://');
  const cookieSecret = createHash('sha256').update(`cookie:${config.authSecret}`).digest('base64url');

  await app.register(
    async (api) => {
      // Stored objects go out byte for byte (ranges included): registered before compression, which
      // hooks only the routes that come after it.
      if (storage.kind === 'local') {
        const uploadWanted = uploadAdmission({ media: mediaRepository, now });
        await api.register(localStorageRoutes, { storage, uploadWanted });
      }
      await registerCompression(api);
      await api.register(healthRoutes, { db });
      // Cookies are read and written only under /api/auth, so only those routes pay for the plugin.
      await api.register(
        async (authScope) => {
          await authScope.register(fastifyCookie, { secret: cookieSecret });
          await authScope.register(authRoutes, {
            auth,
            sessions,
            google,
            requireAuth,
            secureCookies,
            sameOrigin: requireSameOrigin(config.publicUrl),
          });
          await authScope.register(googleRoutes, { prefix: '/google', google, secureCookies });
        },
        { prefix: '/auth' },
      );
      await api.register(meRoute, { prefix: '/auth', requireAuth });
      await api.register(reportsRoutes, { reports });
      await api.register(placesRoutes, { gazetteer, requireAuth });
      await api.register(pinsRoutes, { pins, requireAuth });
      await api.register(countriesRoutes, { countries, requireAuth });
      await api.register(avatarRoutes, { avatar, requireAuth });
      await api.register(leaderboardRoutes, { leaderboard, requireAuth });
      await api.register(profileRoutes, { profile, requireAuth });
      await api.register(billingRoutes, { billing, requireAuth });
      if (stripeBilling) await api.register(stripeWebhookRoutes, { billing: stripeBilling });
      await api.register(accountRoutes, { account, proofs: deletionProofs, requireAuth });
      await api.register(mediaRoutes, {
        media,
        downloadAll: new DownloadAllService({ media, links: new ArchiveLinks(config.authSecret), now }),
        requireAuth,
      });
      api.get('/openapi.json', { ...LARGE_ANSWER, schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: '/api' },
  );
  if (config.map.pmtilesFile) await app.register(mapRoutes, { pmtilesFile: config.map.pmtilesFile });
  await app.register(basemapTilesRoutes, { tiles: new BasemapTiles({ log: app.log }) });
  await app.register(placeTilesRoutes, { tiles: new PlaceTileService(gazetteer) });

  const web = await registerWebApp(app, config.webDistDir, {
    supportEmail: config.supportEmail,
    discordUrl: config.discordUrl,
    googleEnabled: google !== undefined,
    mapStyleUrl: config.map.styleUrl ?? null,
    mapPmtilesUrl: config.map.pmtilesFile ? BASEMAP_PMTILES_PATH : null,
  });
  app.setNotFoundHandler((request, reply) => {
    if (web && isPageRequest(request)) return sendIndexPage(reply, web);
    return reply.status(404).send({
      error: {
        code: ErrorCode.notFound,
        message: `No route for ${request.method} ${request.url.split('?')[0]}`,
      },
    });
  });

  registerMediaSweep(app, sweep, now);
  app.addHook('onListen', async () => {
    void backfillPinCities(db, gazetteer, progress).then(
      (filled) => filled > 0 && app.log.info({ filled }, 'pin cities read from their coordinates'),
      (error: unknown) => app.log.error({ err: error }, 'pin cities could not be read'),
    );
  });
  app.addHook('onClose', async () => {
    // A gazetteer handed in belongs to the caller, which stops it.
    if (!deps.gazetteer) gazetteer.close();
    await mailer.close();
  });
  return app;
}

const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The media sweep runs once the server listens and every hour after, in the background: it never holds up
 * start-up or a request. Upload files are written to as the bytes arrive, so one untouched since before
 * this process started, or for an hour, belongs to an upload that died.
 */
function registerMediaSweep(app: FastifyInstance, sweep: MediaSweep, now: () => number): void {
  const startedAt = now();
  let timer: NodeJS.Timeout | undefined;
  const run = (partsOlderThanMs: number) =>
    sweep.run({ partsOlderThanMs }).then(
      (report) => app.log.info({ sweep: report }, 'media sweep done'),
      (error: unknown) => app.log.error({ err: error }, 'media sweep failed'),
    );
  app.addHook('onListen', async () => {
    void run(now() - startedAt);
    timer = setInterval(() => void run(SWEEP_INTERVAL_MS), SWEEP_INTERVAL_MS).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
