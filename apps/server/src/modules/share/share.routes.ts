// The travel page to share (issue 27): its settings under /api/share, for the signed-in traveller, and
// the page itself at /t/{token} with its pictures, for anyone holding the address. Every address that is
// not a page now (never was, turned off, regenerated, its account deleted) gets the same 404.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorCode,
  ErrorResponse,
  SHARE_MESSAGES,
  ShareRegenerateResponse,
  ShareSettings,
  ShareUpdateRequest,
} from '@waymarks/shared';
import { ObjectNotFoundError, type ObjectStorage } from '../../adapters/storage/object-storage.js';
import { keepCompressedCopies, LARGE_PAGE, registerCompression } from '../../http/compression.js';
import { AppError } from '../../http/errors.js';
import { perUserRateLimit } from '../../http/per-user-rate-limit.js';
import { currentUser } from '../auth/require-auth.js';
import { SHARE_NOT_FOUND_HTML, sharePageHtml } from './share-page.js';
import type { SharedObject } from './page-contents.js';
import type { ShareService } from './share.service.js';

const security = [{ bearer: [] }];
const tags = ['share'];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse, 429: ErrorResponse };
const SETTINGS_CHANGES_PER_MINUTE = 60;

/** Per address: a page is read by people, a picture by the messengers that preview a link. */
const PAGE_LIMIT = { rateLimit: { max: 120, timeWindow: '1 minute' } };
const PHOTO_LIMIT = { rateLimit: { max: 600, timeWindow: '1 minute' } };
/** A picture costs a render when the page changed: messengers ask once per link pasted. */
const IMAGE_LIMIT = { rateLimit: { max: 60, timeWindow: '1 minute' } };
const ImageQuery = z.strictObject({
  format: z.enum(['og', 'story']).optional().describe('og (default): 1200×630; story: 1080×1350'),
});

// Any text: a token or key that cannot be one is answered like one that names no page, with the same 404.
const TokenParams = z.object({ token: z.string().describe('The page token from /t/{token}') });
const PhotoParams = TokenParams.extend({ key: z.string().describe('The photo key the page links to') });

/** Shared answers may be kept only as long as the traveller keeps sharing them: always asked again. */
const REVALIDATE = 'no-cache';

/**
 * Marks a shared answer as one a client keeps only while it is shared (asked about again each time) and
 * tags it; true when the client already holds these bytes, and a 304 should go instead.
 */
function heldAlready(request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  reply.header('cache-control', REVALIDATE).header('etag', etag);
  return request.headers['if-none-match'] === etag;
}

/**
 * The one answer for every address that is not a page now: a page for a browser (which asks for HTML),
 * the API's error shape for anything else; the same bytes whatever the token was.
 */
function notFoundPage(request: FastifyRequest, reply: FastifyReply) {
  reply
    .status(404)
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .header('vary', 'accept');
  if (request.headers.accept?.includes('text/html')) {
    return reply.type('text/html; charset=utf-8').send(SHARE_NOT_FOUND_HTML);
  }
  return reply.send({ error: { code: ErrorCode.notFound, message: SHARE_MESSAGES.pageGone } });
}

