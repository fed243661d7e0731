// The avatar's PNG render: what the server checks of its bytes and where it is stored. Only the signature
// and the IHDR chunk are read, by hand: the server never decodes the image, and the browser only ever
// draws it as one (served as image/png with nosniff).
import { crc32 } from 'node:zlib';
import { newId } from '../../common/ids.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const IHDR_DATA_LENGTH = 13;
/** Signature (8), then the first chunk, which must be IHDR: length (4), type (4), data (13), CRC (4). */
const IHDR_END = 8 + 4 + 4 + IHDR_DATA_LENGTH + 4;

/** The width and height a PNG's header declares; undefined when the bytes do not begin as a PNG must. */
export function pngSize(bytes: Buffer): { width: number; height: number } | undefined {
  if (bytes.length < IHDR_END || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return undefined;
  if (bytes.readUInt32BE(8) !== IHDR_DATA_LENGTH || bytes.toString('latin1', 12, 16) !== 'IHDR') {
    return undefined;
  }
  // The CRC covers the chunk's type and data: a header cut or altered in transit is not read as sizes.
  if (crc32(bytes.subarray(12, IHDR_END - 4)) !== bytes.readUInt32BE(IHDR_END - 4)) return undefined;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

const AVATAR_PREFIX = 'avatars/';

/** Every avatar object of a traveller is stored under this: what deleting the account removes. */
export const avatarKeyPrefix = (userId: string): string => `${AVATAR_PREFIX}${userId}/`;

/** A new key for each upload, so a link to the previous render never shows the next one from a cache. */
export const newAvatarImageKey = (userId: string): string => `${avatarKeyPrefix(userId)}${newId()}.png`;
