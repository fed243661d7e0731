// E-mail and password accounts: sign-up with a 6-digit code, sign-in, password reset.
// Answers never reveal whether an address has an account, in words or in time.
import { timingSafeEqual } from 'node:crypto';
import { ErrorCode, NEUTRAL_NAME, type SignUpRequest, type TierId } from '@waymarks/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../adapters/mail/mailer.js';
import { AccountMail } from './account-mail.js';
import type { UserRow } from '../../db/schema.js';
import { AppError, badRequest } from '../../http/errors.js';
import { accountExistsMail, passwordResetMail, verificationCodeMail } from './auth.mails.js';
import type { CodesRepository } from './codes.repository.js';
import { hashPassword, verifyPassword } from './passwords.js';
import type { IssuedSession, SessionService } from './session.service.js';
import {
  AUTH_LIMITS,
  KNOWN_ADDRESS_MS,
  admitAttempt,
  attemptSucceeded,
  throttleKey,
  type Reservation,
  type Throttle,
  type ThrottleLimit,
} from './throttle.js';
import { newId } from '../../common/ids.js';
import { hashCode, hashToken, randomCode, randomToken } from './tokens.js';
import type { UsersRepository } from './users.repository.js';

const CODE_TTL_MS = 10 * 60_000;
export const MAX_CODE_ATTEMPTS = 5;
const RESET_TTL_MS = 60 * 60_000;
/** How long a sign-up waits for its address to be confirmed; its code can be sent again meanwhile. */
export const PENDING_SIGNUP_TTL_MS = 24 * 60 * 60_000;

export const AUTH_MESSAGES = {
  invalidCredentials: 'Incorrect email or password.',
  notConfirmed: 'Please verify your email first. We sent you a new code.',
  codeMismatch: 'Invalid verification code provided, please try again.',
  codeExpired: 'Invalid code provided, please request a code again.',
  usernameTaken: 'Username is already taken',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
} as const;

/** Stands in for a user id where there is no account to act on: matches no row, costs the same query. */
const NOBODY = '';

interface AuthServiceDeps {
  users: UsersRepository;
  codes: CodesRepository;
  sessions: SessionService;
  throttle: Throttle;
  mailer: Mailer;
  secret: string;
  publicUrl: string;
  now: () => number;
  /** Mails sent after the answer that fail, and mails not sent because an address had enough. */
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Waits out a throttle delay; replaced in tests. */
  sleep?: (ms: number) => Promise<void>;
}

type SignUp = { name: string; email: string; username?: string | undefined; password: string };

export class AuthService {
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly mail: AccountMail;

  constructor(private readonly deps: AuthServiceDeps) {
    this.sleep = deps.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.mail = new AccountMail(deps);
  }

  /**
   * Starts a sign-up, or mails the owner when the address has a confirmed account. A sign-up for an
   * unconfirmed address changes nothing of the account or of earlier sign-ups: what it chose waits with
   * its own code, and whoever enters that code proves the mailbox and gets exactly that password.
   * `ticket` goes to the browser (a cookie), which can then confirm and resend only its own sign-up.
   */
  async signUp(
    input: SignUp & Omit<SignUpRequest, keyof SignUp>,
    clientKey: string,
  ): Promise<{ email: string; ticket: string }> {
    const { users, codes, mailer, now } = this.deps;
    await this.admit([throttleKey('mail-from', clientKey), AUTH_LIMITS.mailRequestsFromAddress]);
    const existing = await users.findByEmail(input.email);
    const username = input.username?.trim() || null;
    if (username && (await users.isUsernameTaken(username, existing?.id, now() - PENDING_SIGNUP_TTL_MS))) {
      throw new AppError(409, ErrorCode.usernameTaken, AUTH_MESSAGES.usernameTaken);
    }
    const passwordHash = await hashPassword(input.password);
    const answer = { email: input.email, ticket: randomToken() };
    if (!(await this.mail.mayMail(input.email))) return answer;

    if (existing?.email_verified) {
      await mailer.send(accountExistsMail(existing.email, existing.name, `${this.deps.publicUrl}/signin`));
      return answer;
    }
    const user = existing ?? (await this.createUnconfirmedAccount(input.email, input.name));
    const code = randomCode();
    const at = now();
    await codes.insertPendingSignUp({
      id: newId(),
      userId: user.id,
      codeHash: hashCode(this.deps.secret, code),
      passwordHash,
      name: input.name,
      username,
      ticketHash: hashToken(answer.ticket),
      expiresAt: at + CODE_TTL_MS,
      now: at,
      staleBefore: at - PENDING_SIGNUP_TTL_MS,
    });
    await mailer.send(verificationCodeMail(user.email, code, input.name));
    return answer;
  }

