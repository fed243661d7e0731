// Billing over the Stripe adapter, at the service, against the fake Stripe API (testing/stripe-fake.ts)
// with webhook events signed by the real library: valid, badly signed, repeated and shuffled events all end
// in the same account state; a checkout for another account changes nothing; a subscription that slips
// through (a second one, or one of a deleted account) is refunded, cancelled and logged when its webhook
// arrives; and no failure is swallowed without a log line. The journeys through the routes are in
// modules/billing/stripe-billing.int.test.ts. On SQLite and PostgreSQL.
import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSettings } from '../../config.js';
import { migrateToLatest } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import { registerErrorHandling } from '../../http/errors.js';
import { serializerCompiler } from '../../http/serializer.js';
import { UsersRepository } from '../../modules/auth/users.repository.js';
import { BILLING_MESSAGES } from '../../modules/billing/billing.presenter.js';
import { createBilling, type BillingModule, type BillingService } from '../../modules/billing/index.js';
import { startFakeStripe, type FakeStripe } from '../../testing/stripe-fake.js';
import { createTestDatabase, testDialects, type TestDatabase } from '../../testing/test-app.js';
import type { BillingLog } from './payments.js';
import { STRIPE_MESSAGES, StripePayments } from './stripe.js';
import { stripeClient } from './stripe-client.js';

interface Line {
  level: keyof BillingLog;
  details: Record<string, unknown>;
  message: string;
}

function recordingLog(lines: Line[]): BillingLog {
  const at =
    (level: keyof BillingLog) =>
    (details: object, message: string): void => {
      lines.push({ level, details: details as Record<string, unknown>, message });
    };
  return { info: at('info'), warn: at('warn'), error: at('error') };
}

