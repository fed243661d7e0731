// The e-mails the account system sends. Plain text first; the HTML part carries the same words.
import { escapeHtml, mailParagraphs as layout } from '../../adapters/mail/html.js';
import type { MailMessage } from '../../adapters/mail/mailer.js';

export function verificationCodeMail(to: string, name: string, code: string): MailMessage {
  return {
    to,
    subject: `Your Waymarks verification code: ${code}`,
    text: `Hi ${name},\n\nYour Waymarks verification code is ${code}\n\nIt works once and expires in 10 minutes. If you did not sign up for Waymarks, you can ignore this e-mail.\n`,
    html: layout([
      `Hi ${escapeHtml(name)},`,
      `Your Waymarks verification code is <strong style="font-size:24px;letter-spacing:4px">${code}</strong>`,
      'It works once and expires in 10 minutes. If you did not sign up for Waymarks, you can ignore this e-mail.',
    ]),
    outboxHint: `verification code ${code} for ${to}`,
  };
}

export function passwordResetMail(to: string, name: string, link: string): MailMessage {
  return {
    to,
    subject: 'Reset your Waymarks password',
    text: `Hi ${name},\n\nSomeone asked to reset the password of your Waymarks account. To choose a new one, open:\n\n${link}\n\nThe link works once and expires in 1 hour. If you did not ask for this, ignore this e-mail: your password stays as it is.\n`,
    html: layout([
      `Hi ${escapeHtml(name)},`,
      'Someone asked to reset the password of your Waymarks account.',
      `<a href="${escapeHtml(link)}">Choose a new password</a>`,
      'The link works once and expires in 1 hour. If you did not ask for this, ignore this e-mail: your password stays as it is.',
    ]),
    outboxHint: `password reset link ${link}`,
  };
}

/** Sent instead of a code when someone signs up with an address that already has an account. */
export function accountExistsMail(to: string, name: string, signInLink: string): MailMessage {
  return {
    to,
    subject: 'You already have a Waymarks account',
    text: `Hi ${name},\n\nSomeone tried to sign up for Waymarks with this e-mail address, but it already has an account. Sign in at ${signInLink}. If you forgot your password, use "Forgot your password?" there.\n`,
    html: layout([
      `Hi ${escapeHtml(name)},`,
      'Someone tried to sign up for Waymarks with this e-mail address, but it already has an account.',
      `<a href="${escapeHtml(signInLink)}">Sign in</a>. If you forgot your password, use "Forgot your password?" there.`,
    ]),
    outboxHint: `account already exists for ${to}`,
  };
}
