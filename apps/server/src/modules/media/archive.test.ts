import { PassThrough, Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { SignedLinks } from '../../common/signed-links.js';
import { ArchiveLinks, archiveEntryNames, streamArchive } from './archive.js';
import type { MediaRow } from './media.repository.js';

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

describe('streamArchive when an original fails', () => {
  const BYTES = 64 * 1024;
  const rows = ['a.jpg', 'b.jpg', 'c.jpg'].map(
    (filename) => ({ filename, size_bytes: BYTES, uploaded_at: 1, created_at: 1 }) as MediaRow,
  );
  const whole = () => Readable.from([Buffer.alloc(BYTES, 1)]);
  const gone = new Error('storage went away');

  it('writes the whole archive, as long as it said, when every original is read', async () => {
    const { stream, size } = await streamArchive(rows, async () => whole());
    expect((await buffer(stream)).length).toBe(size);
  });

  it('fails the stream, rather than ending it short or hanging, when an original cannot be opened', async () => {
    const { stream } = await streamArchive(rows, async (row) => {
      if (row.filename === 'b.jpg') throw gone;
      return whole();
    });
    await expect(buffer(stream)).rejects.toBe(gone);
  });

  it('fails the stream when an original’s bytes stop with an error halfway', async () => {
    const { stream } = await streamArchive(rows, async (row) => {
      if (row.filename !== 'b.jpg') return whole();
      const cut = new PassThrough();
      cut.write(Buffer.alloc(BYTES / 2, 2));
      setImmediate(() => cut.destroy(gone));
      return cut;
    });
    await expect(buffer(stream)).rejects.toBe(gone);
  });

  it('closes the original it was reading when the archive’s reader goes away', async () => {
    const reading = new PassThrough();
    reading.write(Buffer.alloc(1024, 3));
    const { stream } = await streamArchive(rows, async () => reading);
    await new Promise((resolve) => stream.once('data', resolve));
    stream.destroy();
    await new Promise((resolve) => reading.once('close', resolve));
    expect(reading.destroyed).toBe(true);
  });
});
