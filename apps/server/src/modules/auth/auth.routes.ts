// /api/auth/*: thin handlers that validate with the shared contract and delegate to the services.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorCode,
  AuthConfigResponse,
  ErrorResponse,
  ForgotPasswordRequest,
  OkResponse,
  ResendCodeRequest,
  ResetPasswordRequest,
  Session,
  SignInRequest,
  SignUpRequest,
  SignUpResponse,
  User,
  VerifyEmailRequest,
  OAuthExchangeRequest,
} from '@waymarks/shared';
import { clientKey } from '../../http/client-key.js';
import { PENDING_SIGNUP_TTL_MS, type AuthService } from './auth.service.js';
import type { IssuedSession, SessionService } from './session.service.js';
import { toUser } from './session.service.js';
import { currentUser } from './require-auth.js';
import { BROWSER_BINDING_COOKIE, BROWSER_BINDING_PATH } from './google.routes.js';
import { OAUTH_MESSAGES, type GoogleSignIn } from './google.service.js';
import type { onRequestAsyncHookHandler } from 'fastify';

export const REFRESH_COOKIE = 'wm_refresh';
/** The ticket of the browser's own sign-up: that browser confirms and resends only that one. */
export const SIGNUP_COOKIE = 'wm_signup';
const COOKIE_PATH = '/api/auth';

interface AuthRoutesDeps {
  auth: AuthService;
  sessions: SessionService;
  google: GoogleSignIn | undefined;
  secureCookies: boolean;
  /** Refuses requests made by pages of another origin, on the routes that act on the refresh cookie. */
  sameOrigin: onRequestAsyncHookHandler;
}

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  409: ErrorResponse,
  429: ErrorResponse,
};
const limited = { rateLimit: { max: 30, timeWindow: '1 minute' } };

export async function authRoutes(app: FastifyInstance, deps: AuthRoutesDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { auth, sessions } = deps;

  const sendSession = (reply: FastifyReply, issued: IssuedSession) => {
    reply.setCookie(REFRESH_COOKIE, issued.refreshToken, {
      path: COOKIE_PATH,
      httpOnly: true,
      sameSite: 'lax',
      secure: deps.secureCookies,
      expires: new Date(issued.refreshExpiresAt),
    });
    return issued.session;
  };
  /** A new sign-in in this browser replaces its earlier session, which ends rather than lingering. */
  const startSession = async (request: FastifyRequest, reply: FastifyReply, issued: IssuedSession) => {
    await sessions.signOut(request.cookies[REFRESH_COOKIE]);
    return sendSession(reply, issued);
  };

  api.get('/config', { schema: { tags: ['auth'], response: { 200: AuthConfigResponse } } }, async () => ({
    googleEnabled: deps.google !== undefined,
  }));

  api.post(
    '/signup',
    {
      config: limited,
      schema: { tags: ['auth'], body: SignUpRequest, response: { 201: SignUpResponse, ...errors } },
    },
    async (request, reply) => {
      const { email, ticket } = await auth.signUp(request.body, clientKey(request.ip));
      reply.setCookie(SIGNUP_COOKIE, ticket, {
        path: COOKIE_PATH,
        httpOnly: true,
        sameSite: 'strict',
        secure: deps.secureCookies,
        maxAge: PENDING_SIGNUP_TTL_MS / 1000,
      });
      return reply.status(201).send({ email });
    },
  );

  api.post(
    '/verify',
    {
      config: limited,
      schema: { tags: ['auth'], body: VerifyEmailRequest, response: { 200: OkResponse, ...errors } },
    },
    async (request, reply) => {
      const { email, code, password } = request.body;
      await auth.verifyEmail(email, code, clientKey(request.ip), request.cookies[SIGNUP_COOKIE], password);
      reply.clearCookie(SIGNUP_COOKIE, { path: COOKIE_PATH });
      return { ok: true as const };
    },
  );

  api.post(
    '/resend-code',
    {
      config: limited,
      schema: { tags: ['auth'], body: ResendCodeRequest, response: { 200: OkResponse, ...errors } },
    },
    async (request) => {
      await auth.resendCode(request.body.email, clientKey(request.ip), request.cookies[SIGNUP_COOKIE]);
      return { ok: true as const };
    },
  );

  api.post(
    '/signin',
    {
      config: limited,
      schema: { tags: ['auth'], body: SignInRequest, response: { 200: Session, ...errors } },
    },
    async (request, reply) =>
      startSession(
        request,
        reply,
        await auth.signIn(request.body.email, request.body.password, clientKey(request.ip)),
      ),
  );

  api.post(
    '/refresh',
    {
      config: limited,
      onRequest: deps.sameOrigin,
      schema: {
        tags: ['auth'],
        description: 'New session from the refresh cookie; 204 when no cookie was sent (nobody is signed in)',
        response: { 200: Session, 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const refreshToken = request.cookies[REFRESH_COOKIE];
      // No cookie is the ordinary signed-out visitor, not an error.
      if (!refreshToken) return reply.status(204).send(null);
      try {
        return sendSession(reply, await sessions.refresh(refreshToken));
      } catch (error) {
        reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH });
        throw error;
      }
    },
  );

  api.post(
    '/signout',
    {
      onRequest: deps.sameOrigin,
      schema: { tags: ['auth'], response: { 200: OkResponse, 403: ErrorResponse } },
    },
    async (request, reply) => {
      await sessions.signOut(request.cookies[REFRESH_COOKIE]);
      reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH });
      return { ok: true as const };
    },
  );

  api.post(
    '/forgot-password',
    {
      config: limited,
      schema: { tags: ['auth'], body: ForgotPasswordRequest, response: { 200: OkResponse, ...errors } },
    },
    async (request) => {
      await auth.forgotPassword(request.body.email, clientKey(request.ip));
      return { ok: true as const };
    },
  );

  api.post(
    '/reset-password',
    {
      config: limited,
      schema: { tags: ['auth'], body: ResetPasswordRequest, response: { 200: OkResponse, ...errors } },
    },
    async (request) => {
      await auth.resetPassword(request.body.token, request.body.password, clientKey(request.ip));
      return { ok: true as const };
    },
  );

  api.post(
    '/oauth/exchange',
    {
      config: limited,
      onRequest: deps.sameOrigin,
      schema: { tags: ['auth'], body: OAuthExchangeRequest, response: { 200: Session, ...errors } },
    },
    async (request, reply) => {
      if (!deps.google) return reply.status(404).send(notConfigured);
      const binding = request.cookies[BROWSER_BINDING_COOKIE];
      // The binding has done its job once the code is spent, whatever the outcome.
      reply.clearCookie(BROWSER_BINDING_COOKIE, { path: BROWSER_BINDING_PATH });
      return startSession(request, reply, await deps.google.exchange(request.body.code, binding));
    },
  );
}

/** GET /api/auth/me reads no cookie, so it lives outside the cookie-parsing scope of the routes above. */
export async function meRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/me',
    {
      schema: { tags: ['auth'], security: [{ bearer: [] }], response: { 200: User, 401: ErrorResponse } },
    },
    // Not async: the answer is at hand, and a promise on every page's first request costs (decision 096).
    (request, reply) => {
      reply.send(toUser(currentUser(request)));
    },
  );
}

const notConfigured = {
  error: { code: ErrorCode.oauthNotConfigured, message: OAUTH_MESSAGES.notConfigured },
};
