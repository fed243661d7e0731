// buildApp(deps): the whole HTTP application, used by main.ts and by the tests.
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createHash } from 'node:crypto';
import { ErrorCode } from '@waymarks/shared';
import { clientKey } from './http/client-key.js';
import { LARGE_ANSWER, registerCompression } from './http/compression.js';
import { registerErrorHandling, sendFrameworkError } from './http/errors.js';
import { registerStrictJsonParser, registerStrictQueryStrings } from './http/json.js';
import { serializerCompiler } from './http/serializer.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerShutdownRefusal } from './http/shutdown.js';
import { requireDocumentedGuard } from './http/guarded-routes.js';
import { requireSameOrigin } from './http/same-origin.js';
import { databaseRateLimitStore } from './http/rate-limit-store.js';
import { shareTargetRoutes } from './http/share-target.js';
import { isPageRequest, registerWebApp, sendIndexPage } from './http/web.js';
import { AccessLog, loggerOptions } from './logger.js';
import { buildServices, type ServiceDeps } from './services.js';
import {
  authRoutes,
  createRequireAuth,
  credentialsRoutes,
  googleRoutes,
  meRoute,
} from './modules/auth/index.js';
import { healthRoutes } from './modules/health/index.js';
import { reportsRoutes } from './modules/reports/index.js';
import { placesRoutes } from './modules/places/index.js';
import { pinsRoutes } from './modules/pins/index.js';
import { countriesRoutes } from './modules/countries/index.js';
import { leaderboardRoutes } from './modules/progress/index.js';
import {
  BASEMAP_PMTILES_PATH,
  basemapTilesRoutes,
  mapRoutes,
  placeTilesRoutes,
} from './modules/map/index.js';
import { storageOrigin } from './adapters/storage/storage.js';
import { localStorageRoutes } from './adapters/storage/local.routes.js';
import { mediaArchiveLinkRoutes, mediaRoutes, uploadAdmission } from './modules/media/index.js';
import { IMPORT_PREFIX, importsRoutes } from './modules/imports/index.js';
import { billingRoutes } from './modules/billing/index.js';
import { shareRoutes, shareSettingsRoutes } from './modules/share/index.js';
import { avatarRoutes } from './modules/avatar/index.js';
import { profileRoutes } from './modules/profile/index.js';
import { accountExportLinkRoutes, accountRoutes } from './modules/account/index.js';

interface AppDeps extends Omit<ServiceDeps, 'log'> {
  /** false logs nothing (tests). Defaults to the configured level on stdout. */
  logger?: boolean;
  /** Where log lines go instead of stdout (tests that read the log). */
  logStream?: { write(line: string): void };
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
    logController: new AccessLog(),
    bodyLimit: BODY_LIMIT_BYTES,
    // Signed storage and archive links carry their claims in one path segment.
    routerOptions: { maxParamLength: 2048 },
    trustProxy: config.trustProxy,
    // A malformed or over-long path answers in the API's error shape, like every other refusal.
    frameworkErrors: sendFrameworkError,
    // While closing, registerShutdownRefusal answers in that shape too.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerStrictJsonParser(app);
  registerStrictQueryStrings(app);
  registerErrorHandling(app);
  const shutdown = registerShutdownRefusal(app);

