// What a signed-in traveller signs in with, changed from the profile: the password, and the e-mail address
// (docs/decisions/080-changing-password-and-email.md). Both ask for the current password, counted on the
// sign-in's keys, so these forms are no second door for guessing it. A new password ends every other
// session; a new address takes effect only with the code mailed to it, and the old address is told.
import { timingSafeEqual } from 'node:crypto';
import {
  ErrorCode,
  type ChangePasswordRequest,
  type EmailChangeRequest,
  type EmailChangeStarted,
  type User,
} from '@waymarks/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../adapters/mail/mailer.js';
import { AccountMail } from './account-mail.js';
import type { UserRow } from '../../db/schema.js';
import { AppError, badRequest, unauthorized } from '../../http/errors.js';
import { emailChangeCodeMail, emailChangedMail, emailTakenMail, passwordChangedMail } from './auth.mails.js';
import { MAX_CODE_ATTEMPTS } from './auth.service.js';
import type { CodesRepository } from './codes.repository.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { toUser, type SessionService } from './session.service.js';
import {
  AUTH_LIMITS,
  admitAttempt,
  attemptSucceeded,
  passwordRecheckLimits,
  throttleKey,
  type Throttle,
} from './throttle.js';
import { hashCode, randomCode } from './tokens.js';
import type { UsersRepository } from './users.repository.js';

/** How long the code sent to a new address works. */
export const EMAIL_CHANGE_TTL_MS = 10 * 60_000;

export const CREDENTIAL_MESSAGES = {
  wrongPassword: 'Your current password is not right. Nothing has been changed.',
  noPassword:
    'Your account signs in with Google and has no password yet. Set one first with the link we can e-mail you.',
  sameEmail: 'This is already your e-mail address.',
  wrongCode: 'That code is not right or has expired. Ask for a new code and try again.',
  emailTaken:
    'This e-mail address now belongs to another Waymarks account, so yours has not been moved to it.',
} as const;

interface AccountCredentialsDeps {
  users: Pick<UsersRepository, 'update' | 'findById' | 'findByEmail' | 'changeEmail'>;
  codes: Pick<
    CodesRepository,
    'saveEmailChange' | 'reserveEmailChangeGuess' | 'takeEmailChange' | 'voidPasswordResets'
  >;
  sessions: Pick<SessionService, 'endOtherSessions'>;
  throttle: Pick<Throttle, 'reserve' | 'release' | 'clear' | 'remember'>;
  mailer: Pick<Mailer, 'send'>;
  secret: string;
  publicUrl: string;
  supportEmail: string;
  now: () => number;
  /** Mails sent after the answer that fail, and codes not sent because an address had enough mail. */
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Waits out a throttle delay; replaced in tests. */
  sleep?: ((ms: number) => Promise<void>) | undefined;
}

export class AccountCredentials {
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly mail: AccountMail;

  constructor(private readonly deps: AccountCredentialsDeps) {
    this.sleep = deps.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.mail = new AccountMail(deps);
  }

  /**
   * Sets a new password once the current one is given. Every other session of the account ends (another
   * device may be someone else's, which is often why a password is changed); the session that asked stays
   * signed in. Reset links asked for before stop working, and the account's address is told.
   */
  async changePassword(
    user: UserRow,
    sessionId: string,
    request: ChangePasswordRequest,
    clientKey: string,
  ): Promise<void> {
    const { users, codes, sessions, now } = this.deps;
    await this.checkPassword(user, request.currentPassword, clientKey);
    await users.update(user.id, {
      password_hash: await hashPassword(request.newPassword),
      updated_at: now(),
    });
    await codes.voidPasswordResets(user.id, now());
    await sessions.endOtherSessions(user.id, sessionId);
    this.mail.sendAfterAnswer(passwordChangedMail(user.email, user.name, `${this.deps.publicUrl}/signin`));
  }

