import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isDatabaseReachable, type Db } from '../../db/database.js';
import type { ShutdownState } from '../../http/shutdown.js';

const Health = z.object({ status: z.literal('ok') });
const Ready = z.object({ status: z.enum(['ready', 'unavailable']) });

export async function healthRoutes(
  app: FastifyInstance,
  deps: { db: Db; shutdown: ShutdownState },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/health', { schema: { tags: ['health'], response: { 200: Health } } }, async () => ({
    status: 'ok' as const,
  }));

  api.get(
    '/ready',
    // Unavailable from the moment the app starts closing, so a proxy's check takes the instance out.
    {
      schema: { tags: ['health'], response: { 200: Ready, 503: Ready } },
      config: { answersWhileClosing: true },
    },
    async (_request, reply) => {
      const reachable = !deps.shutdown.closing && (await isDatabaseReachable(deps.db));
      return reply.status(reachable ? 200 : 503).send({ status: reachable ? 'ready' : 'unavailable' });
    },
  );
}
