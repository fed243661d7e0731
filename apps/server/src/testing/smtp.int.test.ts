import nodemailer from 'nodemailer';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { extractCode, extractLink, startSmtpCapture, type SmtpCapture } from './smtp.js';

describe('SMTP capture', () => {
  let smtp: SmtpCapture;
  let transport: nodemailer.Transporter;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    transport = nodemailer.createTransport(smtp.url);
  });
  afterAll(async () => {
    transport.close();
    await smtp.close();
  });
  beforeEach(() => smtp.clear());

  it('listens on an ephemeral port on 127.0.0.1', () => {
    expect(smtp.url).toBe(`smtp://127.0.0.1:${smtp.port}`);
    expect(smtp.port).toBeGreaterThan(0);
  });

  it('receives and parses a real SMTP message', async () => {
    const before = Date.now();
    await transport.sendMail({
      from: 'Waymarks <no-reply@waymarks.test>',
      to: 'Alice <Alice@Example.com>',
      bcc: 'audit@example.com',
      subject: 'Your Waymarks code',
      text:
        'Your confirmation code is 482913. It expires in 10 minutes.\n\n' +
        'Forgot your password? Reset it at http://127.0.0.1:3000/reset-password?token=abc123.\n' +
        'Home: http://127.0.0.1:3000/',
      html:
        '<p>Your confirmation code is <b>482913</b>.</p>' +
        '<a href="http://127.0.0.1:3000/reset-password?token=abc123&amp;x=1">Reset</a>',
    });

    const mail = await smtp.waitForMail('alice@example.com', { timeoutMs: 5000 });
    expect(mail.to).toEqual(expect.arrayContaining(['alice@example.com', 'audit@example.com']));
    expect(mail.from).toBe('Waymarks <no-reply@waymarks.test>');
    expect(mail.subject).toBe('Your Waymarks code');
    expect(mail.text).toContain('482913');
    expect(mail.html).toContain('<b>482913</b>');
    expect(mail.receivedAt).toBeGreaterThanOrEqual(before);
    expect(smtp.messages).toHaveLength(1);

    expect(extractCode(mail)).toBe('482913');
    expect(extractLink(mail, '/reset-password')).toBe('http://127.0.0.1:3000/reset-password?token=abc123');
    expect(() => extractLink(mail, '/verify')).toThrow(/No link to \/verify/);
    // Bcc recipients come from the SMTP envelope.
    await expect(smtp.waitForMail('AUDIT@example.com', { timeoutMs: 100 })).resolves.toBe(mail);
  });

  it('waits for a mail that has not arrived yet, honouring `since`', async () => {
    await transport.sendMail({
      from: 'a@waymarks.test',
      to: 'bob@example.com',
      subject: 'old',
      text: '111111',
    });
    const since = Date.now();
    const waiting = smtp.waitForMail('bob@example.com', { since, timeoutMs: 5000 });
    await transport.sendMail({
      from: 'a@waymarks.test',
      to: 'bob@example.com',
      subject: 'new',
      text: '222222',
    });
    const mail = await waiting;
    expect(mail.subject).toBe('new');
    expect(extractCode(mail)).toBe('222222');
  });

  it('extracts from HTML-only mail and rejects when nothing arrives', async () => {
    await transport.sendMail({
      from: 'a@waymarks.test',
      to: 'carol@example.com',
      subject: 'Reset',
      html: '<p>Code <strong>004217</strong></p><a href="https://waymarks.test/reset-password?token=t0k">go</a>',
    });
    const mail = await smtp.waitForMail('carol@example.com');
    expect(extractCode(mail)).toBe('004217');
    expect(extractLink(mail, '/reset-password')).toBe('https://waymarks.test/reset-password?token=t0k');
    await expect(smtp.waitForMail('nobody@example.com', { timeoutMs: 200 })).rejects.toThrow(
      /No mail to nobody@example.com within 200 ms/,
    );
  });

  it('does not mistake longer numbers or tokens for a code', () => {
    const mail = { subject: 's', html: '', text: 'Order 1234567, token ab123456cd, code: 765432' };
    expect(extractCode(mail)).toBe('765432');
    expect(() => extractCode({ subject: 's', html: '', text: 'no code here' })).toThrow(/No 6-digit code/);
  });
});
