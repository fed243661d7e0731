// Security headers, computed once at start-up and set on every response. (Running helmet's middleware per
// request re-parses its Content-Security-Policy each time, a third of a small request's cost.)
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

interface SecurityHeadersOptions {
  https: boolean;
  /** MAP_STYLE_URL: pages may fetch from its origin (the style, its tiles, glyphs and sprites). */
  mapStyleUrl?: string | undefined;
  /** S3-compatible storage: the browser PUTs uploads to it and shows media from it. */
  storageOrigin?: string | undefined;
}

function securityHeaders(options: SecurityHeadersOptions): Record<string, string> {
  const mapOrigins = options.mapStyleUrl ? [new URL(options.mapStyleUrl).origin] : [];
  const storageOrigins = options.storageOrigin ? [options.storageOrigin] : [];
  const config: HelmetOptions = {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Inline style attributes come from the UI libraries (dialogs, the map); no script can use them.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...mapOrigins, ...storageOrigins],
        mediaSrc: ["'self'", 'blob:', ...storageOrigins],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...mapOrigins, ...storageOrigins],
        // The map library's worker is a file of this app (a blob: worker is only its cross-origin fallback).
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    strictTransportSecurity: options.https,
  };
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader() {},
  };
  helmet(config)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * API answers are JSON, never rendered: they get the short, strictest set of the OWASP REST Security
 * Cheat Sheet rather than the page policy. Every header costs measurable time on small answers
 * (bench/auth-overhead), and referrer or resource policies protect nothing a JSON answer exposes.
 */
function apiSecurityHeaders(options: { https: boolean }): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cache-control': 'no-store',
    ...(options.https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeadersOptions): void {
  const page = securityHeaders(options);
  const api = apiSecurityHeaders(options);
  app.addHook('onRequest', (request, reply, done) => {
    const isApi = request.url.startsWith('/api/') && !request.url.startsWith('/api/docs');
    reply.headers(isApi ? api : page);
    done();
  });
}
