// Download All (SPEC.md §7 Media): a short-lived signed link to one ZIP of a pin's originals, and the ZIP
// behind it. Ownership and the plan are checked when the link is made; following it needs no session,
// because a browser download cannot carry the bearer token.
import type { Readable } from 'node:stream';
import { ErrorCode, MEDIA_LIMITS, type DownloadUrlResponse } from '@waymarks/shared';
import type { UserRow } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { streamArchive, type ArchiveLinks } from './archive.js';
import type { MediaService } from './media.service.js';

interface PinArchive {
  /** The download name, the pin's title. */
  filename: string;
  stream: Readable;
  /** Exact length in bytes; -1 when it cannot be known up front. */
  size: number;
}

interface DownloadAllDeps {
  media: Pick<MediaService, 'checkArchive' | 'archiveForLink' | 'openOriginal'>;
  links: ArchiveLinks;
  now: () => number;
}

export class DownloadAllService {
  constructor(private readonly deps: DownloadAllDeps) {}

  /** A five-minute link to the ZIP of the pin's ready originals: own pin and the mediaDownloads feature. */
  async link(user: UserRow, pinId: string): Promise<DownloadUrlResponse> {
    await this.deps.media.checkArchive(user, pinId);
    const expiresAt = this.deps.now() + MEDIA_LIMITS.downloadUrlSeconds * 1000;
    const token = this.deps.links.sign({ userId: user.id, pinId, expiresAt });
    return { downloadUrl: `/api/media/archive/${token}`, expiresAt: new Date(expiresAt).toISOString() };
  }

  /** The ZIP behind a genuine, unexpired link, streamed as the originals are read. */
  async open(token: string): Promise<PinArchive> {
    const claims = this.deps.links.verify(token, this.deps.now());
    if (claims === 'expired') {
      throw new AppError(403, ErrorCode.tokenInvalid, 'This download link has expired. Please try again.');
    }
    if (claims === 'invalid')
      throw new AppError(403, ErrorCode.tokenInvalid, 'This download link is not valid.');
    const { title, media } = await this.deps.media.archiveForLink(claims.userId, claims.pinId);
    const { stream, size } = await streamArchive(media, (row) => this.deps.media.openOriginal(row));
    return { filename: `${title}.zip`, stream, size };
  }
}
