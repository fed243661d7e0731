// Where app.ts finds the Stripe client until it uses createBilling (index.ts).
export { stripeClient } from '../../adapters/billing/stripe-client.js';
