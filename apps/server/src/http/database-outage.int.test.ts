// The database restarting during traffic (decision 098), on PostgreSQL: the app reaches it through a TCP
// proxy that the test cuts as a restart does (every connection ends, new ones are refused) and opens
// again. While it is down requests are refused with 503 in the API's shape; once it is back the app
// serves again by itself, and what was stored before, during and at the moment of the cut is there once.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CountriesSummary, ErrorCode, PinListResponse, Session } from '@waymarks/shared';
import {
  apiCaller,
  createPinAs,
  createSignedInUser,
  startTestApp,
  testDialects,
  TEST_PASSWORD,
  type SignedInUser,
  type TestApp,
} from '../testing/test-app.js';
import { UNAVAILABLE_MESSAGES } from './errors.js';

const AREZZO = { lat: 43.4665, lng: 11.882, title: 'Arezzo' };
const TOKYO = { lat: 35.6586, lng: 139.7454, title: 'Tokyo' };
const PARIS = { lat: 48.8584, lng: 2.2945, title: 'Paris' };
const LISBON = { lat: 38.7223, lng: -9.1393, title: 'Lisbon' };
const EMAIL = 'restart@example.com';

/** A TCP proxy in front of PostgreSQL that can be cut, as a restart cuts it, and opened again. */
class DatabaseProxy {
  port = 0;
  private server: net.Server | undefined;
  private readonly open = new Set<net.Socket>();
  private losing: { text: string; cut: () => void } | undefined;

  constructor(private readonly target: { host: string; port: number }) {}

  get listening(): boolean {
    return this.server !== undefined;
  }

  /** Listens (again, on the same port once it has one). */
  async listen(): Promise<void> {
    const server = net.createServer((client) => this.relay(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  /** Every open connection ends at once and new ones are refused, as while PostgreSQL restarts. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    const closed = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    for (const socket of this.open) socket.destroy();
    await closed;
  }

  /**
   * The next statement whose text holds `text` reaches PostgreSQL and runs there, but its answer never
   * comes back: its connection is cut once it has had time to commit, as when the database goes down
   * right after a commit. Resolves when it has been cut.
   */
  loseAnswerTo(text: string): Promise<void> {
    return new Promise((resolve) => {
      this.losing = { text, cut: resolve };
    });
  }

  private relay(client: net.Socket): void {
    const upstream = net.connect(this.target.port, this.target.host);
    this.open.add(client).add(upstream);
    let answersLost = false;
    const end = () => {
      client.destroy();
      upstream.destroy();
      this.open.delete(client);
      this.open.delete(upstream);
    };
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      const losing = this.losing;
      if (losing && chunk.includes(losing.text)) {
        this.losing = undefined;
        answersLost = true;
        setTimeout(() => {
          end();
          losing.cut();
        }, 500);
      }
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!answersLost) client.write(chunk);
    });
    for (const socket of [client, upstream]) {
      socket.on('error', end);
      socket.on('close', end);
    }
  }
}

describe.runIf(testDialects().includes('postgres'))('the database restarting during traffic', () => {
  let proxy: DatabaseProxy;
  let t: TestApp;
  let traveller: SignedInUser;
  const call = apiCaller(() => t);

  beforeAll(async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    proxy = new DatabaseProxy({ host: url.hostname, port: Number(url.port || 5432) });
    await proxy.listen();
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    t = await startTestApp('postgres', {}, { databaseUrl: url.href });
    traveller = await createSignedInUser(t, { email: EMAIL, name: 'Nellie Bly' });
  });

  afterAll(async () => {
    // The schema is dropped through the proxy: it must be open.
    if (proxy && !proxy.listening) await proxy.listen();
    await t?.close();
    await proxy?.cut();
  });

  const signIn = () => call('POST', '/api/auth/signin', null, { email: EMAIL, password: TEST_PASSWORD });
  const titles = async () => {
    const res = await call('GET', '/api/pins', traveller);
    expect(res.statusCode, res.body).toBe(200);
    return PinListResponse.parse(res.json())
      .pins.map((pin) => pin.title)
      .sort();
  };

  /** A refusal for now, in the API's shape, saying to try again: not a 500, no stack. */
  function expectUnavailable(res: Awaited<ReturnType<typeof call>>) {
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toEqual({
      error: { code: ErrorCode.serviceBusy, message: UNAVAILABLE_MESSAGES.service },
    });
    expect(res.headers['retry-after']).toBe('5');
  }

  it('answers 503 with a clear message while the database is down, and serves again once it is back', async () => {
    expect(Session.safeParse((await signIn()).json()).success).toBe(true);
    await createPinAs(call, traveller, AREZZO);
    await createPinAs(call, traveller, TOKYO);
    expect(await titles()).toEqual(['Arezzo', 'Tokyo']);

    await proxy.cut();
    const startedAt = Date.now();
    expectUnavailable(await call('GET', '/api/pins', traveller));
    expectUnavailable(await call('POST', '/api/pins', traveller, PARIS));
    expectUnavailable(await signIn());
    const ready = await call('GET', '/api/ready', null);
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable' });
    // Refused at once: a connection the database refuses is not waited for.
    expect(Date.now() - startedAt).toBeLessThan(5_000);

    await proxy.listen();
    expect((await call('GET', '/api/ready', null)).statusCode).toBe(200);
    expect((await signIn()).statusCode).toBe(200);
    // Stored before the cut, once each; the create refused during it stored nothing.
    expect(await titles()).toEqual(['Arezzo', 'Tokyo']);
    await createPinAs(call, traveller, PARIS);
    expect(await titles()).toEqual(['Arezzo', 'Paris', 'Tokyo']);
  });

  it('answers 503 for a create whose commit landed but whose answer was lost, and it is stored once', async () => {
    const lost = proxy.loseAnswerTo('insert into "pins"');
    const res = await call('POST', '/api/pins', traveller, LISBON);
    await lost;
    expectUnavailable(res);
    // The pin was committed before the connection went: it is there, once. The API keeps no request
    // ids, so a client that sends the create again makes a second one; it sees the first in its list.
    expect(await titles()).toEqual(['Arezzo', 'Lisbon', 'Paris', 'Tokyo']);

    // The figures skipped after the lost answer are rewritten whole at the next change: nothing twice.
    await createPinAs(call, traveller, { ...AREZZO, title: 'Arezzo again' });
    const countries = CountriesSummary.parse((await call('GET', '/api/countries', traveller)).json());
    expect({ countries: countries.totalCountries, pins: countries.totalPins }).toEqual({
      countries: 4,
      pins: 5,
    });
  });
});
