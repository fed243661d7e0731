import { describe, expect, it } from 'vitest';
import { MEDIA_MESSAGES } from './media-rules.js';
import {
  ACCEPTED_MEDIA_TYPES,
  ACCEPTED_TYPE_NAMES,
  MEDIA_LISTED_TYPES,
  MEDIA_PICKER_ACCEPT,
  isMediaFileName,
} from './media-types.js';

describe('the accepted media types table', () => {
  it('names every accepted type in the refusal message', () => {
    expect(ACCEPTED_TYPE_NAMES).toBe('JPG, PNG, GIF, WebP, HEIC, AVIF, MP4, MOV, AVI');
    expect(MEDIA_MESSAGES.unsupportedType).toBe(
      'Only photos and videos can be uploaded (JPG, PNG, GIF, WebP, HEIC, AVIF, MP4, MOV, AVI).',
    );
  });

  it("lists SPEC.md §5's types in the uploader and adds the untyped phone formats to the picker", () => {
    expect(MEDIA_LISTED_TYPES).toBe('JPG, PNG, GIF, MP4, MOV, AVI');
    expect(MEDIA_PICKER_ACCEPT).toBe('image/*,video/*,.heic,.heif');
  });

  it('takes typed photos and videos, and untyped files only by a HEIC or HEIF name', () => {
    expect(isMediaFileName('image/jpeg', 'a.jpg')).toBe(true);
    expect(isMediaFileName('video/quicktime', 'clip.mov')).toBe(true);
    expect(isMediaFileName('', 'IMG_0001.HEIC')).toBe(true);
    expect(isMediaFileName('', 'photo.heif')).toBe(true);
    expect(isMediaFileName('', 'notes.txt')).toBe(false);
    expect(isMediaFileName('application/pdf', 'a.heic')).toBe(false);
  });

  it('gives every type one canonical MIME type', () => {
    const mimes = ACCEPTED_MEDIA_TYPES.map((type) => type.mime);
    expect(new Set(mimes).size).toBe(mimes.length);
  });
});
