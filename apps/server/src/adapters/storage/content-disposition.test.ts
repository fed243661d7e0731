// Filenames users gave their files, made safe for the Content-Disposition of a download.
import { describe, expect, it } from 'vitest';
import { contentDisposition, safeFilename } from './content-disposition.js';

describe('safeFilename', () => {
  it.each([
    ['../../evil".exe', 'evil.exe'],
    ['..\\..\\windows\\system32.dll', 'windowssystem32.dll'],
    ['/etc/passwd', 'etcpasswd'],
    ['.bashrc', 'bashrc'],
    ['a\r\nSet-Cookie: x.jpg', 'aSet-Cookie: x.jpg'],
    ['tab\there\u0000.png', 'tabhere.png'],
    ['photo\u202Egpj.exe', 'photogpj.exe'],
    ['  many   spaces .jpg ', 'many spaces .jpg'],
    ['', 'download'],
    ['"../"', 'download'],
    ['Été à Paris.jpg', 'Été à Paris.jpg'],
  ])('makes %j into %j', (input, expected) => {
    expect(safeFilename(input)).toBe(expected);
  });

  it('keeps names to 200 characters without splitting a character in two', () => {
    const name = safeFilename('🌍'.repeat(300));
    expect(Array.from(name)).toHaveLength(200);
    expect(name).toBe('🌍'.repeat(200));
  });

  it('composes decomposed accents (NFC), as macOS file names often are', () => {
    expect(safeFilename('E\u0301te\u0301.jpg')).toBe('Été.jpg');
  });
});

describe('contentDisposition', () => {
  it('is just the disposition without a filename', () => {
    expect(contentDisposition('inline')).toBe('inline');
    expect(contentDisposition('attachment')).toBe('attachment');
  });

  it('gives an ASCII fallback and the exact UTF-8 name (RFC 6266, RFC 8187)', () => {
    expect(contentDisposition('attachment', 'Été à Paris.jpg')).toBe(
      `attachment; filename="Ete a Paris.jpg"; filename*=UTF-8''%C3%89t%C3%A9%20%C3%A0%20Paris.jpg`,
    );
    expect(contentDisposition('attachment', '東京 2024.mp4')).toBe(
      `attachment; filename="__ 2024.mp4"; filename*=UTF-8''%E6%9D%B1%E4%BA%AC%202024.mp4`,
    );
  });

  it("percent-encodes the characters RFC 8187 does not allow bare: ' ( ) * %", () => {
    expect(contentDisposition('inline', "it's (100%)*.png")).toBe(
      `inline; filename="it's (100_)*.png"; filename*=UTF-8''it%27s%20%28100%25%29%2A.png`,
    );
  });

  it('never lets a hostile name break out of the quoted string or the header', () => {
    const header = contentDisposition('attachment', 'x"; filename="evil.exe\r\nX-Evil: 1');
    expect(header).toBe(
      `attachment; filename="x; filename=evil.exeX-Evil: 1"; filename*=UTF-8''x%3B%20filename%3Devil.exeX-Evil%3A%201`,
    );
    expect(header).not.toMatch(/[\r\n]/);
    expect(header.match(/"/g)).toHaveLength(2);
  });
});
