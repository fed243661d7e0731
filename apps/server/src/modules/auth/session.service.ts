// Sessions: one row per sign-in with an absolute end, a 1-hour access token bound to it, and a rotating
// refresh token stored hashed. A session's refresh tokens form a family: a replayed (already rotated)
// token ends the session, and ending a session refuses its access tokens too, within a second.
import type { Session, User } from '@waymarks/shared';
import { tierOf } from '../../common/user-tier.js';
import type { SessionRow, UserRow } from '../../db/schema.js';
import { unauthorized } from '../../http/errors.js';
import type { RefreshTokensRepository } from './refresh-tokens.repository.js';
import { isLive, type SessionsRepository } from './sessions.repository.js';
import { newId } from '../../common/ids.js';
import { hashToken, randomToken, type AccessTokens } from './tokens.js';
import type { UsersRepository } from './users.repository.js';

export interface IssuedSession {
  session: Session;
  refreshToken: string;
  refreshExpiresAt: number;
}

interface SessionLifetimes {
  /** From sign-in to the session's end, whatever is refreshed meanwhile. */
  maxAgeMs: number;
  /** How long a refresh token stays usable unused: a session left alone this long ends. */
  idleMs: number;
}

interface SessionServiceDeps {
  users: UsersRepository;
  sessions: SessionsRepository;
  refreshTokens: RefreshTokensRepository;
  accessTokens: AccessTokens;
  lifetimes: SessionLifetimes;
  now: () => number;
}

export class SessionService {
  constructor(private readonly deps: SessionServiceDeps) {}

  /** A new session for a sign-in (password, code or Google). */
  async issue(user: UserRow): Promise<IssuedSession> {
    const now = this.deps.now();
    const session = {
      id: newId(),
      userId: user.id,
      createdAt: now,
      expiresAt: now + this.deps.lifetimes.maxAgeMs,
    };
    await this.deps.sessions.insert(session);
    return this.issueTokens(user, { id: session.id, expires_at: session.expiresAt });
  }

  async refresh(refreshToken: string | undefined): Promise<IssuedSession> {
    if (!refreshToken) throw unauthorized('No session');
    const { refreshTokens, sessions } = this.deps;
    const row = await refreshTokens.findByHash(hashToken(refreshToken));
    const now = this.deps.now();
    if (!row || row.revoked_at !== null || row.expires_at <= now) throw unauthorized('Session expired');
    if (!(await refreshTokens.markRotated(row.id, now))) {
      // Reuse of a rotated token means it was copied: end the session, its access tokens included.
      await this.end(row.family_id, now);
      throw unauthorized('Session expired');
    }
    const session = await sessions.findById(row.family_id);
    if (!isLive(session, now)) throw unauthorized('Session expired');
    const user = await this.deps.users.findById(row.user_id);
    if (!user) throw unauthorized('Session expired');
    return this.issueTokens(user, session);
  }

  async signOut(refreshToken: string | undefined): Promise<void> {
    if (!refreshToken) return;
    const row = await this.deps.refreshTokens.findByHash(hashToken(refreshToken));
    if (row) await this.end(row.family_id, this.deps.now());
  }

  /** Ends every session of the account: refresh tokens revoked, outstanding access tokens refused. */
  endAllSessions(userId: string): Promise<void> {
    return endEverySession(this.deps, userId, this.deps.now());
  }

  /**
   * Ends every session of the account but `keepSessionId`, the one asking: its tokens stay good, and the
   * others' refresh tokens are revoked and their access tokens refused (their session rows have ended).
   * `token_version` is left alone, since bumping it would refuse the kept session's access token too.
   */
  async endOtherSessions(userId: string, keepSessionId: string): Promise<void> {
    const now = this.deps.now();
    await this.deps.refreshTokens.revokeAllForUser(userId, now, keepSessionId);
    await this.deps.sessions.endAllForUser(userId, now, keepSessionId);
  }

  /** Whether a session of this user still lives, read afresh: for what other modules bind to a session. */
  async isLive(sessionId: string, userId: string): Promise<boolean> {
    const session = await this.deps.sessions.findById(sessionId);
    return isLive(session, this.deps.now()) && session.user_id === userId;
  }

