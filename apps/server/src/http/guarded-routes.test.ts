import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { requireDocumentedGuard } from './guarded-routes.js';

async function guardedApp(schema: object) {
  const app = Fastify();
  await app.register(async (guarded) => {
    guarded.addHook('onRoute', requireDocumentedGuard);
    guarded.get('/secret', { schema }, async () => ({ ok: true }));
  });
  return app;
}

describe('the guarded scope', () => {
  it('accepts a route whose schema declares its security and its 401', async () => {
    const app = await guardedApp({ security: [{ bearer: [] }], response: { 200: {}, 401: {} } });
    await expect(app.ready()).resolves.toBeDefined();
    await app.close();
  });

  it.each([
    ['no security', { response: { 200: {}, 401: {} } }],
    ['no 401', { security: [{ bearer: [] }], response: { 200: {} } }],
    ['no schema at all', {}],
  ])('refuses to start with a guarded route that has %s', async (_case, schema) => {
    await expect(guardedApp(schema)).rejects.toThrow('GET /secret is guarded');
  });
});
