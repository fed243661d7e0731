// /api/leaderboard (SPEC.md §7 Leaderboard): the ranked list and one traveller's details need the
// leaderboard feature; the opt-in can be read and changed on any plan. Every route needs a session.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorResponse,
  LeaderboardQuery,
  LeaderboardResponse,
  LeaderboardSettings,
  LeaderboardUserDetails,
  LeaderboardUserParams,
} from '@waymarks/shared';
import { LARGE_ANSWER } from '../../http/compression.js';
import { currentUser } from '../auth/require-auth.js';
import type { LeaderboardService } from './leaderboard.service.js';

interface LeaderboardRoutesDeps {
  leaderboard: LeaderboardService;
}

const security = [{ bearer: [] }];
const tags = ['leaderboard'];

export async function leaderboardRoutes(app: FastifyInstance, deps: LeaderboardRoutesDeps): Promise<void> {
  const { leaderboard } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/leaderboard',
    {
      schema: {
        tags,
        security,
        summary: 'Travellers who opted in, ranked by countries, then verification score, then pins',
        querystring: LeaderboardQuery,
        response: { 200: LeaderboardResponse, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (request) => leaderboard.list(currentUser(request), request.query),
  );

  api.get(
    '/leaderboard/user/:id',
    {
      ...LARGE_ANSWER,
      schema: {
        tags,
        security,
        summary: 'One listed traveller: figures, countries, cities and timeline; 404 unless they opted in',
        params: LeaderboardUserParams,
        response: {
          200: LeaderboardUserDetails,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
        },
      },
    },
    async (request) => leaderboard.details(currentUser(request), request.params.id),
  );

  api.get(
    '/leaderboard/settings',
    {
      schema: {
        tags,
        security,
        summary: 'Whether the signed-in user shows on the leaderboard (off for a new account)',
        response: { 200: LeaderboardSettings, 401: ErrorResponse },
      },
    },
    async (request) => leaderboard.settings(currentUser(request)),
  );

  api.put(
    '/leaderboard/settings',
    {
      schema: {
        tags,
        security,
        summary: 'Opt in to the leaderboard or out of it; takes effect at once',
        body: LeaderboardSettings,
        response: { 200: LeaderboardSettings, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (request) => leaderboard.updateSettings(currentUser(request), request.body),
  );
}
