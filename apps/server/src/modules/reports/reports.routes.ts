import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponse, ReportRequest, ReportResponse } from '@waymarks/shared';
import { clientKey } from '../../http/client-key.js';
import type { ReportsService } from './reports.service.js';

export async function reportsRoutes(app: FastifyInstance, deps: { reports: ReportsService }): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/reports',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['reports'],
        summary: 'Report illegal or inappropriate content',
        body: ReportRequest,
        response: { 201: ReportResponse, 400: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await deps.reports.submit(request.body, clientKey(request.ip))),
  );
}
