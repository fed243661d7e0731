import { describe, expect, it } from 'vitest';
import { ArchiveLinks, archiveEntryNames } from './archive.js';

describe('archiveEntryNames', () => {
  it('keeps ordinary names and numbers repeats, ignoring case', () => {
    expect(archiveEntryNames(['a.jpg', 'b.jpg', 'a.jpg', 'A.JPG', 'clip'])).toEqual([
      'a.jpg',
      'b.jpg',
      'a (2).jpg',
      'A (3).JPG',
      'clip',
    ]);
  });

  it('never lets a name leave the archive folder or carry control characters', () => {
    const names = archiveEntryNames(['../../etc/passwd', '..\\..\\boot.ini', 'a\u0000b\nc.jpg', '...', '  ']);
    for (const name of names) {
      expect([...name].some((c) => c === '/' || c === '\\' || c.charCodeAt(0) < 0x20)).toBe(false);
      expect(name.startsWith('.')).toBe(false);
    }
    expect(names).toEqual(['_.._etc_passwd', '_.._boot.ini', 'a_b_c.jpg', 'file', 'file (2)']);
  });
});

describe('ArchiveLinks', () => {
  const links = new ArchiveLinks('a secret of at least thirty-two characters');
  const claims = { userId: 'u1', pinId: 'p1', expiresAt: 2_000 };

  it('gives back the claims of a link it signed while it is valid', () => {
    expect(links.verify(links.sign(claims), 1_000)).toEqual(claims);
  });

  it('refuses an expired link, a tampered one and one signed with another secret', () => {
    const token = links.sign(claims);
    expect(links.verify(token, 2_001)).toBe('expired');
    const [payload, mac] = token.split('.');
    const forged = Buffer.from(JSON.stringify(['u2', 'p1', 2_000])).toString('base64url');
    expect(links.verify(`${forged}.${mac}`, 1_000)).toBe('invalid');
    expect(links.verify(`${payload}.${mac}x`, 1_000)).toBe('invalid');
    expect(links.verify(`${payload}`, 1_000)).toBe('invalid');
    expect(links.verify(`${token}.extra`, 1_000)).toBe('invalid');
    const other = new ArchiveLinks('another secret of at least thirty-two characters');
    expect(other.verify(token, 1_000)).toBe('invalid');
  });
});
