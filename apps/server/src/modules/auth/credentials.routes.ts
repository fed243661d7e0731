// POST /api/auth/password, /api/auth/email and /api/auth/email/confirm: a signed-in traveller changes the
// password or the e-mail address. Registered in the guarded scope (the token is checked before the body is
// read); thin handlers over AccountCredentials, with the auth routes' per-client rate limit.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ChangePasswordRequest,
  ConfirmEmailChangeRequest,
  EmailChangeRequest,
  EmailChangeStarted,
  ErrorResponse,
  OkResponse,
  User,
} from '@waymarks/shared';
import { clientKey } from '../../http/client-key.js';
import type { AccountCredentials } from './credentials.service.js';
import { currentSessionId, currentUser } from './require-auth.js';

const security = [{ bearer: [] }];
const tags = ['auth'];
const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  409: ErrorResponse,
  429: ErrorResponse,
};
const limited = { rateLimit: { max: 30, timeWindow: '1 minute' } };

export async function credentialsRoutes(
  app: FastifyInstance,
  deps: { credentials: AccountCredentials },
): Promise<void> {
  const { credentials } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/password',
    {
      config: limited,
      schema: {
        tags,
        security,
        summary:
          'Change the password, giving the current one; every other session of the account ends, this one stays',
        body: ChangePasswordRequest,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await credentials.changePassword(
        currentUser(request),
        currentSessionId(request),
        request.body,
        clientKey(request.ip),
      );
      return { ok: true as const };
    },
  );

  api.post(
    '/email',
    {
      config: limited,
      schema: {
        tags,
        security,
        summary:
          'Start moving the account to another address, giving the password: a code (10 minutes, 5 guesses) goes there',
        body: EmailChangeRequest,
        response: { 200: EmailChangeStarted, ...errors },
      },
    },
    async (request) =>
      credentials.requestEmailChange(currentUser(request), request.body, clientKey(request.ip)),
  );

  api.post(
    '/email/confirm',
    {
      config: limited,
      schema: {
        tags,
        security,
        summary: 'Move the account to the new address with the code sent there; the old address is told',
        body: ConfirmEmailChangeRequest,
        response: { 200: User, ...errors },
      },
    },
    async (request) =>
      credentials.confirmEmailChange(currentUser(request), request.body.code, clientKey(request.ip)),
  );
}
