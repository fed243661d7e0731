// The e-mails the account system sends. Plain text first; the HTML part carries the same words.
// Anyone can type any address into the sign-up or reset forms, so a mail to an address that has not
// proved itself carries no text the requester typed (not even a name): the forms cannot be used to send
// a stranger words of one's choosing.
import { escapeHtml, mailParagraphs as layout } from '../../adapters/mail/html.js';
import type { MailMessage } from '../../adapters/mail/mailer.js';

/** "Hi <name>," for an address that proved itself with the account; "Hello," where it has not. */
function greeting(name: string | undefined): { text: string; html: string } {
  return name === undefined
    ? { text: 'Hello,', html: 'Hello,' }
    : { text: `Hi ${name},`, html: `Hi ${escapeHtml(name)},` };
}

/** Goes to an address that has not proved itself yet: no name, nothing from the form. */
export function verificationCodeMail(to: string, code: string): MailMessage {
  const hello = greeting(undefined);
  return {
    to,
    subject: `Your Waymarks verification code: ${code}`,
    text: `${hello.text}\n\nYour Waymarks verification code is ${code}\n\nIt works once and expires in 10 minutes. If you did not sign up for Waymarks, you can ignore this e-mail.\n`,
    html: layout([
      hello.html,
      `Your Waymarks verification code is <strong style="font-size:24px;letter-spacing:4px">${code}</strong>`,
      'It works once and expires in 10 minutes. If you did not sign up for Waymarks, you can ignore this e-mail.',
    ]),
    outboxHint: `verification code ${code} for ${to}`,
  };
}

/**
 * `name` only for an account whose address is confirmed: an unconfirmed account's name was typed by
 * whoever signed up with the address, who need not be its owner.
 */
export function passwordResetMail(to: string, link: string, name: string | undefined): MailMessage {
  const hello = greeting(name);
  return {
    to,
    subject: 'Reset your Waymarks password',
    text: `${hello.text}\n\nSomeone asked to reset the password of your Waymarks account. To choose a new one, open:\n\n${link}\n\nThe link works once and expires in 1 hour. If you did not ask for this, ignore this e-mail: your password stays as it is.\n`,
    html: layout([
      hello.html,
      'Someone asked to reset the password of your Waymarks account.',
      `<a href="${escapeHtml(link)}">Choose a new password</a>`,
      'The link works once and expires in 1 hour. If you did not ask for this, ignore this e-mail: your password stays as it is.',
    ]),
    outboxHint: `password reset link ${link}`,
  };
}

/**
 * Sent instead of a code when someone signs up with an address that already has a confirmed account.
 * `name` is the account's own (chosen by whoever confirmed the address), never the one on the form.
 */
export function accountExistsMail(to: string, name: string, signInLink: string): MailMessage {
  const hello = greeting(name);
  return {
    to,
    subject: 'You already have a Waymarks account',
    text: `${hello.text}\n\nSomeone tried to sign up for Waymarks with this e-mail address, but it already has an account. Sign in at ${signInLink}. If you forgot your password, use "Forgot your password?" there.\n`,
    html: layout([
      hello.html,
      'Someone tried to sign up for Waymarks with this e-mail address, but it already has an account.',
      `<a href="${escapeHtml(signInLink)}">Sign in</a>. If you forgot your password, use "Forgot your password?" there.`,
    ]),
    outboxHint: `account already exists for ${to}`,
  };
}
