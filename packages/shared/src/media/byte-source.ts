// Reading untrusted files through ranged reads, shared by every container reader here. Every size in a file
// is untrusted: no read is larger than MAX_READ and every read stays inside the file.

/** Reads `length` bytes at `offset`; may answer fewer at the end of the file. */
export type ReadRange = (offset: number, length: number) => Promise<Uint8Array>;

export const MAX_READ = 4 * 1024 * 1024;
/** How many boxes, segments or chunks one file may make a reader look at. */
export const MAX_BOXES = 4096;
// Containers up to this size are read in one go, so the boxes inside them cost no further reads.
export const PREFETCH_LIMIT = 256 * 1024;

export class ByteSource {
  private window: Uint8Array = new Uint8Array(0);
  private windowStart = 0;
  boxesRead = 0;

  constructor(
    private readonly read: ReadRange,
    readonly size: number,
  ) {}

  /** Exactly `length` bytes at `offset`, or null when they are not all in the file. */
  async bytes(offset: number, length: number): Promise<Uint8Array | null> {
    const held = this.held(offset, length);
    if (held) return held;
    if (!(offset >= 0 && length >= 0 && length <= MAX_READ && offset + length <= this.size)) return null;
    const got = await this.read(offset, length);
    return got.length >= length ? got.subarray(0, length) : null;
  }

  /** The bytes when they are already in memory; walking a container held whole then costs no awaits. */
  held(offset: number, length: number): Uint8Array | null {
    const from = offset - this.windowStart;
    if (from < 0 || length < 0 || from + length > this.window.length) return null;
    return this.window.subarray(from, from + length);
  }

  async prefetch(start: number, end: number): Promise<void> {
    if (end <= start || end - start > PREFETCH_LIMIT) return;
    const from = start - this.windowStart;
    if (from >= 0 && end - this.windowStart <= this.window.length) return; // already held
    const got = await this.bytes(start, end - start);
    if (got) {
      this.window = got;
      this.windowStart = start;
    }
  }
}

// Big-endian readers that answer 0 past the end, so a cut-off structure reads as zeros, never throws.
export const u32 = (b: Uint8Array, at: number) =>
  at + 4 <= b.length ? ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0 : 0;
export const u16 = (b: Uint8Array, at: number) => (at + 2 <= b.length ? (b[at]! << 8) | b[at + 1]! : 0);
/** An unsigned field of 0, 4 or 8 bytes, as ISO-BMFF sizes its offsets. */
export const uint = (b: Uint8Array, at: number, size: number) =>
  size === 8 ? u32(b, at) * 2 ** 32 + u32(b, at + 4) : size === 4 ? u32(b, at) : 0;
export const fourcc = (b: Uint8Array, at: number) => String.fromCharCode(...b.subarray(at, at + 4));

// Both browsers and Node have TextDecoder; this package compiles without DOM or Node types, so it is
// declared here for these modules only.
declare const TextDecoder: new (label: 'utf-8' | 'utf-16be') => { decode(input: Uint8Array): string };
export const utf8 = new TextDecoder('utf-8');
export const utf16be = new TextDecoder('utf-16be');