describe.each(testDialects())('billing over Stripe on %s', (dialect) => {
  let database: TestDatabase;
  let fake: FakeStripe;
  let billing: BillingService;
  let webhookRoutes: BillingModule['webhookRoutes'];
  let payments: StripePayments;
  const lines: Line[] = [];
  const signer = new Stripe('sk_test_signer');
  let count = 0;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await migrateToLatest(database.db);
    fake = await startFakeStripe();
    const config = parseSettings({ ...fake.env(), PUBLIC_URL: 'http://waymarks.test' });
    const log = recordingLog(lines);
    const users = new UsersRepository(database.db);
    ({ billing, webhookRoutes } = createBilling({ config, db: database.db, users, now: Date.now, log }));
    payments = new StripePayments({ stripe: stripeClient(config.stripe!), settings: config.stripe!, log });
  });
  afterAll(async () => {
    await fake?.close();
    await database?.drop();
  });

  const reread = (id: string) =>
    database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  async function newUser(): Promise<UserRow> {
    count += 1;
    const now = Date.now();
    const id = `00000000-0000-4000-8000-${String(count).padStart(12, '0')}`;
    await database.db
      .insertInto('users')
      .values({
        id,
        email: `stripe${count}@example.com`,
        name: 'Ida Pfeiffer',
        username: null,
        username_key: null,
        password_hash: null,
        picture: null,
        email_verified: 1,
        tier: 'free',
        google_sub: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return reread(id);
  }

  /** Hands an event to the webhook handler as Stripe sends it: the JSON as bytes, signed (unless given). */
  function deliver(event: Stripe.Event, signature?: string) {
    const payload = JSON.stringify(event);
    return billing.handleWebhook(
      Buffer.from(payload),
      signature ?? signer.webhooks.generateTestHeaderString({ payload, secret: fake.webhookSecret }),
    );
  }

  async function deliverSince(from: number) {
    for (const event of fake.events.slice(from)) await deliver(event);
  }

  const sessionIdOf = (url: string | null) => new URL(url!).pathname.split('/').pop()!;

  /** A traveller who went through checkout for `tier` and whose events all arrived. */
  async function subscriber(tier: 'basic' | 'plus') {
    const user = await newUser();
    const from = fake.events.length;
    const subscription = await fake.completeCheckout(
      sessionIdOf((await billing.changeTier(user, tier)).redirectToCheckoutUrl),
    );
    await deliverSince(from);
    return { user: await reread(user.id), subscription };
  }

  const customerOf = async (userId: string) =>
    (
      await database.db
        .selectFrom('billing_accounts')
        .select('customer_id')
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).customer_id;

  const handledEvents = (events: Stripe.Event[]) =>
    database.db
      .selectFrom('billing_events')
      .select('id')
      .where(
        'id',
        'in',
        events.map((event) => event.id),
      )
      .execute();

  const liveSubscriptionsOf = (customer: string) =>
    [...fake.subscriptions.values()].filter(
      (s) => s.customer === customer && ['trialing', 'active', 'past_due'].includes(s.status),
    );

  /**
   * A subscription for `customer` made outside this server's own flow (an older release, a second
   * instance, the dashboard), paid without a trial. Its events are kept, not delivered.
   */
  async function subscribeOutsideWaymarks(customer: string, userId: string, tier: 'basic' | 'plus') {
    const session = await fake.client().checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: userId,
      line_items: [{ price: fake.prices[tier], quantity: 1 }],
      subscription_data: { metadata: { userId, tier } },
      metadata: { userId, tier },
      success_url: 'http://localhost/profile?payment=success',
      cancel_url: 'http://localhost/profile?payment=cancelled',
    });
    return fake.completeCheckout(session.id);
  }

  it('ends in the same account state whether events arrive in order, shuffled or repeated', async () => {
    const journey = async () => {
      const user = await newUser();
      const from = fake.events.length;
      const { redirectToCheckoutUrl } = await billing.changeTier(user, 'basic');
      const subscription = await fake.completeCheckout(sessionIdOf(redirectToCheckoutUrl));
      await fake.failPayment(subscription.id);
      return { user, events: fake.events.slice(from) };
    };
    const inOrder = await journey();
    for (const event of inOrder.events) await deliver(event);

    const shuffled = await journey();
    const stream = [...shuffled.events].reverse();
    stream.splice(1, 0, shuffled.events[0]!, shuffled.events[1]!);
    for (const event of [...stream, ...stream]) await deliver(event);

    const stateOf = async (user: UserRow) => {
      const { billing: state, pendingTierChange } = await billing.stateOf(user);
      return { tier: (await reread(user.id)).tier, status: state.subscriptionStatus, pendingTierChange };
    };
    expect(await stateOf(inOrder.user)).toEqual({
      tier: 'basic',
      status: 'past_due',
      pendingTierChange: null,
    });
    expect(await stateOf(shuffled.user)).toEqual(await stateOf(inOrder.user));
    expect(await handledEvents(shuffled.events)).toHaveLength(shuffled.events.length);
  });

  it('refuses an event with a bad or missing signature, or signed with another secret, logs it and changes nothing', async () => {
    const user = await newUser();
    const from = fake.events.length;
    await fake.completeCheckout(sessionIdOf((await billing.changeTier(user, 'pro')).redirectToCheckoutUrl));
    const events = fake.events.slice(from);
    const warnings = lines.filter((line) => line.level === 'warn').length;
    for (const event of events) {
      const payload = JSON.stringify(event);
      const otherSecret = signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_another' });
      for (const signature of ['t=1,v1=deadbeef', '', otherSecret]) {
        await expect(deliver(event, signature)).rejects.toMatchObject({
          statusCode: 400,
          message: STRIPE_MESSAGES.badSignature,
        });
      }
    }
    expect(lines.filter((line) => line.level === 'warn')).toHaveLength(warnings + events.length * 3);
    expect((await reread(user.id)).tier).toBe('free');
    expect(await handledEvents(events)).toEqual([]);
    // The same events, signed, are then taken.
    await deliverSince(from);
    expect((await reread(user.id)).tier).toBe('pro');
  });

  it('refuses a completed checkout that names another account, and changes nothing', async () => {
    const victim = await newUser();
    const { user: payer } = await subscriber('basic');
    const payerCustomer = await customerOf(payer.id);
    const completed = fake.events.find(
      (event) =>
        event.type === 'checkout.session.completed' &&
        (event.data.object as { customer: string }).customer === payerCustomer,
    )!;
    const forged = structuredClone(completed);
    forged.id = `${completed.id}_forged`;
    (forged.data.object as { client_reference_id: string }).client_reference_id = victim.id;
    await expect(deliver(forged)).rejects.toMatchObject({
      statusCode: 400,
      message: BILLING_MESSAGES.checkoutForAnotherAccount,
    });
    expect((await reread(victim.id)).tier).toBe('free');
    const rows = await database.db
      .selectFrom('billing_accounts')
      .select('user_id')
      .where('user_id', '=', victim.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('refunds and cancels a subscription whose account is gone when its webhook arrives, and logs an error', async () => {
    const user = await newUser();
    await billing.changeTier(user, 'basic');
    const customer = await customerOf(user.id);
    await billing.cancelForDeletion(user);
    await database.db.deleteFrom('billing_accounts').where('user_id', '=', user.id).execute();
    await database.db.deleteFrom('users').where('id', '=', user.id).execute();

    const from = fake.events.length;
    const orphan = await subscribeOutsideWaymarks(customer, user.id, 'basic');
    expect(fake.paidFor(orphan.id)).toBeGreaterThan(0);
    await deliverSince(from);

    expect(fake.subscriptions.get(orphan.id)!.status).toBe('canceled');
    const refunds = [...fake.refunds.values()].filter((r) => r.metadata.subscription === orphan.id);
    expect(refunds.map((r) => r.amount)).toEqual([fake.paidFor(orphan.id)]);
    expect(refunds[0]!.reason).toBe('duplicate');
    expect(lines).toContainEqual({
      level: 'error',
      details: expect.objectContaining({ userId: user.id, cancelled: orphan.id }),
      message: expect.stringContaining('deleted account'),
    });
    // Its events, repeated, refund nothing twice.
    for (const event of fake.events.slice(from)) await deliver(event);
    expect([...fake.refunds.values()].filter((r) => r.metadata.subscription === orphan.id)).toHaveLength(1);
  });

  it('keeps the first of two live subscriptions of one account, refunds and cancels the second when its webhook arrives, and logs an error', async () => {
    const { user, subscription: first } = await subscriber('basic');
    const customer = await customerOf(user.id);

    const from = fake.events.length;
    const second = await subscribeOutsideWaymarks(customer, user.id, 'plus');
    expect(fake.paidFor(second.id)).toBeGreaterThan(0);
    await deliverSince(from);

    expect(fake.subscriptions.get(second.id)!.status).toBe('canceled');
    expect(liveSubscriptionsOf(customer).map((s) => s.id)).toEqual([first.id]);
    const refunds = [...fake.refunds.values()].filter((r) => r.metadata.subscription === second.id);
    expect(refunds.map((r) => r.amount)).toEqual([fake.paidFor(second.id)]);
    expect(lines).toContainEqual({
      level: 'error',
      details: expect.objectContaining({ userId: user.id, kept: first.id, cancelled: [second.id] }),
      message: expect.stringContaining('more than one live Stripe subscription'),
    });
    expect((await reread(user.id)).tier).toBe('basic');
    expect((await billing.stateOf(user)).billing.subscriptionStatus).toBe('trialing');

    // Moving to free now ends the only subscription there is.
    await billing.changeTier(await reread(user.id), 'free');
    const renewed = fake.events.length;
    await fake.renew(first.id);
    await deliverSince(renewed);
    expect(liveSubscriptionsOf(customer)).toEqual([]);
    expect((await reread(user.id)).tier).toBe('free');
  });

  it('leaves a checkout paid a moment before it was to be expired, and says so in the log', async () => {
    const user = await newUser();
    const sessionId = sessionIdOf((await billing.changeTier(user, 'basic')).redirectToCheckoutUrl);
    await fake.completeCheckout(sessionId);

    await payments.expireCheckout({ id: sessionId, url: null, tier: 'basic', userId: user.id });
    expect(fake.checkoutSessions.get(sessionId)!.status).toBe('complete');
    expect(lines).toContainEqual({
      level: 'info',
      details: expect.objectContaining({ session: sessionId, status: 'complete' }),
      message: expect.stringContaining('was not expired'),
    });
  });

  it('serves the webhook route createBilling makes: the raw body is checked, a signed event taken', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    await app.register(webhookRoutes!, { prefix: '/api' });
    const user = await newUser();
    const from = fake.events.length;
    await fake.completeCheckout(sessionIdOf((await billing.changeTier(user, 'pro')).redirectToCheckoutUrl));
    const post = (payload: string, signature: string) =>
      app.inject({
        method: 'POST',
        url: '/api/billing/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
    for (const event of fake.events.slice(from)) {
      const payload = JSON.stringify(event);
      const signature = signer.webhooks.generateTestHeaderString({ payload, secret: fake.webhookSecret });
      // The same event re-serialised with other spacing is not what Stripe signed.
      expect((await post(JSON.stringify(event, null, 2), signature)).statusCode).toBe(400);
      expect((await post(payload, signature)).json()).toEqual({ received: true });
    }
    expect((await reread(user.id)).tier).toBe('pro');
    await app.close();
  });

  // Last: it stops the fake Stripe.
  it('logs and throws when billing cannot be ended before an account’s deletion', async () => {
    const user = await newUser();
    await billing.changeTier(user, 'plus');
    await fake.close();

    await expect(billing.cancelForDeletion(user)).rejects.toMatchObject({ statusCode: 503 });
    expect(lines).toContainEqual({
      level: 'error',
      details: expect.objectContaining({ userId: user.id }),
      message: expect.stringContaining('could not be ended before its deletion'),
    });
  });
});
