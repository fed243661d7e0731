// Baseline for auth-overhead and pins-list: a bare Fastify 5 route on the same path answering the same
// bytes with the same content type, and nothing else (no plugins, no hooks, no logging unless LOG_LEVEL
// names a level). Started as a
// child process so it gets its own event loop, like the real server.
//   PORT, CONTENT_TYPE, ROUTE (default /api/auth/me) and the body come from the environment: BODY_BASE64,
//   or BODY_FILE for bodies too large for an environment variable (read once at start, then held in memory).
import { Buffer } from 'node:buffer';
import { readFileSync } from 'node:fs';
import Fastify, { LogController } from 'fastify';

const port = Number(process.env.PORT);
const body = process.env.BODY_FILE
  ? readFileSync(process.env.BODY_FILE)
  : Buffer.from(process.env.BODY_BASE64 ?? '', 'base64');
const contentType = process.env.CONTENT_TYPE ?? 'application/json; charset=utf-8';
const route = process.env.ROUTE ?? '/api/auth/me';

/** One line a request when it is answered, as the server writes it (apps/server/src/logger.ts AccessLog). */
class OneLine extends LogController {
  incomingRequest() {}

  requestCompleted(error, request, reply) {
    reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

// LOG_LEVEL: Fastify's own logger at that level on standard output (diagnostics of auth-overhead), with
// Fastify's two lines a request, or with one (LOG_LINES=one) as the server writes; without it, none.
const app = Fastify({
  logger: process.env.LOG_LEVEL ? { level: process.env.LOG_LEVEL } : false,
  ...(process.env.LOG_LINES === 'one' ? { logController: new OneLine() } : {}),
});
app.get(route, (_request, reply) => {
  reply.type(contentType).send(body);
});
app.get('/api/ready', (_request, reply) => {
  reply.send({ status: 'ready' });
});

process.on('SIGTERM', () => {
  app.close().then(() => process.exit(0));
});

await app.listen({ port, host: '127.0.0.1' });
