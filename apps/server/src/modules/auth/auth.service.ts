// E-mail and password accounts: sign-up with a 6-digit code, sign-in, password reset.
// Answers never reveal whether an address has an account, in words or in time.
import { ErrorCode, type SignUpRequest } from '@waymarks/shared';
import type { Mailer } from '../../adapters/mail/mailer.js';
import type { UserRow } from '../../db/schema.js';
import { AppError, badRequest, tooManyRequests } from '../../http/errors.js';
import { accountExistsMail, passwordResetMail, verificationCodeMail } from './auth.mails.js';
import type { CodesRepository } from './codes.repository.js';
import { hashPassword, verifyPassword } from './passwords.js';
import type { IssuedSession, SessionService } from './session.service.js';
import { ACCOUNT_POLICY, ADDRESS_POLICY, type Throttle } from './throttle.js';
import { hashCode, hashToken, newId, randomCode, randomToken } from './tokens.js';
import type { UsersRepository } from './users.repository.js';

export const CODE_TTL_MS = 10 * 60_000;
export const MAX_CODE_ATTEMPTS = 5;
export const RESET_TTL_MS = 60 * 60_000;

export const AUTH_MESSAGES = {
  invalidCredentials: 'Incorrect email or password.',
  notConfirmed: 'Please verify your email first. We sent you a new code.',
  codeMismatch: 'Invalid verification code provided, please try again.',
  codeExpired: 'Invalid code provided, please request a code again.',
  usernameTaken: 'Username is already taken',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
} as const;

export interface AuthServiceDeps {
  users: UsersRepository;
  codes: CodesRepository;
  sessions: SessionService;
  throttle: Throttle;
  mailer: Mailer;
  secret: string;
  publicUrl: string;
  now: () => number;
  /** Reports a mail that could not be sent after the answer was given. */
  onMailError?: (error: unknown) => void;
  /** Waits out a throttle delay; replaced in tests. */
  sleep?: (ms: number) => Promise<void>;
}

type SignUp = { name: string; email: string; username?: string | undefined; password: string };

