// The two browser-facing legs of Google sign-in: off to the provider, and back from it.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { OAuthCallbackError } from '@waymarks/shared';
import { OAuthCallbackFailure, type GoogleSignIn, type PendingAuthorization } from './google.service.js';
import { hashToken, randomToken } from './tokens.js';

const PENDING_COOKIE = 'wm_oauth';
const PENDING_PATH = '/api/auth/google';
/**
 * A random value held by the browser that started a Google sign-in; the login code is bound to its hash,
 * and only the browser sending it may exchange the code. Scoped to /api/auth so the exchange receives it.
 */
export const BROWSER_BINDING_COOKIE = 'wm_oauth_browser';
export const BROWSER_BINDING_PATH = '/api/auth';
const FLOW_SECONDS = 600;

export async function googleRoutes(
  app: FastifyInstance,
  deps: { google: GoogleSignIn | undefined; secureCookies: boolean },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const toCallback = (params: { code: string } | { error: OAuthCallbackError }) =>
    `/oauth/callback?${new URLSearchParams(params)}`;
  const failed = (reply: FastifyReply, reason: OAuthCallbackError) =>
    reply.redirect(toCallback({ error: reason }));
  const cookie = {
    httpOnly: true,
    sameSite: 'lax',
    secure: deps.secureCookies,
    maxAge: FLOW_SECONDS,
  } as const;

  api.get(
    '/start',
    { config: { rateLimit: { max: 30, timeWindow: '1 minute' } }, schema: { tags: ['auth'], hide: true } },
    async (request, reply) => {
      if (!deps.google) return failed(reply, 'not_configured');
      try {
        const { url, pending } = await deps.google.start();
        reply.setCookie(PENDING_COOKIE, JSON.stringify(pending), {
          ...cookie,
          path: PENDING_PATH,
          signed: true,
        });
        reply.setCookie(BROWSER_BINDING_COOKIE, randomToken(), { ...cookie, path: BROWSER_BINDING_PATH });
        return reply.redirect(url);
      } catch (error) {
        request.log.error({ err: error }, 'Google sign-in could not start');
        return failed(reply, 'unavailable');
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
      const binding = request.cookies[BROWSER_BINDING_COOKIE];
      reply.clearCookie(PENDING_COOKIE, { path: PENDING_PATH });
      // The provider's own words are not passed on: only whether the person said no.
      if (request.query.error) {
        return failed(reply, request.query.error === 'access_denied' ? 'access_denied' : 'callback_failed');
      }
      if (!deps.google || !pending || !binding) return failed(reply, 'callback_failed');
      try {
        const query = request.url.slice(request.url.indexOf('?') + 1);
        const code = await deps.google.complete(query, pending, hashToken(binding));
        return reply.redirect(toCallback({ code }));
      } catch (error) {
        request.log.warn({ err: error }, 'Google sign-in callback failed');
        return failed(reply, error instanceof OAuthCallbackFailure ? error.reason : 'callback_failed');
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
