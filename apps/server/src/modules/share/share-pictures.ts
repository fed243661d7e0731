// The share pictures of every travel page, each drawn once per version of the page: kept in memory
// (render-once.ts) and in storage, so that another instance answers a picture without drawing it. A
// traveller's folder holds the pictures of the page's current version only, and is emptied when the page is
// turned off or the account deleted.
import { buffer } from 'node:stream/consumers';
import type { ObjectStorage } from '../../adapters/storage/object-storage.js';
import { RenderOnce } from './render-once.js';
import type { ShareImageFormat } from './share-image.js';

/** Share pictures kept in memory: two formats of the most recently shared pages, 0.1–0.3 MB each. */
const IMAGES_KEPT = 200;

export const shareImageKeyPrefix = (userId: string): string => `share-images/${userId}/`;
const versionPrefix = (userId: string, version: string) => `${shareImageKeyPrefix(userId)}${version}-`;

export class SharePictures {
  private readonly kept = new RenderOnce(IMAGES_KEPT);

  constructor(private readonly storage: Pick<ObjectStorage, 'read' | 'put' | 'list' | 'delete'>) {}

  /**
   * The picture of the traveller's page at `version` in `format`: kept by this instance, else stored by
   * another, else made by `draw` and stored before it is answered (so what is stored never changes behind a
   * request that has been answered). `drawn`: whether this call drew it.
   */
  async get(
    userId: string,
    version: string,
    format: ShareImageFormat,
    draw: () => Promise<Buffer>,
  ): Promise<{ png: Buffer; drawn: boolean }> {
    const key = `${versionPrefix(userId, version)}${format}.png`;
    let drawn = false;
    const { bytes, rendered } = await this.kept.get(key, async () => {
      const stored = await this.stored(key);
      if (stored) return stored;
      drawn = true;
      const png = await draw();
      await this.keep(userId, version, key, png);
      return png;
    });
    return { png: bytes, drawn: rendered && drawn };
  }

  /** Deletes every picture kept of the traveller's page. */
  async dropAll(userId: string): Promise<void> {
    await this.drop(userId, () => true);
  }

  /** The picture another instance kept, if any; storage out of reach is the same as none. */
  private async stored(key: string): Promise<Buffer | undefined> {
    try {
      return await buffer(await this.storage.read(key));
    } catch {
      return undefined;
    }
  }

  /** Keeps the picture, and drops those of the page's earlier versions. */
  private async keep(userId: string, version: string, key: string, png: Buffer): Promise<void> {
    try {
      await this.storage.put(key, png, 'image/png');
      const current = versionPrefix(userId, version);
      await this.drop(userId, (stored) => !stored.startsWith(current));
    } catch {
      // Not kept: each instance draws it once for itself instead.
    }
  }

  private async drop(userId: string, picked: (key: string) => boolean): Promise<void> {
    const keys: string[] = [];
    for await (const object of this.storage.list(shareImageKeyPrefix(userId))) {
      if (picked(object.key)) keys.push(object.key);
    }
    if (keys.length > 0) await this.storage.delete(keys);
  }
}
