// GET and PUT /api/profile (SPEC.md §7 Profile and account): the signed-in traveller's own profile.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponse, Profile, UpdateProfileRequest } from '@waymarks/shared';
import { currentUser } from '../auth/require-auth.js';
import type { ProfileService } from './profile.service.js';

interface ProfileRoutesDeps {
  profile: ProfileService;
}

const security = [{ bearer: [] }];
const tags = ['profile'];

export async function profileRoutes(app: FastifyInstance, deps: ProfileRoutesDeps): Promise<void> {
  const { profile } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/profile',
    {
      schema: {
        tags,
        security,
        summary: 'The signed-in traveller: account, plan, usage and billing state',
        response: { 200: Profile, 401: ErrorResponse },
      },
    },
    async (request) => profile.get(currentUser(request)),
  );

  api.put(
    '/profile',
    {
      schema: {
        tags,
        security,
        summary:
          'Change the name (2 to 200 characters) or the username (2 to 50 letters, digits, underscore and hyphen; unique)',
        body: UpdateProfileRequest,
        response: { 200: Profile, 400: ErrorResponse, 401: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request) => profile.update(currentUser(request), request.body),
  );
}
