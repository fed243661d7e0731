// /api/account (SPEC.md §7 Profile and account): the export of everything, as a ZIP, and the deletion of
// the account. The ZIP can be fetched with the session, or through a short-lived, one-time link a browser
// download can follow. Deletion asks for the password, or a code e-mailed to an account without one.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DeleteAccountRequest,
  DeletionCodeResponse,
  DeletionConfirmation,
  DownloadUrlResponse,
  ErrorCode,
  ErrorResponse,
} from '@waymarks/shared';
import { clientKey } from '../../http/client-key.js';
import { AppError } from '../../http/errors.js';
import { sendZip } from '../../http/zip-reply.js';
import { currentSessionId, currentUser } from '../auth/require-auth.js';
import type { AccountService } from './account.service.js';
import type { DeletionProofs } from './deletion-proof.js';

interface AccountRoutesDeps {
  account: AccountService;
  proofs: DeletionProofs;
}

const security = [{ bearer: [] }];
const tags = ['account'];
const zipAnswer = z.any().describe('application/zip');

export async function accountRoutes(app: FastifyInstance, deps: AccountRoutesDeps): Promise<void> {
  const { account, proofs } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/account/export-url',
    {
      schema: {
        tags,
        security,
        summary:
          'A five-minute link to the ZIP of the whole account; it works once, while this session lives',
        response: { 200: DownloadUrlResponse, 401: ErrorResponse },
      },
    },
    async (request) => account.exportLink(currentUser(request), currentSessionId(request)),
  );

  api.get(
    '/account/export',
    {
      schema: {
        tags,
        security,
        summary: 'The ZIP of the whole account: profile.json, pins.geojson and every original file',
        response: { 200: zipAnswer, 401: ErrorResponse },
      },
    },
    async (request, reply) => sendZip(reply, await account.export(currentUser(request))),
  );

  api.get(
    '/account/deletion-confirmation',
    {
      schema: {
        tags,
        security,
        summary: 'Whether deleting the account asks for its password or for an e-mailed code',
        response: { 200: DeletionConfirmation, 401: ErrorResponse },
      },
    },
    async (request) => proofs.confirmation(currentUser(request)),
  );

  api.post(
    '/account/deletion-code',
    {
      schema: {
        tags,
        security,
        summary:
          'E-mails a code that confirms deleting an account without a password (10 minutes, 5 guesses)',
        response: { 200: DeletionCodeResponse, 401: ErrorResponse, 409: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request) => proofs.sendCode(currentUser(request)),
  );

  api.delete(
    '/account',
    {
      schema: {
        tags,
        security,
        summary:
          'Delete the account, confirmed by its e-mail and its password (or e-mailed code): any subscription, ' +
          'every row, every file; a mail confirms it',
        body: DeleteAccountRequest,
        response: {
          204: z.null().describe('Deleted'),
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
          429: ErrorResponse,
          503: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      if (!(await account.delete(currentUser(request), request.body, clientKey(request.ip)))) {
        throw new AppError(404, ErrorCode.notFound, 'This account no longer exists.');
      }
      return reply.status(204).send(null);
    },
  );
}

/** GET /api/account/export/{token}: public, the link's signature and its session are what it checks. */
export async function accountExportLinkRoutes(
  app: FastifyInstance,
  deps: Pick<AccountRoutesDeps, 'account'>,
): Promise<void> {
  const { account } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/account/export/:token',
    {
      schema: {
        tags,
        summary: 'The ZIP behind an export link, which it spends',
        params: z.object({ token: z.string().max(1000) }),
        response: { 200: zipAnswer, 403: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => sendZip(reply, await account.openExportLink(request.params.token)),
  );
}
