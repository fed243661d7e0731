// Whether a PUT through a local upload link may still store its bytes. A signed link outlives what it was
// made for: its upload may have been deleted, completed, or its account closed, and bytes stored then
// would count against no allowance. Only an upload object of a pending, unexpired upload of a live
// account is accepted; local.routes.ts asks before reading the body and again once the file is in place.
import { parseMediaKey } from './media-keys.js';
import type { MediaRepository } from './media.repository.js';

export type UploadAdmission = (key: string) => Promise<boolean>;

export function uploadAdmission(deps: {
  media: Pick<MediaRepository, 'acceptsUpload'>;
  now: () => number;
}): UploadAdmission {
  return async (key) => {
    const parsed = parseMediaKey(key);
    if (parsed?.object !== 'upload') return false;
    return deps.media.acceptsUpload(parsed.userId, parsed.mediaId, deps.now());
  };
}
