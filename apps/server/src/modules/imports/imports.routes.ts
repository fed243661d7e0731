// /api/imports: a location history brought in (issue 26). Every route needs a session, and another
// traveller's import is answered 404 like a missing one.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorResponse,
  ImportCommitRequest,
  ImportDeleteQuery,
  ImportDeleteResponse,
  ImportIdParams,
  ImportListResponse,
  ImportPreview,
  ImportSummary,
  ImportUploadUrlRequest,
  ImportUploadUrlResponse,
} from '@waymarks/shared';
import { LARGE_ANSWER } from '../../http/compression.js';
import { perUserRateLimit } from '../../http/per-user-rate-limit.js';
import { currentUser } from '../auth/require-auth.js';
import type { ImportsService } from './imports.service.js';

const security = [{ bearer: [] }];
const tags = ['imports'];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

/** An import is a few requests and a status asked about once a second: a runaway client is stopped. */
const IMPORT_CHANGES_PER_MINUTE = 60;

export async function importsRoutes(app: FastifyInstance, deps: { imports: ImportsService }): Promise<void> {
  const { imports } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/imports/upload-url',
    {
      config: perUserRateLimit(IMPORT_CHANGES_PER_MINUTE),
      schema: {
        tags,
        security,
        summary:
          'Start an import (or add a file to one still uploading): PUT the file to uploadUrl, then complete. 409 IMPORT_BUSY while another import is under way; 413 when the files are larger than the plan allows',
        body: ImportUploadUrlRequest,
        response: {
          200: ImportUploadUrlResponse,
          ...errors,
          409: ErrorResponse,
          413: ErrorResponse,
          429: ErrorResponse,
        },
      },
    },
    async (request) => imports.createUpload(currentUser(request), request.body),
  );

  api.post(
    '/imports/:importId/complete',
    {
      config: perUserRateLimit(IMPORT_CHANGES_PER_MINUTE),
      schema: {
        tags,
        security,
        summary: 'The files are up: the import is read by a job; follow it with GET /imports/{importId}',
        params: ImportIdParams,
        response: { 200: ImportSummary, ...errors, 409: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request) => imports.complete(currentUser(request), request.params.importId),
  );

  api.get(
    '/imports',
    {
      schema: {
        tags,
        security,
        summary: 'The traveller’s imports, newest first, with their counts',
        response: { 200: ImportListResponse, ...errors },
      },
    },
    async (request) => imports.list(currentUser(request)),
  );

  api.get(
    '/imports/:importId',
    {
      schema: {
        tags,
        security,
        summary: 'Where an import is: its status, what reading has found so far, or why it failed',
        params: ImportIdParams,
        response: { 200: ImportSummary, ...errors },
      },
    },
    async (request) => imports.get(currentUser(request), request.params.importId),
  );

  api.get(
    '/imports/:importId/preview',
    {
      ...LARGE_ANSWER,
      schema: {
        tags,
        security,
        summary:
          'The places a read import offers, largest first, each matched to a pin it falls within the grouping distance of; 409 IMPORT_NOT_READY until it is ready',
        params: ImportIdParams,
        response: { 200: ImportPreview, ...errors, 409: ErrorResponse },
      },
    },
    async (request) => imports.preview(currentUser(request), request.params.importId),
  );

  api.post(
    '/imports/:importId/commit',
    {
      config: perUserRateLimit(IMPORT_CHANGES_PER_MINUTE),
      schema: {
        tags,
        security,
        summary:
          'Keep the chosen places: each becomes a pin (none where a pin is already), made by a job; committing again answers where it is. 403 PIN_LIMIT_REACHED when the plan has no room for them',
        params: ImportIdParams,
        body: ImportCommitRequest,
        response: { 200: ImportSummary, ...errors, 409: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request) => imports.commit(currentUser(request), request.params.importId, request.body.placeKeys),
  );

  api.delete(
    '/imports/:importId',
    {
      config: perUserRateLimit(IMPORT_CHANGES_PER_MINUTE),
      schema: {
        tags,
        security,
        summary:
          'Cancel an import not committed (it goes with its file), or undo a done one (its pins go; those given photos since are kept unless photos=delete)',
        params: ImportIdParams,
        querystring: ImportDeleteQuery,
        response: { 200: ImportDeleteResponse, ...errors, 409: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request) => imports.remove(currentUser(request), request.params.importId, request.query.photos),
  );
}
