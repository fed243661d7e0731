// Files built in memory for the readers' tests: ISO-BMFF boxes, QuickTime tags, and a recording ReadRange.
import type { ReadRange } from './byte-source.js';

export type Part = Uint8Array | string | number[];
// Node and browsers have TextEncoder; this package compiles without their types.
declare const TextEncoder: new () => { encode(text: string): Uint8Array };
export const utf8 = (text: string) => new TextEncoder().encode(text);
export const latin1 = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

export function concat(...parts: Part[]): Uint8Array {
  const arrays = parts.map((part) =>
    typeof part === 'string' ? latin1(part) : part instanceof Uint8Array ? part : Uint8Array.from(part),
  );
  const out = new Uint8Array(arrays.reduce((n, a) => n + a.length, 0));
  let at = 0;
  for (const a of arrays) {
    out.set(a, at);
    at += a.length;
  }
  return out;
}

export const u16 = (n: number) => [(n >>> 8) & 255, n & 255];
export const u32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
export const u64 = (n: number) => [...u32(Math.floor(n / 2 ** 32)), ...u32(n % 2 ** 32)];

export function box(type: string, ...parts: Part[]): Uint8Array {
  const body = concat(...parts);
  return concat(u32(8 + body.length), type, body);
}
export const fullBox = (type: string, version: number, ...parts: Part[]) =>
  box(type, [version, 0, 0, 0], ...parts);

export const ftyp = (brand = 'isom') => box('ftyp', brand, u32(0x200), brand, 'mp41');

export interface Recorded {
  read: ReadRange;
  calls: Array<[number, number]>;
  bytesRequested: () => number;
}

/** A ReadRange over a file given as pieces at offsets (zeros elsewhere), recording every call. */
export function fileReader(size: number, pieces: Array<[number, Uint8Array]>): Recorded {
  const calls: Array<[number, number]> = [];
  const read: ReadRange = async (offset, length) => {
    calls.push([offset, length]);
    if (offset < 0 || length < 0 || offset > size)
      throw new Error(`read out of the file: ${offset}+${length}`);
    const out = new Uint8Array(Math.min(length, size - offset));
    for (const [at, piece] of pieces) {
      const from = Math.max(offset, at);
      const to = Math.min(offset + out.length, at + piece.length);
      if (from < to) out.set(piece.subarray(from - at, to - at), from - offset);
    }
    return out;
  };
  return { read, calls, bytesRequested: () => calls.reduce((n, [, length]) => n + length, 0) };
}

export const inMemory = (file: Uint8Array) => fileReader(file.length, [[0, file]]);

// HEIF items: item information, item locations.
export const infe = (id: number, type: string) => fullBox('infe', 2, u16(id), u16(0), type, '\0');
export const iinf = (...entries: Uint8Array[]) => fullBox('iinf', 0, u16(entries.length), ...entries);
/** iloc v1 with 4-byte offsets, lengths and base offsets; items: [id, method, base, offset, length]. */
export const iloc = (...items: Array<[number, number, number, number, number]>) =>
  fullBox(
    'iloc',
    1,
    [0x44, 0x40],
    u16(items.length),
    ...items.map(([id, method, base, offset, length]) =>
      concat(u16(id), u16(method), u16(0), u32(base), u16(1), u32(offset), u32(length)),
    ),
  );
