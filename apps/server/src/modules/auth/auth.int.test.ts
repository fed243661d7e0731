import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { extractCode, extractLink } from '../../testing/smtp.js';
import { startTestApp, testDialects, type TestApp } from '../../testing/test-app.js';
import { AUTH_MESSAGES } from './auth.service.js';
import { REFRESH_COOKIE } from './auth.routes.js';
import { USER_CACHE_TTL_MS } from './users.repository.js';

const PASSWORD = 'Correct-Horse1';

describe.each(testDialects())('accounts on %s', (dialect) => {
  let t: TestApp;
  let counter = 0;
  // Each test signs up its own address from its own client address, so throttles never leak between tests.
  let email: string;
  let ip: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(() => {
    counter += 1;
    email = `traveller${counter}@example.com`;
    ip = `10.0.0.${counter}`;
  });

  const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: ip });

  const refreshCookie = (res: LightMyRequestResponse) =>
    res.cookies.find((cookie) => cookie.name === REFRESH_COOKIE)?.value;

  async function signUp(overrides: Record<string, unknown> = {}) {
    const since = Date.now();
    const res = await post('/api/auth/signup', {
      name: 'Ada Lovelace',
      email,
      password: PASSWORD,
      ...overrides,
    });
    expect(res.statusCode).toBe(201);
    return extractCode(await t.mail.waitForMail(email, { since }));
  }

  async function signUpVerified(overrides: Record<string, unknown> = {}) {
    const code = await signUp(overrides);
    expect((await post('/api/auth/verify', { email, code })).statusCode).toBe(200);
  }

  async function signIn(password = PASSWORD) {
    return post('/api/auth/signin', { email, password });
  }

  describe('sign-up with an e-mailed code', () => {
    it('sends a 6-digit code over SMTP that confirms the account and allows sign-in', async () => {
      const code = await signUp({ email: email.toUpperCase() });
      expect(code).toMatch(/^\d{6}$/);
      expect((await post('/api/auth/verify', { email, code })).json()).toEqual({ ok: true });

      const res = await signIn();
      expect(res.statusCode).toBe(200);
      const session = res.json();
      expect(session.user).toMatchObject({ email, name: 'Ada Lovelace', emailVerified: true, tier: 'free' });
      expect(session.expiresAt - Date.now()).toBeGreaterThan(59 * 60_000);
      const cookie = res.cookies.find((c) => c.name === REFRESH_COOKIE);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth' });

      const me = await t.app.inject({
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${session.accessToken}` },
      });
      expect(me.json()).toMatchObject({ email, username: null });
    });

    it('refuses a sign-in before the code is entered and sends a new code', async () => {
      await signUp();
      const since = Date.now();
      const res = await signIn();
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toEqual({ code: 'USER_NOT_CONFIRMED', message: AUTH_MESSAGES.notConfirmed });
      expect(extractCode(await t.mail.waitForMail(email, { since }))).toMatch(/^\d{6}$/);
    });

    it('accepts a code once only', async () => {
      const code = await signUp();
      expect((await post('/api/auth/verify', { email, code })).statusCode).toBe(200);
      const replay = await post('/api/auth/verify', { email, code });
      expect(replay.statusCode).toBe(400);
    });

    it('replaces the code on resend, so only the newest one works', async () => {
      const first = await signUp();
      const since = Date.now();
      expect((await post('/api/auth/resend-code', { email })).statusCode).toBe(200);
      const second = extractCode(await t.mail.waitForMail(email, { since }));
      if (first !== second) {
        const old = await post('/api/auth/verify', { email, code: first });
        expect(old.json().error.code).toBe('CODE_MISMATCH');
      }
      expect((await post('/api/auth/verify', { email, code: second })).statusCode).toBe(200);
    });

    it('expires a code after 10 minutes', async () => {
      const code = await signUp();
      t.advance(10 * 60_000 + 1);
      const res = await post('/api/auth/verify', { email, code });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({ code: 'CODE_EXPIRED', message: AUTH_MESSAGES.codeExpired });
    });

    it('refuses the right code after five wrong guesses until a new code is sent', async () => {
      const code = await signUp();
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) {
        const res = await post('/api/auth/verify', { email, code: wrong });
        expect(res.json().error).toEqual({ code: 'CODE_MISMATCH', message: AUTH_MESSAGES.codeMismatch });
      }
      expect((await post('/api/auth/verify', { email, code })).statusCode).toBe(429);
      expect(t.sleeps.length).toBeGreaterThan(0);

      const since = Date.now();
      await post('/api/auth/resend-code', { email });
      const fresh = extractCode(await t.mail.waitForMail(email, { since }));
      expect((await post('/api/auth/verify', { email, code: fresh })).statusCode).toBe(200);
    });

    it('keeps usernames unique regardless of case', async () => {
      await signUpVerified({ username: `Nomad_${counter}` });
      const other = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: {
          name: 'Grace',
          email: `other${counter}@example.com`,
          username: `NOMAD_${counter}`,
          password: PASSWORD,
        },
      });
      expect(other.statusCode).toBe(409);
      expect(other.json().error).toEqual({ code: 'USERNAME_TAKEN', message: AUTH_MESSAGES.usernameTaken });
    });

    it('answers a sign-up for an existing account like any other, and mails the owner instead of a code', async () => {
      await signUpVerified();
      const since = Date.now();
      const res = await post('/api/auth/signup', { name: 'Mallory', email, password: 'Other-pass9' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ email });
      const mail = await t.mail.waitForMail(email, { since });
      expect(mail.subject).toBe('You already have a Waymarks account');
      expect((await signIn()).statusCode).toBe(200);
      expect((await signIn('Other-pass9')).statusCode).toBe(401);
    });
  });

  describe('sign-in', () => {
    it('gives the same answer for a wrong password and an unknown e-mail', async () => {
      await signUpVerified();
      const wrongPassword = await signIn('Wrong-pass1');
      const unknown = await post('/api/auth/signin', {
        email: `nobody${counter}@example.com`,
        password: PASSWORD,
      });
      expect(wrongPassword.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(unknown.body).toBe(wrongPassword.body);
      expect(wrongPassword.json().error.message).toBe(AUTH_MESSAGES.invalidCredentials);
    });

    it('slows repeated wrong passwords and then refuses even the right one with 429', async () => {
      await signUpVerified();
      const before = t.sleeps.length;
      for (let i = 0; i < 5; i++) expect((await signIn('Wrong-pass1')).statusCode).toBe(401);
      expect(t.sleeps.length - before).toBeGreaterThanOrEqual(3);
      const locked = await signIn();
      expect(locked.statusCode).toBe(429);
      expect(locked.json().error.code).toBe('RATE_LIMITED');
      t.advance(15 * 60_000 + 1);
      expect((await signIn()).statusCode).toBe(200);
    });

    it('slows many wrong passwords from one address across accounts, without locking anyone out', async () => {
      await signUpVerified();
      const before = t.sleeps.length;
      for (let i = 0; i < 20; i++) {
        const res = await post('/api/auth/signin', {
          email: `guess${i}-${counter}@example.com`,
          password: 'Wrong-pass1',
        });
        expect(res.statusCode).toBe(401);
      }
      // Slowed from the tenth failure of the address; locked only far beyond what one network does honestly.
      expect(t.sleeps.length - before).toBeGreaterThanOrEqual(10);
      expect((await signIn()).statusCode).toBe(200);
    });
  });

  describe('sessions', () => {
    it('rotates the refresh token and revokes the whole family when an old one is replayed', async () => {
      await signUpVerified();
      const first = refreshCookie(await signIn())!;
      const refreshed = await post('/api/auth/refresh', undefined, { cookie: `${REFRESH_COOKIE}=${first}` });
      expect(refreshed.statusCode).toBe(200);
      const second = refreshCookie(refreshed)!;
      expect(second).not.toBe(first);

      const replay = await post('/api/auth/refresh', undefined, { cookie: `${REFRESH_COOKIE}=${first}` });
      expect(replay.statusCode).toBe(401);
      const afterReplay = await post('/api/auth/refresh', undefined, {
        cookie: `${REFRESH_COOKIE}=${second}`,
      });
      expect(afterReplay.statusCode).toBe(401);
    });

    it('answers 204 with no session when the browser sends no refresh cookie, and 401 for a bad one', async () => {
      const none = await post('/api/auth/refresh');
      expect(none.statusCode).toBe(204);
      expect(none.body).toBe('');
      const bad = await post('/api/auth/refresh', undefined, { cookie: `${REFRESH_COOKIE}=not-a-token` });
      expect(bad.statusCode).toBe(401);
    });

    it('stores refresh tokens hashed, never as sent', async () => {
      await signUpVerified();
      const token = refreshCookie(await signIn())!;
      const rows = await t.db.selectFrom('refresh_tokens').select('token_hash').execute();
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.some((row) => row.token_hash === token)).toBe(false);
    });

    it('ends the session on sign-out', async () => {
      await signUpVerified();
      const token = refreshCookie(await signIn())!;
      const out = await post('/api/auth/signout', undefined, { cookie: `${REFRESH_COOKIE}=${token}` });
      expect(out.statusCode).toBe(200);
      const res = await post('/api/auth/refresh', undefined, { cookie: `${REFRESH_COOKIE}=${token}` });
      expect(res.statusCode).toBe(401);
    });

    it('refuses tampered and expired access tokens', async () => {
      await signUpVerified();
      const { accessToken } = (await signIn()).json();
      const me = (token: string) =>
        t.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
      expect((await me(accessToken)).statusCode).toBe(200);
      const [header, payload, signature] = accessToken.split('.');
      const forged = Buffer.from(
        JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: 'someone-else' }),
      ).toString('base64url');
      expect((await me(`${header}.${forged}.${signature}`)).statusCode).toBe(401);
      expect((await t.app.inject({ url: '/api/auth/me' })).json().error.message).toBe(
        'No authentication token available',
      );
      t.advance(60 * 60_000 + 1);
      expect((await me(accessToken)).statusCode).toBe(401);
    });
  });

  it('sees a plan change written by another instance once the one-second user cache has passed', async () => {
    await signUpVerified();
    const { accessToken, user } = (await signIn()).json();
    const me = async () =>
      (
        await t.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${accessToken}` } })
      ).json();
    expect((await me()).tier).toBe('free');
    // Another instance (or the admin CLI) writes straight to the shared database.
    await t.db.updateTable('users').set({ tier: 'plus' }).where('id', '=', user.userId).execute();
    t.advance(USER_CACHE_TTL_MS + 1);
    expect((await me()).tier).toBe('plus');
  });

  describe('password reset', () => {
    it('sets a new password from the e-mailed link once, and ends every session', async () => {
      await signUpVerified();
      const session = await signIn();
      const { accessToken } = session.json();
      const oldRefresh = refreshCookie(session)!;

      const since = Date.now();
      expect((await post('/api/auth/forgot-password', { email })).json()).toEqual({ ok: true });
      const link = extractLink(await t.mail.waitForMail(email, { since }), '/reset-password');
      const token = new URL(link).searchParams.get('token')!;

      const weak = await post('/api/auth/reset-password', { token, password: 'alllowercase1' });
      expect(weak.json().error.message).toBe('Password must contain uppercase, lowercase, and number');
      expect((await post('/api/auth/reset-password', { token, password: 'New-password2' })).statusCode).toBe(
        200,
      );
      expect(
        (await post('/api/auth/reset-password', { token, password: 'New-password3' })).json().error.code,
      ).toBe('TOKEN_INVALID');

      expect((await signIn()).statusCode).toBe(401);
      expect((await signIn('New-password2')).statusCode).toBe(200);
      const me = await t.app.inject({
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${accessToken}` },
      });
      expect(me.statusCode).toBe(401);
      const refresh = await post('/api/auth/refresh', undefined, {
        cookie: `${REFRESH_COOKIE}=${oldRefresh}`,
      });
      expect(refresh.statusCode).toBe(401);
    });

    it('answers an unknown e-mail exactly like a known one, and sends nothing', async () => {
      const res = await post('/api/auth/forgot-password', { email: `ghost${counter}@example.com` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      await expect(t.mail.waitForMail(`ghost${counter}@example.com`, { timeoutMs: 300 })).rejects.toThrow();
    });
  });

  describe('bad input changes nothing', () => {
    const countUsers = async () =>
      Number(
        (
          await t.db
            .selectFrom('users')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    it.each([
      ['malformed JSON', '{"name": "Ada",', 'Malformed JSON body'],
      [
        'an unknown field',
        JSON.stringify({ name: 'Ada', email: 'a@b.co', password: PASSWORD, admin: true }),
        'admin',
      ],
      [
        'a 10,000-character name',
        JSON.stringify({ name: 'x'.repeat(10_000), email: 'a@b.co', password: PASSWORD }),
        'Too long',
      ],
      [
        'an empty name',
        JSON.stringify({ name: '   ', email: 'a@b.co', password: PASSWORD }),
        'Name is required',
      ],
      [
        'an invalid e-mail',
        JSON.stringify({ name: 'Ada', email: 'not-an-email', password: PASSWORD }),
        'Please enter a valid email',
      ],
      [
        'a weak password',
        JSON.stringify({ name: 'Ada', email: 'a@b.co', password: 'password' }),
        'Password must contain uppercase, lowercase, and number',
      ],
    ])('refuses %s with 400 and a clear message', async (_what, body, message) => {
      const before = await countUsers();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: body,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
      expect(res.json().error.message).toContain(message);
      expect(await countUsers()).toBe(before);
    });

    it('refuses a body over 1 MB with 413', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: JSON.stringify({ name: 'x'.repeat(1_100_000), email: 'a@b.co', password: PASSWORD }),
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(413);
      expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    });

    it('refuses a body that is not UTF-8', async () => {
      const body = Buffer.concat([
        Buffer.from('{"name":"'),
        Buffer.from([0xff, 0xfe]),
        Buffer.from('","email":"a@b.co","password":"Correct-Horse1"}'),
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: body,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('Request body is not valid UTF-8');
    });

    it('keeps emoji, SQL and HTML in a name as plain text', async () => {
      const name = `Zoë 🌍 '); DROP TABLE users;-- <script>alert(1)</script>`;
      await signUpVerified({ name });
      const res = await signIn();
      expect(res.json().user.name).toBe(name);
      expect(await countUsers()).toBeGreaterThan(0);
    });
  });
});