  registerSecurityHeaders(app, {
    https: config.publicUrl.startsWith('https://'),
    mapStyleUrl: config.map.styleUrl,
    storageOrigin: storageOrigin(config.storage),
  });
  await app.register(fastifyRateLimit, {
    global: false,
    // PostgreSQL is what several instances share: they count there, so none grants a limit in full again.
    // SQLite is one process, whose memory is the cheapest place to count.
    ...(config.database.dialect === 'postgres'
      ? { store: databaseRateLimitStore({ db, now, log: app.log }) }
      : {}),
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

  const services = buildServices({ ...deps, log: app.log });
  const { storage, auth, credentials, sessions, google, reports, gazetteer, pins, countries, avatar } =
    services;
  const { leaderboard, profile, billing, billingWebhookRoutes, account, deletionProofs, media, downloadAll } =
    services;
  const requireAuth = createRequireAuth(sessions);
  const secureCookies = config.publicUrl.startsWith('https://');
  const cookieSecret = createHash('sha256').update(`cookie:${config.authSecret}`).digest('base64url');

  await app.register(
    async (api) => {
      // Stored objects go out byte for byte (ranges included): registered before compression, which
      // hooks only the routes that come after it.
      if (storage.kind === 'local') {
        const mediaUploadWanted = uploadAdmission({ media: services.mediaRepository, now });
        const uploadWanted = (key: string) =>
          key.startsWith(IMPORT_PREFIX) ? services.importUploadWanted(key) : mediaUploadWanted(key);
        await api.register(localStorageRoutes, { storage, uploadWanted });
      }
      await registerCompression(api);
      await api.register(healthRoutes, { db, shutdown });
      // Cookies are read and written only under /api/auth, so only those routes pay for the plugin.
      await api.register(
        async (authScope) => {
          await authScope.register(fastifyCookie, { secret: cookieSecret });
          await authScope.register(authRoutes, {
            auth,
            sessions,
            google,
            secureCookies,
            sameOrigin: requireSameOrigin(config.publicUrl),
          });
          await authScope.register(googleRoutes, { prefix: '/google', google, secureCookies });
        },
        { prefix: '/auth' },
      );
      await api.register(reportsRoutes, { reports });
      await api.register(accountExportLinkRoutes, { account });
      await api.register(mediaArchiveLinkRoutes, { downloadAll });
      if (billingWebhookRoutes) await api.register(billingWebhookRoutes);
      // Everything registered in this scope needs a signed-in user, checked before the body is parsed.
      await api.register(async (guarded) => {
        guarded.addHook('onRequest', requireAuth);
        guarded.addHook('onRoute', requireDocumentedGuard);
        await guarded.register(meRoute, { prefix: '/auth' });
        await guarded.register(credentialsRoutes, { prefix: '/auth', credentials });
        await guarded.register(placesRoutes, { gazetteer });
        await guarded.register(pinsRoutes, { pins });
        await guarded.register(countriesRoutes, { countries });
        await guarded.register(avatarRoutes, { avatar });
        await guarded.register(leaderboardRoutes, { leaderboard });
        await guarded.register(profileRoutes, { profile });
        await guarded.register(billingRoutes, { billing });
        await guarded.register(accountRoutes, { account, proofs: deletionProofs });
        await guarded.register(mediaRoutes, { media, downloadAll });
        await guarded.register(importsRoutes, { imports: services.imports });
        await guarded.register(shareSettingsRoutes, { share: services.share });
      });
      api.get('/openapi.json', { ...LARGE_ANSWER, schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: '/api' },
  );
  if (config.map.pmtilesFile) await app.register(mapRoutes, { pmtilesFile: config.map.pmtilesFile });
  await app.register(basemapTilesRoutes, { tiles: services.basemapTiles });
  await app.register(placeTilesRoutes, { tiles: services.placeTiles });
  await app.register(shareRoutes, { share: services.share, storage, publicUrl: config.publicUrl });
  await app.register(shareTargetRoutes);

  const web = await registerWebApp(app, config.webDistDir, {
    supportEmail: config.supportEmail,
    discordUrl: config.discordUrl,
    googleEnabled: google !== undefined,
    mapStyleUrl: config.map.styleUrl ?? null,
    mapPmtilesUrl: config.map.pmtilesFile ? BASEMAP_PMTILES_PATH : null,
    siteUrl: config.publicUrl,
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

  // Jobs run from the moment the app is ready. The recurring ones and what warms up in the background
  // start once it listens, so neither start-up nor a test that never listens waits for them.
  app.addHook('onReady', async () => services.startJobs('web'));
  app.addHook('onListen', async () => {
    services.warm();
    if (config.jobs === 'inline') services.scheduleRecurringJobs({ uploadsElsewhere: false });
  });
  app.addHook('onClose', async () => services.stop());
  return app;
}
