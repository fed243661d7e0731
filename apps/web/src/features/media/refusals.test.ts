import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@waymarks/shared';
import { ApiError } from '../../lib/api';
import { placeRefusal, refusedAfterUpload, selectionRefusal, uploadRefusal } from './refusals';

// ../shared/fixtures/media beside the repository root; this file lives in apps/web/src/features/media.
const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const FIXTURES = path.resolve(ROOT, '../shared/fixtures/media');

/** A File as the picker or a drop gives it: the fixture's bytes under its own name. */
const pick = (relative: string, type: string) =>
  new File([readFileSync(path.join(FIXTURES, relative))], path.basename(relative), { type });

/** An answer of the API in its error shape. */
const answered = (status: number, code: string, message: string) =>
  new ApiError(status, JSON.stringify({ error: { code, message } }));

const photo = { name: 'IMG_0042.jpg' };

describe('selectionRefusal', () => {
  it('says an empty file is empty, by its name, before the server is asked', () => {
    expect(selectionRefusal(pick('hostile/empty.jpg', 'image/jpeg'), false)).toBe('empty.jpg is empty.');
    expect(selectionRefusal(pick('hostile/empty.jpg', 'image/jpeg'), true)).toBe('empty.jpg is empty.');
  });

  it('leaves a photo, a video and a typeless HEIC to be uploaded', () => {
    expect(selectionRefusal(pick('photos/gps/iphone6_madrid.jpg', 'image/jpeg'), true)).toBeNull();
    expect(selectionRefusal(pick('video/tokyo_xyz.mp4', 'video/mp4'), true)).toBeNull();
    expect(selectionRefusal(pick('photos/gps/iphone11_kansas_city.heic', ''), true)).toBeNull();
  });

  it('refuses a dropped file typed as something else; the picker leaves a typeless one to the server', () => {
    const notes = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    expect(selectionRefusal(notes, true)).toBe('notes.txt is not a photo or video that can be uploaded.');
    expect(selectionRefusal(notes, false)).toBe('notes.txt is not a photo or video that can be uploaded.');
    const untyped = new File(['hello'], 'notes', { type: '' });
    expect(selectionRefusal(untyped, true)).toBe('notes is not a photo or video that can be uploaded.');
    expect(selectionRefusal(untyped, false)).toBeNull();
  });

  it('refuses a file over 5 GB and a name over 255 characters', () => {
    const huge = { name: 'walk.mp4', type: 'video/mp4', size: 5 * 1024 ** 3 + 1 };
    expect(selectionRefusal(huge, false)).toBe('walk.mp4 is larger than 5 GB, the most one file can be.');
    const long = { name: `${'a'.repeat(252)}.jpg`, type: 'image/jpeg', size: 10 };
    expect(selectionRefusal(long, false)).toBe(
      `${long.name} has a name longer than 255 characters. Rename it and try again.`,
    );
  });
});

describe('uploadRefusal', () => {
  it("never shows a validator's text: the empty file zod refused becomes a request to try again", () => {
    const zod = answered(400, ErrorCode.validation, 'Too small: expected number to be >0');
    const sentence = uploadRefusal(photo, zod, 'reserve');
    expect(sentence).toBe('IMG_0042.jpg could not be uploaded. Please try again.');
    expect(sentence).not.toContain('expected');
  });

  it("passes on the server's refusal of what the file is, which already names it", () => {
    const html = answered(
      422,
      ErrorCode.unprocessableMedia,
      'html-named.jpg is an HTML page, not the photo it claims to be.',
    );
    expect(uploadRefusal({ name: 'html-named.jpg' }, html, 'complete')).toBe(
      'html-named.jpg is an HTML page, not the photo it claims to be.',
    );
  });

  it('says a type the server does not take and a size it does not, by the code, not the words', () => {
    const type = answered(415, ErrorCode.unsupportedMediaType, 'Only photos and videos can be uploaded.');
    expect(uploadRefusal({ name: 'scan.tiff' }, type, 'reserve')).toBe(
      'scan.tiff is not a photo or video that can be uploaded.',
    );
    const size = answered(413, ErrorCode.payloadTooLarge, 'Files larger than 5 GB cannot be uploaded.');
    expect(uploadRefusal(photo, size, 'reserve')).toBe(
      'IMG_0042.jpg is larger than 5 GB, the most one file can be.',
    );
    expect(uploadRefusal(photo, size, 'complete')).toBe(
      'IMG_0042.jpg changed while it was being uploaded. Please upload it again.',
    );
  });

  it("puts a plan's limit in the server's words after the file's name", () => {
    const full = answered(
      403,
      ErrorCode.storageLimitReached,
      "This file does not fit in your Explorer plan's 1 GB of storage. Delete some media or upgrade for more.",
    );
    expect(uploadRefusal(photo, full, 'reserve')).toBe(
      "IMG_0042.jpg was not uploaded. This file does not fit in your Explorer plan's 1 GB of storage. Delete some media or upgrade for more.",
    );
  });

  it('says an internal error, a bare status and no answer at all plainly', () => {
    const internal = answered(500, ErrorCode.internal, 'Something went wrong on our side');
    expect(uploadRefusal(photo, internal, 'complete')).toBe(
      'IMG_0042.jpg could not be uploaded. Please try again.',
    );
    expect(uploadRefusal(photo, new ApiError(502, '<html>Bad gateway</html>'), 'reserve')).toBe(
      'IMG_0042.jpg could not be uploaded. Please try again.',
    );
    expect(uploadRefusal(photo, new TypeError('Failed to fetch'), 'reserve')).toBe(
      'IMG_0042.jpg could not be uploaded. Check your connection and try again.',
    );
  });
});

describe('placeRefusal', () => {
  it("names each file sent to a place its plan would not let become a pin, in the server's words", () => {
    const limit = answered(
      403,
      ErrorCode.pinLimitReached,
      'Your Explorer plan allows 5 pins. Upgrade to add more.',
    );
    expect(placeRefusal({ name: 'jolla.jpg' }, limit)).toBe(
      'jolla.jpg was not uploaded. Your Explorer plan allows 5 pins. Upgrade to add more.',
    );
  });

  it("never shows a validator's text, and says no answer at all is the connection", () => {
    const zod = answered(400, ErrorCode.validation, 'Too big: expected string to have <=100 characters');
    expect(placeRefusal(photo, zod)).toBe('IMG_0042.jpg could not be uploaded. Please try again.');
    expect(placeRefusal(photo, new TypeError('Failed to fetch'))).toBe(
      'IMG_0042.jpg could not be uploaded. Check your connection and try again.',
    );
  });
});

describe('refusedAfterUpload', () => {
  it("keeps the server's sentence, and names the file when the refusal came without words", () => {
    const damaged = 'truncated.jpg has damaged image data and cannot be read.';
    expect(refusedAfterUpload({ name: 'truncated.jpg' }, damaged)).toBe(damaged);
    expect(refusedAfterUpload({ name: 'truncated.jpg' }, null)).toBe(
      'truncated.jpg could not be read, so it was not kept.',
    );
  });
});
