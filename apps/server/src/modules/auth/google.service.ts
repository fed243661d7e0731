// Google sign-in: server-side authorization code flow with PKCE, state and nonce. The callback hands the
// browser a one-time login code (never a token in a URL) that the web app exchanges once for a session.
import { timingSafeEqual } from 'node:crypto';
import * as oidc from 'openid-client';
import { ErrorCode, NEUTRAL_NAME, OAUTH_CALLBACK_ERRORS, type OAuthCallbackError } from '@waymarks/shared';
import type { UserRow } from '../../db/schema.js';
import { AppError, badRequest } from '../../http/errors.js';
import type { CodesRepository } from './codes.repository.js';
import type { IssuedSession, SessionService } from './session.service.js';
import { newId } from '../../common/ids.js';
import { hashToken, randomToken } from './tokens.js';
import type { UsersRepository } from './users.repository.js';

const LOGIN_CODE_TTL_MS = 2 * 60_000;

/** What /api/auth/oauth/exchange answers when a login code cannot be used. */
export const OAUTH_MESSAGES = {
  codeUsed: 'Authorization code has already been used',
  codeInvalid: 'Authorization code is invalid or has expired',
  otherBrowser: 'This sign-in was started in another browser. Please sign in with Google again here.',
  notConfigured: OAUTH_CALLBACK_ERRORS.not_configured,
} as const;

/** A callback that cannot sign anyone in; its reason goes back to the page as a name, not as text. */
export class OAuthCallbackFailure extends AppError {
  constructor(readonly reason: OAuthCallbackError) {
    super(400, ErrorCode.tokenInvalid, OAUTH_CALLBACK_ERRORS[reason]);
  }
}

export interface PendingAuthorization {
  state: string;
  nonce: string;
  codeVerifier: string;
}

interface GoogleSettings {
  clientId: string;
  clientSecret: string;
  issuer: string;
  redirectUri: string;
}

export class GoogleSignIn {
  private configuration: Promise<oidc.Configuration> | undefined;

  constructor(
    private readonly settings: GoogleSettings,
    private readonly users: UsersRepository,
    private readonly codes: CodesRepository,
    private readonly sessions: SessionService,
    private readonly now: () => number,
  ) {}

  /** Provider metadata is discovered on first use and kept; a failed discovery is retried next time. */
  private discover(): Promise<oidc.Configuration> {
    const { issuer, clientId, clientSecret } = this.settings;
    const issuerUrl = new URL(issuer);
    // Plain http is allowed only for a provider on this machine (the local test provider).
    const local = ['127.0.0.1', 'localhost', '[::1]'].includes(issuerUrl.hostname);
    this.configuration ??= oidc
      .discovery(issuerUrl, clientId, clientSecret, undefined, {
        execute: [
          ...(local && issuerUrl.protocol === 'http:' ? [oidc.allowInsecureRequests] : []),
          // The ID token's signature is checked against the provider's published keys too, not only
          // trusted because it came over TLS from the token endpoint.
          oidc.enableNonRepudiationChecks,
        ],
      })
      .catch((error: unknown) => {
        this.configuration = undefined;
        throw error;
      });
    return this.configuration;
  }

