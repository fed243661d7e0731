// Baseline for auth-overhead and pins-list: a bare Fastify 5 route on the same path answering the same
// bytes with the same content type, and nothing else (no plugins, no hooks, no logging). Started as a
// child process so it gets its own event loop, like the real server.
//   PORT, CONTENT_TYPE, ROUTE (default /api/auth/me) and the body come from the environment: BODY_BASE64,
//   or BODY_FILE for bodies too large for an environment variable (read once at start, then held in memory).
import { Buffer } from 'node:buffer';
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const port = Number(process.env.PORT);
const body = process.env.BODY_FILE
  ? readFileSync(process.env.BODY_FILE)
  : Buffer.from(process.env.BODY_BASE64 ?? '', 'base64');
const contentType = process.env.CONTENT_TYPE ?? 'application/json; charset=utf-8';
const route = process.env.ROUTE ?? '/api/auth/me';

const app = Fastify({ logger: false });
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
