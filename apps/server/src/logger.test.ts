import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { AccessLog, censored, loggerOptions, redactUrl } from './logger.js';

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

  it('hides the token of a travel page and of its pictures', () => {
    expect(redactUrl('/t/Abc_def-1234567890abcd')).toBe('/t/[redacted]');
    expect(redactUrl('/t/Abc_def-1234567890abcd/photos/k3y.webp')).toBe('/t/[redacted]/photos/k3y.webp');
    expect(redactUrl('/t/Abc_def-1234567890abcd/image.png?format=story')).toBe(
      '/t/[redacted]/image.png?format=story',
    );
    expect(redactUrl('/terms')).toBe('/terms');
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

describe('the access log', () => {
  /** An app logging at `info` the way the server does, with the lines it wrote. */
  async function loggingApp() {
    const lines: Array<Record<string, unknown>> = [];
    const app = Fastify({
      logger: {
        ...loggerOptions('info'),
        stream: { write: (line: string) => void lines.push(JSON.parse(line)) },
      },
      logController: new AccessLog(),
    });
    app.get('/api/things', (_request, reply) => reply.send({ ok: true }));
    app.get('/api/broken', () => {
      throw new Error('the disk is full');
    });
    await app.ready();
    return { app, lines };
  }

  it('writes one line a request, when it is answered, with the request, its status and its time', async () => {
    const { app, lines } = await loggingApp();
    const reply = await app.inject({
      method: 'GET',
      url: '/api/things?token=SECRET',
      remoteAddress: '10.1.2.3',
    });
    expect(reply.statusCode).toBe(200);

    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({
      level: 30,
      msg: 'request completed',
      reqId: 'req-1',
      req: { method: 'GET', url: '/api/things?token=[redacted]', ip: '10.1.2.3', id: 'req-1' },
      res: { statusCode: 200 },
    });
    expect(line?.responseTime).toEqual(expect.any(Number));
    expect(JSON.stringify(lines)).not.toContain('SECRET');
    await app.close();
  });

  it('writes the error a request ended with beside the line for its answer', async () => {
    const { app, lines } = await loggingApp();
    const reply = await app.inject({ method: 'GET', url: '/api/broken' });
    expect(reply.statusCode).toBe(500);

    // Fastify's error handler logs the error with the request; the access line follows, as for any answer.
    expect(lines.map((line) => [line.level, line.msg])).toEqual([
      [50, 'the disk is full'],
      [30, 'request completed'],
    ]);
    expect(lines[1]).toMatchObject({ req: { url: '/api/broken' }, res: { statusCode: 500 } });
    await app.close();
  });
});
