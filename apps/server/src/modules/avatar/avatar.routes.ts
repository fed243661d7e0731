// /api/avatar: the signed-in traveller's avatar wardrobe (SPEC.md §7 Avatar). Only their own pins are read.
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AvatarAchievementsResponse,
  AvatarItemsQuery,
  AvatarItemsResponse,
  AvatarProgress,
  AvatarUnlockedResponse,
  ErrorResponse,
} from '@waymarks/shared';
import { LARGE_ANSWER } from '../../http/compression.js';
import { currentUser } from '../auth/require-auth.js';
import type { AvatarService } from './avatar.service.js';

interface AvatarRoutesDeps {
  avatar: AvatarService;
  requireAuth: onRequestAsyncHookHandler;
}

const security = [{ bearer: [] }];
const tags = ['avatar'];

export async function avatarRoutes(app: FastifyInstance, deps: AvatarRoutesDeps): Promise<void> {
  const { avatar, requireAuth } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/avatar/items',
    {
      ...LARGE_ANSWER,
      onRequest: requireAuth,
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
      onRequest: requireAuth,
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
      onRequest: requireAuth,
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
      onRequest: requireAuth,
      schema: {
        tags,
        security,
        summary: 'The figures avatar unlocks follow, how many parts are unlocked, and the plan’s level',
        response: { 200: AvatarProgress, 401: ErrorResponse },
      },
    },
    async (request) => avatar.progress(currentUser(request)),
  );
}
