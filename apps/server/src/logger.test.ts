import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { censored, loggerOptions, redactUrl } from './logger.js';

describe('redactUrl', () => {
  it('hides one-time codes and tokens in query strings and keeps the rest', () => {
    expect(redactUrl('/oauth/callback?code=abc123&x=1')).toBe('/oauth/callback?code=[redacted]&x=1');
    expect(redactUrl('/reset-password?token=secret')).toBe('/reset-password?token=[redacted]');
    expect(redactUrl('/api/auth/google/callback?state=s&code=c')).toBe(
      '/api/auth/google/callback?state=[redacted]&code=[redacted]',
    );
    expect(redactUrl('/api/health')).toBe('/api/health');
  });

  it('hides the signed part of upload, download and archive links', () => {
    expect(redactUrl('/api/storage/upload/eyJrZXkiOi.sig')).toBe('/api/storage/upload/[redacted]');
    expect(redactUrl('/api/storage/object/eyJrZXkiOi.sig?x=1')).toBe('/api/storage/object/[redacted]?x=1');
    expect(redactUrl('/api/media/archive/abc.def')).toBe('/api/media/archive/[redacted]');
    expect(redactUrl('/api/media/pin/123')).toBe('/api/media/pin/123');
  });
});

/** The logger as it was before decision 096: pino's own `redact` option, with Fastify's serializers. */
function withRedactOption(write: (line: string) => void): pino.Logger {
  return pino(
    {
      level: 'info',
      timestamp: false,
      redact: {
        paths: [
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
        ],
        censor: '[redacted]',
      },
      serializers: {
        req: (request: { method: string; url: string; ip?: string; id?: string }) => ({
          method: request.method,
          url: redactUrl(request.url),
          ip: request.ip,
          id: request.id,
        }),
        res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
        err: pino.stdSerializers.err,
      },
    },
    { write },
  );
}

const withLoggerOptions = (write: (line: string) => void) =>
  pino({ ...loggerOptions('info'), timestamp: false }, { write });

function linesWritten(
  build: (write: (line: string) => void) => pino.Logger,
  log: (logger: pino.Logger) => void,
) {
  const lines: string[] = [];
  log(build((line) => void lines.push(line)));
  return lines;
}

describe('log lines', () => {
  const error = Object.assign(new Error('connect refused'), { code: 'ECONNREFUSED', port: 5432 });
  const request = {
    method: 'GET',
    url: '/reset-password?token=SECRET',
    ip: '127.0.0.1',
    id: 'req-1',
    headers: { authorization: 'Bearer SECRET', cookie: 'refresh=SECRET' },
  };
  const logCalls: Array<[string, (logger: pino.Logger) => void]> = [
    [
      'secrets at the top',
      (log) => log.info({ token: 'SECRET', password: 'SECRET', code: 123456, n: 1 }, 'top'),
    ],
    [
      'secrets one level down',
      (log) =>
        log.warn({
          user: { name: 'Ann', password: 'SECRET', newPassword: 'SECRET' },
          tokens: { accessToken: 'SECRET', refreshToken: 'SECRET', idToken: 'SECRET', token: 'SECRET' },
          google: { secret: 'SECRET', clientSecret: 'SECRET', code: 'SECRET' },
        }),
    ],
    ['a request and its reply', (log) => log.info({ req: request, res: { statusCode: 200 } }, 'request')],
    ['an error, its code censored', (log) => log.error({ err: error }, 'failed')],
    ['an error given alone', (log) => log.error(error)],
    ['undefined secrets', (log) => log.info({ token: undefined, user: { password: undefined } })],
    [
      'a child bound to a request id',
      (log) => log.child({ reqId: 'req-7' }).info({ responseTime: 1.5 }, 'done'),
    ],
  ];
  // Neither censors these: fields two levels down, in a list, or headers not under `req`.
  const uncensoredCalls: Array<[string, (logger: pino.Logger) => void]> = [
    [
      'fields nested deeper or in a list',
      (log) =>
        log.info({ body: { user: { password: 'deep' } }, list: [{ password: 'listed' }], to: 'x' }, 'plain'),
    ],
    ['a raw request under another name', (log) => log.info({ incoming: { ...request, token: 'SECRET' } })],
  ];

  it.each([...logCalls, ...uncensoredCalls])(
    'with %s are written as pino’s redact option wrote them',
    (_name, log) => {
      expect(linesWritten(withLoggerOptions, log)).toEqual(linesWritten(withRedactOption, log));
    },
  );

  it.each(logCalls)('with %s carry no secret', (_name, log) => {
    const written = linesWritten(withLoggerOptions, log).join('\n');
    expect(written).not.toContain('SECRET');
    expect(written).not.toContain('123456');
  });

  it('leaves a value without secrets as it came, with no copy made', () => {
    const user = { name: 'Ann', email: 'ann@example.com' };
    expect(censored('user', user)).toBe(user);
  });
});
