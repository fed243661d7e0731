// The shared media fixtures (real photos, videos and hostile files), found beside the project:
// ../shared/fixtures/media from the repository root.
import { fileURLToPath } from 'node:url';
import path from 'node:path';

/** Repository root: this file lives in apps/server/src/testing. */
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

export const MEDIA_FIXTURES = path.resolve(ROOT, '../shared/fixtures/media');

export const mediaFixture = (relative: string): string => path.join(MEDIA_FIXTURES, relative);
