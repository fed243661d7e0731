// POST /api/billing/webhook: Stripe's events, registered only when Stripe is configured. The signature is
// checked against the body exactly as it arrived, so in this route's scope a JSON body is kept as bytes
// rather than parsed. No session: Stripe signs with the webhook secret instead.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse } from '@waymarks/shared';

/** What handles a verified event: the billing service (modules/billing). */
export interface WebhookReceiver {
  handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<{ received: true }>;
}

/** Stripe's own events are a few KB; a body past this is no event of theirs. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

const WebhookAck = z.object({ received: z.literal(true) }).describe('WebhookAck');

export async function stripeWebhookRoutes(
  app: FastifyInstance,
  { billing }: { billing: WebhookReceiver },
): Promise<void> {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );
  app.withTypeProvider<ZodTypeProvider>().post(
    '/billing/webhook',
    {
      schema: {
        tags: ['billing'],
        summary: 'Stripe webhook events, verified by their signature and handled once each',
        response: { 200: WebhookAck, 400: ErrorResponse, 503: ErrorResponse },
      },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      return billing.handleWebhook(
        Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        typeof signature === 'string' ? signature : undefined,
      );
    },
  );
}
