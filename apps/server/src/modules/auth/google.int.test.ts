import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar, followRedirects, startOidcProvider, type OidcProvider } from '../../testing/oidc.js';
import { freePort, startTestApp, testDialects, type TestApp } from '../../testing/test-app.js';
import type { ErrorResponse, Session } from '@waymarks/shared';
import { OAUTH_MESSAGES } from './google.service.js';

describe.each(testDialects())('Google sign-in against a real OpenID provider on %s', (dialect) => {
  let provider: OidcProvider;
  let t: TestApp;
  let base: string;

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

  /** Runs the browser's part of the flow; returns where the app finally sends the browser. */
  async function signInWithGoogle(): Promise<URL> {
    const jar = new CookieJar();
    const { url } = await followRedirects(`${base}/api/auth/google/start`, {
      jar,
      stop: (next) => next.pathname === '/oauth/callback',
    });
    return url;
  }

  const exchange = (code: string) =>
    fetch(`${base}/api/auth/oauth/exchange`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
    });

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
    const landing = await signInWithGoogle();
    const code = landing.searchParams.get('code');
    expect(landing.searchParams.get('error')).toBeNull();
    expect(code).toBeTruthy();

    const first = await exchange(code!);
    expect(first.status).toBe(200);
    const session = (await first.json()) as Session;
    expect(session.user).toMatchObject({
      email: 'explorer@example.com',
      name: 'Ex Plorer',
      emailVerified: true,
    });
    expect(first.headers.getSetCookie().some((c) => c.startsWith('wm_refresh='))).toBe(true);

    const second = await exchange(code!);
    expect(second.status).toBe(400);
    expect(((await second.json()) as ErrorResponse).error).toEqual({
      code: 'OAUTH_CODE_USED',
      message: OAUTH_MESSAGES.codeUsed,
    });
  });

  it('joins an existing e-mail account when Google has verified the same address', async () => {
    const email = 'existing@example.com';
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'Existing', email, password: 'Correct-Horse1' },
    });
    const before = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();

    provider.setAccount({ sub: 'g-2', email, email_verified: true, name: 'Someone Else' });
    const code = (await signInWithGoogle()).searchParams.get('code')!;
    const session = (await (await exchange(code)).json()) as Session;
    expect(session.user.userId).toBe(before.id);
    expect(session.user.name).toBe('Existing');
    expect(session.user.emailVerified).toBe(true);
  });

  it('refuses a Google account without a verified e-mail', async () => {
    provider.setAccount({ sub: 'g-3', email: 'unverified@example.com', email_verified: false, name: 'U' });
    const landing = await signInWithGoogle();
    expect(landing.searchParams.get('code')).toBeNull();
    expect(landing.searchParams.get('error')).toBe(OAUTH_MESSAGES.emailUnverified);
  });

  it('fails the callback when the state cookie is missing', async () => {
    const res = await fetch(`${base}/api/auth/google/callback?code=abc&state=xyz`, { redirect: 'manual' });
    const location = new URL(res.headers.get('location')!, base);
    expect(location.pathname).toBe('/oauth/callback');
    expect(location.searchParams.get('error')).toBe(OAUTH_MESSAGES.callbackFailed);
  });

  it('passes the provider error through to the callback page', async () => {
    const res = await fetch(`${base}/api/auth/google/callback?error=access_denied`, { redirect: 'manual' });
    expect(new URL(res.headers.get('location')!, base).searchParams.get('error')).toBe('access_denied');
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
      OAUTH_MESSAGES.notConfigured,
    );
  });
});
