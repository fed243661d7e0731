import { describe, expect, it } from 'vitest';
import { SignedLinks } from '../../common/signed-links.js';
import { ArchiveLinks, archiveEntryNames } from './archive.js';

const SECRET = 'a secret of at least thirty-two characters';

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
  const links = new ArchiveLinks(SECRET);
  const claims = { userId: 'u1', pinId: 'p1', expiresAt: 2_000 };

  it('gives back the claims of a link it signed until the moment it expires', () => {
    expect(links.verify(links.sign(claims), 1_000)).toEqual(claims);
    expect(links.verify(links.sign(claims), 1_999)).toEqual(claims);
  });

  it('refuses an expired link, a tampered one and one signed with another secret or purpose', () => {
    const token = links.sign(claims);
    expect(links.verify(token, 2_000)).toBe('expired');
    expect(links.verify(token, 2_001)).toBe('expired');
    const [payload, mac] = token.split('.');
    const forged = Buffer.from(JSON.stringify(['u2', 'p1', 2_000])).toString('base64url');
    expect(links.verify(`${forged}.${mac}`, 1_000)).toBe('invalid');
    expect(links.verify(`${payload}.${mac}x`, 1_000)).toBe('invalid');
    expect(links.verify(`${payload}`, 1_000)).toBe('invalid');
    expect(links.verify(`${token}.extra`, 1_000)).toBe('invalid');
    const other = new ArchiveLinks('another secret of at least thirty-two characters');
    expect(other.verify(token, 1_000)).toBe('invalid');
    expect(new ArchiveLinks(SECRET, 'another-purpose').verify(token, 1_000)).toBe('invalid');
  });

  it('refuses a genuine link of its purpose that does not name a traveller and a pin', () => {
    const signer = new SignedLinks(SECRET, 'media-archive-link');
    expect(links.verify(signer.sign({ u: 'u1', p: 'p1' }, 2_000), 1_000)).toEqual(claims);
    expect(links.verify(signer.sign({ u: 'u1' }, 2_000), 1_000)).toBe('invalid');
    expect(links.verify(signer.sign({ u: 'u1', p: 7 }, 2_000), 1_000)).toBe('invalid');
  });
});
