// Google sign-in: server-side authorization code flow with PKCE, state and nonce. The callback hands the
// browser a one-time login code (never a token in a URL) that the web app exchanges once for a session.
import * as oidc from 'openid-client';
import { ErrorCode } from '@waymarks/shared';
import type { UserRow } from '../../db/schema.js';
import { AppError, badRequest } from '../../http/errors.js';
import type { CodesRepository } from './codes.repository.js';
import type { IssuedSession, SessionService } from './session.service.js';
import { hashToken, newId, randomToken } from './tokens.js';
import type { UsersRepository } from './users.repository.js';

export const LOGIN_CODE_TTL_MS = 2 * 60_000;

export const OAUTH_MESSAGES = {
  noIdToken: 'No ID token received from OAuth provider',
  invalidIdToken: 'Invalid ID token',
  callbackFailed: 'OAuth callback failed',
  codeUsed: 'Authorization code has already been used',
  codeInvalid: 'Authorization code is invalid or has expired',
  emailUnverified: 'Your Google account has no verified e-mail address',
  notConfigured: 'Sign-in with Google is not set up on this server',
} as const;

export interface PendingAuthorization {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface GoogleSettings {
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
        execute: local && issuerUrl.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
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

  /** Completes the provider's redirect; returns a one-time login code for /oauth/callback?code=. */
  async complete(callbackQuery: string, pending: PendingAuthorization): Promise<string> {
    const configuration = await this.discover();
    const callbackUrl = new URL(this.settings.redirectUri);
    callbackUrl.search = callbackQuery;
    const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    if (!tokens.id_token) throw badRequest(ErrorCode.tokenInvalid, OAUTH_MESSAGES.noIdToken);
    const claims = tokens.claims();
    if (!claims?.sub) throw badRequest(ErrorCode.tokenInvalid, OAUTH_MESSAGES.invalidIdToken);

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
      userId: user.id,
      expiresAt: at + LOGIN_CODE_TTL_MS,
      now: at,
    });
    return code;
  }

  async exchange(code: string): Promise<IssuedSession> {
    const codeHash = hashToken(code);
    const row = await this.codes.findOAuthLoginCode(codeHash);
    if (!row) throw badRequest(ErrorCode.tokenInvalid, OAUTH_MESSAGES.codeInvalid);
    if (row.used_at !== null) throw badRequest(ErrorCode.oauthCodeUsed, OAUTH_MESSAGES.codeUsed);
    if (row.expires_at <= this.now()) throw badRequest(ErrorCode.tokenInvalid, OAUTH_MESSAGES.codeInvalid);
    if (!(await this.codes.consumeOAuthLoginCode(codeHash, this.now()))) {
      throw badRequest(ErrorCode.oauthCodeUsed, OAUTH_MESSAGES.codeUsed);
    }
    const user = await this.users.findById(row.user_id);
    if (!user) throw badRequest(ErrorCode.tokenInvalid, OAUTH_MESSAGES.codeInvalid);
    return this.sessions.issue(user);
  }

  /**
   * The same Google account always signs in to the same Waymarks account. A first Google sign-in whose
   * verified e-mail matches an existing account joins that account; otherwise a new one is made.
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
      throw new AppError(400, ErrorCode.validation, OAUTH_MESSAGES.emailUnverified);
    }
    const existing = await users.findByEmail(identity.email);
    const at = now();
    if (existing) {
      const changes = {
        google_sub: identity.sub,
        email_verified: 1,
        picture: existing.picture ?? identity.picture ?? null,
        updated_at: at,
      };
      await users.update(existing.id, changes);
      return { ...existing, ...changes };
    }
    const user: UserRow = {
      id: newId(),
      email: identity.email,
      name: identity.name?.trim().slice(0, 200) || identity.email.split('@')[0]!,
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

function supportsAccountChooser(configuration: oidc.Configuration): boolean {
  const prompts = configuration.serverMetadata().prompt_values_supported;
  return Array.isArray(prompts) && prompts.includes('select_account');
}
