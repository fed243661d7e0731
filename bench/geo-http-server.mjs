// Server for geo-search's HTTP measurement, in its own process like the real server: Fastify with the
// app's API stack (zod validation and serialisation, the error handler, the API security headers, the
// rate-limit plugin) and the real /api/places routes on a loaded gazetteer. Two differences from the app,
// both so that 50 connections measure the route rather than something else: sign-in is a fixed bearer
// token (the real check's cost is what bench/auth-overhead measures), and the per-user rate limits are
// raised out of reach (at the real 300 a minute the run would measure 429s).
//   PORT, TOKEN, GEO_BUNDLE come from the environment.
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';

const geo = await import(process.env.GEO_BUNDLE);
const token = process.env.TOKEN;

const app = Fastify({ logger: false });
app.setValidatorCompiler(validatorCompiler);
app.setSerializerCompiler(serializerCompiler);
geo.registerErrorHandling(app);
geo.registerSecurityHeaders(app, { https: false });
await app.register(fastifyRateLimit, { global: false });

const gazetteer = new geo.GazetteerService();
await gazetteer.get();
const requireAuth = async (request, reply) => {
  if (request.headers.authorization !== `Bearer ${token}`) {
    return reply
      .status(401)
      .send({ error: { code: 'UNAUTHORIZED', message: 'No authentication token available' } });
  }
  request.currentUser = { id: 'bench-user' };
};
await app.register(
  async (api) => {
    await api.register(geo.placesRoutes, {
      gazetteer,
      requireAuth,
      rateLimits: { searchPerMinute: 1e9, reversePerMinute: 1e9 },
    });
    api.get('/ready', async () => ({ status: 'ready' }));
  },
  { prefix: '/api' },
);

process.on('SIGTERM', () => {
  app.close().then(() => process.exit(0));
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
