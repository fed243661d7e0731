// One contract, two payment providers: local billing, and Stripe (the fake Stripe API of
// testing/stripe-fake.ts, spoken to by the real library, its events signed and handed to the webhook
// handler) give the same plan rules through the one billing service createBilling builds. Where the two
// differ it is in what the harness says of the provider: whether it takes payment, has paid periods and a
// portal. On SQLite and PostgreSQL.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubscriptionStatus, TierChangeResponse, TierId } from '@waymarks/shared';
import { parseSettings } from '../../config.js';
import { migrateToLatest } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import { UsersRepository } from '../../modules/auth/users.repository.js';
import { createBilling, type BillingService } from '../../modules/billing/index.js';
import { startFakeStripe } from '../../testing/stripe-fake.js';
import { createTestDatabase, testDialects, type Dialect, type TestDatabase } from '../../testing/test-app.js';
import type { BillingLog } from './payments.js';

interface Harness {
  billing: BillingService;
  /** The provider takes payment: a paid plan goes through checkout first. */
  collectsPayment: boolean;
  /** Plans are paid by the period, so a cheaper plan waits for the period's end. */
  paidPeriods: boolean;
  /** The subscription's status once a first paid plan is paid for. */
  paidStatus: SubscriptionStatus;
  /** A customer who has paid can manage the subscription at the provider. */
  portal: boolean;
  /** What the traveller does where a plan change sent them: pays at the checkout, if there is one. */
  pay(answer: TierChangeResponse): Promise<void>;
  /** The paid period of the account's subscription ends, and the provider's events arrive. */
  endPeriod(userId: string): Promise<void>;
  /** Subscriptions and checkouts of the account that could still take its money. */
  chargeable(userId: string): Promise<number>;
  close(): Promise<void>;
}

const PUBLIC_URL = 'http://waymarks.test';
const silent: BillingLog = { info: () => {}, warn: () => {}, error: () => {} };

async function localHarness(database: TestDatabase): Promise<Harness> {
  const { billing, webhookRoutes } = createBilling({
    config: { stripe: undefined, publicUrl: PUBLIC_URL },
    db: database.db,
    users: new UsersRepository(database.db),
    now: Date.now,
    log: silent,
  });
  expect(webhookRoutes).toBeUndefined();
  return {
    billing,
    collectsPayment: false,
    paidPeriods: false,
    paidStatus: 'none',
    portal: false,
    pay: async (answer) => expect(answer.redirectToCheckoutUrl).toBeNull(),
    endPeriod: async () => {},
    chargeable: async () => 0,
    close: async () => {},
  };
}

async function stripeHarness(database: TestDatabase): Promise<Harness> {
  const fake = await startFakeStripe();
  const config = parseSettings({ ...fake.env(), PUBLIC_URL });
  const { billing, webhookRoutes } = createBilling({
    config,
    db: database.db,
    users: new UsersRepository(database.db),
    now: Date.now,
    log: silent,
  });
  expect(webhookRoutes).toBeDefined();
  const signer = new Stripe('sk_test_signer');
  const deliverSince = async (from: number) => {
    for (const event of fake.events.slice(from)) {
      const payload = JSON.stringify(event);
      const signature = signer.webhooks.generateTestHeaderString({ payload, secret: fake.webhookSecret });
      await billing.handleWebhook(Buffer.from(payload), signature);
    }
  };
  const accountOf = (userId: string) =>
    database.db.selectFrom('billing_accounts').selectAll().where('user_id', '=', userId).executeTakeFirst();
  return {
    billing,
    collectsPayment: true,
    paidPeriods: true,
    paidStatus: 'trialing',
    portal: true,
    pay: async (answer) => {
      const sessionId = new URL(answer.redirectToCheckoutUrl!).pathname.split('/').pop()!;
      const from = fake.events.length;
      await fake.completeCheckout(sessionId);
      await deliverSince(from);
    },
    endPeriod: async (userId) => {
      const from = fake.events.length;
      await fake.renew((await accountOf(userId))!.subscription_id!);
      await deliverSince(from);
    },
    chargeable: async (userId) => {
      const customer = (await accountOf(userId))?.customer_id;
      const live = [...fake.subscriptions.values()].filter(
        (s) => s.customer === customer && ['trialing', 'active', 'past_due'].includes(s.status),
      );
      const open = [...fake.checkoutSessions.values()].filter(
        (s) => s.customer === customer && s.status === 'open',
      );
      return live.length + open.length;
    },
    close: () => fake.close(),
  };
}

const cases = testDialects().flatMap((dialect) => [
  ['local', dialect, localHarness] as const,
  ['stripe', dialect, stripeHarness] as const,
]);

