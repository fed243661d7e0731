// A user's photo or video through the real upload protocol (upload-url → PUT → complete), stopped at the
// stage a suite needs: reserved, stored but not completed, or ready.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MB, UploadUrlResponse } from '@waymarks/shared';
import { mediaFixture } from './media-fixtures.js';
import type { ApiCall, SignedInUser, TestApp } from './test-app.js';

export type UploadStage = 'reserved' | 'stored' | 'ready';

/** Uploads a file of ../shared/fixtures/media to the user's pin, under its name or `filename`; its mediaId. */
export async function uploadFixture(
  t: TestApp,
  call: ApiCall,
  user: SignedInUser,
  pinId: string,
  fixture: string,
  options: { contentType: string; until?: UploadStage; filename?: string },
): Promise<string> {
  const bytes = readFileSync(mediaFixture(fixture));
  const reserved = await call('POST', '/api/media/upload-url', user, {
    pinId,
    contentType: options.contentType,
    filename: options.filename ?? path.basename(fixture),
    sizeMB: bytes.length / MB,
    sizeBytes: bytes.length,
  });
  if (reserved.statusCode !== 200) throw new Error(`upload-url: ${reserved.statusCode} ${reserved.body}`);
  const { uploadUrl, mediaId, contentType } = UploadUrlResponse.parse(reserved.json());
  if (options.until === 'reserved') return mediaId;

  const stored = await t.app.inject({
    method: 'PUT',
    url: uploadUrl,
    payload: bytes,
    headers: { 'content-type': contentType },
  });
  if (stored.statusCode !== 200) throw new Error(`PUT ${uploadUrl}: ${stored.statusCode} ${stored.body}`);
  if (options.until === 'stored') return mediaId;

  const completed = await call('POST', '/api/media/complete', user, { mediaId });
  if (completed.statusCode !== 200) throw new Error(`complete: ${completed.statusCode} ${completed.body}`);
  return mediaId;
}
