// A real OpenID Connect provider (oidc-provider 9) standing in for Google in tests. It listens on
// http://127.0.0.1:<ephemeral port>, has one confidential client, and completes every interaction by
// itself: the authorization URL logs in the account set with setAccount() and grants every requested
// scope and claim, so following the redirects (browser or fetch with a cookie jar) ends at
// redirect_uri?code=…&state=…&iss=….
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the ambient types must come along when e2e/ imports this file
/// <reference path="./oidc-provider.d.ts" />
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { InteractionDetails, Provider as ProviderType } from 'oidc-provider';

export interface OidcAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  picture?: string;
}

export interface OidcProviderOptions {
  /** The client's registered redirect URIs (exact match, as with Google). */
  redirectUris?: string[];
  clientId?: string;
  clientSecret?: string;
  /**
   * How the client authenticates at the token endpoint. openid-client 6 uses client_secret_post when
   * given a secret string, so that is the default; Google accepts both.
   */
  tokenEndpointAuthMethod?: 'client_secret_post' | 'client_secret_basic';
  /** The account logged in until setAccount() is called. */
  account?: OidcAccount;
}

export interface OidcProvider {
  /** http://127.0.0.1:PORT; discovery at `${issuer}/.well-known/openid-configuration`. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Every authorization request from now on logs in this account (sessions are never reused). */
  setAccount(account: OidcAccount): void;
  close(): Promise<void>;
}

interface ProviderContext {
  oidc?: { route?: string; session?: { destroyed?: boolean; destroy(): Promise<void> } };
  response: { get(field: string): string };
}

export const DEFAULT_OIDC_ACCOUNT: OidcAccount = {
  sub: 'google-oauth2|100000000000000000001',
  email: 'traveller@example.com',
  email_verified: true,
  name: 'Test Traveller',
};

/** oidc-provider prints development notices (no Node 22, in-memory adapter…) that mean nothing here. */
async function withoutProviderNotices<T>(fn: () => Promise<T>): Promise<T> {
  const { warn, info } = console;
  const keep =
    (original: (...args: unknown[]) => void) =>
    (...args: unknown[]) => {
      if (typeof args[0] === 'string' && /oidc-provider (WARNING|NOTICE)/.test(args[0])) return;
      original(...args);
    };
  console.warn = keep(warn);
  console.info = keep(info); // eslint-disable-line no-console -- filtered, not printed
  try {
    return await fn();
  } finally {
    console.warn = warn;
    console.info = info; // eslint-disable-line no-console -- restoring the original
  }
}

function signingKeys() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' });
  return { keys: [{ ...jwk, kid: 'waymarks-test', use: 'sig', alg: 'RS256' }] };
}

