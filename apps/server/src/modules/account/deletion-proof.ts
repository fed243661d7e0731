// What deleting an account asks for besides a session (SPEC.md §7 Profile and account): a secret only the
// account's holder knows, so a stolen access token, or a browser left signed in, cannot delete it. That is
// the password, or, for an account without one (Google sign-in only), a code e-mailed to its address.
// Each guess counts against the very keys the sign-in's guesses do (modules/auth/throttle.ts), so the
// deletion form is no second door for guessing a password.
import { timingSafeEqual } from 'node:crypto';
import {
  ErrorCode,
  type DeleteAccountRequest,
  type DeletionCodeResponse,
  type DeletionConfirmation,
} from '@waymarks/shared';
import type { Mailer } from '../../adapters/mail/mailer.js';
import type { UserRow } from '../../db/schema.js';
import { AppError, tooManyRequests } from '../../http/errors.js';
import {
  AUTH_LIMITS,
  hashCode,
  randomCode,
  throttleKey,
  verifyPassword,
  type Reservation,
  type Throttle,
} from '../auth/index.js';
import { deletionCodeMail } from './account.mails.js';
import type { AccountRepository } from './account.repository.js';

const CODE_TTL_MS = 10 * 60_000;
/** Guesses one deletion code allows; then a new one must be sent. */
export const MAX_DELETION_CODE_GUESSES = 5;

export const DELETION_PROOF_MESSAGES = {
  passwordRequired: 'Enter your password to delete your account.',
  wrongPassword: 'That password is not right. Your account has not been deleted.',
  codeRequired: 'Enter the code we e-mailed you to delete your account.',
  wrongCode: 'That code is not right or has expired. Send a new code and try again.',
  hasPassword: 'This account has a password: enter it to delete the account.',
} as const;

interface DeletionProofDeps {
  account: Pick<AccountRepository, 'saveDeletionCode' | 'reserveDeletionCodeGuess'>;
  throttle: Pick<Throttle, 'reserve' | 'release' | 'clear'>;
  mailer: Pick<Mailer, 'send'>;
  secret: string;
  now: () => number;
  /** Waits out a throttle delay, as the sign-in does; replaced in tests. */
  sleep?: ((ms: number) => Promise<void>) | undefined;
}

export class DeletionProofs {
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly deps: DeletionProofDeps) {
    this.sleep = deps.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  confirmation(user: UserRow): DeletionConfirmation {
    return { confirmWith: user.password_hash === null ? 'code' : 'password' };
  }

  /** Mails a new code to an account without a password; an earlier code stops working. */
  async sendCode(user: UserRow): Promise<DeletionCodeResponse> {
    const { account, throttle, mailer, now } = this.deps;
    if (user.password_hash !== null) {
      throw new AppError(409, ErrorCode.confirmationMismatch, DELETION_PROOF_MESSAGES.hasPassword);
    }
    // The same budget as every other mail to the address: a session cannot be used to flood it.
    const mail = await throttle.reserve(throttleKey('mail-to', user.email), AUTH_LIMITS.mailsToAddress);
    if (!mail.allowed) throw tooManyRequests();
    const code = randomCode();
    const expiresAt = now() + CODE_TTL_MS;
    await account.saveDeletionCode(user.id, hashCode(this.deps.secret, code), expiresAt, now());
    await mailer.send(deletionCodeMail(user.email, user.name, code));
    return { expiresAt: new Date(expiresAt).toISOString() };
  }

  /**
   * Refuses unless the request carries the account's password (or its live code). A missing secret is a
   * form error and counts nothing; a wrong one counts as a wrong sign-in from this client.
   */
  async check(user: UserRow, request: DeleteAccountRequest, clientKey: string): Promise<void> {
    const byPassword = user.password_hash !== null;
    if (byPassword && request.password === undefined) {
      throw new AppError(400, ErrorCode.validation, DELETION_PROOF_MESSAGES.passwordRequired);
    }
    if (!byPassword && request.code === undefined) {
      throw new AppError(400, ErrorCode.validation, DELETION_PROOF_MESSAGES.codeRequired);
    }
    const attempt = await this.admit(user.email.toLowerCase(), clientKey);
    const valid = byPassword
      ? await verifyPassword(user.password_hash, request.password!)
      : await this.codeMatches(user, request.code!);
    if (!valid) {
      const message = byPassword ? DELETION_PROOF_MESSAGES.wrongPassword : DELETION_PROOF_MESSAGES.wrongCode;
      throw new AppError(403, ErrorCode.invalidCredentials, message);
    }
    await this.succeeded(attempt);
  }

  private async codeMatches(user: UserRow, code: string): Promise<boolean> {
    const { account, now } = this.deps;
    const stored = await account.reserveDeletionCodeGuess(user.id, now(), MAX_DELETION_CODE_GUESSES);
    const given = Buffer.from(hashCode(this.deps.secret, code.trim()));
    return (
      stored !== undefined && stored.length === given.length && timingSafeEqual(Buffer.from(stored), given)
    );
  }

  /**
   * The sign-in's keys, in the sign-in's order (AuthService.signIn): this account from this client, this
   * client at any account, this account from anywhere. Each is counted before the secret is compared. The
   * account-wide key is counted but refuses nothing here: it holds back guesses spread over many
   * addresses, and every guess here comes with a live session of the account, from a client whose own
   * keys refuse it past their limits; so the owner's deletion never waits on strangers' sign-in guesses.
   */
  private async admit(email: string, clientKey: string): Promise<Reservation[]> {
    const limits = [
      [throttleKey('signin', email, clientKey), AUTH_LIMITS.accountFromAddress, 'limit'],
      [throttleKey('signin-ip', clientKey), AUTH_LIMITS.address, 'limit'],
      [throttleKey('signin', email), AUTH_LIMITS.account, 'count only'],
    ] as const;
    const reservations: Reservation[] = [];
    for (const [key, policy, mode] of limits) {
      const reservation = await this.deps.throttle.reserve(key, policy);
      if (!reservation.allowed && mode === 'limit') throw tooManyRequests();
      reservations.push(reservation);
    }
    const delayMs = Math.max(0, ...reservations.map((reservation) => reservation.delayMs));
    if (delayMs > 0) await this.sleep(delayMs);
    return reservations;
  }

  private async succeeded([own, ...shared]: Reservation[]): Promise<void> {
    if (own) await this.deps.throttle.clear(own.key);
    await Promise.all(shared.map((reservation) => this.deps.throttle.release(reservation)));
  }
}
