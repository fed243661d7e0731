// The Stripe adapter's failures, against the fake Stripe API: none is swallowed without a log line. A
// checkout paid a moment before it was to be expired is left, and logged; billing that cannot be ended
// before an account's deletion is logged and thrown, so the account is kept. On SQLite and PostgreSQL.
import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSettings } from '../../config.js';
import { migrateToLatest } from '../../db/database.js';
import { registerErrorHandling } from '../../http/errors.js';
import { serializerCompiler } from '../../http/serializer.js';
import type { UserRow } from '../../db/schema.js';
import { UsersRepository } from '../../modules/auth/users.repository.js';
import { createBilling, type BillingModule, type BillingService } from '../../modules/billing/index.js';
import { startFakeStripe, type FakeStripe } from '../../testing/stripe-fake.js';
import { createTestDatabase, testDialects, type TestDatabase } from '../../testing/test-app.js';
import type { BillingLog } from './payments.js';
import { StripePayments } from './stripe.js';
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

describe.each(testDialects())('the Stripe adapter’s failures on %s', (dialect) => {
  let database: TestDatabase;
  let fake: FakeStripe;
  let billing: BillingService;
  let webhookRoutes: BillingModule['webhookRoutes'];
  let payments: StripePayments;
  const lines: Line[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await migrateToLatest(database.db);
    fake = await startFakeStripe();
    const config = parseSettings({ ...fake.env(), PUBLIC_URL: 'http://waymarks.test' });
    const log = recordingLog(lines);
    ({ billing, webhookRoutes } = createBilling({
      config,
      db: database.db,
      users: new UsersRepository(database.db),
      now: Date.now,
      log,
    }));
    payments = new StripePayments({ stripe: stripeClient(config.stripe!), settings: config.stripe!, log });
  });
  afterAll(async () => {
    await fake?.close();
    await database?.drop();
  });

  async function newUser(id: string): Promise<UserRow> {
    const now = Date.now();
    const row: UserRow = {
      id,
      email: `${id.slice(-4)}@example.com`,
      name: 'Ida Pfeiffer',
      username: null,
      username_key: null,
      password_hash: null,
      picture: null,
      email_verified: 1,
      tier: 'free',
      google_sub: null,
      token_version: 0,
      created_at: now,
      updated_at: now,
    };
    await database.db.insertInto('users').values(row).execute();
    return row;
  }

  const sessionIdOf = (url: string | null) => new URL(url!).pathname.split('/').pop()!;

  it('leaves a checkout paid a moment before it was to be expired, and says so in the log', async () => {
    const user = await newUser('00000000-0000-4000-8000-000000000001');
    const { redirectToCheckoutUrl } = await billing.changeTier(user, 'basic');
    const sessionId = sessionIdOf(redirectToCheckoutUrl);
    await fake.completeCheckout(sessionId);

    await payments.expireCheckout({ id: sessionId, url: null, tier: 'basic', userId: user.id });
    expect(fake.checkoutSessions.get(sessionId)!.status).toBe('complete');
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 'info',
        details: expect.objectContaining({ session: sessionId, status: 'complete' }),
        message: expect.stringContaining('was not expired'),
      }),
    );
  });

  it('serves the webhook route with Stripe: a signed event is taken, a badly signed one refused and logged', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    await app.register(webhookRoutes!, { prefix: '/api' });
    const user = await newUser('00000000-0000-4000-8000-000000000003');
    const from = fake.events.length;
    await fake.completeCheckout(sessionIdOf((await billing.changeTier(user, 'pro')).redirectToCheckoutUrl));
    const signer = new Stripe('sk_test_signer');
    const post = (payload: string, signature: string) =>
      app.inject({
        method: 'POST',
        url: '/api/billing/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
    for (const event of fake.events.slice(from)) {
      const payload = JSON.stringify(event);
      expect((await post(payload, 't=1,v1=deadbeef')).statusCode).toBe(400);
      const signature = signer.webhooks.generateTestHeaderString({ payload, secret: fake.webhookSecret });
      expect((await post(payload, signature)).json()).toEqual({ received: true });
    }
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 'warn', message: expect.stringContaining('signature') }),
    );
    const stored = await database.db
      .selectFrom('users')
      .select('tier')
      .where('id', '=', user.id)
      .executeTakeFirst();
    expect(stored?.tier).toBe('pro');
    await app.close();
  });

  // Last: it stops the fake Stripe.
  it('logs and throws when billing cannot be ended before an account’s deletion', async () => {
    const user = await newUser('00000000-0000-4000-8000-000000000002');
    await billing.changeTier(user, 'plus');
    await fake.close();

    await expect(billing.cancelForDeletion(user)).rejects.toMatchObject({ statusCode: 503 });
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 'error',
        details: expect.objectContaining({ userId: user.id }),
        message: expect.stringContaining('could not be ended before its deletion'),
      }),
    );
  });
});
