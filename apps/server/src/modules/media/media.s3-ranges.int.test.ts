// Completing a large video on S3 storage (a real s3rver) reads byte ranges of it, never the whole object:
// the type, the metadata and the poster's bytes come from a few megabytes, whatever the video's size.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompleteUploadResponse, MB, UploadUrlResponse } from '@waymarks/shared';
import { s3AppEnv, startS3rver, type S3TestServer } from '../../adapters/storage/storage-test-servers.js';
import {
  accountMaker,
  apiCaller,
  createPinAs,
  startTestApp,
  testDialects,
  type TestApp,
} from '../../testing/test-app.js';
import { mediaKeys } from './media-keys.js';

// Past the size below which a video is simply read whole (POSTER_INDEX_MAX_BYTES).
const SIZE = 96 * MB;
const CREATED = new Date('2024-06-01T12:00:00Z');

function box(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

/**
 * An MP4 as phones write it: ftyp, the media data (zeros here), the moov last, with a creation date and a
 * duration of two minutes. It has no tracks, so it gets the neutral poster.
 */
function largeMp4(size: number): Buffer {
  const ftyp = box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2mp41', 'latin1'));
  const mvhd = Buffer.alloc(100);
  const seconds = CREATED.getTime() / 1000 + 2_082_844_800;
  mvhd.writeUInt32BE(seconds, 4);
  mvhd.writeUInt32BE(seconds, 8);
  mvhd.writeUInt32BE(1000, 12);
  mvhd.writeUInt32BE(120_000, 16);
  const moov = box('moov', box('mvhd', mvhd));
  const file = Buffer.alloc(size);
  ftyp.copy(file, 0);
  file.writeUInt32BE(size - ftyp.length - moov.length, ftyp.length);
  file.write('mdat', ftyp.length + 4, 'latin1');
  moov.copy(file, size - moov.length);
  return file;
}

/** The bytes a Range header of `bytes=a-b` asks for; Infinity for a GET of the whole object. */
function rangeLength(header: string | string[] | undefined): number {
  const match = /^bytes=(\d+)-(\d+)$/.exec(String(header ?? ''));
  return match ? Number(match[2]) - Number(match[1]) + 1 : Infinity;
}

describe.each(testDialects())('completing a large video on S3 storage on %s', (dialect) => {
  let s3: S3TestServer;
  let t: TestApp;
  let dataDir: string;
  const signedInUser = accountMaker(() => t, { label: 's3-ranges', name: 'Freya Stark' });
  const call = apiCaller(() => t);

  beforeAll(async () => {
    s3 = await startS3rver();
    dataDir = mkdtempSync(path.join(tmpdir(), 'waymarks-media-s3-ranges-'));
    t = await startTestApp(dialect, {
      DATA_DIR: dataDir,
      ...s3AppEnv(s3),
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await s3?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('reads the type, the metadata and the poster through byte ranges: a few MB of a 96 MB video', async () => {
    const user = await signedInUser();
    const pin = await createPinAs(call, user, { lat: 35.6586, lng: 139.7454, title: 'Tokyo' });
    const bytes = largeMp4(SIZE);
    const reserved = await call('POST', '/api/media/upload-url', user, {
      pinId: pin.pinId,
      contentType: 'video/mp4',
      filename: 'large.mp4',
      sizeMB: SIZE / MB,
      sizeBytes: SIZE,
    });
    expect(reserved.statusCode, reserved.body).toBe(200);
    const { uploadUrl, mediaId } = UploadUrlResponse.parse(reserved.json());
    const put = await fetch(uploadUrl, {
      method: 'PUT',
      headers: { 'content-type': 'video/mp4' },
      body: bytes,
    });
    expect(put.status).toBe(200);

    const original = `/${s3.config.bucket}/${mediaKeys(user.userId, mediaId).original}`;
    const seen = s3.requests.length;
    const res = await call('POST', '/api/media/complete', user, { mediaId });

    expect(res.statusCode, res.body).toBe(200);
    const done = CompleteUploadResponse.parse(res.json());
    expect(done.media).toMatchObject({ isVideo: true, sizeBytes: SIZE });
    expect(Date.parse(done.media.exifData.dateTaken ?? '')).toBe(CREATED.getTime());
    const reads = s3.requests
      .slice(seen)
      .filter((request) => request.method === 'GET' && request.url.split('?')[0] === original);
    expect(reads.length).toBeGreaterThan(0);
    const lengths = reads.map((request) => rangeLength(request.headers.range));
    // Every GET of the original names a range; together they are a few megabytes of the 96.
    expect(lengths.every(Number.isFinite)).toBe(true);
    expect(lengths.reduce((sum, length) => sum + length, 0)).toBeLessThan(8 * MB);
  }, 120_000);
});
