// Refuses requests that another site's page made a browser send. SameSite=Lax already keeps the refresh
// cookie off cross-site POSTs, but not off a sibling subdomain's (same site, other origin), nor off a
// browser that ignores SameSite; the routes that act on that cookie check the origin as well.
//
// A browser names the requesting page's origin in `Origin` on every POST (and says where a request came
// from in `Sec-Fetch-Site`); a forged request always comes from a browser, so when both are absent the
// caller is not a browser page (curl, a native client) and cannot be carrying someone else's cookie.
// The page's origin must be PUBLIC_URL's, or have the host the request was sent to (the app opened at
// 127.0.0.1 instead of localhost, or at its LAN address): a page of another host can never name ours.
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { ErrorCode } from '@waymarks/shared';
import { AppError } from './errors.js';

const SAME_ORIGIN_SITES = new Set(['same-origin', 'none']);

const CROSS_ORIGIN_MESSAGE = 'This request must come from the Waymarks site itself.';

function isSameOriginRequest(request: FastifyRequest, appOrigin: string): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) return origin === appOrigin || hostOf(origin) === request.headers.host;
  const site = request.headers['sec-fetch-site'];
  return site === undefined || SAME_ORIGIN_SITES.has(site);
}

function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host || undefined;
  } catch {
    return undefined;
  }
}

/** An onRequest hook: 403 for a request that a page of another origin made. */
export function requireSameOrigin(publicUrl: string): onRequestAsyncHookHandler {
  const appOrigin = new URL(publicUrl).origin;
  return async function sameOriginOnly(request) {
    if (!isSameOriginRequest(request, appOrigin)) {
      throw new AppError(403, ErrorCode.crossOrigin, CROSS_ORIGIN_MESSAGE);
    }
  };
}