  /**
   * The user and session behind a bearer token, or null when the token is bad, expired or its session has
   * ended.
   */
  async authenticate(accessToken: string): Promise<Authenticated | null> {
    const claims = await this.deps.accessTokens.verify(accessToken);
    if (!claims) return null;
    const now = this.deps.now();
    const [user, session] = await Promise.all([
      this.deps.users.findForRequest(claims.userId, now),
      this.deps.sessions.findForRequest(claims.sessionId, now),
    ]);
    return admitted(claims, user, session, now);
  }

  /**
   * authenticate()'s answer when the token, its user and its session were all read in the last second
   * (a client's second and later requests), from the same reads and checks; undefined when any of them
   * must be read first. It saves a request the promises of a lookup that has nothing to wait for.
   */
  authenticateFromMemory(accessToken: string): Authenticated | null | undefined {
    const claims = this.deps.accessTokens.verifiedBefore(accessToken);
    if (claims === null) return null;
    if (claims === undefined) return undefined;
    const now = this.deps.now();
    const user = this.deps.users.readForRequest(claims.userId, now);
    const session = user && this.deps.sessions.readForRequest(claims.sessionId, now);
    if (!session) return undefined;
    return admitted(claims, user, session, now);
  }

  private async end(sessionId: string, now: number): Promise<void> {
    await this.deps.refreshTokens.revokeFamily(sessionId, now);
    await this.deps.sessions.end(sessionId, now);
  }

  /** Both tokens end no later than the session does. */
  private async issueTokens(
    user: UserRow,
    session: Pick<SessionRow, 'id' | 'expires_at'>,
  ): Promise<IssuedSession> {
    const now = this.deps.now();
    const refreshToken = randomToken();
    const refreshExpiresAt = Math.min(now + this.deps.lifetimes.idleMs, session.expires_at);
    await this.deps.refreshTokens.insert({
      id: newId(),
      userId: user.id,
      familyId: session.id,
      tokenHash: hashToken(refreshToken),
      expiresAt: refreshExpiresAt,
      now,
    });
    const { token, expiresAt } = await this.deps.accessTokens.sign(
      { userId: user.id, tokenVersion: user.token_version, sessionId: session.id },
      session.expires_at,
    );
    return { session: { accessToken: token, expiresAt, user: toUser(user) }, refreshToken, refreshExpiresAt };
  }
}

/** The user and session behind a valid access token. */
export interface Authenticated {
  user: UserRow;
  sessionId: string;
}

/** The token's user still holds its token version and its session still lives. */
function admitted(
  claims: { tokenVersion: number },
  user: UserRow | undefined,
  session: SessionRow | undefined,
  now: number,
): Authenticated | null {
  if (!user || user.token_version !== claims.tokenVersion) return null;
  if (!isLive(session, now) || session.user_id !== user.id) return null;
  return { user, sessionId: session.id };
}

/** Every session of the account ends, in this process at once and on other instances within a second. */
export async function endEverySession(
  repositories: Pick<SessionServiceDeps, 'users' | 'sessions' | 'refreshTokens'>,
  userId: string,
  now: number,
): Promise<void> {
  await repositories.refreshTokens.revokeAllForUser(userId, now);
  await repositories.sessions.endAllForUser(userId, now);
  await repositories.users.bumpTokenVersion(userId, now);
}

/**
 * The answers made from each user row. A signed-in traveller's row is one object for up to a second
 * (USER_CACHE_TTL_MS) and is never changed in place, so its answer is made once, not on every request
 * that shows it (/auth/me on every page; decision 096). Answers are shared: nothing may change them.
 */
const answerOfRow = new WeakMap<UserRow, User>();

export function toUser(row: UserRow): User {
  let user = answerOfRow.get(row);
  if (!user) {
    user = {
      userId: row.id,
      email: row.email,
      name: row.name,
      username: row.username,
      picture: row.picture,
      emailVerified: row.email_verified === 1,
      tier: tierOf(row),
      signupDate: new Date(row.created_at).toISOString(),
    };
    answerOfRow.set(row, user);
  }
  return user;
}
