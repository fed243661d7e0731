import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONTENT_HASH_MAX_BYTES, contentHashOf } from './content-hash';
import { sha256Hex } from './sha256';

// SHA-256 test vectors (FIPS 180-2): 'abc' and no bytes at all.
const ABC = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';
const NOTHING = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('sha256Hex', () => {
  it('is the SHA-256 of the bytes, as 64 lowercase hex digits', async () => {
    expect(await sha256Hex(new Blob(['abc']))).toBe(ABC);
    expect(await sha256Hex(new Blob([]))).toBe(NOTHING);
  });
});

describe('contentHashOf', () => {
  it('answers each file with the SHA-256 of its own bytes', async () => {
    const files = ['abc', '', 'abc'].map((text, index) => new File([text], `IMG_${index}.jpg`));
    expect(await Promise.all(files.map(contentHashOf))).toEqual([ABC, NOTHING, ABC]);
  });

  it(`does not read a file larger than ${CONTENT_HASH_MAX_BYTES / 1024 ** 2} MB: the server hashes it`, async () => {
    const digest = vi.spyOn(crypto.subtle, 'digest');
    const large = { size: CONTENT_HASH_MAX_BYTES + 1 } as Blob;
    expect(await contentHashOf(large)).toBeNull();
    expect(digest).not.toHaveBeenCalled();
  });

  it('goes on without a hash when the file cannot be read, and says so in the console', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const unreadable = new File(['abc'], 'IMG_1.jpg');
    vi.spyOn(unreadable, 'arrayBuffer').mockRejectedValue(new DOMException('gone', 'NotReadableError'));
    expect(await contentHashOf(unreadable)).toBeNull();
    expect(warn).toHaveBeenCalledOnce();
    // The next file is hashed as usual.
    expect(await contentHashOf(new File(['abc'], 'IMG_2.jpg'))).toBe(ABC);
  });
});
