// /api/media: the upload protocol, the gallery, downloads and deletion (SPEC.md §7 Media). Every route but
// the archive needs a session; the archive link is signed and short-lived instead, because a browser
// download cannot carry the bearer token.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CompleteUploadRequest,
  CompleteUploadResponse,
  DeleteMediaResponse,
  DownloadUrlResponse,
  ErrorResponse,
  MediaCaptionRequest,
  MediaIdParams,
  MediaItem,
  MediaListResponse,
  MediaPinParams,
  UploadUrlRequest,
  UploadUrlResponse,
} from '@waymarks/shared';
import { z } from 'zod';
import { perUserRateLimit } from '../../http/per-user-rate-limit.js';
import { sendZip } from '../../http/zip-reply.js';
import { currentUser } from '../auth/require-auth.js';
import type { DownloadAllService } from './download-all.service.js';
import type { MediaService } from './media.service.js';
import { LARGE_ANSWER } from '../../http/compression.js';

interface MediaRoutesDeps {
  media: MediaService;
  downloadAll: DownloadAllService;
}

const security = [{ bearer: [] }];
const tags = ['media'];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

/** Thousands of photos go up four at a time: generous, but a runaway client is stopped. */
const UPLOADS_PER_MINUTE = 1200;
/** Far more captions than anyone types in a minute; a runaway client is stopped. */
const CAPTIONS_PER_MINUTE = 120;

export async function mediaRoutes(app: FastifyInstance, deps: MediaRoutesDeps): Promise<void> {
  const { media, downloadAll } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/media/upload-url',
    {
      config: perUserRateLimit(UPLOADS_PER_MINUTE),
      schema: {
        tags,
        security,
        summary:
          'Reserve an upload: checks the pin, type, size, storage allowance and per-pin limit; PUT the file to uploadUrl. 409 ALREADY_UPLOADED when the traveller keeps a file with the contentHash given',
        body: UploadUrlRequest,
        response: {
          200: UploadUrlResponse,
          ...errors,
          409: ErrorResponse,
          413: ErrorResponse,
          415: ErrorResponse,
          429: ErrorResponse,
        },
      },
    },
    async (request) => media.createUpload(currentUser(request), request.body),
  );

  api.post(
    '/media/complete',
    {
      config: perUserRateLimit(UPLOADS_PER_MINUTE),
      schema: {
        tags,
        security,
        summary:
          'Check the uploaded file (type from its bytes, metadata, thumbnails) and add it to the pin; gives its verification. 409 ALREADY_UPLOADED, the copy deleted, when the traveller keeps the same bytes already. 503 with Retry-After when too many uploads are being processed',
        body: CompleteUploadRequest,
        response: {
          200: CompleteUploadResponse,
          ...errors,
          409: ErrorResponse,
          413: ErrorResponse,
          422: ErrorResponse,
          429: ErrorResponse,
          503: ErrorResponse,
        },
      },
    },
    async (request) => {
      // Operators see which upload a slow or failed check belongs to; the crash test waits for this line.
      request.log.info({ mediaId: request.body.mediaId }, 'upload completing');
      return media.complete(currentUser(request), request.body.mediaId, request.body.exifData);
    },
  );

  api.get(
    '/media/pin/:pinId',
    {
      ...LARGE_ANSWER,
      schema: {
        tags,
        security,
        summary:
          'A pin’s photos and videos in the order they were taken (oldest first; those without a date after, as uploaded), with short-lived links to view them',
        params: MediaPinParams,
        response: { 200: MediaListResponse, ...errors },
      },
    },
    async (request) => ({ media: await media.listForPin(currentUser(request), request.params.pinId) }),
  );

  api.get(
    '/media/:id/download-url',
    {
      schema: {
        tags,
        security,
        summary: 'A short-lived link to the original file (mediaDownloads feature)',
        params: MediaIdParams,
        response: { 200: DownloadUrlResponse, ...errors },
      },
    },
    async (request) => media.downloadUrl(currentUser(request), request.params.id),
  );

  api.get(
    '/media/pin/:pinId/download-url',
    {
      schema: {
        tags,
        security,
        summary: 'A short-lived link to one ZIP of all the pin’s originals (mediaDownloads feature)',
        params: MediaPinParams,
        response: { 200: DownloadUrlResponse, ...errors },
      },
    },
    async (request) => downloadAll.link(currentUser(request), request.params.pinId),
  );

  api.put(
    '/media/:id',
    {
      config: perUserRateLimit(CAPTIONS_PER_MINUTE),
      schema: {
        tags,
        security,
        summary: 'Set the caption of a photo or video (trimmed; empty or null removes it); gives the item',
        params: MediaIdParams,
        body: MediaCaptionRequest,
        response: { 200: MediaItem, ...errors, 429: ErrorResponse },
      },
    },
    async (request) => media.setCaption(currentUser(request), request.params.id, request.body.caption),
  );

  api.delete(
    '/media/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a photo or video (or cancel an upload) and its stored files; gives the updated pin',
        params: MediaIdParams,
        response: { 200: DeleteMediaResponse, ...errors },
      },
    },
    async (request) => media.delete(currentUser(request), request.params.id),
  );
}

/** GET /api/media/archive/{token}: public, the link's signature is what it checks. */
export async function mediaArchiveLinkRoutes(
  app: FastifyInstance,
  deps: Pick<MediaRoutesDeps, 'downloadAll'>,
): Promise<void> {
  const { downloadAll } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/media/archive/:token',
    {
      schema: {
        tags,
        summary: 'The ZIP behind a Download All link',
        params: z.object({ token: z.string().max(1000) }),
        response: { 200: z.any().describe('application/zip'), 403: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => sendZip(reply, await downloadAll.open(request.params.token)),
  );
}
