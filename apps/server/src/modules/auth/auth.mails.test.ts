// What of a typed name a mail to an address that has not proved itself may carry: a first name, and only
// from a name that reads as one.
import { describe, expect, it } from 'vitest';
import { emailChangeCodeMail, firstNameOf, verificationCodeMail } from './auth.mails.js';

describe('firstNameOf', () => {
  it.each([
    ['Ada Lovelace', 'Ada'],
    ['  Ida   Pfeiffer ', 'Ida'],
    ['Jean-Luc Picard', 'Jean-Luc'],
    ["Sinéad O'Connor", 'Sinéad'],
    ['J. R. R. Tolkien', 'J.'],
    ['李小龙', '李小龙'],
    ['Mallory', 'Mallory'],
  ])('greets %j as %j', (name, first) => {
    expect(firstNameOf(name)).toBe(first);
  });

  it.each([
    'Claim your prize at evil.example',
    'www.evil.example',
    'Call 555 0100',
    'Visit https://evil.example',
    'Ada <b>Lovelace</b>',
    'Buy cheap pills now today',
    'x'.repeat(61),
    '',
    '   ',
  ])('greets nobody by %j', (name) => {
    expect(firstNameOf(name)).toBeUndefined();
  });
});

describe('mails to an address that has not proved itself', () => {
  it('say Hello with the first name, or Hello alone, in the text and the HTML', () => {
    const named = verificationCodeMail('ada@example.com', '123456', 'Ada Lovelace');
    expect(named.text.startsWith('Hello Ada,\n')).toBe(true);
    expect(named.html).toContain('Hello Ada,');
    const unnamed = emailChangeCodeMail('ada@example.com', '123456', 'Win 1000 dollars');
    expect(unnamed.text.startsWith('Hello,\n')).toBe(true);
    expect(unnamed.html).not.toContain('dollars');
  });
});
