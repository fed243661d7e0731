// /api/avatar: the signed-in traveller's avatar wardrobe and saved avatar (SPEC.md §7 Avatar). Only their
// own pins and their own avatar are read.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AVATAR_IMAGE_LIMITS,
  AVATAR_MESSAGES,
  AvatarAchievementsResponse,
  AvatarConfig,
  AvatarItemsQuery,
  AvatarItemsResponse,
  AvatarProgress,
  AvatarUnlockedResponse,
  CheckUnlocksRequest,
  CheckUnlocksResponse,
  ErrorCode,
  ErrorResponse,
  SaveAvatarRequest,
} from '@waymarks/shared';
import { LARGE_ANSWER } from '../../http/compression.js';
import { AppError } from '../../http/errors.js';
import { currentUser } from '../auth/require-auth.js';
import type { AvatarService } from './avatar.service.js';

interface AvatarRoutesDeps {
  avatar: AvatarService;
}

const security = [{ bearer: [] }];
const tags = ['avatar'];

export async function avatarRoutes(app: FastifyInstance, deps: AvatarRoutesDeps): Promise<void> {
  const { avatar } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/avatar/items',
    {
      ...LARGE_ANSWER,
      schema: {
        tags,
        security,
        summary: 'Every avatar part, or those of a category, subcategory, rarity or unlock state',
        querystring: AvatarItemsQuery,
        response: { 200: AvatarItemsResponse, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (request) => avatar.items(currentUser(request), request.query),
  );

  api.get(
    '/avatar/unlocked',
    {
      schema: {
        tags,
        security,
        summary: 'The ids of the avatar parts travel has unlocked',
        response: { 200: AvatarUnlockedResponse, 401: ErrorResponse },
      },
    },
    async (request) => avatar.unlocked(currentUser(request)),
  );

  api.get(
    '/avatar/achievements',
    {
      schema: {
        tags,
        security,
        summary: 'The travel achievements, each earned or not',
        response: { 200: AvatarAchievementsResponse, 401: ErrorResponse },
      },
    },
    async (request) => avatar.achievements(currentUser(request)),
  );

  api.get(
    '/avatar/progress',
    {
      schema: {
        tags,
        security,
        summary: 'The figures avatar unlocks follow, how many parts are unlocked, and the plan’s level',
        response: { 200: AvatarProgress, 401: ErrorResponse },
      },
    },
    async (request) => avatar.progress(currentUser(request)),
  );

  api.get(
    '/avatar/user',
    {
      schema: {
        tags,
        security,
        summary: 'The saved avatar: its parts and a short-lived link to its image; empty before one is saved',
        response: { 200: AvatarConfig, 401: ErrorResponse },
      },
    },
    async (request) => avatar.saved(currentUser(request)),
  );

  api.put(
    '/avatar',
    {
      schema: {
        tags,
        security,
        summary: 'Saves the parts the avatar wears; each must be unlocked and of a rarity the plan may wear',
        body: SaveAvatarRequest,
        response: { 200: AvatarConfig, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (request) => avatar.save(currentUser(request), request.body.parts),
  );

  api.post(
    '/avatar/check-unlocks',
    {
      schema: {
        tags,
        security,
        summary:
          'The parts unlocked since the last check; with forceRecheck, takes off what can no longer be worn',
        body: CheckUnlocksRequest,
        response: { 200: CheckUnlocksResponse, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (request) => avatar.checkUnlocks(currentUser(request), request.body),
  );

  await app.register(async (imageScope) => {
    // The render arrives as the PNG's bytes, not JSON: in this scope image/png is read as a buffer (up to
    // the limit; more is 413) and every other type is refused.
    imageScope.removeAllContentTypeParsers();
    imageScope.addContentTypeParser(
      'image/png',
      { parseAs: 'buffer', bodyLimit: AVATAR_IMAGE_LIMITS.maxBytes },
      (_request, body, done) => done(null, body),
    );
    imageScope.addContentTypeParser('*', (_request, _payload, done) => done(notPng(), undefined));
    imageScope.withTypeProvider<ZodTypeProvider>().put(
      '/avatar/image',
      {
        schema: {
          tags,
          security,
          summary: 'Stores a PNG render of the saved avatar, replacing the previous one',
          description:
            `The body is the PNG itself (Content-Type: image/png), at most ${AVATAR_IMAGE_LIMITS.maxBytes} ` +
            `bytes and ${AVATAR_IMAGE_LIMITS.maxSide}×${AVATAR_IMAGE_LIMITS.maxSide} pixels, a still picture ` +
            '(an animated PNG is refused). What is stored is the picture decoded and encoded again as PNG ' +
            'without metadata, never the bytes sent.',
          response: {
            200: AvatarConfig,
            400: ErrorResponse,
            401: ErrorResponse,
            403: ErrorResponse,
            404: ErrorResponse,
            413: ErrorResponse,
            415: ErrorResponse,
          },
        },
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body)) throw notPng();
        return avatar.saveImage(currentUser(request), request.body);
      },
    );
  });
}

const notPng = () => new AppError(415, ErrorCode.unsupportedMediaType, AVATAR_MESSAGES.imageTypeRequired);
