// Sign-ups for an address nobody has confirmed: whose password the account gets, what mails to such an
// address may say and how many it gets, and answers that tell an unknown address from a known one.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { NEUTRAL_NAME, USERNAME_RESERVED_MESSAGE } from '@waymarks/shared';
import { extractCode, extractLink, type CapturedMail } from '../../testing/smtp.js';
import { startTestApp, testDialects, type TestApp } from '../../testing/test-app.js';
import { SIGNUP_COOKIE } from './auth.routes.js';
import { AUTH_MESSAGES, PENDING_SIGNUP_TTL_MS } from './auth.service.js';
import { AUTH_LIMITS, throttleKey } from './throttle.js';

describe.each(testDialects())('sign-up on %s', (dialect) => {
  let t: TestApp;
  let n = 0;
  let email: string;
  let ips = 0;

  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(() => {
    n += 1;
    email = `pending${n}@example.com`;
  });

  /** Every request comes from an address of its own unless a test says otherwise. */
  const freshIp = () => {
    ips += 1;
    return `10.30.${Math.floor(ips / 250)}.${(ips % 250) + 1}`;
  };

  const post = (url: string, payload: object, options: { ticket?: string; ip?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress: options.ip ?? freshIp(),
      headers: options.ticket ? { cookie: `${SIGNUP_COOKIE}=${options.ticket}` } : {},
    });

  const answer = (res: LightMyRequestResponse) => ({ status: res.statusCode, body: res.body });
  const mailsTo = (address: string) => t.mail.messages.filter((mail) => mail.to.includes(address));

  /** The next mail to the address after the `seen` it already had (mails sent after the answer too). */
  async function nextMail(address: string, seen: number): Promise<CapturedMail> {
    await vi.waitFor(() => expect(mailsTo(address).length).toBeGreaterThan(seen), { timeout: 10_000 });
    return mailsTo(address)[seen]!;
  }

  /** One person signing up for `email` in their own browser: its ticket, and the code mailed for it. */
  async function signUpAs(password: string, extra: Record<string, string> = {}) {
    const seen = mailsTo(email).length;
    const res = await post('/api/auth/signup', { name: 'Ada Lovelace', email, password, ...extra });
    expect(res.statusCode).toBe(201);
    const ticket = res.cookies.find((cookie) => cookie.name === SIGNUP_COOKIE);
    expect(ticket).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    const mail = await nextMail(email, seen);
    return { ticket: ticket!.value, code: extractCode(mail), mail };
  }

  const signIn = (password: string) => post('/api/auth/signin', { email, password });
  const verify = (code: string, ticket?: string, password?: string) =>
    post('/api/auth/verify', { email, code, ...(password ? { password } : {}) }, { ticket });
  const userRow = () =>
    t.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();

  describe('two sign-ups for one address', () => {
    it('keeps each password with its own code: whoever enters a code gets exactly the password they chose', async () => {
      const first = await signUpAs('First-pass1');
      await signUpAs('Second-pass2', { name: 'Mallory' });
      expect((await userRow()).password_hash).toBeNull();

      expect((await verify(first.code, first.ticket)).statusCode).toBe(200);
      expect((await signIn('First-pass1')).statusCode).toBe(200);
      expect((await signIn('Second-pass2')).statusCode).toBe(401);
      expect(await userRow()).toMatchObject({ email_verified: 1, name: 'Ada Lovelace' });
    });

    it('gives the second person their own password, and nothing more, when they enter their own code', async () => {
      const first = await signUpAs('First-pass1');
      const second = await signUpAs('Second-pass2', { name: 'Grace Hopper' });

      expect((await verify(second.code, second.ticket)).statusCode).toBe(200);
      expect((await signIn('Second-pass2')).statusCode).toBe(200);
      expect((await signIn('First-pass1')).statusCode).toBe(401);
      // Entering one code voids the other sign-ups: the first code can no longer set its password.
      const late = await verify(first.code);
      expect(late.json().error.code).toBe('CODE_MISMATCH');
      expect((await signIn('First-pass1')).statusCode).toBe(401);
      expect((await userRow()).name).toBe('Grace Hopper');
      expect(
        await t.db
          .selectFrom('email_codes')
          .selectAll()
          .where('user_id', '=', (await userRow()).id)
          .execute(),
      ).toEqual([]);
    });

    it('lets no sign-up password open the account before a code is entered', async () => {
      await signUpAs('First-pass1');
      await signUpAs('Second-pass2');
      const first = await signIn('First-pass1');
      const second = await signIn('Second-pass2');
      expect(first.statusCode).toBe(401);
      // The newest sign-up's maker is told to confirm, and the code goes to the mailbox, not to them.
      expect(second.statusCode).toBe(403);
      expect(second.json().error).toEqual({
        code: 'USER_NOT_CONFIRMED',
        message: AUTH_MESSAGES.notConfirmed,
      });
      expect(second.cookies).toEqual([]);
      expect((await userRow()).email_verified).toBe(0);
    });

    it('refuses, in a browser without the sign-up cookie, the newest code when a stranger’s later sign-up made it, and keeps the first sign-up usable', async () => {
      // The owner signs up; a stranger then signs up for the owner's address with a password of their own.
      const owner = await signUpAs('Owners-pass1');
      const stranger = await signUpAs('Strangers-pass2', { name: 'Mallory' });
      const strangerSignIn = () => signIn('Strangers-pass2');

      // The owner types the newest code in their inbox (the stranger's) into another browser: no cookie.
      const typed = await verify(stranger.code);
      expect(typed.statusCode).toBe(400);
      expect(typed.json().error.code).toBe('CODE_MISMATCH');
      // With the owner's own password it still names the owner's sign-up, not the stranger's.
      expect((await verify(stranger.code, undefined, 'Owners-pass1')).statusCode).toBe(400);
      expect((await userRow()).email_verified).toBe(0);
      // The stranger's password still only asks for a code: no session.
      const early = await strangerSignIn();
      expect([early.statusCode, early.cookies]).toEqual([403, []]);

      // The owner's own code and password confirm the owner's sign-up, in that same browser.
      expect((await verify(owner.code, undefined, 'Owners-pass1')).statusCode).toBe(200);
      expect((await signIn('Owners-pass1')).statusCode).toBe(200);
      expect((await strangerSignIn()).statusCode).toBe(401);
      expect(await userRow()).toMatchObject({ email_verified: 1, name: 'Ada Lovelace' });
    });

    it('confirms the owner’s sign-up in its own browser after a stranger’s later one, with its own code only', async () => {
      const owner = await signUpAs('Owners-pass1');
      const stranger = await signUpAs('Strangers-pass2', { name: 'Mallory' });

      expect((await verify(stranger.code, owner.ticket)).statusCode).toBe(400);
      expect((await verify(owner.code, owner.ticket)).statusCode).toBe(200);
      expect((await signIn('Owners-pass1')).statusCode).toBe(200);
      expect((await signIn('Strangers-pass2')).statusCode).toBe(401);
    });

    it('refuses, without the cookie, a code given with another password than its sign-up’s, even for the only sign-up', async () => {
      const only = await signUpAs('Owners-pass1');
      expect((await verify(only.code, undefined, 'Guessed-pass9')).statusCode).toBe(400);
      expect((await userRow()).email_verified).toBe(0);
      expect((await verify(only.code)).statusCode).toBe(200);
      expect((await signIn('Owners-pass1')).statusCode).toBe(200);
    });

    it('refuses, in the browser that made a sign-up, the code mailed for someone else’s sign-up', async () => {
      const first = await signUpAs('First-pass1');
      const second = await signUpAs('Second-pass2');

      const crossed = await verify(second.code, first.ticket);
      expect(crossed.statusCode).toBe(400);
      expect((await userRow()).email_verified).toBe(0);

      const own = await verify(first.code, first.ticket);
      expect(own.statusCode).toBe(200);
      expect(own.cookies.find((cookie) => cookie.name === SIGNUP_COOKIE)?.value).toBe('');
      expect((await signIn('First-pass1')).statusCode).toBe(200);
      expect((await signIn('Second-pass2')).statusCode).toBe(401);
    });

    it('resends the code of the browser’s own sign-up, not of a newer one made by someone else', async () => {
      const first = await signUpAs('First-pass1');
      await signUpAs('Second-pass2');
      const seen = mailsTo(email).length;
      expect((await post('/api/auth/resend-code', { email }, { ticket: first.ticket })).statusCode).toBe(200);
      const resent = extractCode(await nextMail(email, seen));

      expect((await verify(resent, first.ticket)).statusCode).toBe(200);
      expect((await signIn('First-pass1')).statusCode).toBe(200);
      expect((await signIn('Second-pass2')).statusCode).toBe(401);
    });

    it('confirms through a reset link with the new password only, dropping what the sign-ups chose', async () => {
      const stranger = await signUpAs('Strangers-pass1', { name: 'Mallory', username: `mallory_${n}` });
      const seen = mailsTo(email).length;
      expect((await post('/api/auth/forgot-password', { email })).statusCode).toBe(200);
      const link = new URL(extractLink(await nextMail(email, seen), '/reset-password'));
      const token = link.searchParams.get('token')!;
      expect((await post('/api/auth/reset-password', { token, password: 'Owners-pass2' })).statusCode).toBe(
        200,
      );

      expect((await signIn('Owners-pass2')).statusCode).toBe(200);
      expect((await signIn('Strangers-pass1')).statusCode).toBe(401);
      expect((await verify(stranger.code)).statusCode).toBe(400);
      // Neither the stranger's name nor any part of the address: the neutral name.
      expect(await userRow()).toMatchObject({ name: NEUTRAL_NAME, username: null, email_verified: 1 });
    });
  });

  describe('usernames', () => {
    it('holds a username for the sign-up that chose it for a day, then frees it when that sign-up was never confirmed', async () => {
      const wanted = `Held_${n}`;
      await signUpAs('First-pass1', { username: wanted });
      const squatter = email;
      email = `taker${n}@example.com`;
      const early = await post('/api/auth/signup', {
        name: 'Grace Hopper',
        email,
        password: 'Second-pass2',
        username: wanted.toLowerCase(),
      });
      expect([early.statusCode, early.json().error?.code]).toEqual([409, 'USERNAME_TAKEN']);

      t.advance(PENDING_SIGNUP_TTL_MS + 1);
      const taker = await signUpAs('Second-pass2', { name: 'Grace Hopper', username: wanted.toLowerCase() });
      expect((await verify(taker.code, taker.ticket)).statusCode).toBe(200);
      expect(await userRow()).toMatchObject({ username: wanted.toLowerCase(), email_verified: 1 });
      const unconfirmed = await t.db
        .selectFrom('users')
        .select(['username', 'email_verified'])
        .where('email', '=', squatter)
        .executeTakeFirstOrThrow();
      expect(unconfirmed).toEqual({ username: null, email_verified: 0 });
    });

    it('refuses a username that passes for Waymarks at sign-up, and stores nothing', async () => {
      for (const username of ['ad-min', 'Way_Marks', 'w4ymarks', 'Support']) {
        const res = await post('/api/auth/signup', {
          name: 'Mallory',
          email,
          password: 'First-pass1',
          username,
        });
        expect([res.statusCode, res.json().error.message], username).toEqual([
          400,
          USERNAME_RESERVED_MESSAGE,
        ]);
      }
      expect(mailsTo(email)).toEqual([]);
      expect(await t.db.selectFrom('users').selectAll().where('email', '=', email).execute()).toEqual([]);
    });
  });

  describe('mails to an address that has not proved itself', () => {
    it('carry nothing the requester typed', async () => {
      const pitch = 'Claim your prize at evil.example';
      const { mail } = await signUpAs('First-pass1', { name: pitch });
      const seen = mailsTo(email).length;
      expect((await post('/api/auth/forgot-password', { email })).statusCode).toBe(200);
      const reset = await nextMail(email, seen);

      for (const sent of [mail, reset]) {
        for (const part of [sent.subject, sent.text, sent.html]) {
          expect(part).not.toContain('prize');
          expect(part).not.toContain('evil.example');
        }
        expect(sent.text.startsWith('Hello,\n')).toBe(true);
      }
    });

    it('greet by first name in the verification mail when the name reads as one, and the resent code too', async () => {
      const { mail, ticket } = await signUpAs('First-pass1', { name: 'Ada Lovelace' });
      expect(mail.text.startsWith('Hello Ada,\n')).toBe(true);
      expect(mail.html).toContain('Hello Ada,');
      expect(mail.text).not.toContain('Lovelace');
      const seen = mailsTo(email).length;
      expect((await post('/api/auth/resend-code', { email }, { ticket })).statusCode).toBe(200);
      expect((await nextMail(email, seen)).text.startsWith('Hello Ada,\n')).toBe(true);
    });

    it('greet a confirmed account by its own name in a reset mail', async () => {
      const { code } = await signUpAs('First-pass1');
      expect((await verify(code)).statusCode).toBe(200);
      const seen = mailsTo(email).length;
      await post('/api/auth/forgot-password', { email });
      expect((await nextMail(email, seen)).text.startsWith('Hi Ada Lovelace,\n')).toBe(true);
    });
  });

  describe('mail floods', () => {
    it('sends at most five mails an hour to one address, whoever asks and by whichever route, answering as usual', async () => {
      const signUpAnswer = { status: 201, body: JSON.stringify({ email }) };
      const okAnswer = { status: 200, body: JSON.stringify({ ok: true }) };
      const requests: [string, object, typeof okAnswer][] = [
        ['/api/auth/signup', { name: 'Ada', email, password: 'First-pass1' }, signUpAnswer],
        ['/api/auth/resend-code', { email }, okAnswer],
        ['/api/auth/forgot-password', { email }, okAnswer],
      ];
      // Three rounds of sign-up, resend and reset: nine requests from nine addresses.
      for (let round = 0; round < 3; round++) {
        for (const [url, payload, expected] of requests) {
          const res = await post(url, payload);
          expect(answer(res)).toEqual(expected);
          // Each mail the limit allows is awaited, so the count below is complete.
          const asked = round * 3 + requests.findIndex(([path]) => path === url) + 1;
          if (asked <= AUTH_LIMITS.mailsToAddress.maxFailures) await nextMail(email, asked - 1);
        }
      }
      await expect(
        t.mail.waitForMail(email, {
          since: Math.max(...mailsTo(email).map((mail) => mail.receivedAt)) + 1,
          timeoutMs: 300,
        }),
      ).rejects.toThrow();
      expect(mailsTo(email)).toHaveLength(5);
      // The sign-up over the limit stored nothing either.
      const user = await userRow();
      expect(
        await t.db.selectFrom('email_codes').selectAll().where('user_id', '=', user.id).execute(),
      ).toHaveLength(2);

      t.advance(AUTH_LIMITS.mailsToAddress.lockMs + 1);
      expect(answer(await post('/api/auth/resend-code', { email }))).toEqual(okAnswer);
      await nextMail(email, 5);
    });

    it('refuses a client asking for more than twenty mails, whatever addresses it names', async () => {
      const ip = freshIp();
      for (let i = 0; i < AUTH_LIMITS.mailRequestsFromAddress.maxFailures; i++) {
        const res = await post('/api/auth/forgot-password', { email: `nobody${n}-${i}@example.com` }, { ip });
        expect(res.statusCode).toBe(200);
      }
      const refused = await post('/api/auth/signup', { name: 'Ada', email, password: 'First-pass1' }, { ip });
      expect(refused.statusCode).toBe(429);
      expect(mailsTo(email)).toEqual([]);
      expect(await t.db.selectFrom('users').selectAll().where('email', '=', email).execute()).toEqual([]);
    });
  });

  describe('unknown, confirmed and unconfirmed addresses', () => {
    /** The addresses of one test, with a client address each (the limits count per client too). */
    async function threeAddresses() {
      const unconfirmed = email;
      const { code } = await signUpAs('First-pass1');
      email = `confirmed${n}@example.com`;
      expect((await verify((await signUpAs('First-pass1')).code)).statusCode).toBe(200);
      email = unconfirmed;
      const wrong = code === '000000' ? '111111' : '000000';
      return { wrong, addresses: [`unknown${n}@example.com`, `confirmed${n}@example.com`, unconfirmed] };
    }

    /** How often each limit of an address and a client address has been counted. */
    async function counts(address: string, ip: string) {
      const keys = [
        throttleKey('code', address, ip),
        throttleKey('code', address),
        throttleKey('code-ip', ip),
        throttleKey('mail-to', address),
        throttleKey('mail-from', ip),
      ];
      const rows = await t.db.selectFrom('auth_throttle').selectAll().where('key', 'in', keys).execute();
      return keys.map((key) => rows.find((row) => row.key === key)?.failures ?? 0);
    }

    it('answer /verify byte for byte alike, and are counted alike, up to the lock', async () => {
      const { wrong, addresses } = await threeAddresses();
      const answers = [];
      const counted = [];
      for (const [i, address] of addresses.entries()) {
        const ip = `10.31.${n}.${i + 1}`;
        const series = [];
        for (let attempt = 0; attempt < 6; attempt++) {
          series.push(answer(await post('/api/auth/verify', { email: address, code: wrong }, { ip })));
        }
        answers.push(series);
        counted.push((await counts(address, ip)).slice(0, 3));
      }
      expect(counted[0]).toEqual([6, 5, 5]);
      expect(answers[0]!.slice(0, 5)).toEqual(
        Array(5).fill({
          status: 400,
          body: JSON.stringify({ error: { code: 'CODE_MISMATCH', message: AUTH_MESSAGES.codeMismatch } }),
        }),
      );
      expect(answers[0]![5]!.status).toBe(429);
      expect(answers[1]).toEqual(answers[0]);
      expect(answers[2]).toEqual(answers[0]);
      expect(counted[1]).toEqual(counted[0]);
      expect(counted[2]).toEqual(counted[0]);
    });

    it('answer /resend-code byte for byte alike, and are counted alike', async () => {
      const { addresses } = await threeAddresses();
      const answers = [];
      const counted = [];
      for (const [i, address] of addresses.entries()) {
        const ip = `10.32.${n}.${i + 1}`;
        const series = [];
        for (let attempt = 0; attempt < 3; attempt++) {
          series.push(answer(await post('/api/auth/resend-code', { email: address }, { ip })));
        }
        answers.push(series);
        counted.push(await counts(address, ip));
      }
      expect(answers[0]).toEqual(Array(3).fill({ status: 200, body: JSON.stringify({ ok: true }) }));
      expect(answers[1]).toEqual(answers[0]);
      expect(answers[2]).toEqual(answers[0]);
      // The sign-ups' own mails count toward the limit of the known addresses; the resends count alike.
      expect(counted[1]!.slice(0, 3)).toEqual(counted[0]!.slice(0, 3));
      expect(counted[2]!.slice(0, 3)).toEqual(counted[0]!.slice(0, 3));
      expect(counted.map((row) => row[4])).toEqual([3, 3, 3]);
      expect(counted[1]![3]! - 1).toBe(counted[0]![3]);
      expect(counted[2]![3]! - 1).toBe(counted[0]![3]);
    });
  });
});
