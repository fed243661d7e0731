// The avatar's PNG render: what the server accepts of the bytes sent and where it is stored. The chunks
// are walked by hand first (a still PNG within the size limits, judged from its header before any pixel
// is inflated); then the one image is decoded within a pixel budget and encoded again, and only that new
// PNG is stored: bytes appended to the file, metadata and extra chunks never reach storage.
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { AVATAR_IMAGE_LIMITS, type AVATAR_MESSAGES } from '@waymarks/shared';
import { newId } from '../../common/ids.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const IHDR_DATA_LENGTH = 13;
/** A chunk's length (4) and type (4) before its data, its CRC (4) after. */
const CHUNK_OVERHEAD = 12;
/** The chunks of an animated PNG (APNG): an animation control, and each frame's control and data. */
const ANIMATION_CHUNKS = new Set(['acTL', 'fcTL', 'fdAT']);

/** Why the bytes sent are refused, as a key of AVATAR_MESSAGES. */
export type AvatarImageRefusal = keyof Pick<
  typeof AVATAR_MESSAGES,
  'imageNotPng' | 'imageSize' | 'imageAnimated'
>;

/** The PNG to store for the bytes sent, or why they are refused. */
export type AvatarImage = { png: Buffer } | { refused: AvatarImageRefusal };

/**
 * One frame of at most maxSide × maxSide, decoded with libvips' own limit as well as the header check: a
 * decompression bomb (a small file declaring a huge image) is refused before anything is inflated.
 */
const DECODE_LIMITS: sharp.SharpOptions = {
  failOn: 'error',
  limitInputPixels: AVATAR_IMAGE_LIMITS.maxSide * AVATAR_IMAGE_LIMITS.maxSide,
  pages: 1,
};

/** Judges the bytes sent and, when they are a still PNG within the limits, encodes the picture again. */
export async function avatarImage(bytes: Buffer): Promise<AvatarImage> {
  const chunks = pngChunks(bytes);
  if (!chunks) return { refused: 'imageNotPng' };
  // An APNG's frames are each decoded by the browser that shows it (120 frames of 1024×1024 are 480 MiB),
  // and libvips would quietly keep only the first: an animation is refused rather than half-read.
  if (chunks.some((chunk) => ANIMATION_CHUNKS.has(chunk.type))) return { refused: 'imageAnimated' };
  const ihdr = chunks[0]!.data;
  if (!withinSide(ihdr.readUInt32BE(0)) || !withinSide(ihdr.readUInt32BE(4))) {
    return { refused: 'imageSize' };
  }
  try {
    // sharp writes no metadata unless asked to (withMetadata), so the new file holds the pixels only.
    return { png: await sharp(bytes, DECODE_LIMITS).png().toBuffer() };
  } catch {
    // The chunks were whole and the header within limits, so libvips failed on the pixel data itself:
    // damaged or cut short. The traveller is told the image is no PNG; there is nothing else to report.
    return { refused: 'imageNotPng' };
  }
}

interface PngChunk {
  type: string;
  data: Buffer;
}

/**
 * The chunks from IHDR to IEND, each whole and with its CRC right; undefined unless the bytes begin as a
 * PNG must and reach an IEND. What follows IEND is no part of the image and is not read.
 */
function pngChunks(bytes: Buffer): PngChunk[] | undefined {
  if (!bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return undefined;
  const chunks: PngChunk[] = [];
  let offset = PNG_SIGNATURE.length;
  while (offset + CHUNK_OVERHEAD <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const end = offset + CHUNK_OVERHEAD + length;
    if (end > bytes.length) return undefined;
    // The CRC covers the chunk's type and data: a chunk cut or altered in transit is not read.
    if (crc32(bytes.subarray(offset + 4, end - 4)) !== bytes.readUInt32BE(end - 4)) return undefined;
    const chunk = {
      type: bytes.toString('latin1', offset + 4, offset + 8),
      data: bytes.subarray(offset + 8, end - 4),
    };
    if (chunks.length === 0 && (chunk.type !== 'IHDR' || length !== IHDR_DATA_LENGTH)) return undefined;
    chunks.push(chunk);
    if (chunk.type === 'IEND') return chunks;
    offset = end;
  }
  return undefined;
}

const withinSide = (pixels: number) => pixels >= 1 && pixels <= AVATAR_IMAGE_LIMITS.maxSide;

const AVATAR_PREFIX = 'avatars/';

/** Every avatar object of a traveller is stored under this: what deleting the account removes. */
export const avatarKeyPrefix = (userId: string): string => `${AVATAR_PREFIX}${userId}/`;

/** A new key for each upload, so a link to the previous render never shows the next one from a cache. */
export const newAvatarImageKey = (userId: string): string => `${avatarKeyPrefix(userId)}${newId()}.png`;
