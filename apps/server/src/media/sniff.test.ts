// Type sniffing against the real fixture files, and the declared-type rules the upload URL check shares.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCEPTED_TYPES, declaredTypeMatches, normalizeDeclaredType, sniffFile } from './sniff.js';
import { UnprocessableMedia } from './unprocessable.js';

const repoRoot = new URL('../../../../', import.meta.url);
const fixtures = fileURLToPath(new URL('../shared/fixtures/media/', repoRoot));
const fixture = (name: string) => path.join(fixtures, name);

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'waymarks-sniff-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

async function scratchFile(name: string, content: string | Buffer): Promise<string> {
  const file = path.join(scratch, name);
  await writeFile(file, content);
  return file;
}

async function refusal(promise: Promise<unknown>): Promise<UnprocessableMedia> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(UnprocessableMedia);
  return error as UnprocessableMedia;
}

describe('ACCEPTED_TYPES', () => {
  it('lists exactly the canonical photo and video types Waymarks accepts', () => {
    expect(ACCEPTED_TYPES.map((type) => type.mime).sort()).toEqual(
      [
        'image/avif',
        'image/gif',
        'image/heic',
        'image/heif',
        'image/jpeg',
        'image/png',
        'image/webp',
        'video/mp4',
        'video/quicktime',
        'video/x-msvideo',
      ].sort(),
    );
  });

  it('never lists a spelling under two types', () => {
    const spellings = ACCEPTED_TYPES.flatMap((type) => [type.mime, ...type.aliases]);
    expect(new Set(spellings).size).toBe(spellings.length);
    const extensions = ACCEPTED_TYPES.flatMap((type) => type.extensions);
    expect(new Set(extensions).size).toBe(extensions.length);
  });
});

describe('sniffFile on real photos and videos', () => {
  it.each([
    ['photos/gps/DSCN0010.jpg', 'image/jpeg', 'image'],
    ['photos/gps/iphone6_madrid.jpg', 'image/jpeg', 'image'],
    ['photos/gps/iphone11_kansas_city.heic', 'image/heic', 'image'],
    ['photos/gps/nokia_spain.heif', 'image/heic', 'image'],
    ['photos/no-gps/no_metadata.heif', 'image/heic', 'image'],
    ['photos/no-gps/orientation_6.jpg', 'image/jpeg', 'image'],
    ['hostile/invalid_exif.jpg', 'image/jpeg', 'image'],
    ['video/tokyo_xyz.mp4', 'video/mp4', 'video'],
    ['video/no_metadata.mp4', 'video/mp4', 'video'],
    ['video/paris_apple_keys.mov', 'video/quicktime', 'video'],
  ])('reads %s as %s from its bytes', async (name, mime, kind) => {
    await expect(sniffFile(fixture(name))).resolves.toEqual({ mime, kind });
  });

  it('gives the canonical type for spellings file-type uses (AVI is video/vnd.avi there)', async () => {
    const header = Buffer.alloc(64);
    header.write('RIFF', 0, 'latin1');
    header.writeUInt32LE(56, 4);
    header.write('AVI LIST', 8, 'latin1');
    const avi = await scratchFile('clip.bin', header);
    await expect(sniffFile(avi)).resolves.toEqual({ mime: 'video/x-msvideo', kind: 'video' });
  });

  it('judges by content, not by name: a PNG named .jpg is a PNG', async () => {
    const png = await scratchFile(
      'photo.jpg',
      Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
        'base64',
      ),
    );
    await expect(sniffFile(png)).resolves.toEqual({ mime: 'image/png', kind: 'image' });
  });

  it('leaves damaged but real JPEGs to the decoder (their signature is genuine)', async () => {
    await expect(sniffFile(fixture('hostile/truncated.jpg'))).resolves.toEqual({
      mime: 'image/jpeg',
      kind: 'image',
    });
    await expect(sniffFile(fixture('hostile/corrupted_data.jpg'))).resolves.toEqual({
      mime: 'image/jpeg',
      kind: 'image',
    });
  });
});

