import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import {
  CookieJar,
  DEFAULT_OIDC_ACCOUNT,
  followRedirects,
  startOidcProvider,
  type OidcProvider,
} from './oidc.js';

const REDIRECT_URI = 'http://127.0.0.1:3999/api/auth/google/callback';

describe('test OpenID provider', () => {
  let idp: OidcProvider;
  let config: client.Configuration;
  // For the browser: a real endpoint at a second registered redirect URI (Playwright cannot route redirects).
  const callbackServer = createServer((_req, res) => res.end('callback'));
  let browserRedirectUri: string;

  beforeAll(async () => {
    await new Promise<void>((resolve) => callbackServer.listen(0, '127.0.0.1', resolve));
    browserRedirectUri = `http://127.0.0.1:${(callbackServer.address() as AddressInfo).port}/api/auth/google/callback`;
    idp = await startOidcProvider({ redirectUris: [REDIRECT_URI, browserRedirectUri] });
    config = await client.discovery(new URL(idp.issuer), idp.clientId, idp.clientSecret, undefined, {
      execute: [client.allowInsecureRequests],
    });
  });
  afterAll(async () => {
    await idp.close();
    callbackServer.close();
  });

  /** Start an authorization request and follow it (with a cookie jar) to the client's redirect_uri. */
  async function authorize() {
    const codeVerifier = client.randomPKCECodeVerifier();
    const nonce = client.randomNonce();
    const state = client.randomState();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT_URI,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      nonce,
      state,
    });
    const jar = new CookieJar();
    const { url: callback } = await followRedirects(url, {
      jar,
      stop: (next) => next.href.startsWith(REDIRECT_URI),
    });
    return { callback, codeVerifier, nonce, state, jar };
  }

  it('serves the discovery document', async () => {
    const res = await fetch(`${idp.issuer}/.well-known/openid-configuration`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as Record<string, unknown>;
    expect(doc.issuer).toBe(idp.issuer);
    expect(idp.issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(doc.code_challenge_methods_supported).toEqual(['S256']);
    expect(doc.scopes_supported).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
    expect(doc.claims_supported).toEqual(
      expect.arrayContaining(['email', 'email_verified', 'name', 'picture']),
    );
  });

  it('logs in the configured account and grants consent without a human', async () => {
    const { callback, codeVerifier, nonce, state } = await authorize();
    expect(callback.origin + callback.pathname).toBe(REDIRECT_URI);
    expect(callback.searchParams.get('state')).toBe(state);
    expect(callback.searchParams.get('code')).toBeTruthy();

    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: codeVerifier,
      expectedNonce: nonce,
      expectedState: state,
    });
    const claims = tokens.claims();
    expect(claims).toMatchObject({
      iss: idp.issuer,
      aud: idp.clientId,
      sub: DEFAULT_OIDC_ACCOUNT.sub,
      email: DEFAULT_OIDC_ACCOUNT.email,
      email_verified: true,
      name: DEFAULT_OIDC_ACCOUNT.name,
      nonce,
    });
    const userinfo = await client.fetchUserInfo(config, tokens.access_token, DEFAULT_OIDC_ACCOUNT.sub);
    expect(userinfo.email).toBe(DEFAULT_OIDC_ACCOUNT.email);
  });

  it('switches to the account set with setAccount, even for a browser that signed in before', async () => {
    const account = {
      sub: '1234567890',
      email: 'Marta.Viajera@example.com',
      email_verified: false,
      name: 'Marta Viajera',
      picture: 'http://127.0.0.1:1/marta.png',
    };
    idp.setAccount(account);
    const first = await authorize();
    let tokens = await client.authorizationCodeGrant(config, first.callback, {
      pkceCodeVerifier: first.codeVerifier,
      expectedNonce: first.nonce,
      expectedState: first.state,
    });
    expect(tokens.claims()).toMatchObject(account);

    // Same cookie jar (same "browser"), different account: the new one is logged in.
    const other = { ...DEFAULT_OIDC_ACCOUNT, sub: 'other-sub', email: 'other@example.com' };
    idp.setAccount(other);
    const verifier = client.randomPKCECodeVerifier();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT_URI,
      scope: 'openid email',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: 'second',
    });
    const { url: callback } = await followRedirects(url, {
      jar: first.jar,
      stop: (next) => next.href.startsWith(REDIRECT_URI),
    });
    tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: 'second',
    });
    expect(tokens.claims()).toMatchObject({ sub: 'other-sub', email: 'other@example.com' });
    expect(tokens.claims()).not.toHaveProperty('name');
  });

  it('completes in a real browser too', async () => {
    idp.setAccount(DEFAULT_OIDC_ACCOUNT);
    const verifier = client.randomPKCECodeVerifier();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: browserRedirectUri,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: 'browser',
    });
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      await page.goto(url.href);
      const callback = new URL(page.url());
      expect(callback.origin + callback.pathname).toBe(browserRedirectUri);
      expect(await page.textContent('body')).toBe('callback');
      const tokens = await client.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: verifier,
        expectedState: 'browser',
      });
      expect(tokens.claims()?.email).toBe(DEFAULT_OIDC_ACCOUNT.email);
    } finally {
      await browser.close();
    }
  });

  it('requires PKCE', async () => {
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT_URI,
      scope: 'openid email',
      state: 'no-pkce',
    });
    const { url: callback } = await followRedirects(url, {
      stop: (next) => next.href.startsWith(REDIRECT_URI),
    });
    expect(callback.searchParams.get('error')).toBe('invalid_request');
    expect(callback.searchParams.get('code')).toBeNull();
  });

  it('rejects a redirect_uri that is not registered', async () => {
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: 'http://127.0.0.1:3999/elsewhere',
      scope: 'openid',
      code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    });
    const { response } = await followRedirects(url);
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/redirect_uri/);
  });
});
