// Plans paid through Stripe, through the app's routes, against a fake Stripe API that speaks Stripe's wire
// format over HTTP (testing/stripe-fake.ts), with webhook events signed by the real library and posted to
// the webhook route: checkout with a trial, an upgrade at once, a downgrade at the period's end, cancelling
// to free, the portal, and deletion. Plan changes made at once open one checkout, two tabs never pay for
// two subscriptions, and a deleted account's checkout cannot be paid. What events do to an account, and
// the repair of a subscription that slips through, are tested at the service in
// adapters/billing/stripe.int.test.ts; the rules every provider shares in adapters/billing/billing.int.test.ts.
// On SQLite and PostgreSQL.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Profile, TierChangeResponse } from '@waymarks/shared';
import { startFakeStripe, type FakeStripe } from '../../testing/stripe-fake.js';
import {
  accountMaker,
  apiCaller,
  startTestApp,
  TEST_PASSWORD,
  testDialects,
  type SignedInUser,
  type TestApp,
} from '../../testing/test-app.js';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(testDialects())('billing through Stripe on %s', (dialect) => {
  let t: TestApp;
  let fake: FakeStripe;
  const signedInUser = accountMaker(() => t, { label: 'payer' });
  const call = apiCaller(() => t);
  const signer = new Stripe('sk_test_signer');

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await startTestApp(dialect, fake.env());
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  /** Sends an event to the webhook as Stripe does: the JSON as bytes, signed (unless a signature is given). */
  async function deliver(event: Stripe.Event, signature?: string) {
    const payload = JSON.stringify(event);
    return t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature':
          signature ?? signer.webhooks.generateTestHeaderString({ payload, secret: fake.webhookSecret }),
      },
      payload,
    });
  }

  /** Delivers every event made since `from` (an index into fake.events), in order; answers the next index. */
  async function deliverSince(from: number) {
    for (const event of fake.events.slice(from)) expect((await deliver(event)).statusCode).toBe(200);
    return fake.events.length;
  }

  const profileOf = async (user: SignedInUser) => {
    const res = await call('GET', '/api/profile', user);
    expect(res.statusCode).toBe(200);
    return Profile.parse(res.json());
  };

  const changeTier = async (user: SignedInUser, newTierId: string) => {
    const res = await call('POST', '/api/tier-upgrade', user, { newTierId });
    return { status: res.statusCode, body: res.json() };
  };

  /** The Checkout Session a tier change sent the traveller to. */
  const sessionIdOf = (body: unknown) =>
    new URL(TierChangeResponse.parse(body).redirectToCheckoutUrl!).pathname.split('/').pop()!;

  const billingRowsOf = (userId: string) =>
    t.db.selectFrom('billing_accounts').select('user_id').where('user_id', '=', userId).execute();

  const customerOf = async (userId: string) =>
    (
      await t.db
        .selectFrom('billing_accounts')
        .select('customer_id')
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).customer_id;

  const sessionsOf = (userId: string) =>
    [...fake.checkoutSessions.values()].filter((session) => session.client_reference_id === userId);

  const liveSubscriptionsOf = (customer: string) =>
    [...fake.subscriptions.values()].filter(
      (s) => s.customer === customer && ['trialing', 'active', 'past_due'].includes(s.status),
    );

  /** Deletes the account through DELETE /api/account, confirmed as the profile page does. */
  async function deleteAccount(user: SignedInUser) {
    const { email } = await t.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', user.userId)
      .executeTakeFirstOrThrow();
    return call('DELETE', '/api/account', user, { email, password: TEST_PASSWORD });
  }

  /** A traveller who went through checkout for `tier` and whose events all arrived. */
  async function subscriber(tier: string) {
    const user = await signedInUser();
    const from = fake.events.length;
    const { body } = await changeTier(user, tier);
    const sessionId = sessionIdOf(body);
    const subscription = await fake.completeCheckout(sessionId);
    await deliverSince(from);
    return { user, subscription };
  }

  /** The period ends at Stripe (the server hears of it from the events alone); the events arrive. */
  async function endPeriod(subscriptionId: string) {
    const from = fake.events.length;
    await fake.renew(subscriptionId);
    await deliverSince(from);
  }

  it('sends a free account to Checkout with a 7-day trial, and gives the plan once Stripe says it is paid', async () => {
    const user = await signedInUser();
    const { status, body } = await changeTier(user, 'standard');
    expect(status).toBe(200);
    const change = TierChangeResponse.parse(body);
    expect(change.tier).toBe('free');
    const session = [...fake.checkoutSessions.values()].find((s) => s.url === change.redirectToCheckoutUrl)!;
    expect(session.client_reference_id).toBe(user.userId);
    expect(session.price).toBe(fake.prices.standard);
    expect(session.trialDays).toBe(7);
    expect(session.success_url).toMatch(/\/profile\?payment=success$/);
    expect(session.cancel_url).toMatch(/\/profile\?payment=cancelled$/);
    // Nothing is given before Stripe says so.
    expect((await profileOf(user)).tier.current).toBe('free');

    const from = fake.events.length;
    await fake.completeCheckout(session.id);
    await deliverSince(from);
    const profile = await profileOf(user);
    expect(profile.tier.current).toBe('standard');
    expect(profile.billing).toMatchObject({
      mode: 'stripe',
      subscriptionStatus: 'trialing',
      cancelAtPeriodEnd: false,
      portalAvailable: true,
      trialDays: 0,
    });
    const trialEnd = Date.parse(profile.billing.trialEndsAt!);
    expect(Math.abs(trialEnd - (fake.now() * 1000 + 7 * DAY_MS))).toBeLessThan(60_000);
  });

  it('expires the open checkout when another is opened, so two tabs cannot make two subscriptions', async () => {
    const user = await signedInUser();
    const first = sessionIdOf((await changeTier(user, 'basic')).body);
    const second = sessionIdOf((await changeTier(user, 'plus')).body);
    expect(fake.checkoutSessions.get(first)!.status).toBe('expired');
    await expect(fake.completeCheckout(first)).rejects.toThrow(/no open checkout session/);
    const from = fake.events.length;
    await fake.completeCheckout(second);
    await deliverSince(from);
    expect((await profileOf(user)).tier.current).toBe('plus');
    const customer = fake.checkoutSessions.get(second)!.customer;
    expect([...fake.subscriptions.values()].filter((s) => s.customer === customer)).toHaveLength(1);
  });

  it('applies an upgrade between paid plans at once, and a downgrade only when the period ends', async () => {
    const { user, subscription } = await subscriber('basic');
    expect((await profileOf(user)).tier.current).toBe('basic');

    const up = await changeTier(user, 'plus');
    expect(up.status).toBe(200);
    expect(TierChangeResponse.parse(up.body)).toMatchObject({ tier: 'plus', pendingTierChange: null });
    expect(fake.subscriptions.get(subscription.id)!.items.data[0]!.price.id).toBe(fake.prices.plus);
    expect((await profileOf(user)).tier.current).toBe('plus');

    const down = TierChangeResponse.parse((await changeTier(user, 'standard')).body);
    expect(down.tier).toBe('plus');
    expect(down.pendingTierChange).toMatchObject({ tier: 'standard', name: 'Explorer' });
    expect(down.message).toMatch(
      /^Your plan changes to Explorer on [A-Z][a-z]+ \d{1,2}, \d{4}\. Until then you keep Pathfinder\.$/,
    );
    expect(fake.subscriptions.get(subscription.id)!.items.data[0]!.price.id).toBe(fake.prices.plus);
    const pending = await profileOf(user);
    expect(pending.tier.current).toBe('plus');
    expect(pending.pendingTierChange?.tier).toBe('standard');
    // Not yet due.
    const early = await call('POST', '/api/process-pending-tier-change', user);
    expect(early.json()).toMatchObject({ processed: false, tier: 'plus' });

    await endPeriod(subscription.id);
    const after = await profileOf(user);
    expect(after.tier.current).toBe('standard');
    expect(after.pendingTierChange).toBeNull();
    expect(fake.subscriptions.get(subscription.id)!.items.data[0]!.price.id).toBe(fake.prices.standard);
  });

  it('takes back a scheduled change when the plan in force is chosen again', async () => {
    const { user } = await subscriber('plus');
    await changeTier(user, 'basic');
    expect((await profileOf(user)).pendingTierChange?.tier).toBe('basic');
    const again = await changeTier(user, 'plus');
    expect(again.status).toBe(200);
    expect(TierChangeResponse.parse(again.body).message).toContain('cancelled');
    expect((await profileOf(user)).pendingTierChange).toBeNull();
    // With nothing waiting, the plan in force is refused as unchanged.
    expect((await changeTier(user, 'plus')).status).toBe(409);
  });

  it('moves to free at the end of the period: the subscription is cancelled then, not before', async () => {
    const { user, subscription } = await subscriber('basic');
    const down = TierChangeResponse.parse((await changeTier(user, 'free')).body);
    expect(down.pendingTierChange?.tier).toBe('free');
    expect(fake.subscriptions.get(subscription.id)!.cancel_at_period_end).toBe(true);
    expect((await profileOf(user)).tier.current).toBe('basic');

    await endPeriod(subscription.id);
    const profile = await profileOf(user);
    expect(profile.tier.current).toBe('free');
    expect(profile.billing.subscriptionStatus).toBe('canceled');
    expect(profile.pendingTierChange).toBeNull();
    // A second subscription starts without a trial: the first one had it.
    const next = TierChangeResponse.parse((await changeTier(user, 'basic')).body);
    const session = [...fake.checkoutSessions.values()].find((s) => s.url === next.redirectToCheckoutUrl)!;
    expect(session.trialDays).toBe(0);
  });

  it('refuses an unknown plan and the plan in force, and never takes a price from the browser', async () => {
    const user = await signedInUser();
    const unknown = await call('POST', '/api/tier-upgrade', user, { newTierId: 'platinum' });
    expect(unknown.statusCode).toBe(400);
    const price = await call('POST', '/api/tier-upgrade', user, {
      newTierId: 'basic',
      priceId: 'price_cheap',
    });
    expect(price.statusCode).toBe(400);
    expect((await changeTier(user, 'free')).status).toBe(409);
  });

  it('opens the customer portal, which returns to /profile, once there is a customer', async () => {
    const newcomer = await signedInUser();
    expect((await call('POST', '/api/billing/portal', newcomer)).statusCode).toBe(409);
    const { user } = await subscriber('basic');
    const res = await call('POST', '/api/billing/portal', user);
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(new RegExp(`^${fake.url}/portal/`));
  });

  it('cancels the subscription at Stripe when the account is deleted', async () => {
    const { user, subscription } = await subscriber('plus');
    const res = await deleteAccount(user);
    expect(res.statusCode).toBe(204);
    expect(fake.subscriptions.get(subscription.id)!.status).toBe('canceled');
    expect(await billingRowsOf(user.userId)).toEqual([]);
  });

  it('opens one checkout for plan changes made at once, for the same plan or for two', async () => {
    // The same plan twice (a double click, two tabs): both are sent to one checkout, of one customer.
    const user = await signedInUser();
    const [first, second] = await Promise.all([changeTier(user, 'basic'), changeTier(user, 'basic')]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(sessionIdOf(second.body)).toBe(sessionIdOf(first.body));
    expect(sessionsOf(user.userId)).toHaveLength(1);

    // Two plans at once: whichever came second wins, and only its checkout can be paid.
    const other = await signedInUser();
    const answers = await Promise.all([changeTier(other, 'basic'), changeTier(other, 'plus')]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const open = sessionsOf(other.userId).filter((session) => session.status === 'open');
    expect(open).toHaveLength(1);
    for (const session of sessionsOf(other.userId).filter((s) => s !== open[0])) {
      await expect(fake.completeCheckout(session.id)).rejects.toThrow(/no open checkout session/);
    }
    const from = fake.events.length;
    await fake.completeCheckout(open[0]!.id);
    await deliverSince(from);
    const customer = await customerOf(other.userId);
    expect(new Set(sessionsOf(other.userId).map((session) => session.customer))).toEqual(new Set([customer]));
    expect(liveSubscriptionsOf(customer)).toHaveLength(1);
  });

  it('two tabs: the same plan goes to the same checkout, and a plan chosen after the other tab paid changes that subscription instead of opening a second', async () => {
    const user = await signedInUser();
    const tabA = sessionIdOf((await changeTier(user, 'basic')).body);
    const tabB = sessionIdOf((await changeTier(user, 'basic')).body);
    expect(tabB).toBe(tabA);

    // Tab A pays; its events are still on their way when tab B chooses another plan.
    const from = fake.events.length;
    const paid = await fake.completeCheckout(tabA);
    const change = await changeTier(user, 'plus');
    expect(change.status).toBe(200);
    expect(TierChangeResponse.parse(change.body)).toMatchObject({
      redirectToCheckoutUrl: null,
      tier: 'plus',
    });
    const customer = await customerOf(user.userId);
    expect(liveSubscriptionsOf(customer).map((s) => s.id)).toEqual([paid.id]);
    expect(fake.subscriptions.get(paid.id)!.items.data[0]!.price.id).toBe(fake.prices.plus);

    await deliverSince(from);
    expect((await profileOf(user)).tier.current).toBe('plus');
    expect(liveSubscriptionsOf(customer)).toHaveLength(1);
    expect(sessionsOf(user.userId).filter((session) => session.status === 'open')).toEqual([]);
  });

  it('expires every open checkout when the account is deleted, so none can be paid afterwards', async () => {
    const user = await signedInUser();
    const opened = sessionIdOf((await changeTier(user, 'standard')).body);
    const customer = await customerOf(user.userId);
    expect((await deleteAccount(user)).statusCode).toBe(204);
    expect(fake.checkoutSessions.get(opened)!.status).toBe('expired');
    await expect(fake.completeCheckout(opened)).rejects.toThrow(/no open checkout session/);
    expect(liveSubscriptionsOf(customer)).toEqual([]);
  });
});