export async function shareRoutes(
  app: FastifyInstance,
  deps: { share: ShareService; storage: Pick<ObjectStorage, 'read'>; publicUrl: string },
): Promise<void> {
  const { share, storage } = deps;
  await registerCompression(app);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const origin = new URL(deps.publicUrl).origin;

  /** Sends a stored picture of a page, or the page's 404 when it is not shared now. */
  async function sendObject(request: FastifyRequest, reply: FastifyReply, object: SharedObject | undefined) {
    if (!object) return notFoundPage(request, reply);
    reply.header('x-robots-tag', 'noindex');
    if (heldAlready(request, reply, object.etag)) return reply.status(304).send();
    try {
      return reply.type(object.contentType).send(await storage.read(object.key));
    } catch (error) {
      // Deleted between the page's read and this one: gone, like any other.
      if (error instanceof ObjectNotFoundError) return notFoundPage(request, reply.removeHeader('etag'));
      throw error;
    }
  }

  api.get(
    '/t/:token',
    {
      ...LARGE_PAGE,
      config: PAGE_LIMIT,
      schema: {
        tags,
        summary: 'A travel page, as HTML: 404 for every token that is not a page now',
        params: TokenParams,
      },
    },
    async (request, reply) => {
      const page = await share.pageHtml(request.params.token, (shown) => sharePageHtml(shown, origin));
      if (!page) return notFoundPage(request, reply);
      if (!page.indexable) reply.header('x-robots-tag', 'noindex, nofollow');
      if (heldAlready(request, reply, page.etag)) return reply.status(304).send();
      // The same bytes until the page changes: compressed once per encoding.
      keepCompressedCopies(page.html);
      return reply.type('text/html; charset=utf-8').send(page.html);
    },
  );

  api.get(
    '/t/:token/image.png',
    {
      config: IMAGE_LIMIT,
      schema: {
        tags,
        summary:
          "The page's share picture: 1200×630 for link previews (og), or 1080×1350 for stories; made once per change of the page",
        params: TokenParams,
        querystring: ImageQuery,
      },
    },
    async (request, reply) => {
      const image = await share.image(request.params.token, request.query.format ?? 'og');
      if (!image) return notFoundPage(request, reply);
      // Whether this request drew the picture or found it made: for the operator, and the tests.
      reply.header('x-robots-tag', 'noindex').header('x-cache', image.rendered ? 'miss' : 'hit');
      if (heldAlready(request, reply, image.etag)) return reply.status(304).send();
      return reply.type('image/png').send(image.png);
    },
  );

  api.get(
    '/t/:token/avatar.png',
    { config: PHOTO_LIMIT, schema: { tags, summary: "The page's avatar portrait", params: TokenParams } },
    async (request, reply) => sendObject(request, reply, await share.avatar(request.params.token)),
  );

  const photoSizes = [
    { folder: 'photos', size: 'preview', summary: 'A shared photo, screen-sized, without metadata' },
    { folder: 'thumbs', size: 'thumbnail', summary: "A shared photo's square thumbnail, without metadata" },
  ] as const;
  for (const { folder, size, summary } of photoSizes) {
    api.get(
      `/t/:token/${folder}/:key.webp`,
      { config: PHOTO_LIMIT, schema: { tags, summary, params: PhotoParams } },
      async (request, reply) => {
        const { token, key } = request.params;
        return sendObject(request, reply, await share.photo(token, key, size));
      },
    );
  }
}

/** /api/share: the signed-in traveller's page settings. */
export async function shareSettingsRoutes(
  app: FastifyInstance,
  deps: { share: ShareService },
): Promise<void> {
  const { share } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/share',
    {
      schema: {
        tags,
        security,
        summary: 'The travel page settings: on or off, its address, its parts',
        response: { 200: ShareSettings, ...errors },
      },
    },
    async (request) => share.settings(currentUser(request)),
  );

  api.put(
    '/share',
    {
      config: perUserRateLimit(SETTINGS_CHANGES_PER_MINUTE),
      schema: {
        tags,
        security,
        summary:
          'Turns the travel page on (a new address if it had none) or off (the address is gone), and sets its parts',
        body: ShareUpdateRequest,
        response: { 200: ShareSettings, ...errors },
      },
    },
    async (request) => share.update(currentUser(request), request.body),
  );

  api.post(
    '/share/regenerate',
    {
      config: perUserRateLimit(SETTINGS_CHANGES_PER_MINUTE),
      schema: {
        tags,
        security,
        summary:
          'A new address for the travel page; the old one answers 404 at once. 409 while the page is off',
        response: { 200: ShareRegenerateResponse, ...errors, 409: ErrorResponse },
      },
    },
    async (request) => {
      const regenerated = await share.regenerate(currentUser(request));
      if (!regenerated) throw new AppError(409, ErrorCode.shareOff, SHARE_MESSAGES.notEnabled);
      return regenerated;
    },
  );
}
