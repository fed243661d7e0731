import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SignedLinks } from './signed-links.js';

const SECRET = 'a secret of at least thirty-two characters';

describe('SignedLinks', () => {
  const links = new SignedLinks(SECRET, 'test-purpose');

  it('gives back the claims and expiry of a link it signed, up to the moment it expires', () => {
    const token = links.sign({ k: 'media/u/m/original', n: 10 }, 2_000);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(links.verify(token, 1_999)).toEqual({
      claims: { k: 'media/u/m/original', n: 10 },
      expiresAt: 2_000,
    });
    expect(links.verify(token, 2_000)).toBe('expired');
  });

  it('refuses a link whose claims or signature were changed', () => {
    const [body, mac] = links.sign({ u: 'u1' }, 2_000).split('.');
    const forged = Buffer.from(JSON.stringify({ u: 'u2', exp: 2_000 })).toString('base64url');
    const later = Buffer.from(JSON.stringify({ u: 'u1', exp: 9_000 })).toString('base64url');
    expect(links.verify(`${forged}.${mac}`, 1_000)).toBe('invalid');
    expect(links.verify(`${later}.${mac}`, 1_000)).toBe('invalid');
    expect(links.verify(`${body}.${mac}x`, 1_000)).toBe('invalid');
    expect(links.verify(`${body}.${mac!.slice(1)}`, 1_000)).toBe('invalid');
  });

  it('refuses a link signed with another secret or for another purpose', () => {
    const token = links.sign({ u: 'u1' }, 2_000);
    expect(
      new SignedLinks('another secret of at least thirty-two characters', 'test-purpose').verify(token, 0),
    ).toBe('invalid');
    expect(new SignedLinks(SECRET, 'other-purpose').verify(token, 0)).toBe('invalid');
  });

  it('refuses malformed and over-long tokens without throwing', () => {
    const token = links.sign({ u: 'u1' }, 2_000);
    for (const bad of [
      '',
      '.',
      'abc',
      'abc.def',
      `${token}.extra`,
      token.split('.')[0]!,
      `${'a'.repeat(5000)}.x`,
    ]) {
      expect(links.verify(bad, 1_000), bad).toBe('invalid');
    }
  });

  it('takes a body signed by the documented format, and refuses one that is not claims with an expiry', () => {
    // The format by hand: the key is HMAC-SHA256(secret, 'signed-link:' + purpose).
    const key = createHmac('sha256', SECRET).update('signed-link:test-purpose').digest();
    const signed = (json: string) => {
      const body = Buffer.from(json).toString('base64url');
      return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
    };
    expect(links.verify(signed('{"u":"u1","exp":2000}'), 1_000)).toEqual({
      claims: { u: 'u1' },
      expiresAt: 2_000,
    });
    for (const json of ['["u1","p1",2000]', '{"u":"u1"}', '{"u":"u1","exp":"2000"}', 'null', 'not json']) {
      expect(links.verify(signed(json), 1_000), json).toBe('invalid');
    }
  });
});
