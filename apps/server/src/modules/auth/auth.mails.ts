// The e-mails the account system sends. Plain text first; the HTML part carries the same words.
// Anyone can type any address into the sign-up or reset forms, and a signed-in traveller any address into
// the e-mail change, so a mail to an address that has not proved itself carries nothing the requester
// typed but a first name: one word of letters, taken only from a name that reads as a name (firstNameOf).
// The forms greet a person by name and still cannot carry a sentence, a link or a number to a stranger.
import { escapeHtml, mailParagraphs as layout } from '../../adapters/mail/html.js';
import type { MailMessage } from '../../adapters/mail/mailer.js';

/** At most this many words, this long in all, for a name to be greeted in a mail to an unproven address. */
const NAME_WORDS_MAX = 4;
const NAME_LENGTH_MAX = 60;
/** A word of a name: letters (any script), with apostrophes or hyphens inside, an initial's dot at the end. */
const NAME_WORD = /^\p{L}[\p{L}\p{M}]*(?:['’-]\p{L}[\p{L}\p{M}]*)*\.?$/u;

/**
 * The first word of a name that reads as a person's name (one to four words of letters), else undefined:
 * "Ada Lovelace" gives "Ada"; "Claim your prize at evil.example" and "Call 555 0100" give nothing.
 */
export function firstNameOf(name: string | null | undefined): string | undefined {
  const trimmed = name?.trim() ?? '';
  if (trimmed === '' || trimmed.length > NAME_LENGTH_MAX) return undefined;
  const words = trimmed.split(/\s+/);
  if (words.length > NAME_WORDS_MAX || !words.every((word) => NAME_WORD.test(word))) return undefined;
  return words[0];
}

/**
 * "Hi <name>," for an address that proved itself with the account; "Hello <first name>," for one that has
 * not (firstNameOf), or "Hello," when the name does not read as one.
 */
function greeting(name: { proven: string } | { unproven: string | null | undefined }) {
  if ('proven' in name) return { text: `Hi ${name.proven},`, html: `Hi ${escapeHtml(name.proven)},` };
  const first = firstNameOf(name.unproven);
  return first === undefined
    ? { text: 'Hello,', html: 'Hello,' }
    : { text: `Hello ${first},`, html: `Hello ${escapeHtml(first)},` };
}

/**
 * The sign-up's code. The address has not proved itself yet, so of the name typed with the sign-up only
 * its first name may appear (firstNameOf).
 */
export function verificationCodeMail(to: string, code: string, name: string | null | undefined): MailMessage {
  const hello = greeting({ unproven: name });
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
  const hello = name === undefined ? greeting({ unproven: undefined }) : greeting({ proven: name });
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
  const hello = greeting({ proven: name });
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

/**
 * The code that moves a signed-in traveller's account to a new address, sent there. The address has not
 * proved itself yet: only the account's first name appears (firstNameOf). No code in the subject.
 */
export function emailChangeCodeMail(to: string, code: string, name: string): MailMessage {
  const hello = greeting({ unproven: name });
  return {
    to,
    subject: 'Confirm your new Waymarks e-mail address',
    text: `${hello.text}\n\nTo use this address for your Waymarks account, enter this code on your profile:\n\n${code}\n\nIt works once and expires in 10 minutes. If you did not ask for this, you can ignore this e-mail: nothing changes without the code.\n`,
    html: layout([
      hello.html,
      'To use this address for your Waymarks account, enter this code on your profile:',
      `<strong style="font-size:24px;letter-spacing:4px">${code}</strong>`,
      'It works once and expires in 10 minutes. If you did not ask for this, you can ignore this e-mail: nothing changes without the code.',
    ]),
    outboxHint: `e-mail change code ${code} for ${to}`,
  };
}

/**
 * Sent instead of the code when the new address already has a confirmed account, as sign-up does: the
 * answer to the request is the same either way, and only the address's owner learns it is taken. `name` is
 * that account's own.
 */
export function emailTakenMail(to: string, name: string, signInLink: string): MailMessage {
  const hello = greeting({ proven: name });
  return {
    to,
    subject: 'Your address is already used by a Waymarks account',
    text: `${hello.text}\n\nSomeone signed in to Waymarks asked to move their account to this e-mail address, but it already belongs to your account, so nothing has changed. If it was you, sign in to this account at ${signInLink} instead. Otherwise you can ignore this e-mail.\n`,
    html: layout([
      hello.html,
      'Someone signed in to Waymarks asked to move their account to this e-mail address, but it already belongs to your account, so nothing has changed.',
      `If it was you, <a href="${escapeHtml(signInLink)}">sign in to this account</a> instead. Otherwise you can ignore this e-mail.`,
    ]),
  };
}

/**
 * Sent to the address the account had until now: where it went, and whom to write to if that was not its
 * holder (who may no longer be able to reset the password from here).
 */
export function emailChangedMail(
  to: string,
  name: string,
  newEmail: string,
  supportEmail: string,
): MailMessage {
  const hello = greeting({ proven: name });
  return {
    to,
    subject: 'Your Waymarks e-mail address has been changed',
    text: `${hello.text}\n\nYour Waymarks account now uses the address ${newEmail}. We will send its mail there from now on, and this address no longer signs in.\n\nIf you did not make this change, write to ${supportEmail} at once.\n`,
    html: layout([
      hello.html,
      `Your Waymarks account now uses the address <strong>${escapeHtml(newEmail)}</strong>. We will send its mail there from now on, and this address no longer signs in.`,
      `If you did not make this change, write to <a href="mailto:${escapeHtml(supportEmail)}">${escapeHtml(supportEmail)}</a> at once.`,
    ]),
  };
}

/** Sent to the account's address after its password was changed while signed in. */
export function passwordChangedMail(to: string, name: string, resetLink: string): MailMessage {
  const hello = greeting({ proven: name });
  return {
    to,
    subject: 'Your Waymarks password has been changed',
    text: `${hello.text}\n\nThe password of your Waymarks account was changed, and every other device signed in to it was signed out.\n\nIf you did not make this change, choose a new password at once with "Forgot your password?" at ${resetLink}.\n`,
    html: layout([
      hello.html,
      'The password of your Waymarks account was changed, and every other device signed in to it was signed out.',
      `If you did not make this change, choose a new password at once with <a href="${escapeHtml(resetLink)}">Forgot your password?</a> on the sign-in page.`,
    ]),
  };
}
