// A stand-in for Stripe's API over HTTP, for tests and browser journeys: there is no Stripe on these
// machines. It speaks the wire format the `stripe` library uses (form-encoded requests with bracketed
// keys, JSON objects of the API version the library pins, Bearer secret keys, Stripe's error shape) for the
// calls Waymarks makes: customers, Checkout Sessions for subscriptions (create, read, list, expire),
// subscriptions (read, list by customer, change, cancel), the invoices' payments, refunds, and Customer
// Portal sessions; a POST repeated with its Idempotency-Key gets the first answer again, as at Stripe. A
// paid period makes a paid invoice with a payment to refund; a trial makes a $0 invoice with none. Its
// hosted checkout and portal pages act as a customer would, and
// every change it makes is an event, signed with the real library's test header
// (Stripe.webhooks.generateTestHeaderString) and delivered to the webhook address, or kept for a test to
// deliver in whatever order, as many times as it likes.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { PAID_TIER_IDS, getTier, type PaidTierId } from '@waymarks/shared';

const DAY_S = 24 * 60 * 60;
const MONTH_S = 30 * DAY_S;

type Json = Record<string, unknown>;

export interface FakeSubscription extends Json {
  id: string;
  object: 'subscription';
  customer: string;
  status: 'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid' | 'incomplete';
  cancel_at_period_end: boolean;
  trial_start: number | null;
  trial_end: number | null;
  canceled_at: number | null;
  created: number;
  /** The invoice of the latest period: paid, $0 for a trial. */
  latest_invoice: string | null;
  metadata: Record<string, string>;
  items: {
    object: 'list';
    data: {
      id: string;
      object: 'subscription_item';
      price: { id: string; object: 'price' };
      quantity: number;
      current_period_start: number;
      current_period_end: number;
    }[];
  };
}

export interface FakeRefund extends Json {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  reason: string | null;
  status: 'succeeded';
  metadata: Record<string, string>;
}

interface FakeInvoicePayment extends Json {
  id: string;
  object: 'invoice_payment';
  invoice: string;
  status: 'paid';
  payment: { type: 'payment_intent'; payment_intent: string };
}

interface FakeCheckoutSession extends Json {
  id: string;
  object: 'checkout.session';
  mode: 'subscription';
  status: 'open' | 'complete' | 'expired';
  customer: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  url: string;
  success_url: string;
  cancel_url: string;
  subscription: string | null;
  price: string;
  trialDays: number;
}

export interface FakeStripeOptions {
  /** Where events go as they happen; without it they are only kept (deliver them with `deliver`). */
  webhookUrl?: string;
}

export interface FakeStripe {
  /** The API's address, for the library's host, port and protocol. */
  readonly url: string;
  readonly secretKey: string;
  readonly webhookSecret: string;
  readonly prices: Readonly<Record<PaidTierId, string>>;
  /** The server's STRIPE_* variables that point it at this Stripe. */
  env(): Record<string, string>;
  /** Every event made, oldest first. */
  readonly events: Stripe.Event[];
  readonly subscriptions: ReadonlyMap<string, FakeSubscription>;
  readonly checkoutSessions: ReadonlyMap<string, FakeCheckoutSession>;
  readonly refunds: ReadonlyMap<string, FakeRefund>;
  /** The real library pointed at this Stripe, for a test acting outside Waymarks (the dashboard, another server). */
  client(): Stripe;
  /** What the latest invoice of `subscriptionId` took from the card, in cents; 0 for a trial. */
  paidFor(subscriptionId: string): number;
  /** Seconds since the epoch as this Stripe sees them; tests move it on. */
  now(): number;
  advanceDays(days: number): void;
  setWebhookUrl(url: string | undefined): void;
  /** What the customer does on the hosted page: pays (or starts the trial); the events follow. */
  completeCheckout(sessionId: string): Promise<FakeSubscription>;
  /** The period ends: a trial turns into a paid period, or a paid period renews; events follow. */
  renew(subscriptionId: string): Promise<void>;
  /** The card is declined at renewal: past_due and invoice.payment_failed. */
  failPayment(subscriptionId: string): Promise<void>;
  /** Sends `event` to the webhook address as Stripe does, signed (or with `signature` given). */
  deliver(event: Stripe.Event, options?: { url?: string; signature?: string }): Promise<number>;
  close(): Promise<void>;
}