export class AuthService {
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly deps: AuthServiceDeps) {
    this.sleep = deps.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  async signUp(input: SignUp & Omit<SignUpRequest, keyof SignUp>): Promise<{ email: string }> {
    const { users, mailer, now } = this.deps;
    const existing = await users.findByEmail(input.email);
    const username = input.username?.trim() || null;
    if (username && (await users.isUsernameTaken(username, existing?.id))) {
      throw new AppError(409, ErrorCode.usernameTaken, AUTH_MESSAGES.usernameTaken);
    }
    const passwordHash = await hashPassword(input.password);

    if (existing?.email_verified) {
      await mailer.send(accountExistsMail(existing.email, existing.name, `${this.deps.publicUrl}/signin`));
      return { email: existing.email };
    }

    const at = now();
    const fields = {
      name: input.name,
      username,
      username_key: username?.toLowerCase() ?? null,
      password_hash: passwordHash,
      updated_at: at,
    };
    let user: UserRow;
    if (existing) {
      await users.update(existing.id, fields);
      user = { ...existing, ...fields };
    } else {
      user = {
        id: newId(),
        email: input.email,
        picture: null,
        email_verified: 0,
        tier: 'free',
        google_sub: null,
        token_version: 0,
        created_at: at,
        ...fields,
      };
      await users.insert(user);
    }
    await this.sendCode(user);
    return { email: user.email };
  }

  async resendCode(email: string, clientKey: string): Promise<void> {
    await this.guard([`resend:${email}`, ACCOUNT_POLICY], [`resend-ip:${clientKey}`, ADDRESS_POLICY]);
    const user = await this.deps.users.findByEmail(email);
    if (!user || user.email_verified) return;
    // Each resend counts toward the limit, so the endpoint cannot be used to flood an inbox.
    await this.deps.throttle.recordFailure(`resend:${email}`, ACCOUNT_POLICY);
    // A fresh code gets fresh guesses; resends are themselves limited above.
    await this.deps.throttle.clear(`code:${email}`);
    await this.sendCode(user);
  }

  async verifyEmail(email: string, code: string, clientKey: string): Promise<void> {
    const { users, codes, throttle, now } = this.deps;
    const accountKey = `code:${email}`;
    const addressKey = `code-ip:${clientKey}`;
    await this.guard([accountKey, ACCOUNT_POLICY], [addressKey, ADDRESS_POLICY]);

    const user = await users.findByEmail(email);
    const active = user && !user.email_verified ? await codes.findActiveEmailCode(user.id) : undefined;
    if (!user || !active) {
      await throttle.recordFailure(addressKey, ADDRESS_POLICY);
      throw badRequest(ErrorCode.codeExpired, AUTH_MESSAGES.codeExpired);
    }
    if (active.expires_at <= now() || active.attempts >= MAX_CODE_ATTEMPTS) {
      throw badRequest(ErrorCode.codeExpired, AUTH_MESSAGES.codeExpired);
    }
    if (active.code_hash !== hashCode(this.deps.secret, code.trim())) {
      await codes.recordWrongGuess(active.id);
      await throttle.recordFailure(accountKey, ACCOUNT_POLICY);
      await throttle.recordFailure(addressKey, ADDRESS_POLICY);
      throw badRequest(ErrorCode.codeMismatch, AUTH_MESSAGES.codeMismatch);
    }
    if (!(await codes.consumeEmailCode(active.id, now()))) {
      throw badRequest(ErrorCode.codeExpired, AUTH_MESSAGES.codeExpired);
    }
    await users.update(user.id, { email_verified: 1, updated_at: now() });
    await throttle.clear(accountKey);
  }

  async signIn(email: string, password: string, clientKey: string): Promise<IssuedSession> {
    const { users, throttle, sessions } = this.deps;
    const accountKey = `password:${email}`;
    const addressKey = `password-ip:${clientKey}`;
    await this.guard([accountKey, ACCOUNT_POLICY], [addressKey, ADDRESS_POLICY]);

    const user = await users.findByEmail(email);
    const valid = await verifyPassword(user?.password_hash, password);
    if (!user || !valid) {
      await throttle.recordFailure(accountKey, ACCOUNT_POLICY);
      await throttle.recordFailure(addressKey, ADDRESS_POLICY);
      throw new AppError(401, ErrorCode.invalidCredentials, AUTH_MESSAGES.invalidCredentials);
    }
    await throttle.clear(accountKey);
    if (!user.email_verified) {
      await this.sendCode(user);
      throw new AppError(403, ErrorCode.userNotConfirmed, AUTH_MESSAGES.notConfirmed);
    }
    return sessions.issue(user);
  }

  async forgotPassword(email: string, clientKey: string): Promise<void> {
    const { users, codes, mailer, now } = this.deps;
    await this.guard([`forgot:${email}`, ACCOUNT_POLICY], [`forgot-ip:${clientKey}`, ADDRESS_POLICY]);
    await this.deps.throttle.recordFailure(`forgot:${email}`, ACCOUNT_POLICY);
    const user = await users.findByEmail(email);
    if (!user) return;
    const token = randomToken();
    await codes.insertPasswordReset({
      tokenHash: hashToken(token),
      userId: user.id,
      expiresAt: now() + RESET_TTL_MS,
      now: now(),
    });
    const link = `${this.deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    // Not awaited: an unknown address must get its answer in the same time as a known one.
    mailer.send(passwordResetMail(user.email, user.name, link)).catch((error: unknown) => {
      this.deps.onMailError?.(error);
    });
  }

  /** Sets the new password and ends every session of the account. */
  async resetPassword(token: string, password: string): Promise<void> {
    const { users, codes, sessions, now } = this.deps;
    const tokenHash = hashToken(token);
    const reset = await codes.findPasswordReset(tokenHash);
    if (!reset || reset.used_at !== null || reset.expires_at <= now()) {
      throw badRequest(ErrorCode.tokenInvalid, AUTH_MESSAGES.resetLinkInvalid);
    }
    const passwordHash = await hashPassword(password);
    if (!(await codes.consumePasswordReset(tokenHash, reset.user_id, now()))) {
      throw badRequest(ErrorCode.tokenInvalid, AUTH_MESSAGES.resetLinkInvalid);
    }
    // The link proves the mailbox, so an unconfirmed account is confirmed by it too.
    await users.update(reset.user_id, { password_hash: passwordHash, email_verified: 1, updated_at: now() });
    await sessions.endAllSessions(reset.user_id);
    await this.deps.throttle.clear(`password:${(await users.findById(reset.user_id))?.email ?? ''}`);
  }

  private async sendCode(user: UserRow): Promise<void> {
    const code = randomCode();
    const at = this.deps.now();
    await this.deps.codes.replaceEmailCode({
      id: newId(),
      userId: user.id,
      codeHash: hashCode(this.deps.secret, code),
      expiresAt: at + CODE_TTL_MS,
      now: at,
    });
    await this.deps.mailer.send(verificationCodeMail(user.email, user.name, code));
  }

  /** Refuses locked keys with 429 and waits out the slow-down of keys with recent failures. */
  private async guard(...keys: [string, typeof ACCOUNT_POLICY][]): Promise<void> {
    let delayMs = 0;
    for (const [key, policy] of keys) {
      const state = await this.deps.throttle.check(key, policy);
      if (state.locked) throw tooManyRequests();
      delayMs = Math.max(delayMs, state.delayMs);
    }
    if (delayMs > 0) await this.sleep(delayMs);
  }
}
