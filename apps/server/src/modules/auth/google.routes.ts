// The two browser-facing legs of Google sign-in: off to the provider, and back from it.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../http/errors.js';
import { OAUTH_MESSAGES, type GoogleSignIn, type PendingAuthorization } from './google.service.js';

const PENDING_COOKIE = 'wm_oauth';
const PENDING_PATH = '/api/auth/google';

export async function googleRoutes(
  app: FastifyInstance,
  deps: { google: GoogleSignIn | undefined; secureCookies: boolean },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const toCallback = (params: Record<string, string>) => `/oauth/callback?${new URLSearchParams(params)}`;

  api.get(
    '/start',
    { config: { rateLimit: { max: 30, timeWindow: '1 minute' } }, schema: { tags: ['auth'], hide: true } },
    async (request, reply) => {
      if (!deps.google) return reply.redirect(toCallback({ error: OAUTH_MESSAGES.notConfigured }));
      try {
        const { url, pending } = await deps.google.start();
        reply.setCookie(PENDING_COOKIE, JSON.stringify(pending), {
          path: PENDING_PATH,
          httpOnly: true,
          sameSite: 'lax',
          secure: deps.secureCookies,
          signed: true,
          maxAge: 600,
        });
        return reply.redirect(url);
      } catch (error) {
        request.log.error({ err: error }, 'Google sign-in could not start');
        return reply.redirect(toCallback({ error: 'Google sign-in is unavailable right now' }));
      }
    },
  );

  api.get(
    '/callback',
    {
      schema: {
        tags: ['auth'],
        hide: true,
        querystring: z
          .object({ code: z.string().max(2000).optional(), error: z.string().max(200).optional() })
          .loose(),
      },
    },
    async (request, reply) => {
      const pending = readPending(request.unsignCookie(request.cookies[PENDING_COOKIE] ?? ''));
      reply.clearCookie(PENDING_COOKIE, { path: PENDING_PATH });
      if (request.query.error) return reply.redirect(toCallback({ error: request.query.error }));
      if (!deps.google || !pending)
        return reply.redirect(toCallback({ error: OAUTH_MESSAGES.callbackFailed }));
      try {
        const query = request.url.slice(request.url.indexOf('?') + 1);
        const code = await deps.google.complete(query, pending);
        return reply.redirect(toCallback({ code }));
      } catch (error) {
        const message = error instanceof AppError ? error.message : OAUTH_MESSAGES.callbackFailed;
        request.log.warn({ err: error }, 'Google sign-in callback failed');
        return reply.redirect(toCallback({ error: message }));
      }
    },
  );
}

function readPending(unsigned: { valid: boolean; value: string | null }): PendingAuthorization | undefined {
  if (!unsigned.valid || !unsigned.value) return undefined;
  try {
    const value = JSON.parse(unsigned.value) as Partial<PendingAuthorization>;
    if (
      typeof value.state === 'string' &&
      typeof value.nonce === 'string' &&
      typeof value.codeVerifier === 'string'
    ) {
      return { state: value.state, nonce: value.nonce, codeVerifier: value.codeVerifier };
    }
  } catch {
    // A cookie that does not parse is treated as absent: the sign-in fails with a clear message.
  }
  return undefined;
}
