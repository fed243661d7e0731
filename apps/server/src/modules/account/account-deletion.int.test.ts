// What deleting an account asks for besides a session: the password, or, for an account made by Google
// sign-in (a real OpenID provider here), a code e-mailed to it; wrong guesses count with the sign-in's,
// and a mail confirms the deletion without any secret in it. On SQLite and PostgreSQL.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@waymarks/shared';
import { CookieJar, followRedirects, startOidcProvider, type OidcProvider } from '../../testing/oidc.js';
import { extractCode, type CapturedMail } from '../../testing/smtp.js';
import { storedState, storedTables } from '../../testing/stored-state.js';
import {
  accountMaker,
  apiCaller,
  freePort,
  startTestApp,
  testDialects,
  TEST_PASSWORD,
  type SignedInUser,
  type TestApp,
} from '../../testing/test-app.js';
import { DELETION_PROOF_MESSAGES, MAX_DELETION_CODE_GUESSES } from './deletion-proof.js';

describe.each(testDialects())('deleting an account on %s', (dialect) => {
  let provider: OidcProvider;
  let t: TestApp;
  let base: string;
  const call = apiCaller(() => t);
  const newAccount = accountMaker(() => t, { label: 'leaver' });
  let googleCount = 0;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    provider = await startOidcProvider({ redirectUris: [`${base}/api/auth/google/callback`] });
    t = await startTestApp(dialect, {
      // Its own folder, so the stored state compared below is this suite's alone.
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'waymarks-deletion-')),
      PUBLIC_URL: base,
      GOOGLE_CLIENT_ID: provider.clientId,
      GOOGLE_CLIENT_SECRET: provider.clientSecret,
      OIDC_ISSUER: provider.issuer,
    });
    await t.app.listen({ port, host: '127.0.0.1' });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  /** A new account made by "Continue with Google", signed in: it has no password. */
  async function googleTraveller(): Promise<SignedInUser & { email: string }> {
    googleCount += 1;
    const email = `google${googleCount}@example.com`;
    provider.setAccount({ sub: `g-del-${googleCount}`, email, email_verified: true, name: 'Gertrude Bell' });
    const jar = new CookieJar();
    const { url } = await followRedirects(`${base}/api/auth/google/start`, {
      jar,
      stop: (next) => next.pathname === '/oauth/callback',
    });
    const exchangeUrl = `${base}/api/auth/oauth/exchange`;
    const res = await fetch(exchangeUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: jar.header(exchangeUrl) ?? '' },
      body: JSON.stringify({ code: url.searchParams.get('code') }),
    });
    expect(res.status).toBe(200);
    const session = (await res.json()) as Session;
    return { token: session.accessToken, userId: session.user.userId, email };
  }

  const emailOf = async (user: SignedInUser) =>
    (await call('GET', '/api/profile', user)).json().email as string;
  const accountExists = async (userId: string) =>
    (await t.db.selectFrom('users').select('id').where('id', '=', userId).execute()).length === 1;
  /** A DELETE /api/account from one client address. */
  const deleteFrom = (user: SignedInUser, body: object, remoteAddress: string) =>
    t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: { authorization: `Bearer ${user.token}` },
      payload: body,
      remoteAddress,
    });
  /** Every table but the throttle's, whose counts a refused guess is meant to change. */
  const tablesButThrottle = async () => (await storedTables(t)).filter((table) => table !== 'auth_throttle');

  function expectNoSecretIn(mail: CapturedMail, secrets: string[]) {
    for (const part of [mail.subject, mail.text, mail.html]) {
      for (const secret of secrets) expect(part).not.toContain(secret);
      expect(part).not.toMatch(/(?<![\w-])\d{6}(?![\w-])/);
      expect(part).not.toMatch(/https?:\/\//);
    }
  }

  it('refuses the bearer token and the typed address alone, and a wrong password, deleting nothing', async () => {
    const ann = await newAccount();
    const email = await emailOf(ann);
    const tables = await tablesButThrottle();
    const before = await storedState(t, tables);

    expect((await call('GET', '/api/account/deletion-confirmation', ann)).json()).toEqual({
      confirmWith: 'password',
    });
    const bare = await deleteFrom(ann, { email }, '10.43.1.1');
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error.message).toBe(DELETION_PROOF_MESSAGES.passwordRequired);
    const wrong = await deleteFrom(ann, { email, password: 'Wrong-Horse1' }, '10.43.1.1');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toEqual({
      code: 'INVALID_CREDENTIALS',
      message: DELETION_PROOF_MESSAGES.wrongPassword,
    });
    // An account with a password is not offered a code in its place.
    expect((await call('POST', '/api/account/deletion-code', ann)).statusCode).toBe(409);

    expect(await storedState(t, tables)).toEqual(before);
    expect((await call('GET', '/api/profile', ann)).statusCode).toBe(200);
  });

  it('counts wrong passwords with the sign-in’s: after two wrong sign-ins and three wrong deletions, this client is refused both, even with the right password', async () => {
    const bo = await newAccount();
    const email = await emailOf(bo);
    const client = '10.43.2.1';
    for (let i = 0; i < 2; i++) {
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email, password: `Wrong-Horse${i}` },
        remoteAddress: client,
      });
      expect(signIn.statusCode).toBe(401);
    }
    for (let i = 0; i < 3; i++) {
      expect((await deleteFrom(bo, { email, password: `Wrong-Horse${i}` }, client)).statusCode).toBe(403);
    }
    expect((await deleteFrom(bo, { email, password: TEST_PASSWORD }, client)).statusCode).toBe(429);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email, password: TEST_PASSWORD },
      remoteAddress: client,
    });
    expect(signIn.statusCode).toBe(429);
    expect(await accountExists(bo.userId)).toBe(true);
  });

  it('deletes the account with the right password and mails the address a confirmation that holds no secret', async () => {
    const cy = await newAccount();
    const email = await emailOf(cy);
    const since = Date.now();
    const deleted = await deleteFrom(cy, { email, password: TEST_PASSWORD }, '10.43.3.1');
    expect(deleted.statusCode).toBe(204);
    expect(await accountExists(cy.userId)).toBe(false);

    const mail = await t.mail.waitForMail(email, { since });
    expect(mail.subject).toBe('Your Waymarks account has been deleted');
    expect(mail.text).toContain('Your Waymarks account has been deleted');
    expectNoSecretIn(mail, [TEST_PASSWORD, cy.token, cy.userId]);
  });

  it('deletes a Google-only account with the code e-mailed to it, and refuses it without the code or with a wrong one', async () => {
    const dee = await googleTraveller();
    expect((await call('GET', '/api/account/deletion-confirmation', dee)).json()).toEqual({
      confirmWith: 'code',
    });
    const noCode = await deleteFrom(dee, { email: dee.email }, '10.43.4.1');
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().error.message).toBe(DELETION_PROOF_MESSAGES.codeRequired);
    // A password typed in place of the code proves nothing for an account without one.
    const withPassword = await deleteFrom(dee, { email: dee.email, password: TEST_PASSWORD }, '10.43.4.1');
    expect(withPassword.statusCode).toBe(400);

    const since = Date.now();
    const sent = await call('POST', '/api/account/deletion-code', dee);
    expect(sent.statusCode).toBe(200);
    const codeMail = await t.mail.waitForMail(dee.email, { since });
    const code = extractCode(codeMail);
    expect(codeMail.subject).not.toContain(code);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await deleteFrom(dee, { email: dee.email, code: wrongCode }, '10.43.4.1');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.message).toBe(DELETION_PROOF_MESSAGES.wrongCode);
    expect(await accountExists(dee.userId)).toBe(true);

    const afterCode = Date.now();
    const deleted = await deleteFrom(dee, { email: dee.email, code }, '10.43.4.1');
    expect(deleted.statusCode).toBe(204);
    expect(await accountExists(dee.userId)).toBe(false);
    const confirmation = await t.mail.waitForMail(dee.email, { since: afterCode });
    expect(confirmation.subject).toBe('Your Waymarks account has been deleted');
    expectNoSecretIn(confirmation, [code, dee.token]);
  });

  it(`refuses even the right deletion code after ${MAX_DELETION_CODE_GUESSES} wrong guesses sent at once, until a new code is sent`, async () => {
    const eli = await googleTraveller();
    const since = Date.now();
    expect((await call('POST', '/api/account/deletion-code', eli)).statusCode).toBe(200);
    const code = extractCode(await t.mail.waitForMail(eli.email, { since }));
    const wrongCodes = Array.from({ length: 12 }, (_, i) =>
      String((Number(code) + i + 1) % 1_000_000).padStart(6, '0'),
    );
    // From many addresses, so that only the code's own count can stop them.
    const answers = await Promise.all(
      wrongCodes.map((wrong, i) => deleteFrom(eli, { email: eli.email, code: wrong }, `10.43.5.${i + 1}`)),
    );
    expect(answers.every((res) => res.statusCode === 403)).toBe(true);
    const guesses = await t.db
      .selectFrom('account_deletion_codes')
      .select('attempts')
      .where('user_id', '=', eli.userId)
      .executeTakeFirstOrThrow();
    expect(guesses.attempts).toBe(MAX_DELETION_CODE_GUESSES);
    expect((await deleteFrom(eli, { email: eli.email, code }, '10.43.5.100')).statusCode).toBe(403);
    expect(await accountExists(eli.userId)).toBe(true);

    const again = Date.now();
    expect((await call('POST', '/api/account/deletion-code', eli)).statusCode).toBe(200);
    const fresh = extractCode(await t.mail.waitForMail(eli.email, { since: again }));
    expect((await deleteFrom(eli, { email: eli.email, code: fresh }, '10.43.5.100')).statusCode).toBe(204);
  });
});