describe.each(cases)('%s billing on %s', (provider, dialect: Dialect, start) => {
  let database: TestDatabase;
  let h: Harness;
  let count = 0;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await migrateToLatest(database.db);
    h = await start(database);
  });
  afterAll(async () => {
    await h?.close();
    await database?.drop();
  });

  /** The account as it is stored now. */
  const reread = (user: UserRow) =>
    database.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();

  async function newUser(): Promise<UserRow> {
    count += 1;
    const now = Date.now();
    const row = {
      id: `00000000-0000-4000-8000-${String(count).padStart(12, '0')}`,
      email: `billing${count}@example.com`,
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
    };
    await database.db.insertInto('users').values(row).execute();
    return reread(row as UserRow);
  }

  /** A traveller on `tier`, paid for. */
  async function subscriber(tier: TierId): Promise<UserRow> {
    const user = await newUser();
    await h.pay(await h.billing.changeTier(user, tier));
    return reread(user);
  }

  it('puts a free account on a paid plan once it is paid for: after checkout, or at once with no payment', async () => {
    const user = await newUser();
    const answer = await h.billing.changeTier(user, 'standard');
    expect(answer.redirectToCheckoutUrl !== null).toBe(h.collectsPayment);
    expect((await reread(user)).tier).toBe(h.collectsPayment ? 'free' : 'standard');

    await h.pay(answer);
    expect((await reread(user)).tier).toBe('standard');
    const { billing, pendingTierChange } = await h.billing.stateOf(await reread(user));
    expect(billing.mode).toBe(provider);
    expect(billing.subscriptionStatus).toBe(h.paidStatus);
    expect(pendingTierChange).toBeNull();
  });

  it('refuses the plan in force as unchanged, and changes nothing', async () => {
    const newcomer = await newUser();
    await expect(h.billing.changeTier(newcomer, 'free')).rejects.toMatchObject({
      statusCode: 409,
      code: 'PLAN_UNCHANGED',
    });
    const user = await subscriber('basic');
    await expect(h.billing.changeTier(user, 'basic')).rejects.toMatchObject({ code: 'PLAN_UNCHANGED' });
    expect((await reread(user)).tier).toBe('basic');
  });

  it('applies an upgrade between paid plans at once', async () => {
    const user = await subscriber('basic');
    const answer = await h.billing.changeTier(user, 'plus');
    expect(answer).toMatchObject({ tier: 'plus', redirectToCheckoutUrl: null, pendingTierChange: null });
    expect(answer.message).toBe('You have upgraded to the Pathfinder plan. It applies now.');
    expect((await reread(user)).tier).toBe('plus');
  });

  it('applies a cheaper plan when the paid period ends, or at once where there is no paid period', async () => {
    const user = await subscriber('plus');
    const answer = await h.billing.changeTier(user, 'standard');
    if (h.paidPeriods) {
      expect(answer.tier).toBe('plus');
      expect(answer.pendingTierChange).toMatchObject({ tier: 'standard', name: 'Explorer' });
      expect((await h.billing.stateOf(user)).pendingTierChange?.tier).toBe('standard');
      expect(await h.billing.processPendingTierChange(await reread(user))).toMatchObject({
        processed: false,
        tier: 'plus',
      });
      expect((await reread(user)).tier).toBe('plus');
    } else {
      expect(answer).toMatchObject({ tier: 'standard', pendingTierChange: null });
    }
    await h.endPeriod(user.id);
    expect((await reread(user)).tier).toBe('standard');
    expect((await h.billing.stateOf(user)).pendingTierChange).toBeNull();
  });

  it('moves to free the same way, after which no trial is offered again', async () => {
    const user = await subscriber('basic');
    await h.billing.changeTier(user, 'free');
    await h.endPeriod(user.id);
    expect((await reread(user)).tier).toBe('free');
    expect(await h.chargeable(user.id)).toBe(0);
    expect((await h.billing.stateOf(user)).billing.trialDays).toBe(0);
  });

  it('ends with the plan chosen last, nothing waiting, when a cheaper plan is chosen and then the plan before it', async () => {
    const user = await subscriber('plus');
    await h.billing.changeTier(await reread(user), 'basic');
    await h.billing.changeTier(await reread(user), 'plus');
    expect((await reread(user)).tier).toBe('plus');
    expect((await h.billing.stateOf(user)).pendingTierChange).toBeNull();
    await expect(h.billing.changeTier(await reread(user), 'plus')).rejects.toMatchObject({
      code: 'PLAN_UNCHANGED',
    });
  });

  it('opens the provider’s portal only for an account that has paid there', async () => {
    const newcomer = await newUser();
    await expect(h.billing.portal(newcomer)).rejects.toMatchObject({
      statusCode: 409,
      code: 'BILLING_NOT_CONFIGURED',
    });
    const user = await subscriber('basic');
    expect((await h.billing.stateOf(user)).billing.portalAvailable).toBe(h.portal);
    if (h.portal) {
      expect((await h.billing.portal(user)).url).toMatch(/\/portal\//);
    } else {
      await expect(h.billing.portal(user)).rejects.toMatchObject({ code: 'BILLING_NOT_CONFIGURED' });
    }
  });

  it('ends all billing before an account is deleted, so nothing can charge it afterwards', async () => {
    const user = await subscriber('plus');
    const opened = await newUser();
    await h.billing.changeTier(opened, 'basic');
    const newcomer = await newUser();
    for (const account of [user, opened, newcomer]) {
      await h.billing.cancelForDeletion(account);
      expect(await h.chargeable(account.id)).toBe(0);
    }
  });

  it('applies a plan an operator sets at once, replacing a change that waited', async () => {
    const user = await subscriber('plus');
    await h.billing.changeTier(user, 'basic');
    expect(await h.billing.setTierByOperator(await reread(user), 'pro')).toEqual({
      tier: 'pro',
      subscribed: h.collectsPayment,
    });
    expect((await reread(user)).tier).toBe('pro');
    expect((await h.billing.stateOf(user)).pendingTierChange).toBeNull();
  });
});