  /**
   * Sends a new code for the sign-up made by the browser holding `ticket`, else for the newest one. An
   * unknown, a confirmed and an unconfirmed address cost the same statements and answer alike; the mail
   * goes after the answer.
   */
  async resendCode(email: string, clientKey: string, ticket: string | undefined): Promise<void> {
    const { users, codes, throttle, now } = this.deps;
    await this.admit([throttleKey('mail-from', clientKey), AUTH_LIMITS.mailRequestsFromAddress]);
    const mayMail = await this.mail.mayMail(email);
    const user = await users.findByEmail(email);
    const signUp = await codes.findPendingSignUp(
      pendingId(user),
      ticket ? hashToken(ticket) : NOBODY,
      now() - PENDING_SIGNUP_TTL_MS,
    );
    const code = randomCode();
    const target = mayMail && signUp ? signUp.id : NOBODY;
    await codes.reissueCode(target, hashCode(this.deps.secret, code), now() + CODE_TTL_MS);
    // A fresh code gets fresh guesses from the address that asked for it; resends are limited above.
    await throttle.clear(throttleKey('code', email, clientKey));
    if (target !== NOBODY) this.mail.sendAfterAnswer(verificationCodeMail(email, code, signUp?.name));
  }

  /**
   * Confirms the address with a code and gives the account what that code's sign-up chose. A code proves
   * the mailbox, not which of the address's sign-ups the person typing it made: the owner may be typing
   * the newest code in their inbox, mailed for a stranger's later sign-up with the owner's address. So a
   * code confirms its sign-up only for whoever shows they made it: the browser holding its ticket (which
   * can confirm no other), or the password chosen with it; without either, only while it is the
   * address's one sign-up. A wrong code answers the same for every address.
   */
  async verifyEmail(
    email: string,
    code: string,
    clientKey: string,
    ticket: string | undefined,
    password?: string,
  ): Promise<void> {
    const { users, codes, now } = this.deps;
    const attempt = await this.admit(
      [throttleKey('code', email, clientKey), AUTH_LIMITS.accountFromAddress],
      [throttleKey('code-ip', clientKey), AUTH_LIMITS.address],
      [throttleKey('code', email), AUTH_LIMITS.accountCodes],
    );
    // From here an unknown or confirmed address runs the very statements an unconfirmed one does, on no
    // rows (NOBODY), and the HMAC is always computed: the answer and its time are the same for all three.
    const user = await users.findByEmail(email);
    const userId = pendingId(user);
    const codeHash = hashCode(this.deps.secret, code.trim());
    const mine = await codes.findSignUpByTicket(userId, ticket ? hashToken(ticket) : NOBODY);
    const candidates = await codes.reserveCodeGuess(userId, mine?.id, now(), MAX_CODE_ATTEMPTS);
    const match = candidates.find((candidate) => sameHash(candidate.code_hash, codeHash));
    const madeByCaller = mine !== undefined || (await this.madeSignUp(userId, match, password));
    if (!user || !match || !madeByCaller) {
      // Only someone holding a code of this address can learn that it expired.
      if (!match && (await codes.isSpentCode(userId, codeHash))) {
        throw badRequest(ErrorCode.codeExpired, AUTH_MESSAGES.codeExpired);
      }
      throw badRequest(ErrorCode.codeMismatch, AUTH_MESSAGES.codeMismatch);
    }
    const username = match.username;
    if (username && (await users.isUsernameTaken(username, user.id, now() - PENDING_SIGNUP_TTL_MS))) {
      throw new AppError(409, ErrorCode.usernameTaken, AUTH_MESSAGES.usernameTaken);
    }
    if (username) await users.releaseUnconfirmedUsername(username);
    if (!(await codes.consumeEmailCode(match.id, now()))) {
      throw badRequest(ErrorCode.codeExpired, AUTH_MESSAGES.codeExpired);
    }
    await users.update(user.id, {
      email_verified: 1,
      password_hash: match.password_hash,
      name: match.name ?? user.name,
      username,
      username_key: username?.toLowerCase() ?? null,
      updated_at: now(),
    });
    // The other sign-ups of the address chose passwords of their own: none of them may apply later.
    await codes.deleteEmailCodes(user.id);
    await this.succeeded(attempt);
    await this.deps.throttle.remember(throttleKey('known', email, clientKey));
  }

