import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_MS, AccessTokens, hashCode, hashToken, randomCode } from './tokens.js';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';

describe('AccessTokens', () => {
  it('verifies its own tokens and returns the claims', async () => {
    const tokens = new AccessTokens(SECRET, 'https://waymarks.test', () => 1_000_000);
    const { token, expiresAt } = await tokens.sign({ userId: 'u1', tokenVersion: 3, sessionId: 's1' });
    expect(expiresAt).toBe(1_000_000 + ACCESS_TOKEN_TTL_MS);
    expect(await tokens.verify(token)).toEqual({ userId: 'u1', tokenVersion: 3, sessionId: 's1' });
  });

  it('ends a token at the session end when that comes before the hour is up', async () => {
    let now = 1_000_000;
    const tokens = new AccessTokens(SECRET, 'https://waymarks.test', () => now);
    const sessionEnd = now + 10 * 60_000;
    const { token, expiresAt } = await tokens.sign(
      { userId: 'u1', tokenVersion: 0, sessionId: 's1' },
      sessionEnd,
    );
    expect(expiresAt).toBe(sessionEnd);
    now = sessionEnd + 1000;
    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuses a token that names no session (signed before sessions existed)', async () => {
    const tokens = new AccessTokens(SECRET, 'https://waymarks.test', Date.now);
    const { SignJWT } = await import('jose');
    const key = (await import('node:crypto')).createHash('sha256').update(`access-token:${SECRET}`).digest();
    const legacy = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u1')
      .setIssuer('https://waymarks.test')
      .setAudience('waymarks')
      .setExpirationTime('1h')
      .sign(key);
    expect(await tokens.verify(legacy)).toBeNull();
  });

  it('refuses a token once it has expired, even after it was verified and remembered', async () => {
    let now = Date.now();
    const tokens = new AccessTokens(SECRET, 'https://waymarks.test', () => now);
    const { token } = await tokens.sign({ userId: 'u1', tokenVersion: 0, sessionId: 's1' });
    expect(await tokens.verify(token)).not.toBeNull();
    now += ACCESS_TOKEN_TTL_MS + 1000;
    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuses tokens signed with another secret or for another issuer, and garbage', async () => {
    const mine = new AccessTokens(SECRET, 'https://waymarks.test', Date.now);
    const otherSecret = new AccessTokens(`${SECRET}-other`, 'https://waymarks.test', Date.now);
    const otherIssuer = new AccessTokens(SECRET, 'https://elsewhere.test', Date.now);
    expect(
      await mine.verify((await otherSecret.sign({ userId: 'u', tokenVersion: 0, sessionId: 's' })).token),
    ).toBeNull();
    expect(
      await mine.verify((await otherIssuer.sign({ userId: 'u', tokenVersion: 0, sessionId: 's' })).token),
    ).toBeNull();
    expect(await mine.verify('not.a.token')).toBeNull();
  });
});

describe('codes and token hashes', () => {
  it('makes 6-digit codes and keys their hash with the secret', () => {
    for (let i = 0; i < 50; i++) expect(randomCode()).toMatch(/^\d{6}$/);
    expect(hashCode('s1', '123456')).not.toBe(hashCode('s2', '123456'));
    expect(hashToken('abc')).toMatch(/^[0-9a-f]{64}$/);
  });
});
