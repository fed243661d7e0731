// The auth module's public entry: createAuth, which the composition root (services.ts) builds it with, its
// routes for app.ts, and what other modules may use: the guard (require-auth.ts, imported directly by
// routes) and the few rules they share with sign-in and sign-up. Everything else stays inside the module.
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../adapters/mail/mailer.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { AuthService } from './auth.service.js';
import { CodesRepository } from './codes.repository.js';
import { AccountCredentials } from './credentials.service.js';
import { GoogleSignIn } from './google.service.js';
import { RefreshTokensRepository } from './refresh-tokens.repository.js';
import { SessionService } from './session.service.js';
import { SessionsRepository } from './sessions.repository.js';
import { Throttle } from './throttle.js';
import { AccessTokens } from './tokens.js';
import { UsersRepository } from './users.repository.js';

export { AUTH_MESSAGES, PENDING_SIGNUP_TTL_MS } from './auth.service.js';
export { verifyPassword } from './passwords.js';
export {
  AUTH_LIMITS,
  throttleKey,
  type Reservation,
  type Throttle,
  type ThrottlePolicy,
} from './throttle.js';
export { hashCode, hashToken, randomCode, randomToken } from './tokens.js';
export { authRoutes, meRoute } from './auth.routes.js';
export { credentialsRoutes } from './credentials.routes.js';
export { googleRoutes } from './google.routes.js';
export { createRequireAuth } from './require-auth.js';

interface AuthModuleDeps {
  config: Pick<Config, 'authSecret' | 'publicUrl' | 'supportEmail' | 'sessions' | 'google'>;
  db: Db;
  mailer: Mailer;
  now: () => number;
  sleep?: (ms: number) => Promise<void>;
  log: FastifyBaseLogger;
}

/**
 * Accounts and sessions: the users' repository (the owner of the users table, which other modules reach
 * through the port of common/users.ts), sessions, the throttle, sign-up and sign-in, changes of the
 * password and the e-mail address, and Google sign-in when it is configured.
 */
export function createAuth({ config, db, mailer, now, sleep, log }: AuthModuleDeps) {
  const users = new UsersRepository(db);
  const codes = new CodesRepository(db);
  const sessions = new SessionService({
    users,
    sessions: new SessionsRepository(db),
    refreshTokens: new RefreshTokensRepository(db),
    accessTokens: new AccessTokens(config.authSecret, config.publicUrl, now),
    lifetimes: config.sessions,
    now,
  });
  const throttle = new Throttle(db, now);
  const auth = new AuthService({
    users,
    codes,
    sessions,
    throttle,
    mailer,
    secret: config.authSecret,
    publicUrl: config.publicUrl,
    now,
    sleep,
    log,
  });
  const credentials = new AccountCredentials({
    users,
    codes,
    sessions,
    throttle,
    mailer,
    secret: config.authSecret,
    publicUrl: config.publicUrl,
    supportEmail: config.supportEmail,
    now,
    sleep,
    log,
  });
  const google = config.google
    ? new GoogleSignIn(
        { ...config.google, redirectUri: `${config.publicUrl}/api/auth/google/callback` },
        users,
        codes,
        sessions,
        now,
      )
    : undefined;
  return { users, sessions, throttle, auth, credentials, google };
}