describe('sniffFile refusing hostile files', () => {
  it('refuses an empty file as empty', async () => {
    const error = await refusal(sniffFile(fixture('hostile/empty.jpg')));
    expect(error.reason).toBe('empty');
    expect(error.message).toBe('This file is empty.');
    expect(error.about('empty.jpg')).toBe('empty.jpg is empty.');
  });

  it('refuses HTML named .jpg, naming what it found', async () => {
    const error = await refusal(sniffFile(fixture('hostile/html-named.jpg')));
    expect(error.reason).toBe('unsupported-type');
    expect(error.message).toBe('This file is an HTML page, not a photo or video we can read.');
  });

  it('refuses SVG (it can carry script), with or without an XML prolog', async () => {
    const error = await refusal(sniffFile(fixture('hostile/script.svg')));
    expect(error.reason).toBe('unsupported-type');
    expect(error.message).toContain('an SVG image');

    const withProlog = await scratchFile(
      'prolog.svg',
      '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    expect((await refusal(sniffFile(withProlog))).message).toContain('an SVG image');
  });

  it('refuses a Windows executable named .mp4', async () => {
    const error = await refusal(sniffFile(fixture('hostile/executable-named.mp4')));
    expect(error.reason).toBe('unsupported-type');
    expect(error.message).toBe('This file is a Windows executable, not a photo or video we can read.');
  });

  it('refuses bytes it cannot identify with the generic message', async () => {
    const noise = await scratchFile('noise.jpg', Buffer.from('just some words, not a picture'));
    const error = await refusal(sniffFile(noise));
    expect(error.reason).toBe('unsupported-type');
    expect(error.message).toBe('This file is not a photo or video we can read.');
  });

  it("with the declared type, says in a traveller's words what the file is and what it claimed to be", async () => {
    const error = await refusal(sniffFile(fixture('hostile/executable-named.mp4'), 'video/mp4'));
    expect(error.reason).toBe('type-mismatch');
    expect(error.message).toBe('This file is a Windows executable, not the video it claims to be.');
  });

  it('with the declared type, refuses an accepted type outside the declared family', async () => {
    const error = await refusal(sniffFile(fixture('video/tokyo_xyz.mp4'), 'image/jpeg'));
    expect(error.reason).toBe('type-mismatch');
    expect(error.message).toBe('This file is an MP4 video, not the photo it claims to be.');
    expect(error.about('tokyo.jpg')).toBe('tokyo.jpg is an MP4 video, not the photo it claims to be.');
  });

  it('with the declared type, accepts a file within the declared family', async () => {
    await expect(sniffFile(fixture('video/paris_apple_keys.mov'), 'video/mp4')).resolves.toEqual({
      mime: 'video/quicktime',
      kind: 'video',
    });
    await expect(sniffFile(fixture('photos/gps/nokia_spain.heif'), 'image/heif')).resolves.toEqual({
      mime: 'image/heic',
      kind: 'image',
    });
  });
});

describe('normalizeDeclaredType', () => {
  it.each([
    ['image/jpeg', 'a.jpg', 'image/jpeg'],
    ['image/jpg', 'a.jpg', 'image/jpeg'],
    ['image/pjpeg', 'a.jpg', 'image/jpeg'],
    ['Image/JPEG; charset=binary', 'a.jpg', 'image/jpeg'],
    ['image/x-png', 'a.png', 'image/png'],
    ['image/heic', 'a.heic', 'image/heic'],
    ['image/heif', 'a.heif', 'image/heif'],
    ['image/avif', 'a.avif', 'image/avif'],
    ['video/avi', 'a.avi', 'video/x-msvideo'],
    ['video/msvideo', 'a.avi', 'video/x-msvideo'],
    ['video/vnd.avi', 'a.avi', 'video/x-msvideo'],
    ['video/x-m4v', 'a.m4v', 'video/mp4'],
    ['video/quicktime', 'a.mov', 'video/quicktime'],
  ])('maps declared %s to %s', (declared, filename, canonical) => {
    expect(normalizeDeclaredType(declared, filename)).toBe(canonical);
  });

  it.each([
    ['', 'IMG_0001.HEIC', 'image/heic'],
    ['', 'PXL_2024.heif', 'image/heif'],
    ['', 'clip.MOV', 'video/quicktime'],
    ['application/octet-stream', 'holiday.avi', 'video/x-msvideo'],
    ['application/octet-stream', 'photo.jpeg', 'image/jpeg'],
  ])('when the browser declares %j, infers from the name %s', (declared, filename, canonical) => {
    expect(normalizeDeclaredType(declared, filename)).toBe(canonical);
  });

  it.each([
    ['image/svg+xml', 'a.svg'],
    ['text/html', 'a.jpg'],
    ['application/x-msdownload', 'a.mp4'],
    ['image/tiff', 'a.tif'],
    ['video/webm', 'a.webm'],
    ['', 'no-extension'],
    ['', 'setup.exe'],
    ['application/octet-stream', 'page.html'],
  ])('refuses declared %j for %s', (declared, filename) => {
    expect(normalizeDeclaredType(declared, filename)).toBeUndefined();
  });
});

describe('declaredTypeMatches', () => {
  const image = (mime: string) => ({ mime, kind: 'image' as const });
  const video = (mime: string) => ({ mime, kind: 'video' as const });

  it('treats HEIC, HEIF and AVIF as one family (same container, overlapping brands)', () => {
    expect(declaredTypeMatches('image/heic', image('image/heif'))).toBe(true);
    expect(declaredTypeMatches('image/heif', image('image/heic'))).toBe(true);
    expect(declaredTypeMatches('image/avif', image('image/heif'))).toBe(true);
  });

  it('treats MP4, M4V and QuickTime as one family (phones use either brand)', () => {
    expect(declaredTypeMatches('video/mp4', video('video/quicktime'))).toBe(true);
    expect(declaredTypeMatches('video/quicktime', video('video/mp4'))).toBe(true);
    expect(declaredTypeMatches('video/x-m4v', video('video/mp4'))).toBe(true);
  });

  it('accepts the spellings of JPEG and AVI', () => {
    expect(declaredTypeMatches('image/jpg', image('image/jpeg'))).toBe(true);
    expect(declaredTypeMatches('image/pjpeg', image('image/jpeg'))).toBe(true);
    expect(declaredTypeMatches('video/avi', video('video/x-msvideo'))).toBe(true);
  });

  it('rejects different families and undeclared types', () => {
    expect(declaredTypeMatches('image/jpeg', image('image/png'))).toBe(false);
    expect(declaredTypeMatches('image/heic', video('video/mp4'))).toBe(false);
    expect(declaredTypeMatches('video/mp4', video('video/x-msvideo'))).toBe(false);
    expect(declaredTypeMatches('', image('image/jpeg'))).toBe(false);
    expect(declaredTypeMatches('image/svg+xml', image('image/jpeg'))).toBe(false);
  });
});