/** Parses Stripe's form encoding: `a[b][0][c]=v` becomes { a: { b: [{ c: 'v' }] } }. */
export function parseStripeForm(body: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let node: Json | unknown[] = root;
    path.forEach((part, index) => {
      const last = index === path.length - 1;
      const container = node as Record<string, unknown>;
      if (last) {
        container[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(path[index + 1]!);
      container[part] ??= nextIsIndex ? [] : {};
      node = container[part] as Json;
    });
  }
  return root;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const secretKey = `sk_test_${randomBytes(16).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const prices: Record<PaidTierId, string> = {
    basic: id('price'),
    standard: id('price'),
    plus: id('price'),
    pro: id('price'),
  };
  let webhookUrl = options.webhookUrl;
  let offsetS = 0;
  const now = () => Math.floor(Date.now() / 1000) + offsetS;
  const customers = new Map<string, Json>();
  const sessions = new Map<string, FakeCheckoutSession>();
  const subscriptions = new Map<string, FakeSubscription>();
  const portals = new Map<string, { customer: string; return_url: string }>();
  const invoices = new Map<string, Json & { id: string; amount_paid: number }>();
  const invoicePayments = new Map<string, FakeInvoicePayment>();
  const paymentIntents = new Map<string, Json & { id: string; amount: number; amount_refunded: number }>();
  const refunds = new Map<string, FakeRefund>();
  /** POST answers by Idempotency-Key: a retried request gets the first answer, and nothing happens twice. */
  const idempotent = new Map<string, [number, Json]>();
  const tierOfPrice = new Map(PAID_TIER_IDS.map((tier) => [prices[tier], tier]));
  const events: Stripe.Event[] = [];
  const stripe = new Stripe(secretKey);

  async function deliver(
    event: Stripe.Event,
    { url = webhookUrl, signature }: { url?: string; signature?: string } = {},
  ) {
    if (!url) throw new Error('the fake Stripe has no webhook address');
    const payload = JSON.stringify(event, null, 2);
    const header = signature ?? stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
      body: payload,
    });
    await res.arrayBuffer();
    return res.status;
  }

  async function emit(type: string, object: Json) {
    const event = {
      id: id('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: now(),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    } as unknown as Stripe.Event;
    events.push(event);
    if (webhookUrl) await deliver(event);
  }

  /** The invoice of the period that starts now, paid: the plan's price, or nothing during a trial. */
  function invoice(subscription: FakeSubscription): void {
    const price = subscription.items.data[0]!.price.id;
    const amount =
      subscription.status === 'trialing' ? 0 : Math.round(getTier(tierOfPrice.get(price)!).price * 100);
    const invoiceId = id('in');
    invoices.set(invoiceId, {
      id: invoiceId,
      object: 'invoice',
      customer: subscription.customer,
      status: 'paid',
      currency: 'usd',
      amount_due: amount,
      amount_paid: amount,
      created: now(),
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
    });
    subscription.latest_invoice = invoiceId;
    if (amount === 0) return;
    const intent = {
      id: id('pi'),
      object: 'payment_intent',
      amount,
      amount_refunded: 0,
      status: 'succeeded',
    };
    paymentIntents.set(intent.id, intent);
    const paymentId = id('inpay');
    invoicePayments.set(paymentId, {
      id: paymentId,
      object: 'invoice_payment',
      invoice: invoiceId,
      amount_paid: amount,
      amount_requested: amount,
      currency: 'usd',
      created: now(),
      is_default: true,
      livemode: false,
      status: 'paid',
      status_transitions: { canceled_at: null, paid_at: now() },
      payment: { type: 'payment_intent', payment_intent: intent.id },
    });
  }

  function subscriptionFor(session: FakeCheckoutSession): FakeSubscription {
    const start = now();
    const trialEnd = session.trialDays > 0 ? start + session.trialDays * DAY_S : null;
    return {
      id: id('sub'),
      object: 'subscription',
      customer: session.customer,
      status: trialEnd ? 'trialing' : 'active',
      cancel_at_period_end: false,
      trial_start: trialEnd ? start : null,
      trial_end: trialEnd,
      canceled_at: null,
      created: start,
      latest_invoice: null,
      metadata: { ...session.metadata },
      items: {
        object: 'list',
        data: [
          {
            id: id('si'),
            object: 'subscription_item',
            price: { id: session.price, object: 'price' },
            quantity: 1,
            current_period_start: start,
            current_period_end: trialEnd ?? start + MONTH_S,
          },
        ],
      },
    };
  }

  async function completeCheckout(sessionId: string) {
    const session = sessions.get(sessionId);
    if (!session || session.status !== 'open') throw new Error(`no open checkout session ${sessionId}`);
    const subscription = subscriptionFor(session);
    invoice(subscription);
    subscriptions.set(subscription.id, subscription);
    session.status = 'complete';
    session.subscription = subscription.id;
    await emit('customer.subscription.created', subscription);
    await emit('checkout.session.completed', session);
    return subscription;
  }

  async function renew(subscriptionId: string) {
    const subscription = mustFind(subscriptions, subscriptionId);
    const item = subscription.items.data[0]!;
    offsetS += Math.max(0, item.current_period_end - now());
    if (subscription.cancel_at_period_end) {
      subscription.status = 'canceled';
      subscription.canceled_at = now();
      await emit('customer.subscription.deleted', subscription);
      return;
    }
    item.current_period_start = now();
    item.current_period_end = now() + MONTH_S;
    subscription.status = 'active';
    invoice(subscription);
    await emit('customer.subscription.updated', subscription);
  }

  async function failPayment(subscriptionId: string) {
    const subscription = mustFind(subscriptions, subscriptionId);
    subscription.status = 'past_due';
    await emit('invoice.payment_failed', {
      id: id('in'),
      object: 'invoice',
      customer: subscription.customer,
      parent: { subscription_details: { subscription: subscription.id }, type: 'subscription_details' },
    });
    await emit('customer.subscription.updated', subscription);
  }

  async function api(method: string, path: string, form: Json): Promise<[number, Json]> {
    const parts = path.split('/').filter(Boolean); // ['v1', resource, id?]
    const [, resource, sub, third] = parts;
    if (method === 'GET' && resource === 'subscriptions' && !sub) {
      const ended = (s: FakeSubscription) => s.status === 'canceled';
      return list(path, subscriptions, (s) => {
        if (form.customer !== undefined && s.customer !== form.customer) return false;
        if (form.status === 'all') return true;
        if (form.status === undefined) return !ended(s);
        if (form.status === 'ended') return ended(s);
        return s.status === form.status;
      });
    }
    if (method === 'GET' && resource === 'checkout' && sub === 'sessions' && !third) {
      return list(
        path,
        sessions,
        (s) =>
          (form.customer === undefined || s.customer === form.customer) &&
          (form.status === undefined || s.status === form.status),
      );
    }
    if (method === 'GET' && resource === 'invoice_payments' && !sub) {
      return list(
        path,
        invoicePayments,
        (p) =>
          (form.invoice === undefined || p.invoice === form.invoice) &&
          (form.status === undefined || p.status === form.status),
      );
    }
    if (method === 'POST' && resource === 'refunds' && !sub) {
      const intentId = String(form.payment_intent ?? '');
      const intent = paymentIntents.get(intentId);
      if (!intent) return invalid(`No such payment_intent: '${intentId}'`, 'payment_intent');
      const left = intent.amount - intent.amount_refunded;
      if (left === 0) {
        return [
          400,
          stripeError(
            `Charge for ${intentId} has already been refunded.`,
            undefined,
            'charge_already_refunded',
          ),
        ];
      }
      const amount = form.amount === undefined ? left : Number(form.amount);
      if (!(amount > 0 && amount <= left)) return invalid(`Refund amount ${amount} is invalid.`, 'amount');
      intent.amount_refunded += amount;
      const refund: FakeRefund = {
        id: id('re'),
        object: 'refund',
        amount,
        currency: 'usd',
        created: now(),
        payment_intent: intentId,
        reason: (form.reason as string | undefined) ?? null,
        status: 'succeeded',
        metadata: (form.metadata as Record<string, string> | undefined) ?? {},
      };
      refunds.set(refund.id, refund);
      await emit('refund.created', refund);
      return [200, refund];
    }
    if (method === 'POST' && resource === 'customers' && !sub) {
      const customer = {
        id: id('cus'),
        object: 'customer',
        created: now(),
        email: form.email ?? null,
        metadata: form.metadata ?? {},
      };
      customers.set(customer.id, customer);
      return [200, customer];
    }
    if (method === 'POST' && resource === 'checkout' && sub === 'sessions' && !third) {
      const lineItems = form.line_items as { price?: string; quantity?: string }[] | undefined;
      const price = lineItems?.[0]?.price;
      if (!price || !Object.values(prices).includes(price))
        return invalid(`No such price: '${price}'`, 'line_items');
      if (form.mode !== 'subscription') return invalid('This fake only makes subscription sessions', 'mode');
      const customer = String(form.customer ?? '');
      if (!customers.has(customer)) return invalid(`No such customer: '${customer}'`, 'customer');
      const sessionId = id('cs_test');
      const subscriptionData = (form.subscription_data ?? {}) as {
        trial_period_days?: string;
        metadata?: Record<string, string>;
      };
      const session: FakeCheckoutSession = {
        id: sessionId,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'open',
        customer,
        client_reference_id: (form.client_reference_id as string | undefined) ?? null,
        metadata: { ...(form.metadata as Record<string, string> | undefined), ...subscriptionData.metadata },
        url: `${base}/pay/${sessionId}`,
        success_url: String(form.success_url),
        cancel_url: String(form.cancel_url),
        subscription: null,
        price,
        trialDays: Number(subscriptionData.trial_period_days ?? 0),
      };
      sessions.set(sessionId, session);
      return [200, session];
    }
    if (resource === 'checkout' && sub === 'sessions' && third) {
      const [, , , sessionId, action] = parts;
      const session = sessions.get(sessionId ?? '');
      if (!session)
        return [404, stripeError(`No such checkout.session: '${sessionId}'`, 'session', 'resource_missing')];
      if (method === 'GET' && !action) return [200, session];
      if (method === 'POST' && action === 'expire') {
        if (session.status !== 'open') {
          return invalid(`Only Checkout Sessions with a status in ["open"] can be expired.`, 'session');
        }
        session.status = 'expired';
        await emit('checkout.session.expired', session);
        return [200, session];
      }
    }
    if (resource === 'subscriptions' && sub) {
      const subscription = subscriptions.get(sub);
      if (!subscription)
        return [404, stripeError(`No such subscription: '${sub}'`, 'id', 'resource_missing')];
      if (method === 'GET') return [200, subscription];
      if (method === 'DELETE') {
        subscription.status = 'canceled';
        subscription.canceled_at = now();
        await emit('customer.subscription.deleted', subscription);
        return [200, subscription];
      }
      if (method === 'POST') {
        const items = form.items as { id?: string; price?: string }[] | undefined;
        const price = items?.[0]?.price;
        if (price !== undefined) {
          if (!Object.values(prices).includes(price)) return invalid(`No such price: '${price}'`, 'items');
          subscription.items.data[0]!.price = { id: price, object: 'price' };
        }
        if (form.cancel_at_period_end !== undefined) {
          subscription.cancel_at_period_end = form.cancel_at_period_end === 'true';
        }
        await emit('customer.subscription.updated', subscription);
        return [200, subscription];
      }
    }
    if (method === 'POST' && resource === 'billing_portal' && sub === 'sessions') {
      const customer = String(form.customer ?? '');
      if (!customers.has(customer)) return invalid(`No such customer: '${customer}'`, 'customer');
      const portalId = id('bps');
      portals.set(portalId, { customer, return_url: String(form.return_url) });
      return [
        200,
        { id: portalId, object: 'billing_portal.session', customer, url: `${base}/portal/${portalId}` },
      ];
    }
    return [404, stripeError(`Unrecognized request URL (${method}: ${path})`, undefined, 'resource_missing')];
  }

  /** The hosted pages: checkout and portal, as plain forms a browser test can use. */
  async function page(req: http.IncomingMessage, res: http.ServerResponse, path: string) {
    const [kind, pageId, action] = path.split('/').filter(Boolean);
    const html = (body: string) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html lang="en"><head><title>Stripe test page</title></head><body>${body}</body></html>`,
      );
    };
    const redirect = (to: string) => {
      res.writeHead(303, { location: to });
      res.end();
    };
    if (kind === 'pay') {
      const session = sessions.get(pageId ?? '');
      if (!session) return void res.writeHead(404).end();
      if (session.status !== 'open') return html('<h1>This checkout has expired</h1>');
      if (req.method === 'POST' && action === 'complete') {
        await completeCheckout(session.id);
        return redirect(session.success_url);
      }
      if (req.method === 'POST' && action === 'cancel') return redirect(session.cancel_url);
      return html(
        `<h1>Test checkout</h1><p>${session.trialDays} day free trial</p>` +
          `<form method="post" action="/pay/${session.id}/complete"><button>Start trial</button></form>` +
          `<form method="post" action="/pay/${session.id}/cancel"><button>Back</button></form>`,
      );
    }
    if (kind === 'portal') {
      const portal = portals.get(pageId ?? '');
      if (!portal) return void res.writeHead(404).end();
      if (req.method === 'POST' && action === 'cancel') {
        for (const subscription of subscriptions.values()) {
          if (subscription.customer !== portal.customer || subscription.status === 'canceled') continue;
          subscription.cancel_at_period_end = true;
          await emit('customer.subscription.updated', subscription);
        }
        return redirect(portal.return_url);
      }
      return html(
        `<h1>Test billing portal</h1>` +
          `<form method="post" action="/portal/${pageId}/cancel"><button>Cancel plan</button></form>` +
          `<a href="${portal.return_url}">Return</a>`,
      );
    }
    res.writeHead(404).end();
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      const body = Buffer.concat(chunks).toString();
      void (async () => {
        if (!path.startsWith('/v1/')) return page(req, res, path);
        if (req.headers.authorization !== `Bearer ${secretKey}`) {
          return send(
            res,
            401,
            stripeError('Invalid API Key provided', undefined, undefined, 'invalid_request_error'),
          );
        }
        // GET and DELETE carry their parameters in the query string, POST in the body.
        const query = new URL(req.url ?? '/', 'http://fake').search.slice(1);
        const form = { ...parseStripeForm(query), ...parseStripeForm(body) };
        const key = req.headers['idempotency-key'];
        const replayed = req.method === 'POST' && typeof key === 'string' ? idempotent.get(key) : undefined;
        const [status, answer] = replayed ?? (await api(req.method ?? 'GET', path, form));
        if (req.method === 'POST' && typeof key === 'string') idempotent.set(key, [status, answer]);
        send(res, status, answer);
      })().catch((error: unknown) =>
        send(res, 500, stripeError(String(error), undefined, undefined, 'api_error')),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    secretKey,
    webhookSecret,
    prices,
    env: () => ({
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_PRICE_BASIC: prices.basic,
      STRIPE_PRICE_STANDARD: prices.standard,
      STRIPE_PRICE_PLUS: prices.plus,
      STRIPE_PRICE_PRO: prices.pro,
      STRIPE_API_URL: base,
    }),
    events,
    subscriptions,
    checkoutSessions: sessions,
    refunds,
    client: () =>
      new Stripe(secretKey, {
        host: '127.0.0.1',
        port: (server.address() as AddressInfo).port,
        protocol: 'http',
        telemetry: false,
      }),
    paidFor: (subscriptionId) => {
      const latest = mustFind(subscriptions, subscriptionId).latest_invoice;
      return latest ? mustFind(invoices, latest).amount_paid : 0;
    },
    now,
    advanceDays: (days) => {
      offsetS += days * DAY_S;
    },
    setWebhookUrl: (url) => {
      webhookUrl = url;
    },
    completeCheckout,
    renew,
    failPayment,
    deliver,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** One page of a list, newest first, as Stripe answers it (everything fits in one page here). */
function list<T extends Json>(
  path: string,
  items: Map<string, T>,
  keep: (item: T) => boolean,
): [number, Json] {
  const data = [...items.values()].filter(keep).reverse();
  return [200, { object: 'list', url: path, has_more: false, data }];
}

function mustFind<T>(map: Map<string, T>, key: string): T {
  const value = map.get(key);
  if (!value) throw new Error(`the fake Stripe has no ${key}`);
  return value;
}

function stripeError(message: string, param?: string, code?: string, type = 'invalid_request_error'): Json {
  return { error: { message, type, ...(param ? { param } : {}), ...(code ? { code } : {}) } };
}

function invalid(message: string, param: string): [number, Json] {
  return [400, stripeError(message, param, 'parameter_invalid')];
}

function send(res: http.ServerResponse, status: number, body: Json) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
  res.end(JSON.stringify(body));
}
