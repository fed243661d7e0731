import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar, followRedirects, startOidcProvider, type OidcProvider } from '../../testing/oidc.js';
import { extractCode } from '../../testing/smtp.js';
import {
  TEST_PASSWORD,
  accountMaker,
  freePort,
  startTestApp,
  testDialects,
  type TestApp,
} from '../../testing/test-app.js';
import type { ErrorResponse, Session } from '@waymarks/shared';
import { OAUTH_MESSAGES } from './google.service.js';

describe.each(testDialects())('Google sign-in against a real OpenID provider on %s', (dialect) => {
  let provider: OidcProvider;
  let t: TestApp;
  let base: string;
  const makeAccount = accountMaker(() => t, { label: 'existing' });
  const bearer = (session: Session) => ({ authorization: `Bearer ${session.accessToken}` });

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    provider = await startOidcProvider({ redirectUris: [`${base}/api/auth/google/callback`] });
    t = await startTestApp(dialect, {
      PUBLIC_URL: base,
      GOOGLE_CLIENT_ID: provider.clientId,
      GOOGLE_CLIENT_SECRET: provider.clientSecret,
      OIDC_ISSUER: provider.issuer,
    });
    await t.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  /** Runs the browser's part of the flow; returns where the app finally sends the browser, and its cookies. */
  async function signInWithGoogle(): Promise<{ landing: URL; jar: CookieJar }> {
    const jar = new CookieJar();
    const { url } = await followRedirects(`${base}/api/auth/google/start`, {
      jar,
      stop: (next) => next.pathname === '/oauth/callback',
    });
    return { landing: url, jar };
  }

  /** The web app's exchange: a same-origin POST carrying whatever cookies `jar` (the browser) holds. */
  const exchange = (code: string, jar?: CookieJar, headers: Record<string, string> = {}) => {
    const url = `${base}/api/auth/oauth/exchange`;
    const cookie = jar?.header(url);
    return fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}), ...headers },
      body: JSON.stringify({ code }),
    });
  };

  const userRow = (email: string) =>
    t.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();

  it('says Google sign-in is available', async () => {
    expect((await fetch(`${base}/api/auth/config`)).status).toBe(200);
    expect(await (await fetch(`${base}/api/auth/config`)).json()).toEqual({ googleEnabled: true });
  });

  it('signs a new traveller in with PKCE, state and nonce, and the login code works only once', async () => {
    provider.setAccount({
      sub: 'g-1',
      email: 'Explorer@Example.com',
      email_verified: true,
      name: 'Ex Plorer',
    });
    const { landing, jar } = await signInWithGoogle();
    const code = landing.searchParams.get('code');
    expect(landing.searchParams.get('error')).toBeNull();
    expect(code).toMatch(/^[\w-]{43}$/);

    const first = await exchange(code!, jar);
    expect(first.status).toBe(200);
    const session = (await first.json()) as Session;
    expect(session.user).toMatchObject({
      email: 'explorer@example.com',
      name: 'Ex Plorer',
      emailVerified: true,
    });
    expect(first.headers.getSetCookie().some((c) => c.startsWith('wm_refresh='))).toBe(true);

    const second = await exchange(code!, jar);
    expect(second.status).toBe(400);
    expect(((await second.json()) as ErrorResponse).error).toEqual({
      code: 'OAUTH_CODE_USED',
      message: OAUTH_MESSAGES.codeUsed,
    });
  });

  it('refuses a login code in any browser but the one that started the sign-in, and spends it', async () => {
    provider.setAccount({ sub: 'g-csrf', email: 'attacker@example.com', email_verified: true, name: 'A' });
    const attacker = await signInWithGoogle();
    const code = attacker.landing.searchParams.get('code')!;
    // The attacker sends /oauth/callback?code=… to a victim, whose browser has no binding cookie …
    const victim = await exchange(code);
    expect(victim.status).toBe(400);
    expect(((await victim.json()) as ErrorResponse).error.message).toBe(OAUTH_MESSAGES.otherBrowser);
    expect(victim.headers.getSetCookie().some((c) => c.startsWith('wm_refresh='))).toBe(false);
    // … or the binding of a sign-in of the victim's own.
    const other = await signInWithGoogle();
    const victimWithOwnFlow = await exchange(
      (await signInWithGoogle()).landing.searchParams.get('code')!,
      other.jar,
    );
    expect(victimWithOwnFlow.status).toBe(400);
    // The refused code is spent: not even the browser that started it can use it now.
    expect((await exchange(code, attacker.jar)).status).toBe(400);
    const rows = await t.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .where('users.email', '=', 'attacker@example.com')
      .select('sessions.id')
      .execute();
    expect(rows).toEqual([]);
  });

  it('refuses the exchange from a page of another origin without spending the code', async () => {
    provider.setAccount({ sub: 'g-origin', email: 'origin@example.com', email_verified: true, name: 'O' });
    const { landing, jar } = await signInWithGoogle();
    const code = landing.searchParams.get('code')!;
    const forged = await exchange(code, jar, { origin: 'https://evil.example' });
    expect(forged.status).toBe(403);
    expect(((await forged.json()) as ErrorResponse).error.code).toBe('CROSS_ORIGIN_REQUEST');
    expect((await exchange(code, jar, { origin: base })).status).toBe(200);
  });

  it('joins an existing confirmed account when Google has verified the same address', async () => {
    const email = 'existing1@example.com';
    const existing = await makeAccount();
    provider.setAccount({ sub: 'g-2', email, email_verified: true, name: 'Someone Else' });
    const { landing, jar } = await signInWithGoogle();
    const session = (await (await exchange(landing.searchParams.get('code')!, jar)).json()) as Session;
    expect(session.user.userId).toBe(existing.userId);
    expect(session.user.name).toBe('Ida Pfeiffer');
    // The account's own password still works beside Google.
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email, password: TEST_PASSWORD },
      remoteAddress: '10.9.0.1',
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('takes an unconfirmed account from whoever made it: their password, name and code stop working', async () => {
    const email = 'victim@example.com';
    const strangerPassword = 'Strangers-Pass1';
    const since = Date.now();
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'Stranger', username: 'stranger', email, password: strangerPassword },
      remoteAddress: '10.9.0.2',
    });
    expect(signUp.statusCode).toBe(201);
    const strangersCode = extractCode(await t.mail.waitForMail(email, { since }));
    const before = await userRow(email);

    provider.setAccount({ sub: 'g-victim', email, email_verified: true, name: 'Real Owner' });
    const { landing, jar } = await signInWithGoogle();
    const session = (await (await exchange(landing.searchParams.get('code')!, jar)).json()) as Session;
    expect(session.user).toMatchObject({ userId: before.id, name: 'Real Owner', username: null });
    expect((await t.app.inject({ url: '/api/auth/me', headers: bearer(session) })).statusCode).toBe(200);

    const after = await userRow(email);
    expect(after).toMatchObject({ password_hash: null, username: null, google_sub: 'g-victim' });
    const strangerSignIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email, password: strangerPassword },
      remoteAddress: '10.9.0.3',
    });
    expect(strangerSignIn.statusCode).toBe(401);
    const strangerVerify = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify',
      payload: { email, code: strangersCode },
      remoteAddress: '10.9.0.4',
    });
    expect(strangerVerify.statusCode).toBe(400);
    expect(
      await t.db.selectFrom('email_codes').where('user_id', '=', before.id).selectAll().execute(),
    ).toEqual([]);
  });

  it('refuses a Google account without a verified e-mail', async () => {
    provider.setAccount({ sub: 'g-3', email: 'unverified@example.com', email_verified: false, name: 'U' });
    const { landing } = await signInWithGoogle();
    expect(landing.searchParams.get('code')).toBeNull();
    expect(landing.searchParams.get('error')).toBe('email_unverified');
  });

  it('fails the callback when the state cookie is missing', async () => {
    const res = await fetch(`${base}/api/auth/google/callback?code=abc&state=xyz`, { redirect: 'manual' });
    const location = new URL(res.headers.get('location')!, base);
    expect(location.pathname).toBe('/oauth/callback');
    expect(location.searchParams.get('error')).toBe('callback_failed');
  });

  it("names a refusal by the person to the page, and never passes the provider's own text on", async () => {
    const denied = await fetch(`${base}/api/auth/google/callback?error=access_denied`, {
      redirect: 'manual',
    });
    expect(new URL(denied.headers.get('location')!, base).searchParams.get('error')).toBe('access_denied');
    const crafted = await fetch(
      `${base}/api/auth/google/callback?error=${encodeURIComponent('Your account is locked, call +1 555 0100')}`,
      { redirect: 'manual' },
    );
    expect(new URL(crafted.headers.get('location')!, base).searchParams.get('error')).toBe('callback_failed');
  });
});

describe('Google sign-in without a configured client', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(async () => t?.close());

  it('reports it as not set up, and the start link explains why', async () => {
    expect((await t.app.inject({ url: '/api/auth/config' })).json()).toEqual({ googleEnabled: false });
    const res = await t.app.inject({ url: '/api/auth/google/start' });
    expect(res.statusCode).toBe(302);
    expect(new URL(res.headers.location as string, 'http://x').searchParams.get('error')).toBe(
      'not_configured',
    );
  });
});
