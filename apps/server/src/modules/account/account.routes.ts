// /api/account (SPEC.md §7 Profile and account): the export of everything, as a ZIP, and the deletion of
// the account. The ZIP can be fetched with the session, or through a short-lived signed link a browser
// download can follow.
import type { FastifyInstance, FastifyReply, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DeleteAccountRequest, DownloadUrlResponse, ErrorCode, ErrorResponse } from '@waymarks/shared';
import { contentDisposition } from '../../adapters/storage/content-disposition.js';
import { AppError } from '../../http/errors.js';
import { currentUser } from '../auth/require-auth.js';
import type { AccountArchive, AccountService } from './account.service.js';

interface AccountRoutesDeps {
  account: AccountService;
  requireAuth: onRequestAsyncHookHandler;
}

const security = [{ bearer: [] }];
const tags = ['account'];
const zipAnswer = z.any().describe('application/zip');

function sendArchive(reply: FastifyReply, archive: AccountArchive) {
  reply
    .header('Content-Type', 'application/zip')
    .header('Content-Disposition', contentDisposition('attachment', archive.filename))
    .header('Cache-Control', 'private, no-store');
  if (archive.size >= 0) reply.header('Content-Length', String(archive.size));
  return reply.send(archive.stream);
}

export async function accountRoutes(app: FastifyInstance, deps: AccountRoutesDeps): Promise<void> {
  const { account, requireAuth } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/account/export-url',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        security,
        summary: 'A five-minute link to the ZIP of the whole account',
        response: { 200: DownloadUrlResponse, 401: ErrorResponse },
      },
    },
    async (request) => account.exportLink(currentUser(request)),
  );

  api.get(
    '/account/export',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        security,
        summary: 'The ZIP of the whole account: profile.json, pins.geojson and every original file',
        response: { 200: zipAnswer, 401: ErrorResponse },
      },
    },
    async (request, reply) => sendArchive(reply, await account.export(currentUser(request))),
  );

  api.get(
    '/account/export/:token',
    {
      schema: {
        tags,
        summary: 'The ZIP behind an export link',
        params: z.object({ token: z.string().max(1000) }),
        response: { 200: zipAnswer, 403: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => sendArchive(reply, await account.openExportLink(request.params.token)),
  );

  api.delete(
    '/account',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        security,
        summary: 'Delete the account, confirmed by its e-mail: any subscription, every row, every file',
        body: DeleteAccountRequest,
        response: {
          204: z.null().describe('Deleted'),
          400: ErrorResponse,
          401: ErrorResponse,
          404: ErrorResponse,
          503: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      if (!(await account.delete(currentUser(request), request.body.email))) {
        throw new AppError(404, ErrorCode.notFound, 'This account no longer exists.');
      }
      return reply.status(204).send(null);
    },
  );
}