export async function startOidcProvider(opts: OidcProviderOptions = {}): Promise<OidcProvider> {
  const clientId = opts.clientId ?? 'waymarks-test-client';
  const clientSecret = opts.clientSecret ?? randomBytes(24).toString('base64url');
  let account: OidcAccount = { ...(opts.account ?? DEFAULT_OIDC_ACCOUNT) };

  // Bind first: the issuer must contain the port.
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => {
    res.statusCode = 503;
    res.end();
  };
  const server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider: ProviderType = await withoutProviderNotices(async () => {
    const { default: Provider } = await import('oidc-provider');
    return new Provider(issuer, {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: opts.redirectUris ?? [],
          response_types: ['code'],
          grant_types: ['authorization_code'],
          token_endpoint_auth_method: opts.tokenEndpointAuthMethod ?? 'client_secret_post',
        },
      ],
      claims: {
        openid: ['sub'],
        email: ['email', 'email_verified'],
        profile: ['name', 'picture'],
      },
      scopes: ['openid', 'email', 'profile'],
      // Put the e-mail and profile claims in the ID token of the code flow, as Google does.
      conformIdTokenClaims: false,
      pkce: { required: () => true },
      // Codes and tokens outlive the provider session, which is dropped after each authorization.
      expiresWithSession: async () => false,
      ttl: {
        AccessToken: 3600,
        AuthorizationCode: 600,
        IdToken: 3600,
        Interaction: 600,
        Session: 3600,
        Grant: 3600,
      },
      jwks: signingKeys(),
      cookies: { keys: [randomBytes(32).toString('hex')] },
      features: { devInteractions: { enabled: false } },
      interactions: {
        url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
      },
      async findAccount(_ctx: unknown, sub: string) {
        if (sub !== account.sub) return undefined;
        const current = account;
        return {
          accountId: current.sub,
          async claims() {
            const { picture, ...rest } = current;
            return picture === undefined ? rest : { ...rest, picture };
          },
        };
      },
      async renderError(ctx: { type: string; body: unknown }, out: Record<string, string>) {
        ctx.type = 'text/plain';
        ctx.body = `oidc-provider error: ${out.error}: ${out.error_description ?? ''}`;
      },
    });
  });

  // Forget the provider session once an authorization request has been answered, so the next request
  // from the same browser (or cookie jar) logs in whichever account is set at that moment.
  provider.use(async (ctx, next) => {
    await next();
    const oidc = (ctx as ProviderContext).oidc;
    if (oidc?.route !== 'authorization' && oidc?.route !== 'resume') return;
    const location = (ctx as ProviderContext).response.get('location');
    const answered = location && !location.startsWith('/') && !location.startsWith(`${issuer}/`);
    if (answered && oidc.session && !oidc.session.destroyed) await oidc.session.destroy();
  });

  async function interact(req: IncomingMessage, res: ServerResponse) {
    const details: InteractionDetails = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: account.sub, remember: false } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    if (details.prompt.name === 'consent') {
      const accountId = details.session?.accountId ?? account.sub;
      const clientIdParam = String(details.params.client_id ?? clientId);
      const existing = details.grantId ? await provider.Grant.find(details.grantId) : undefined;
      const grant = existing ?? new provider.Grant({ accountId, clientId: clientIdParam });
      const missing = details.prompt.details as {
        missingOIDCScope?: string[];
        missingOIDCClaims?: string[];
        missingResourceScopes?: Record<string, string[]>;
      };
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
      for (const [resource, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
        grant.addResourceScope(resource, scopes.join(' '));
      }
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { consent: { grantId } },
        { mergeWithLastSubmission: true },
      );
      return;
    }
    res.statusCode = 400;
    res.setHeader('content-type', 'text/plain');
    res.end(`unsupported prompt ${details.prompt.name}`);
  }

  const providerCallback = provider.callback();
  handler = (req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (path.startsWith('/interaction/')) {
      interact(req, res).catch((err: unknown) => {
        res.statusCode = 500;
        res.setHeader('content-type', 'text/plain');
        res.end(`interaction failed: ${err instanceof Error ? err.message : String(err)}`);
      });
      return;
    }
    providerCallback(req, res);
  };

  return {
    issuer,
    clientId,
    clientSecret,
    setAccount(next) {
      account = { ...next };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** A minimal cookie jar for following redirects with fetch (name/path aware, no domain matching). */
export class CookieJar {
  private readonly cookies = new Map<string, { value: string; path: string }>();

  /** Remember the Set-Cookie headers of a response. */
  store(res: Response): void {
    for (const header of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      let path = '/';
      let expired = value === '';
      for (const attribute of attributes) {
        const [key = '', val = ''] = attribute.split('=');
        if (key.toLowerCase() === 'path' && val) path = val;
        if (key.toLowerCase() === 'max-age' && Number(val) <= 0) expired = true;
        if (key.toLowerCase() === 'expires' && Date.parse(val) <= Date.now()) expired = true;
      }
      const key = `${name};${path}`;
      if (expired) this.cookies.delete(key);
      else this.cookies.set(key, { value, path });
    }
  }

  /** The Cookie header for a request to `url` (undefined when there is none). */
  header(url: string | URL): string | undefined {
    const { pathname } = new URL(url);
    const pairs = [...this.cookies.entries()]
      .filter(
        ([, c]) => pathname === c.path || pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`),
      )
      .map(([key, c]) => `${key.slice(0, key.lastIndexOf(';'))}=${c.value}`);
    return pairs.length ? pairs.join('; ') : undefined;
  }
}

/**
 * Follow HTTP redirects from `url` with fetch, carrying cookies, until a response is not a redirect or
 * `stop(url)` is true for the next location (e.g. it is the client's redirect_uri). Returns the final URL,
 * which is NOT fetched when `stop` matched, and the last response.
 */
export async function followRedirects(
  url: string | URL,
  opts: {
    jar?: CookieJar;
    stop?: (next: URL) => boolean;
    maxHops?: number;
    headers?: Record<string, string>;
  } = {},
): Promise<{ url: URL; response: Response }> {
  const jar = opts.jar ?? new CookieJar();
  let current = new URL(url);
  for (let hop = 0; hop < (opts.maxHops ?? 20); hop++) {
    const cookie = jar.header(current);
    const response = await fetch(current, {
      redirect: 'manual',
      headers: { ...opts.headers, ...(cookie ? { cookie } : {}) },
    });
    jar.store(response);
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) return { url: current, response };
    await response.body?.cancel();
    const next = new URL(location, current);
    if (opts.stop?.(next)) return { url: next, response };
    current = next;
  }
  throw new Error(`Too many redirects from ${String(url)}`);
}
