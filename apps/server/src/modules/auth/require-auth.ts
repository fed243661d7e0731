// onRequest hook for routes that need a signed-in user: a valid bearer access token whose sessions still
// live. It runs before the body is parsed or validated, so a stranger learns nothing from validation errors.
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { UserRow } from '../../db/schema.js';
import { unauthorized } from '../../http/errors.js';
import type { SessionService } from './session.service.js';

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

export function createRequireAuth(sessions: SessionService): onRequestAsyncHookHandler {
  return async function requireAuth(request: FastifyRequest, _reply: FastifyReply) {
    const token = bearerToken(request);
    if (!token) throw unauthorized('No authentication token available');
    const authenticated = await sessions.authenticate(token);
    if (!authenticated) throw unauthorized('Session expired. Please log in again.');
    request.currentUser = authenticated.user;
    request.currentSessionId = authenticated.sessionId;
  };
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
