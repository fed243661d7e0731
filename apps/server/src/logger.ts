// Structured logs (pino) with every credential-bearing field redacted.
import type { LoggerOptions } from 'pino';

const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.token',
  '*.accessToken',
  '*.refreshToken',
  '*.idToken',
  '*.code',
  '*.secret',
  '*.clientSecret',
  'password',
  'token',
  'code',
];

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      // Query strings can carry one-time codes (/oauth/callback?code=, /reset-password?token=).
      req(request: { method: string; url: string; ip?: string; id?: string }) {
        return { method: request.method, url: redactUrl(request.url), ip: request.ip, id: request.id };
      },
    },
  };
}

const SECRET_PARAMS = /([?&](?:code|token|state|access_token|id_token)=)[^&#]*/gi;
// Signed upload, download and archive links, and export links, carry their authority in the last path
// segment.
const SIGNED_PATHS = /(\/api\/(?:storage\/(?:upload|object)|media\/archive|account\/export)\/)[^?#]*/g;

export function redactUrl(url: string): string {
  return url.replace(SIGNED_PATHS, '$1[redacted]').replace(SECRET_PARAMS, '$1[redacted]');
}
