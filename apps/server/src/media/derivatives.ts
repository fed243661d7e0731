// Thumbnails, screen previews and video posters for a stored photo or video, refusing hostile or broken
// files: picks the maker for the sniffed type (images.ts, heif.ts, poster.ts) and runs it in its turn.
import { heifDerivatives } from './heif.js';
import { imageDerivatives, PROBLEMS, type Derivatives } from './images.js';
import type { Limiter } from './job-limiter.js';
import { videoDerivatives } from './poster.js';
import { ACCEPTED_TYPES, type SniffedType } from './sniff.js';
import { UnprocessableMedia } from './unprocessable.js';

/**
 * A 400×400 thumbnail and a preview within 1600×1600, both WebP, upright and without any metadata (sharp
 * writes none unless asked, so GPS never leaves the original). `type` must come from sniffFile.
 */
export type MakeDerivatives = (file: string, type: SniffedType) => Promise<Derivatives>;

/**
 * Makes derivatives at most as many at once as `jobs` lets run. Give every caller in the process the same
 * limiter, so that uploads completing together queue rather than swap.
 */
export function createDerivativeMaker(jobs: Limiter): MakeDerivatives {
  return (file, type) => jobs.run(() => derive(file, type));
}

async function derive(file: string, type: SniffedType): Promise<Derivatives> {
  if (!ACCEPTED_TYPES.some((accepted) => accepted.mime === type.mime && accepted.kind === type.kind)) {
    throw new UnprocessableMedia('unsupported-type', PROBLEMS.notMedia);
  }
  if (type.kind === 'video') return videoDerivatives(file, type.mime);
  if (type.mime === 'image/heic' || type.mime === 'image/heif') return heifDerivatives(file);
  return imageDerivatives(file, type.mime);
}
