// The signed, expiring links of local storage: what an upload or download URL's token allows, signed with
// a key derived from the app's secret and checked in constant time.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

export const UPLOAD_URL_PREFIX = '/api/storage/upload/';
export const DOWNLOAD_URL_PREFIX = '/api/storage/object/';

/** Far longer than any token this store signs; longer ones are refused before any hashing. */
const MAX_TOKEN_LENGTH = 4096;

export interface UploadGrant {
  key: string;
  maxSize: number;
  contentType: string;
  /** When the link expires, in milliseconds since the epoch: a PUT still running then is cut off. */
  expiresAt: number;
}

export interface DownloadGrant {
  key: string;
  contentType: string;
  disposition: 'inline' | 'attachment';
  filename: string | undefined;
  /** Seconds the URL has left, for Cache-Control. */
  maxAgeSeconds: number;
}

export class StorageTokenError extends Error {
  override name = 'StorageTokenError';
  constructor(readonly reason: 'invalid' | 'expired') {
    super(reason === 'expired' ? 'The storage link has expired' : 'The storage link is not valid');
  }
}

// Short field names keep URLs short; `t` stops an upload token from being used as a download token.
const UploadPayload = z.object({
  t: z.literal('put'),
  k: z.string(),
  n: z.number().int().nonnegative(),
  c: z.string(),
  e: z.number().int(),
});
const DownloadPayload = z.object({
  t: z.literal('get'),
  k: z.string(),
  c: z.string(),
  d: z.enum(['inline', 'attachment']),
  f: z.string().optional(),
  e: z.number().int(),
});

type UploadLink = Omit<UploadGrant, 'expiresAt'> & { expiresAtSeconds: number };
type DownloadLink = Omit<DownloadGrant, 'maxAgeSeconds' | 'filename'> & {
  filename?: string | undefined;
  expiresAtSeconds: number;
};

export class LinkSigner {
  // Private fields: the key never shows up when the store is logged or serialised.
  readonly #signingKey: Buffer;
  readonly #now: () => number;

  constructor(signingSecret: string, now: () => number) {
    // Derived, so a URL signature can never be replayed as a session or cookie signature.
    this.#signingKey = createHash('sha256').update(`storage:${signingSecret}`).digest();
    this.#now = now;
  }

  uploadToken(link: UploadLink): string {
    return this.#sign({
      t: 'put',
      k: link.key,
      n: link.maxSize,
      c: link.contentType,
      e: link.expiresAtSeconds,
    });
  }

  downloadToken(link: DownloadLink): string {
    return this.#sign({
      t: 'get',
      k: link.key,
      c: link.contentType,
      d: link.disposition,
      ...(link.filename === undefined ? {} : { f: link.filename }),
      e: link.expiresAtSeconds,
    });
  }

  /** What an upload URL's token allows. Throws StorageTokenError. */
  verifyUploadToken(token: string): UploadGrant {
    const payload = UploadPayload.safeParse(this.#verify(token));
    if (!payload.success) throw new StorageTokenError('invalid');
    this.#assertNotExpired(payload.data.e);
    return {
      key: payload.data.k,
      maxSize: payload.data.n,
      contentType: payload.data.c,
      expiresAt: payload.data.e * 1000,
    };
  }

  /** What a download URL's token allows. Throws StorageTokenError. */
  verifyDownloadToken(token: string): DownloadGrant {
    const payload = DownloadPayload.safeParse(this.#verify(token));
    if (!payload.success) throw new StorageTokenError('invalid');
    this.#assertNotExpired(payload.data.e);
    return {
      key: payload.data.k,
      contentType: payload.data.c,
      disposition: payload.data.d,
      filename: payload.data.f,
      maxAgeSeconds: Math.max(0, payload.data.e - Math.floor(this.#now() / 1000)),
    };
  }

  #sign(payload: object): string {
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${body}.${this.#mac(body)}`;
  }

  #mac(body: string): string {
    return createHmac('sha256', this.#signingKey).update(body).digest('base64url');
  }

  #verify(token: string): unknown {
    if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) throw new StorageTokenError('invalid');
    const dot = token.indexOf('.');
    const body = token.slice(0, dot);
    const given = Buffer.from(token.slice(dot + 1));
    const expected = Buffer.from(this.#mac(body));
    if (dot < 1 || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new StorageTokenError('invalid');
    }
    try {
      return JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      throw new StorageTokenError('invalid');
    }
  }

  #assertNotExpired(expiresAt: number): void {
    if (this.#now() >= expiresAt * 1000) throw new StorageTokenError('expired');
  }
}
