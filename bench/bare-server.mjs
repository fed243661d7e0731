// Baseline for auth-overhead: a bare Fastify 5 route on the same path answering the same bytes with the
// same content type, and nothing else (no plugins, no hooks, no logging). Started as a child process so
// it gets its own event loop, like the real server.
//   PORT, BODY_BASE64, CONTENT_TYPE come from the environment.
import { Buffer } from 'node:buffer';
import Fastify from 'fastify';

const port = Number(process.env.PORT);
const body = Buffer.from(process.env.BODY_BASE64 ?? '', 'base64');
const contentType = process.env.CONTENT_TYPE ?? 'application/json; charset=utf-8';

const app = Fastify({ logger: false });
app.get('/api/auth/me', (_request, reply) => {
  reply.type(contentType).send(body);
});
app.get('/api/ready', (_request, reply) => {
  reply.send({ status: 'ready' });
});

process.on('SIGTERM', () => {
  app.close().then(() => process.exit(0));
});

await app.listen({ port, host: '127.0.0.1' });