  /**
   * Starts a move to `newEmail` once the current password is given: a code goes to the new address, and
   * nothing changes until it is entered. When the address already has a confirmed account its owner is
   * told instead, and the answer is the same: the request learns nothing sign-up would not tell it.
   */
  async requestEmailChange(
    user: UserRow,
    request: EmailChangeRequest,
    clientKey: string,
  ): Promise<EmailChangeStarted> {
    const { users, codes, now } = this.deps;
    const newEmail = request.newEmail.trim().toLowerCase();
    if (newEmail === user.email.toLowerCase()) {
      throw badRequest(ErrorCode.emailUnchanged, CREDENTIAL_MESSAGES.sameEmail);
    }
    await this.checkPassword(user, request.currentPassword, clientKey);
    await admitAttempt(this.deps.throttle, this.sleep, [
      [throttleKey('mail-from', clientKey), AUTH_LIMITS.mailRequestsFromAddress],
      [throttleKey('email-change', user.id), AUTH_LIMITS.emailChangesOfAccount],
    ]);
    const holder = await users.findByEmail(newEmail);
    // The same statements whoever holds the address: the change waits with its code either way, and a
    // taken address's code is simply never sent.
    const code = randomCode();
    const expiresAt = now() + EMAIL_CHANGE_TTL_MS;
    await codes.saveEmailChange({
      userId: user.id,
      newEmail,
      codeHash: hashCode(this.deps.secret, code),
      expiresAt,
      now: now(),
    });
    if (await this.mail.mayMail(newEmail)) {
      this.mail.sendAfterAnswer(
        holder?.email_verified
          ? emailTakenMail(newEmail, holder.name, `${this.deps.publicUrl}/signin`)
          : emailChangeCodeMail(newEmail, code, user.name),
      );
    }
    return { email: newEmail, expiresAt: new Date(expiresAt).toISOString() };
  }

  /**
   * Moves the account to the address its pending change names, with the code sent there: single use, ten
   * minutes, five guesses, each counted before it is compared. The old address is told. Sessions stay: the
   * password is unchanged, and the change itself needed it. Reset links mailed to the old address stop
   * working, and this client becomes known to the new address (as a confirmed sign-up's would).
   */
  async confirmEmailChange(user: UserRow, code: string, clientKey: string): Promise<User> {
    const { users, codes, throttle, now } = this.deps;
    const attempt = await admitAttempt(throttle, this.sleep, [
      [throttleKey('email-change-code', user.id, clientKey), AUTH_LIMITS.accountFromAddress],
      [throttleKey('code-ip', clientKey), AUTH_LIMITS.address],
      [throttleKey('email-change-code', user.id), AUTH_LIMITS.accountCodes],
    ]);
    const codeHash = hashCode(this.deps.secret, code.trim());
    const pending = await codes.reserveEmailChangeGuess(user.id, now(), MAX_CODE_ATTEMPTS);
    const newEmail =
      pending && sameHash(pending.codeHash, codeHash) && (await codes.takeEmailChange(user.id, codeHash));
    if (!newEmail) throw badRequest(ErrorCode.codeMismatch, CREDENTIAL_MESSAGES.wrongCode);
    await attemptSucceeded(throttle, attempt);
    if (!(await users.changeEmail(user.id, newEmail, now()))) {
      throw new AppError(409, ErrorCode.emailTaken, CREDENTIAL_MESSAGES.emailTaken);
    }
    await codes.voidPasswordResets(user.id, now());
    await throttle.remember(throttleKey('known', newEmail, clientKey));
    this.mail.sendAfterAnswer(emailChangedMail(user.email, user.name, newEmail, this.deps.supportEmail));
    const moved = await users.findById(user.id);
    if (!moved) throw unauthorized('Session expired. Please log in again.');
    return toUser(moved);
  }

  /**
   * Refuses unless `password` is the account's, counted on the sign-in's keys before it is compared. An
   * account without a password (Google sign-in only) is told to set one first; that costs no guess.
   */
  private async checkPassword(user: UserRow, password: string, clientKey: string): Promise<void> {
    if (user.password_hash === null) {
      throw new AppError(409, ErrorCode.passwordNotSet, CREDENTIAL_MESSAGES.noPassword);
    }
    const attempt = await admitAttempt(
      this.deps.throttle,
      this.sleep,
      passwordRecheckLimits(user.email, clientKey),
    );
    if (!(await verifyPassword(user.password_hash, password))) {
      throw new AppError(403, ErrorCode.invalidCredentials, CREDENTIAL_MESSAGES.wrongPassword);
    }
    await attemptSucceeded(this.deps.throttle, attempt);
  }
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}
