// Video posters: one frame from the confined ffmpeg of video-decoder.ts made into a thumbnail and preview,
// or a neutral poster when the video has no frame to show.
import sharp from 'sharp';
import {
  assertPixels,
  encode,
  MAX_IMAGE_PIXELS,
  PROBLEMS,
  readHeader,
  render,
  SHARP_INPUT,
  THUMBNAIL_SIZE,
  type Derivative,
  type Derivatives,
} from './images.js';
import { UnprocessableMedia } from './unprocessable.js';
import { DECODER_INPUT, DECODER_OUTPUT, runFfmpeg } from './video-decoder.js';

/** A poster is one frame: anything that takes longer than this is not a normal video. */
const VIDEO_FRAME_TIMEOUT_MS = 20_000;
/** A 100 MP frame as PNG; more means ffmpeg is not producing the one frame we asked for. */
const MAX_POSTER_BYTES = 128 * 1024 * 1024;

// Decision: when no frame can be decoded, a neutral poster stands in and the size is unknown (null),
// rather than refusing the upload. The file is a valid container (perhaps with a codec this ffmpeg lacks,
// or no video track), so it is stored and plays wherever the viewer's device can decode it. Only a
// container ffmpeg cannot open at all is refused as damaged.
const NEUTRAL_POSTER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="${THUMBNAIL_SIZE}" height="${THUMBNAIL_SIZE}" viewBox="0 0 400 400">
<rect width="400" height="400" fill="#1f2429"/>
<circle cx="200" cy="200" r="72" fill="#ffffff" fill-opacity="0.14"/>
<path d="M178 160 L178 240 L244 200 Z" fill="#ffffff" fill-opacity="0.9"/>
</svg>`;

let neutralPoster: Promise<Derivative> | undefined;

async function neutralPosterDerivatives(): Promise<Derivatives> {
  neutralPoster ??= encode(
    sharp(Buffer.from(NEUTRAL_POSTER_SVG), { limitInputPixels: MAX_IMAGE_PIXELS }),
  ).catch((error: unknown) => {
    neutralPoster = undefined;
    throw error;
  });
  const poster = await neutralPoster;
  const copy = (): Derivative => ({ ...poster, data: Buffer.from(poster.data) });
  return { thumbnail: copy(), preview: copy(), width: null, height: null };
}

type FrameGrab = { frame: Buffer } | { noFrame: true } | { empty: true };

export async function videoDerivatives(file: string, mime: string): Promise<Derivatives> {
  const demuxer = mime === 'video/x-msvideo' ? 'avi' : 'mov';
  // One second in skips the black or fade-in first frame most clips open with; shorter clips have
  // nothing there, so they fall back to their first frame.
  let grab = await grabFrame(file, demuxer, 1);
  if ('empty' in grab) grab = await grabFrame(file, demuxer, 0);
  if (!('frame' in grab)) return neutralPosterDerivatives();

  // ffmpeg applied the display rotation, so the frame is the video as it is shown.
  const header = await readHeader(grab.frame);
  assertPixels(header.width, header.height);
  const frame = grab.frame;
  return render(() => sharp(frame, SHARP_INPUT), header.width, header.height);
}

/**
 * One PNG frame at `seconds`, from the confined WebAssembly ffmpeg of video-decoder.ts. The demuxer is
 * forced to the sniffed container and only the file protocol is allowed, so a file cannot send ffmpeg to
 * playlists or URLs (the classic HLS-in-AVI attack; the decoder's file system holds only this video
 * anyway); max_pixels keeps the decoder itself within the image limit.
 */
async function grabFrame(file: string, demuxer: 'mov' | 'avi', seconds: number): Promise<FrameGrab> {
  const result = await runFfmpeg({
    args: [
      '-hide_banner',
      '-loglevel',
      'error',
      '-max_pixels',
      String(MAX_IMAGE_PIXELS),
      ...(seconds > 0 ? ['-ss', String(seconds)] : []),
      '-f',
      demuxer,
      '-protocol_whitelist',
      'file',
      '-i',
      DECODER_INPUT,
      '-frames:v',
      '1',
      '-an',
      '-f',
      'image2pipe',
      '-vcodec',
      'png',
      // The PNG is read once and thrown away: fast deflate halves the time on 4K frames.
      '-compression_level',
      '1',
      DECODER_OUTPUT,
    ],
    input: file,
    timeoutMs: VIDEO_FRAME_TIMEOUT_MS,
    maxOutputBytes: MAX_POSTER_BYTES,
  });
  if (result.outcome === 'too-large') throw new UnprocessableMedia('too-large', PROBLEMS.videoTooLarge);
  // Decision: a frame that takes 20 s is treated like one that cannot be decoded (neutral poster), not
  // as a refusal, so a slow moment on a busy server never costs someone their video.
  if (result.outcome === 'timeout') return { noFrame: true };
  if (result.ok) return result.output.length > 0 ? { frame: result.output } : { empty: true };
  if (/Invalid data found when processing input|moov atom not found/i.test(result.log)) {
    throw new UnprocessableMedia('damaged', PROBLEMS.damagedVideo, { cause: new Error(result.log.trim()) });
  }
  return { noFrame: true };
}
