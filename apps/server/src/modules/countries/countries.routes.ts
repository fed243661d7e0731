// /api/countries: a signed-in traveller's pins per country and how many of the 195 they reach
// (SPEC.md §7 Countries). Only the user's own pins are ever read.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CountriesSummary, ErrorResponse, VisitedCountResponse } from '@waymarks/shared';
import { currentUser } from '../auth/require-auth.js';
import type { CountriesService } from './countries.service.js';
import { LARGE_ANSWER } from '../../http/compression.js';

interface CountriesRoutesDeps {
  countries: CountriesService;
}

const security = [{ bearer: [] }];
const tags = ['countries'];

export async function countriesRoutes(app: FastifyInstance, deps: CountriesRoutesDeps): Promise<void> {
  const { countries } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/countries',
    {
      ...LARGE_ANSWER,
      schema: {
        tags,
        security,
        summary: 'Pins and media per visited country, with totals and the count toward the 195',
        response: { 200: CountriesSummary, 401: ErrorResponse },
      },
    },
    async (request) => countries.summary(currentUser(request)),
  );

  api.get(
    '/countries/visited-count',
    {
      schema: {
        tags,
        security,
        summary: 'How many of the 195 countries the signed-in user’s pins reach',
        response: { 200: VisitedCountResponse, 401: ErrorResponse },
      },
    },
    async (request) => ({ count: await countries.visitedCount(currentUser(request)) }),
  );
}
