// Video posters of the real fixtures and of clips made by the same WebAssembly ffmpeg.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  derivativesOf,
  expectWebp,
  fixture,
  processFile,
  refusal,
  SLOW,
} from './derivatives-test-support.js';
import { sniffFile } from './sniff.js';
import { DECODER_INPUT, DECODER_OUTPUT, runFfmpeg } from './video-decoder.js';

const VIDEOS = ['video/tokyo_xyz.mp4', 'video/paris_apple_keys.mov', 'video/no_metadata.mp4'];

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'waymarks-posters-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

describe('video posters', { timeout: SLOW }, () => {
  it.each(VIDEOS)('%s gives a WebP poster: 400×400 thumbnail, preview at the video size', async (name) => {
    const derivatives = await derivativesOf(name);
    expect([derivatives.width, derivatives.height]).toEqual([320, 240]);
    await expectWebp(derivatives.thumbnail);
    expect([derivatives.thumbnail.width, derivatives.thumbnail.height]).toEqual([400, 400]);
    await expectWebp(derivatives.preview);
    expect([derivatives.preview.width, derivatives.preview.height]).toEqual([320, 240]);
    // A real frame, not a flat fill.
    const stats = await sharp(derivatives.preview.data).stats();
    expect(Math.max(...stats.channels.map((channel) => channel.stdev))).toBeGreaterThan(10);
  });

  describe('generated clips', () => {
    const clip = (name: string) => path.join(scratch, name);
    /** Test clips come from the same WebAssembly ffmpeg, used as an encoder. */
    const make = async (name: string, args: string[], input?: string) => {
      const result = await runFfmpeg({
        args: ['-hide_banner', '-loglevel', 'error', ...args, DECODER_OUTPUT],
        input,
        timeoutMs: 60_000,
        maxOutputBytes: 16 * 1024 * 1024,
      });
      if (result.outcome !== 'finished' || !result.ok) throw new Error(`could not make ${name}`);
      await writeFile(clip(name), result.output);
    };
    const testCard = ['-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=10'];

    beforeAll(async () => {
      await make('short.mp4', [...testCard, '-t', '0.5', '-pix_fmt', 'yuv420p', '-f', 'mp4']);
      await make('clip.avi', [...testCard, '-t', '2', '-c:v', 'mpeg4', '-f', 'avi']);
      await make('plain.mp4', [...testCard, '-t', '2', '-pix_fmt', 'yuv420p', '-f', 'mp4']);
      await make(
        'rotated.mp4',
        ['-i', DECODER_INPUT, '-c', 'copy', '-metadata:s:v:0', 'rotate=90', '-f', 'mp4'],
        clip('plain.mp4'),
      );
      await make('audio-only.mp4', ['-f', 'lavfi', '-i', 'sine=duration=1', '-c:a', 'aac', '-f', 'mp4']);
    }, SLOW);

    it('falls back to the first frame of a clip shorter than one second', async () => {
      const derivatives = await processFile(clip('short.mp4'));
      expect([derivatives.width, derivatives.height]).toEqual([160, 120]);
      expect([derivatives.thumbnail.width, derivatives.thumbnail.height]).toEqual([400, 400]);
    });

    it('reads AVI', async () => {
      expect(await sniffFile(clip('clip.avi'))).toEqual({ mime: 'video/x-msvideo', kind: 'video' });
      const derivatives = await processFile(clip('clip.avi'));
      expect([derivatives.width, derivatives.height]).toEqual([160, 120]);
    });

    it('shows a video recorded in portrait upright (its display rotation applied)', async () => {
      const derivatives = await processFile(clip('rotated.mp4'));
      expect([derivatives.width, derivatives.height]).toEqual([120, 160]);
      expect([derivatives.preview.width, derivatives.preview.height]).toEqual([120, 160]);
    });

    it('gives a valid container without a decodable frame a neutral poster and no size', async () => {
      const derivatives = await processFile(clip('audio-only.mp4'));
      expect(derivatives.width).toBeNull();
      expect(derivatives.height).toBeNull();
      await expectWebp(derivatives.thumbnail);
      expect([derivatives.thumbnail.width, derivatives.thumbnail.height]).toEqual([400, 400]);
      await expectWebp(derivatives.preview);
    });

    it('refuses a video whose container is cut off as damaged', async () => {
      const whole = await readFile(fixture('video/tokyo_xyz.mp4'));
      await writeFile(clip('cut.mp4'), whole.subarray(0, 3000));
      const error = await refusal(processFile(clip('cut.mp4')));
      expect(error.reason).toBe('damaged');
      expect(error.message).toBe('This file is a damaged video file that cannot be read.');
    });

    it('refuses as damaged a file that starts like an MP4 and then is noise', async () => {
      const header = (await readFile(fixture('video/tokyo_xyz.mp4'))).subarray(0, 32);
      const noise = Buffer.alloc(20_000);
      for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 7919 + 13) % 251;
      await writeFile(clip('noise.mp4'), Buffer.concat([header, noise]));
      expect(await sniffFile(clip('noise.mp4'))).toEqual({ mime: 'video/mp4', kind: 'video' });
      const error = await refusal(processFile(clip('noise.mp4')));
      expect(error.reason).toBe('damaged');
    });
  });
});
