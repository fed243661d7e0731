// The mail of sign-ups, resets and account changes: counted per address, whoever asked for it, and sent
// after the answer, so that neither the limit nor the mail server's time tells anything about the address.
import type { FastifyBaseLogger } from 'fastify';
import { mailForLog, type Mailer, type MailMessage } from '../../adapters/mail/mailer.js';
import { AUTH_LIMITS, throttleKey, type Throttle } from './throttle.js';

export interface AccountMailDeps {
  mailer: Pick<Mailer, 'send'>;
  throttle: Pick<Throttle, 'reserve'>;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

export class AccountMail {
  constructor(private readonly deps: AccountMailDeps) {}

  /**
   * Counts a mail to the address (AUTH_LIMITS.mailsToAddress). Past the limit nothing may be sent and the
   * caller answers as usual: the limit must tell nothing about the address, not even that others asked too.
   */
  async mayMail(email: string): Promise<boolean> {
    const reservation = await this.deps.throttle.reserve(
      throttleKey('mail-to', email),
      AUTH_LIMITS.mailsToAddress,
    );
    if (!reservation.allowed) {
      this.deps.log.warn({ throttleKey: reservation.key }, 'mail limit of an address reached: nothing sent');
    }
    return reservation.allowed;
  }

  /** Sends without waiting: the answer's time must not depend on the mail server. A failure is logged. */
  sendAfterAnswer(message: MailMessage): void {
    this.deps.mailer.send(message).catch((error: unknown) => {
      this.deps.log.error({ err: error, mail: mailForLog(message) }, 'account mail could not be sent');
    });
  }
}
