// A signed-in traveller changes the password or the e-mail address, through the real routes on SQLite and
// PostgreSQL, with mail received by a real SMTP server: what each change asks for, what it ends, what it
// tells whom, and what a code, a guess or a taken address can and cannot do.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { MESSAGES, type Session } from '@waymarks/shared';
import { extractCode, extractLink, type CapturedMail } from '../../testing/smtp.js';
import {
  TEST_PASSWORD,
  createSignedInUser,
  startTestApp,
  testDialects,
  type SignedInUser,
  type TestApp,
} from '../../testing/test-app.js';
import { REFRESH_COOKIE } from './auth.routes.js';
import { MAX_CODE_ATTEMPTS } from './auth.service.js';
import { CREDENTIAL_MESSAGES, EMAIL_CHANGE_TTL_MS } from './credentials.service.js';

const NEW_PASSWORD = 'Fresh-Horse2';

interface Traveller extends SignedInUser {
  email: string;
}

describe.each(testDialects())('changing the password and the e-mail on %s', (dialect) => {
  let t: TestApp;
  let accounts = 0;
  let clients = 0;

  beforeAll(async () => {
    t = await startTestApp(dialect);
  }, 60_000);
  afterAll(async () => t?.close());

  /** A confirmed account with TEST_PASSWORD, signed in; its name is Ida Pfeiffer unless given. */
  async function traveller(name = 'Ida Pfeiffer'): Promise<Traveller> {
    accounts += 1;
    const email = `changer${accounts}@example.com`;
    return { ...(await createSignedInUser(t, { email, name })), email };
  }

  /** Every request from a client address of its own unless a test gives one. */
  const freshClient = () => {
    clients += 1;
    return `10.44.${Math.floor(clients / 250)}.${(clients % 250) + 1}`;
  };

  const post = (user: SignedInUser, url: string, payload: object, ip = freshClient()) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress: ip,
      headers: { authorization: `Bearer ${user.token}` },
    });
  const me = (user: SignedInUser) =>
    t.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${user.token}` } });
  const signIn = (email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email, password },
      remoteAddress: freshClient(),
    });
  const error = (res: LightMyRequestResponse) => [
    res.statusCode,
    res.json().error.code,
    res.json().error.message,
  ];

  const mailsTo = (address: string) => t.mail.messages.filter((mail) => mail.to.includes(address));
  /** The next mail to the address after the `seen` it already had (mails are sent after the answer). */
  async function nextMail(address: string, seen: number): Promise<CapturedMail> {
    await vi.waitFor(() => expect(mailsTo(address).length).toBeGreaterThan(seen), { timeout: 10_000 });
    return mailsTo(address)[seen]!;
  }
  /** Lets mail sent after an answer arrive before a test says none came. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

  const userRow = (userId: string) =>
    t.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();

  /** Asks to move `user` to `newEmail` and answers the code mailed there. */
  async function requestCode(user: Traveller, newEmail: string): Promise<string> {
    const seen = mailsTo(newEmail).length;
    const res = await post(user, '/api/auth/email', { newEmail, currentPassword: TEST_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    return extractCode(await nextMail(newEmail, seen));
  }

  describe('the password', () => {
    it('changes with the current one: the new one signs in, the old one not, other sessions end and this one stays', async () => {
      const ada = await traveller();
      const elsewhere = await signIn(ada.email, TEST_PASSWORD);
      expect(elsewhere.statusCode).toBe(200);
      const other = { ...ada, token: elsewhere.json<Session>().accessToken };
      const otherCookie = elsewhere.cookies.find((cookie) => cookie.name === REFRESH_COOKIE)!.value;
      const seen = mailsTo(ada.email).length;

      const res = await post(ada, '/api/auth/password', {
        currentPassword: TEST_PASSWORD,
        newPassword: NEW_PASSWORD,
      });
      expect([res.statusCode, res.json()]).toEqual([200, { ok: true }]);

      expect((await me(ada)).statusCode).toBe(200);
      expect((await me(other)).statusCode).toBe(401);
      const refresh = await t.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        headers: { cookie: `${REFRESH_COOKIE}=${otherCookie}` },
      });
      expect(refresh.statusCode).toBe(401);
      expect((await signIn(ada.email, TEST_PASSWORD)).statusCode).toBe(401);
      expect((await signIn(ada.email, NEW_PASSWORD)).statusCode).toBe(200);

      const notice = await nextMail(ada.email, seen);
      expect(notice.subject).toBe('Your Waymarks password has been changed');
      expect(notice.text.startsWith('Hi Ida Pfeiffer,\n')).toBe(true);
      expect(notice.text).toContain('every other device signed in to it was signed out');
      for (const part of [notice.subject, notice.text, notice.html]) expect(part).not.toContain(NEW_PASSWORD);
    });

    it('refuses a wrong current password and changes nothing; a weak new one gets the sign-up’s message', async () => {
      const bea = await traveller();
      const before = await userRow(bea.userId);
      const wrong = await post(bea, '/api/auth/password', {
        currentPassword: 'Not-the-password1',
        newPassword: NEW_PASSWORD,
      });
      expect(error(wrong)).toEqual([403, 'INVALID_CREDENTIALS', CREDENTIAL_MESSAGES.wrongPassword]);
      const weak = await post(bea, '/api/auth/password', {
        currentPassword: TEST_PASSWORD,
        newPassword: 'alllowercase1',
      });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().error.message).toContain(MESSAGES.passwordWeak);
      expect(await userRow(bea.userId)).toEqual(before);
      expect((await me(bea)).statusCode).toBe(200);
    });

    it('counts wrong current passwords with the sign-in’s guesses: after two wrong sign-ins and three wrong changes, this client is refused both', async () => {
      const cy = await traveller();
      const ip = freshClient();
      for (let i = 0; i < 2; i += 1) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/signin',
          payload: { email: cy.email, password: 'Wrong-guess1' },
          remoteAddress: ip,
        });
        expect(res.statusCode).toBe(401);
      }
      const change = (currentPassword: string) =>
        post(cy, '/api/auth/password', { currentPassword, newPassword: NEW_PASSWORD }, ip);
      for (let i = 0; i < 3; i += 1) expect((await change('Wrong-guess1')).statusCode).toBe(403);
      expect((await change(TEST_PASSWORD)).statusCode).toBe(429);
      const signInHere = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email: cy.email, password: TEST_PASSWORD },
        remoteAddress: ip,
      });
      expect(signInHere.statusCode).toBe(429);
      // Another client of the owner is not held back.
      expect(
        (await post(cy, '/api/auth/password', { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD }))
          .statusCode,
      ).toBe(200);
    });

    it('voids a reset link asked for before the change', async () => {
      const dee = await traveller();
      const seen = mailsTo(dee.email).length;
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: dee.email },
        remoteAddress: freshClient(),
      });
      const link = extractLink(await nextMail(dee.email, seen), '/reset-password');
      const token = new URL(link).searchParams.get('token')!;
      const changed = await post(dee, '/api/auth/password', {
        currentPassword: TEST_PASSWORD,
        newPassword: NEW_PASSWORD,
      });
      expect(changed.statusCode).toBe(200);
      const reset = await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, password: 'Someone-else3' },
        remoteAddress: freshClient(),
      });
      expect(reset.json().error.code).toBe('TOKEN_INVALID');
      expect((await signIn(dee.email, NEW_PASSWORD)).statusCode).toBe(200);
    });
  });

  describe('an account without a password (Google sign-in only)', () => {
    it('is told to set one first, for the password and the e-mail alike, and nothing is sent', async () => {
      const gus = await traveller('Gertrude Bell');
      await t.db.updateTable('users').set({ password_hash: null }).where('id', '=', gus.userId).execute();
      const password = await post(gus, '/api/auth/password', {
        currentPassword: 'anything',
        newPassword: NEW_PASSWORD,
      });
      const email = await post(gus, '/api/auth/email', {
        newEmail: 'gus-moved@example.com',
        currentPassword: 'anything',
      });
      for (const res of [password, email]) {
        expect(error(res)).toEqual([409, 'PASSWORD_NOT_SET', CREDENTIAL_MESSAGES.noPassword]);
      }
      const profile = await t.app.inject({
        url: '/api/profile',
        headers: { authorization: `Bearer ${gus.token}` },
      });
      expect(profile.json().googleOnly).toBe(true);
      await settle();
      expect(mailsTo('gus-moved@example.com')).toEqual([]);
      expect((await userRow(gus.userId)).password_hash).toBeNull();
    });
  });

  describe('the e-mail address', () => {
    it('moves with the code sent to the new address, greeting by first name; the old address is told and no longer signs in', async () => {
      const eva = await traveller('Eva Perón');
      const newEmail = `eva-moved-${accounts}@example.com`;
      const seenNew = mailsTo(newEmail).length;
      const seenOld = mailsTo(eva.email).length;

      const started = await post(eva, '/api/auth/email', {
        newEmail: `  ${newEmail.toUpperCase()} `,
        currentPassword: TEST_PASSWORD,
      });
      expect(started.statusCode).toBe(200);
      expect(started.json().email).toBe(newEmail);
      const expiresAt = Date.parse(started.json().expiresAt);
      expect(expiresAt - t.now()).toBeGreaterThan(EMAIL_CHANGE_TTL_MS - 60_000);
      expect(expiresAt - t.now()).toBeLessThanOrEqual(EMAIL_CHANGE_TTL_MS);
      // Nothing changes before the code is entered.
      expect((await userRow(eva.userId)).email).toBe(eva.email);

      const codeMail = await nextMail(newEmail, seenNew);
      expect(codeMail.subject).toBe('Confirm your new Waymarks e-mail address');
      expect(codeMail.text.startsWith('Hello Eva,\n')).toBe(true);
      expect(codeMail.text).not.toContain('Perón');
      expect(codeMail.subject).not.toMatch(/\d{6}/);

      const confirmed = await post(eva, '/api/auth/email/confirm', { code: extractCode(codeMail) });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json()).toMatchObject({ userId: eva.userId, email: newEmail, emailVerified: true });
      expect((await me(eva)).json().email).toBe(newEmail);

      const notice = await nextMail(eva.email, seenOld);
      expect(notice.subject).toBe('Your Waymarks e-mail address has been changed');
      expect(notice.text.startsWith('Hi Eva Perón,\n')).toBe(true);
      expect(notice.text).toContain(newEmail);
      expect(notice.text).toContain(t.config.supportEmail);
      expect(notice.text).not.toContain(extractCode(codeMail));

      expect((await signIn(eva.email, TEST_PASSWORD)).statusCode).toBe(401);
      expect((await signIn(newEmail, TEST_PASSWORD)).statusCode).toBe(200);
    });

    it('takes a code once, for ten minutes and five guesses; a new request voids the earlier code', async () => {
      const fay = await traveller();
      const target = `fay-moved-${accounts}@example.com`;
      const confirm = (code: string) => post(fay, '/api/auth/email/confirm', { code });
      const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

      // Expired after ten minutes.
      const late = await requestCode(fay, target);
      t.advance(EMAIL_CHANGE_TTL_MS + 1_000);
      expect(error(await confirm(late))).toEqual([400, 'CODE_MISMATCH', CREDENTIAL_MESSAGES.wrongCode]);

      // Replaced by a newer request.
      const first = await requestCode(fay, target);
      const second = await requestCode(fay, target);
      if (first !== second) expect((await confirm(first)).statusCode).toBe(400);

      // Dead after five wrong guesses, from five clients at once.
      const guesses = await Promise.all(
        Array.from({ length: MAX_CODE_ATTEMPTS }, () => confirm(wrongCode(second))),
      );
      expect(guesses.map((res) => res.statusCode)).toEqual(Array(MAX_CODE_ATTEMPTS).fill(400));
      expect((await confirm(second)).statusCode).toBe(400);
      expect((await userRow(fay.userId)).email).toBe(fay.email);

      // Used once.
      const code = await requestCode(fay, target);
      expect((await confirm(code)).statusCode).toBe(200);
      expect((await confirm(code)).statusCode).toBe(400);
      expect((await userRow(fay.userId)).email).toBe(target);
    });

    it('answers a taken address exactly like a free one, mails its owner instead of a code, and never moves the account', async () => {
      const owner = await traveller('Olive Owner');
      const gil = await traveller();
      const free = `gil-free-${accounts}@example.com`;
      const seenOwner = mailsTo(owner.email).length;

      const taken = await post(gil, '/api/auth/email', {
        newEmail: owner.email,
        currentPassword: TEST_PASSWORD,
      });
      const open = await post(gil, '/api/auth/email', { newEmail: free, currentPassword: TEST_PASSWORD });
      const shape = (res: LightMyRequestResponse) => ({
        status: res.statusCode,
        keys: Object.keys(res.json()).sort(),
        email: res.json().email === owner.email || res.json().email === free,
      });
      expect(shape(taken)).toEqual(shape(open));

      const told = await nextMail(owner.email, seenOwner);
      expect(told.subject).toBe('Your address is already used by a Waymarks account');
      expect(told.text.startsWith('Hi Olive Owner,\n')).toBe(true);
      expect(told.text).not.toMatch(/\b\d{6}\b/);
      expect(told.text).not.toContain('Ida');
      await settle();
      expect(mailsTo(owner.email)).toHaveLength(seenOwner + 1);
      expect((await userRow(gil.userId)).email).toBe(gil.email);
    });

    it('takes the address from a sign-up nobody confirmed: the code proves the mailbox', async () => {
      const hal = await traveller();
      const target = `pending-${accounts}@example.com`;
      const signUp = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { name: 'Mallory', email: target, password: 'Strangers-pass1' },
        remoteAddress: freshClient(),
      });
      expect(signUp.statusCode).toBe(201);
      const signUpCode = extractCode(await nextMail(target, 0));
      const strangerId = (
        await t.db.selectFrom('users').select('id').where('email', '=', target).executeTakeFirstOrThrow()
      ).id;

      const code = await requestCode(hal, target);
      expect((await post(hal, '/api/auth/email/confirm', { code })).statusCode).toBe(200);
      expect((await userRow(hal.userId)).email).toBe(target);
      expect(await t.db.selectFrom('users').select('id').where('id', '=', strangerId).execute()).toEqual([]);
      const late = await t.app.inject({
        method: 'POST',
        url: '/api/auth/verify',
        payload: { email: target, code: signUpCode },
        remoteAddress: freshClient(),
      });
      expect(late.statusCode).toBe(400);
      expect((await signIn(target, 'Strangers-pass1')).statusCode).toBe(401);
      expect((await signIn(target, TEST_PASSWORD)).statusCode).toBe(200);
    });

    it('refuses with 409 an address confirmed by another account between the code and its use', async () => {
      const ivy = await traveller();
      const target = `raced-${accounts}@example.com`;
      const code = await requestCode(ivy, target);
      await createSignedInUser(t, { email: target, name: 'Quick Claimer' });
      const res = await post(ivy, '/api/auth/email/confirm', { code });
      expect(error(res)).toEqual([409, 'EMAIL_TAKEN', CREDENTIAL_MESSAGES.emailTaken]);
      expect((await userRow(ivy.userId)).email).toBe(ivy.email);
    });

    it('refuses the current address and a wrong password, sending nothing', async () => {
      const jo = await traveller();
      const target = `jo-moved-${accounts}@example.com`;
      const same = await post(jo, '/api/auth/email', {
        newEmail: jo.email.toUpperCase(),
        currentPassword: TEST_PASSWORD,
      });
      expect(error(same)).toEqual([400, 'EMAIL_UNCHANGED', CREDENTIAL_MESSAGES.sameEmail]);
      const wrong = await post(jo, '/api/auth/email', { newEmail: target, currentPassword: 'Wrong-guess1' });
      expect(error(wrong)).toEqual([403, 'INVALID_CREDENTIALS', CREDENTIAL_MESSAGES.wrongPassword]);
      const bad = await post(jo, '/api/auth/email', {
        newEmail: 'not-an-address',
        currentPassword: TEST_PASSWORD,
      });
      expect(error(bad)).toEqual([400, 'VALIDATION_ERROR', expect.stringContaining(MESSAGES.emailInvalid)]);
      await settle();
      expect(mailsTo(target)).toEqual([]);
      expect(
        await t.db.selectFrom('email_changes').selectAll().where('user_id', '=', jo.userId).execute(),
      ).toEqual([]);
    });

    it('lets one account ask for five moves an hour, then answers 429', async () => {
      const kit = await traveller();
      const ask = (n: number) =>
        post(kit, '/api/auth/email', {
          newEmail: `kit-${accounts}-${n}@example.com`,
          currentPassword: TEST_PASSWORD,
        });
      for (let n = 0; n < 5; n += 1) expect((await ask(n)).statusCode).toBe(200);
      expect((await ask(5)).statusCode).toBe(429);
    });
  });
});
