// Sessions: a 1-hour access token plus a rotating refresh token stored hashed, grouped in families so
// that a replayed (already rotated) refresh token ends every session descended from the same sign-in.
import { isTierId, type Session, type User } from '@waymarks/shared';
import type { UserRow } from '../../db/schema.js';
import { unauthorized } from '../../http/errors.js';
import type { RefreshTokensRepository } from './refresh-tokens.repository.js';
import { REFRESH_TOKEN_TTL_MS, hashToken, newId, randomToken, type AccessTokens } from './tokens.js';
import type { UsersRepository } from './users.repository.js';

export interface IssuedSession {
  session: Session;
  refreshToken: string;
  refreshExpiresAt: number;
}

export class SessionService {
  constructor(
    private readonly users: UsersRepository,
    private readonly refreshTokens: RefreshTokensRepository,
    private readonly accessTokens: AccessTokens,
    private readonly now: () => number,
  ) {}

  async issue(user: UserRow, familyId: string = newId()): Promise<IssuedSession> {
    const now = this.now();
    const refreshToken = randomToken();
    const refreshExpiresAt = now + REFRESH_TOKEN_TTL_MS;
    await this.refreshTokens.insert({
      id: newId(),
      userId: user.id,
      familyId,
      tokenHash: hashToken(refreshToken),
      expiresAt: refreshExpiresAt,
      now,
    });
    const { token, expiresAt } = await this.accessTokens.sign({
      userId: user.id,
      tokenVersion: user.token_version,
    });
    return { session: { accessToken: token, expiresAt, user: toUser(user) }, refreshToken, refreshExpiresAt };
  }

  async refresh(refreshToken: string | undefined): Promise<IssuedSession> {
    if (!refreshToken) throw unauthorized('No session');
    const row = await this.refreshTokens.findByHash(hashToken(refreshToken));
    const now = this.now();
    if (!row || row.revoked_at !== null || row.expires_at <= now) throw unauthorized('Session expired');
    if (!(await this.refreshTokens.markRotated(row.id, now))) {
      // Reuse of a rotated token means it was copied: end the whole family.
      await this.refreshTokens.revokeFamily(row.family_id, now);
      throw unauthorized('Session expired');
    }
    const user = await this.users.findById(row.user_id);
    if (!user) throw unauthorized('Session expired');
    return this.issue(user, row.family_id);
  }

  async signOut(refreshToken: string | undefined): Promise<void> {
    if (!refreshToken) return;
    const row = await this.refreshTokens.findByHash(hashToken(refreshToken));
    if (row) await this.refreshTokens.revokeFamily(row.family_id, this.now());
  }

  /** Ends every session of the account: refresh tokens revoked, outstanding access tokens refused. */
  async endAllSessions(userId: string): Promise<void> {
    const now = this.now();
    await this.refreshTokens.revokeAllForUser(userId, now);
    await this.users.bumpTokenVersion(userId, now);
  }

  /** The user behind a bearer token, or null when the token is bad, expired or its sessions were ended. */
  async authenticate(accessToken: string): Promise<UserRow | null> {
    const claims = await this.accessTokens.verify(accessToken);
    if (!claims) return null;
    const user = await this.users.findForRequest(claims.userId, this.now());
    if (!user || user.token_version !== claims.tokenVersion) return null;
    return user;
  }
}

export function toUser(row: UserRow): User {
  return {
    userId: row.id,
    email: row.email,
    name: row.name,
    username: row.username,
    picture: row.picture,
    emailVerified: row.email_verified === 1,
    tier: isTierId(row.tier) ? row.tier : 'free',
    signupDate: new Date(row.created_at).toISOString(),
  };
}