  async start(): Promise<{ url: string; pending: PendingAuthorization }> {
    const configuration = await this.discover();
    const pending = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
    };
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: this.settings.redirectUri,
      scope: 'openid email profile',
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
      code_challenge_method: 'S256',
      state: pending.state,
      nonce: pending.nonce,
      // Lets a person with several Google accounts pick one, where the provider supports it.
      ...(supportsAccountChooser(configuration) ? { prompt: 'select_account' } : {}),
    });
    return { url: url.href, pending };
  }

  /**
   * Completes the provider's redirect; returns a one-time login code for /oauth/callback?code=, usable
   * only by the browser holding the binding value whose hash is `browserHash` (the one that started).
   */
  async complete(callbackQuery: string, pending: PendingAuthorization, browserHash: string): Promise<string> {
    const configuration = await this.discover();
    const callbackUrl = new URL(this.settings.redirectUri);
    callbackUrl.search = callbackQuery;
    const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    if (!tokens.id_token) throw new OAuthCallbackFailure('no_id_token');
    const claims = tokens.claims();
    if (!claims?.sub) throw new OAuthCallbackFailure('invalid_id_token');

    const user = await this.findOrCreateUser({
      sub: claims.sub,
      email: typeof claims.email === 'string' ? claims.email.toLowerCase() : undefined,
      emailVerified: claims.email_verified === true,
      name: typeof claims.name === 'string' ? claims.name : undefined,
      picture: typeof claims.picture === 'string' ? claims.picture : undefined,
    });

    const code = randomToken();
    const at = this.now();
    await this.codes.insertOAuthLoginCode({
      codeHash: hashToken(code),
      browserHash,
      userId: user.id,
      expiresAt: at + LOGIN_CODE_TTL_MS,
      now: at,
    });
    return code;
  }

  /**
   * Trades a login code for a session, in the browser that started the sign-in only: a code that reaches
   * another browser (a link someone was sent, to sign them in to the sender's account) is used up and
   * refused, so it cannot be tried again anywhere.
   */
  async exchange(code: string, browserBinding: string | undefined): Promise<IssuedSession> {
    const codeHash = hashToken(code);
    const row = await this.codes.findOAuthLoginCode(codeHash);
    if (!row) throw badRequest(ErrorCode.tokenInvalid, OAUTH_MESSAGES.codeInvalid);
    if (row.used_at !== null) throw badRequest(ErrorCode.oauthCodeUsed, OAUTH_MESSAGES.codeUsed);
    if (row.expires_at <= this.now()) throw badRequest(ErrorCode.tokenInvalid, OAUTH_MESSAGES.codeInvalid);
    if (!(await this.codes.consumeOAuthLoginCode(codeHash, this.now()))) {
      throw badRequest(ErrorCode.oauthCodeUsed, OAUTH_MESSAGES.codeUsed);
    }
    if (
      !browserBinding ||
      row.browser_hash === null ||
      !sameHash(row.browser_hash, hashToken(browserBinding))
    ) {
      throw badRequest(ErrorCode.tokenInvalid, OAUTH_MESSAGES.otherBrowser);
    }
    const user = await this.users.findById(row.user_id);
    if (!user) throw badRequest(ErrorCode.tokenInvalid, OAUTH_MESSAGES.codeInvalid);
    return this.sessions.issue(user);
  }

  /**
   * The same Google account always signs in to the same Waymarks account. A first Google sign-in whose
   * verified e-mail matches an existing account joins that account; otherwise a new one is made.
   *
   * An existing account whose address was never confirmed proves nothing about who made it: anyone can
   * sign up with someone else's address. Google has just proved the mailbox, so the account becomes the
   * mailbox owner's: the password, name and username the unconfirmed sign-up chose are dropped, its codes
   * voided and any session ended, and nothing the stranger chose can sign in to it again.
   */
  private async findOrCreateUser(identity: {
    sub: string;
    email: string | undefined;
    emailVerified: boolean;
    name: string | undefined;
    picture: string | undefined;
  }): Promise<UserRow> {
    const { users, now } = this;
    const linked = await users.findByGoogleSub(identity.sub);
    if (linked) return linked;
    if (!identity.email || !identity.emailVerified) {
      throw new OAuthCallbackFailure('email_unverified');
    }
    const existing = await users.findByEmail(identity.email);
    const at = now();
    if (existing?.email_verified) {
      const changes = {
        google_sub: identity.sub,
        picture: existing.picture ?? identity.picture ?? null,
        updated_at: at,
      };
      await users.update(existing.id, changes);
      return { ...existing, ...changes };
    }
    if (existing) {
      await users.update(existing.id, {
        google_sub: identity.sub,
        email_verified: 1,
        password_hash: null,
        name: nameFrom({ name: identity.name, email: identity.email }),
        username: null,
        username_key: null,
        picture: identity.picture ?? null,
        updated_at: at,
      });
      await this.codes.deleteEmailCodes(existing.id);
      await this.sessions.endAllSessions(existing.id);
      const claimed = await users.findById(existing.id);
      if (!claimed) throw new OAuthCallbackFailure('callback_failed');
      return claimed;
    }
    const user: UserRow = {
      id: newId(),
      email: identity.email,
      name: nameFrom({ name: identity.name, email: identity.email }),
      username: null,
      username_key: null,
      password_hash: null,
      picture: identity.picture ?? null,
      email_verified: 1,
      tier: 'free',
      google_sub: identity.sub,
      token_version: 0,
      created_at: at,
      updated_at: at,
    };
    await users.insert(user);
    return user;
  }
}

function nameFrom(identity: { name: string | undefined; email: string }): string {
  return identity.name?.trim().slice(0, 200) || NEUTRAL_NAME;
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

function supportsAccountChooser(configuration: oidc.Configuration): boolean {
  const prompts = configuration.serverMetadata().prompt_values_supported;
  return Array.isArray(prompts) && prompts.includes('select_account');
}
