// Route rate limits counted per signed-in user (the check runs after requireAuth), so people behind one
// address do not share a budget.
import type { FastifyRequest } from 'fastify';
import { clientKey } from './client-key.js';

export const perUserRateLimit = (max: number) => ({
  rateLimit: {
    max,
    timeWindow: '1 minute',
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) =>
      request.currentUser ? `user:${request.currentUser.id}` : clientKey(request.ip),
  },
});