  async signIn(email: string, password: string, clientKey: string): Promise<IssuedSession> {
    const { users, codes, sessions, throttle, now } = this.deps;
    // Past the account's budget only an address it knows may try: the guess of many addresses stops there,
    // and the owner gets in from a known address or, from a new one, after a reset link.
    const known = await throttle.remembers(throttleKey('known', email, clientKey), KNOWN_ADDRESS_MS);
    const attempt = await this.admit(
      [throttleKey('signin', email, clientKey), AUTH_LIMITS.accountFromAddress],
      [throttleKey('signin-ip', clientKey), AUTH_LIMITS.address],
      [throttleKey('signin', email), AUTH_LIMITS.account, known ? 'count only' : 'limit'],
    );

    const user = await users.findByEmail(email);
    // An unconfirmed account has no password yet; its newest sign-up's is checked, so that whoever made
    // it is sent a code, and anyone else learns nothing.
    const signUp = await codes.findPendingSignUp(pendingId(user), NOBODY, now() - PENDING_SIGNUP_TTL_MS);
    const storedHash = user?.email_verified ? user.password_hash : signUp?.password_hash;
    const valid = await verifyPassword(storedHash, password);
    if (!user || !valid) {
      throw new AppError(401, ErrorCode.invalidCredentials, AUTH_MESSAGES.invalidCredentials);
    }
    await this.succeeded(attempt);
    if (!user.email_verified) {
      if (signUp && (await this.mail.mayMail(email))) {
        const code = randomCode();
        await codes.reissueCode(signUp.id, hashCode(this.deps.secret, code), now() + CODE_TTL_MS);
        await this.deps.mailer.send(verificationCodeMail(user.email, code, signUp.name));
      }
      throw new AppError(403, ErrorCode.userNotConfirmed, AUTH_MESSAGES.notConfirmed);
    }
    await throttle.remember(throttleKey('known', email, clientKey));
    return sessions.issue(user);
  }

