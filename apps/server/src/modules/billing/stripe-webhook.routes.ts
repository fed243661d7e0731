// Where app.ts finds the webhook route until it uses createBilling (index.ts).
export { stripeWebhookRoutes } from '../../adapters/billing/stripe-webhook.routes.js';
