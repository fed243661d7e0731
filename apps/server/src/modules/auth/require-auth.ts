// onRequest hook for routes that need a signed-in user: a valid bearer access token whose sessions still
// live. It runs before the body is parsed or validated, so a stranger learns nothing from validation errors.
import type { FastifyRequest, HookHandlerDoneFunction, onRequestHookHandler } from 'fastify';
import type { UserRow } from '../../db/schema.js';
import { unauthorized } from '../../http/errors.js';
import type { Authenticated, SessionService } from './session.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireAuth; present on every route that uses it. */
    currentUser?: UserRow;
    /** The session the bearer token belongs to; set by requireAuth with currentUser. */
    currentSessionId?: string;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  return header.slice('Bearer '.length).trim() || undefined;
}

/**
 * A hook with a callback rather than an async function: most requests are answered from what the last
 * second read (SessionService.authenticateFromMemory) and go on at once, without the promises an async
 * hook and its lookups cost every request (docs/decisions/096-per-request-cost.md).
 */
export function createRequireAuth(sessions: SessionService): onRequestHookHandler {
  return function requireAuth(request, _reply, done) {
    const token = bearerToken(request);
    if (!token) {
      done(unauthorized('No authentication token available'));
      return;
    }
    const known = sessions.authenticateFromMemory(token);
    if (known !== undefined) {
      admit(request, known, done);
      return;
    }
    sessions.authenticate(token).then(
      (authenticated) => admit(request, authenticated, done),
      (error: unknown) => done(error as Error),
    );
  };
}

function admit(request: FastifyRequest, authenticated: Authenticated | null, done: HookHandlerDoneFunction) {
  if (!authenticated) {
    done(unauthorized('Session expired. Please log in again.'));
    return;
  }
  request.currentUser = authenticated.user;
  request.currentSessionId = authenticated.sessionId;
  done();
}

/** The signed-in user on a route guarded by requireAuth. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.currentUser) throw unauthorized();
  return request.currentUser;
}

/** The session of the signed-in user on a route guarded by requireAuth. */
export function currentSessionId(request: FastifyRequest): string {
  if (!request.currentSessionId) throw unauthorized();
  return request.currentSessionId;
}
