// The e-mails of the account's deletion. Both go to an address that proved itself with the account, so
// they may greet by name. The subject carries no code: subjects reach logs and notification previews.
import { escapeHtml, mailParagraphs as layout } from '../../adapters/mail/html.js';
import type { MailMessage } from '../../adapters/mail/mailer.js';

/** The code that confirms deleting an account that has no password (Google sign-in only). */
export function deletionCodeMail(to: string, name: string, code: string): MailMessage {
  return {
    to,
    subject: 'Your code to delete your Waymarks account',
    text: `Hi ${name},\n\nYour code to delete your Waymarks account is ${code}\n\nIt works once and expires in 10 minutes. If you did not ask to delete your account, do not share this code with anyone: your account stays as it is.\n`,
    html: layout([
      `Hi ${escapeHtml(name)},`,
      `Your code to delete your Waymarks account is <strong style="font-size:24px;letter-spacing:4px">${code}</strong>`,
      'It works once and expires in 10 minutes. If you did not ask to delete your account, do not share this code with anyone: your account stays as it is.',
    ]),
    outboxHint: `account deletion code ${code} for ${to}`,
  };
}

/** Sent once the account is gone: what was deleted, and nothing that opens anything. */
export function accountDeletedMail(to: string, name: string): MailMessage {
  return {
    to,
    subject: 'Your Waymarks account has been deleted',
    text: `Hi ${name},\n\nYour Waymarks account has been deleted with its pins, photos and videos, and any paid subscription has been cancelled. As the Privacy Policy describes, all your data is gone within 30 days.\n\nThis e-mail confirms a deletion made while signed in to your account; nothing more needs to be done.\n`,
    html: layout([
      `Hi ${escapeHtml(name)},`,
      'Your Waymarks account has been deleted with its pins, photos and videos, and any paid subscription has been cancelled. As the Privacy Policy describes, all your data is gone within 30 days.',
      'This e-mail confirms a deletion made while signed in to your account; nothing more needs to be done.',
    ]),
  };
}
