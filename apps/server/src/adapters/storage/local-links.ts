// The signed, expiring links of local storage: what an upload or download URL's token allows, in the app's
// one signed-link format (common/signed-links.ts).
import { z } from 'zod';
import { SignedLinks } from '../../common/signed-links.js';

export const UPLOAD_URL_PREFIX = '/api/storage/upload/';
export const DOWNLOAD_URL_PREFIX = '/api/storage/object/';

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

// Short field names keep URLs short.
const UploadPayload = z.object({ k: z.string(), n: z.number().int().nonnegative(), c: z.string() });
const DownloadPayload = z.object({
  k: z.string(),
  c: z.string(),
  d: z.enum(['inline', 'attachment']),
  f: z.string().optional(),
});

type UploadLink = Omit<UploadGrant, 'expiresAt'> & { expiresAtSeconds: number };
type DownloadLink = Omit<DownloadGrant, 'maxAgeSeconds' | 'filename'> & {
  filename?: string | undefined;
  expiresAtSeconds: number;
};

export class LinkSigner {
  // Uploads and downloads are signed for different purposes, so one can never pass for the other.
  readonly #uploads: SignedLinks;
  readonly #downloads: SignedLinks;
  readonly #now: () => number;

  constructor(signingSecret: string, now: () => number) {
    this.#uploads = new SignedLinks(signingSecret, 'storage-upload');
    this.#downloads = new SignedLinks(signingSecret, 'storage-download');
    this.#now = now;
  }

  uploadToken(link: UploadLink): string {
    return this.#uploads.sign(
      { k: link.key, n: link.maxSize, c: link.contentType },
      link.expiresAtSeconds * 1000,
    );
  }

  downloadToken(link: DownloadLink): string {
    return this.#downloads.sign(
      {
        k: link.key,
        c: link.contentType,
        d: link.disposition,
        ...(link.filename === undefined ? {} : { f: link.filename }),
      },
      link.expiresAtSeconds * 1000,
    );
  }

  /** What an upload URL's token allows. Throws StorageTokenError. */
  verifyUploadToken(token: string): UploadGrant {
    const { claims, expiresAt } = this.#verify(this.#uploads, token);
    const payload = UploadPayload.safeParse(claims);
    if (!payload.success) throw new StorageTokenError('invalid');
    return { key: payload.data.k, maxSize: payload.data.n, contentType: payload.data.c, expiresAt };
  }

  /** What a download URL's token allows. Throws StorageTokenError. */
  verifyDownloadToken(token: string): DownloadGrant {
    const { claims, expiresAt } = this.#verify(this.#downloads, token);
    const payload = DownloadPayload.safeParse(claims);
    if (!payload.success) throw new StorageTokenError('invalid');
    return {
      key: payload.data.k,
      contentType: payload.data.c,
      disposition: payload.data.d,
      filename: payload.data.f,
      maxAgeSeconds: Math.max(0, Math.floor(expiresAt / 1000) - Math.floor(this.#now() / 1000)),
    };
  }

  #verify(links: SignedLinks, token: string): { claims: unknown; expiresAt: number } {
    const link = links.verify(token, this.#now());
    if (typeof link === 'string') throw new StorageTokenError(link);
    return link;
  }
}