  async forgotPassword(email: string, clientKey: string): Promise<void> {
    const { users, codes, now } = this.deps;
    await this.admit([throttleKey('mail-from', clientKey), AUTH_LIMITS.mailRequestsFromAddress]);
    const mayMail = await this.mail.mayMail(email);
    const user = await users.findByEmail(email);
    if (!user || !mayMail) return;
    const token = randomToken();
    await codes.insertPasswordReset({
      tokenHash: hashToken(token),
      userId: user.id,
      expiresAt: now() + RESET_TTL_MS,
      now: now(),
    });
    const link = `${this.deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    // Sent after the answer: an unknown address must get its answer in the same time as a known one.
    this.mail.sendAfterAnswer(
      passwordResetMail(user.email, link, user.email_verified ? user.name : undefined),
    );
  }

  /** Sets the new password and ends every session of the account. */
  async resetPassword(token: string, password: string, clientKey: string): Promise<void> {
    const { users, codes, sessions, throttle, now } = this.deps;
    const tokenHash = hashToken(token);
    const reset = await codes.findPasswordReset(tokenHash);
    if (!reset || reset.used_at !== null || reset.expires_at <= now()) {
      throw badRequest(ErrorCode.tokenInvalid, AUTH_MESSAGES.resetLinkInvalid);
    }
    const passwordHash = await hashPassword(password);
    if (!(await codes.consumePasswordReset(tokenHash, reset.user_id, now()))) {
      throw badRequest(ErrorCode.tokenInvalid, AUTH_MESSAGES.resetLinkInvalid);
    }
    const user = await users.findById(reset.user_id);
    if (!user) throw badRequest(ErrorCode.tokenInvalid, AUTH_MESSAGES.resetLinkInvalid);
    // The link proves the mailbox, so an unconfirmed account is confirmed by it, with this password.
    // The name and username on it were typed by whoever signed up first, who need not be the owner, and
    // the sign-ups waiting for a code chose passwords of their own: all of that goes.
    const claimed = user.email_verified ? {} : { name: NEUTRAL_NAME, username: null, username_key: null };
    await users.update(user.id, {
      ...claimed,
      password_hash: passwordHash,
      email_verified: 1,
      updated_at: now(),
    });
    await codes.deleteEmailCodes(user.id);
    await sessions.endAllSessions(user.id);
    await throttle.clear(throttleKey('signin', user.email));
    // The link proves the mailbox: this address may sign in even while the account's budget is spent.
    await throttle.remember(throttleKey('known', user.email, clientKey));
  }

  /**
   * An account confirmed from the start, made by an operator (the admin CLI): nothing is mailed. The
   * caller has validated the address, password and name. Undefined when the address has an account.
   */
  async createConfirmedAccount(input: {
    email: string;
    password: string;
    name: string;
    tier: TierId;
  }): Promise<UserRow | undefined> {
    if (await this.deps.users.findByEmail(input.email)) return undefined;
    const user = newUserRow(this.deps.now(), {
      email: input.email,
      name: input.name,
      password_hash: await hashPassword(input.password),
      email_verified: 1,
      tier: input.tier,
    });
    await this.deps.users.insert(user);
    return user;
  }

  /**
   * Whether a caller without the sign-up's ticket made the sign-up `match`: they know its password, or,
   * when they give none, it is the address's only sign-up, so no stranger's code can be the one typed.
   * A password is always checked, against a stand-in when no code matched, to take the same time.
   */
  private async madeSignUp(
    userId: string,
    match: { password_hash: string | null } | undefined,
    password: string | undefined,
  ): Promise<boolean> {
    if (password !== undefined) return verifyPassword(match?.password_hash, password);
    const since = this.deps.now() - PENDING_SIGNUP_TTL_MS;
    return (await this.deps.codes.countPendingSignUps(userId, since)) === 1;
  }

  /**
   * An account for an address nobody has confirmed yet: no password until a code is entered, and no
   * username either (the sign-up holds the one it chose, for as long as the sign-up lives).
   */
  private async createUnconfirmedAccount(email: string, name: string) {
    const user = newUserRow(this.deps.now(), {
      email,
      name,
      password_hash: null,
      email_verified: 0,
      tier: 'free',
    });
    try {
      await this.deps.users.insert(user);
      return user;
    } catch (error) {
      // Two sign-ups for a new address at once: the other one made the account, this one joins it.
      const made = await this.deps.users.findByEmail(email);
      if (made && !made.email_verified) return made;
      throw error;
    }
  }

  private admit(...limits: ThrottleLimit[]): Promise<Reservation[]> {
    return admitAttempt(this.deps.throttle, this.sleep, limits);
  }

  private succeeded(reservations: Reservation[]): Promise<void> {
    return attemptSucceeded(this.deps.throttle, reservations);
  }
}

/** The account whose sign-ups a request may act on: an unconfirmed one, else nobody. */
function pendingId(user: UserRow | undefined): string {
  return user && !user.email_verified ? user.id : NOBODY;
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/** A new account's row: no username, picture or Google link yet. */
function newUserRow(
  at: number,
  fields: Pick<UserRow, 'email' | 'name' | 'password_hash' | 'email_verified' | 'tier'>,
): UserRow {
  return {
    id: newId(),
    username: null,
    username_key: null,
    picture: null,
    google_sub: null,
    token_version: 0,
    created_at: at,
    updated_at: at,
    ...fields,
  };
}
