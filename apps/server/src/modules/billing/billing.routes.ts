// Plan changes (SPEC.md §7 Profile and account): POST /api/tier-upgrade, POST
// /api/process-pending-tier-change and the billing portal. Every route needs a session; the plan is named
// by its tier id, never by a payment provider's price.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BillingPortalResponse,
  ErrorResponse,
  ProcessPendingTierChangeResponse,
  TierChangeRequest,
  TierChangeResponse,
} from '@waymarks/shared';
import { currentUser } from '../auth/require-auth.js';
import type { Billing } from './billing.js';

interface BillingRoutesDeps {
  billing: Billing;
}

const security = [{ bearer: [] }];
const tags = ['billing'];

export async function billingRoutes(app: FastifyInstance, deps: BillingRoutesDeps): Promise<void> {
  const { billing } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/tier-upgrade',
    {
      schema: {
        tags,
        security,
        summary: 'Change plan: at once with local billing; through Stripe Checkout when it is configured',
        body: TierChangeRequest,
        response: { 200: TierChangeResponse, 400: ErrorResponse, 401: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request) => billing.changeTier(currentUser(request), request.body.newTierId),
  );

  api.post(
    '/process-pending-tier-change',
    {
      schema: {
        tags,
        security,
        summary: 'Apply a scheduled plan change whose date has come',
        response: { 200: ProcessPendingTierChangeResponse, 401: ErrorResponse },
      },
    },
    async (request) => billing.processPendingTierChange(currentUser(request)),
  );

  api.post(
    '/billing/portal',
    {
      schema: {
        tags,
        security,
        summary: 'A link to the payment provider’s customer portal (card, invoices, cancellation)',
        response: { 200: BillingPortalResponse, 401: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request) => billing.portal(currentUser(request)),
  );
}
