// Reads GeoNames cities500.txt (tab-separated, one populated place a row) straight from its bytes into
// typed arrays and the search key pools. Only what is shown becomes a string, and only when shown: names
// stay UTF-8 in a byte pool, keys are normalised byte to byte (normalize.ts). Columns used:
//   0 geonameid  1 name  2 asciiname  3 alternatenames (comma-separated)  4 latitude  5 longitude
//   6 feature class  7 feature code  8 country code  10 admin1 code  14 population
import { KeyIndexBuilder } from './key-index.js';
import { normalizeName, normalizeUtf8Into } from './normalize.js';

/**
 * Feature codes of populated places that are not a town of their own (a section of a city: PPLX) or no
 * longer exist (historical, abandoned, destroyed). Search still finds them; reverse geocoding never names
 * them.
 */
const NOT_A_TOWN = ['PPLX', 'PPLH', 'PPLQ', 'PPLW'];
/** Longest alternate name indexed, in bytes; longer ones are descriptions, not names. */
const MAX_NAME_BYTES = 120;
const TAB = 9;
const NEWLINE = 10;
const COMMA = 44;

/**
 * GeoNames lists airport codes among the alternate names (LIS for Lisbon, MUN for Maturín). Typed as the
 * start of a name ('mun' for Munich) they would win as exact matches, so 3 and 4 capital letters are
 * skipped: 7,211 entries, nearly all IATA and ICAO codes.
 */
function isAirportCode(bytes: Uint8Array, start: number, end: number): boolean {
  if (end - start < 3 || end - start > 4) return false;
  for (let i = start; i < end; i += 1) if (bytes[i]! < 0x41 || bytes[i]! > 0x5a) return false;
  return true;
}

/** Reads a decimal such as -12.345 or 4200 from bytes; NaN when there is none. */
export function parseNumber(bytes: Uint8Array, start: number, end: number): number {
  if (start >= end) return NaN;
  let i = start;
  let negative = false;
  if (bytes[i] === 0x2d) {
    negative = true;
    i += 1;
  }
  let value = 0;
  let digits = 0;
  for (; i < end && bytes[i] !== 0x2e; i += 1) {
    const digit = bytes[i]! - 0x30;
    if (digit < 0 || digit > 9) return NaN;
    value = value * 10 + digit;
    digits += 1;
  }
  if (i < end) {
    let scale = 1;
    let fraction = 0;
    for (i += 1; i < end; i += 1) {
      const digit = bytes[i]! - 0x30;
      if (digit < 0 || digit > 9) return NaN;
      fraction = fraction * 10 + digit;
      scale *= 10;
      digits += 1;
    }
    value += fraction / scale;
  }
  if (digits === 0) return NaN;
  return negative ? -value : value;
}

/** A growing byte pool. */
class BytePool {
  bytes: Buffer;
  length = 0;

  constructor(initialSize: number) {
    this.bytes = Buffer.allocUnsafe(initialSize);
  }

  reserve(extra: number): void {
    if (this.length + extra <= this.bytes.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.length + extra));
    this.bytes.copy(bigger, 0, 0, this.length);
    this.bytes = bigger;
  }

  /** The used part as a plain Uint8Array (one shape for the hot loops that read it). */
  view(): Uint8Array {
    return new Uint8Array(this.bytes.buffer, this.bytes.byteOffset, this.length);
  }
}

/** Place names as UTF-8 in one pool; a name becomes a string only when asked for. */
export class NameList {
  constructor(
    private readonly bytes: Buffer,
    private readonly starts: Uint32Array,
  ) {}

  get(index: number): string {
    return this.bytes.toString('utf8', this.starts[index], this.starts[index + 1]);
  }
}

export class NameListBuilder {
  private readonly pool = new BytePool(4 << 20);
  private starts = new Uint32Array(1 << 18);
  count = 0;

  private next(): void {
    if (this.count + 2 > this.starts.length) {
      const bigger = new Uint32Array(this.starts.length * 2);
      bigger.set(this.starts);
      this.starts = bigger;
    }
    this.starts[this.count] = this.pool.length;
  }

  addBytes(source: Buffer, start: number, end: number): void {
    this.next();
    this.pool.reserve(end - start);
    const bytes = this.pool.bytes;
    let o = this.pool.length;
    for (let i = start; i < end; i += 1) bytes[o++] = source[i]!;
    this.pool.length = o;
    this.count += 1;
    this.starts[this.count] = this.pool.length;
  }

  addString(name: string): void {
    this.next();
    this.pool.reserve(name.length * 3);
    this.pool.length += this.pool.bytes.write(name, this.pool.length, 'utf8');
    this.count += 1;
    this.starts[this.count] = this.pool.length;
  }

  build(): NameList {
    return new NameList(Buffer.from(this.pool.view()), this.starts.slice(0, this.count + 1));
  }
}

/** Search keys: the pool their bytes are written into and the three indexes that point into it. */
export class SearchKeys {
  readonly pool: BytePool;
  readonly primary: KeyIndexBuilder;
  readonly words: KeyIndexBuilder;
  readonly alternate: KeyIndexBuilder;
  /** Names of regions and countries in every language there is: what may follow a place's name in a query. */
  readonly areas: KeyIndexBuilder;

  /**
   * Sized from the file: cities500 (32 MB, 200,000 rows) gives 10.5 MB of keys, 206,000 names, 88,000
   * word starts and 613,000 alternate names. The pools grow if a newer file needs more.
   */
  constructor(fileBytes: number, rows: number) {
    this.pool = new BytePool(Math.ceil(fileBytes / 2.5));
    this.primary = new KeyIndexBuilder(rows * 1.1);
    this.words = new KeyIndexBuilder(rows * 0.5);
    this.alternate = new KeyIndexBuilder(rows * 3.2);
    this.areas = new KeyIndexBuilder(1 << 14);
  }

  /** Normalises a name from source bytes into the pool, uncommitted (at pool.length); answers its length. */
  writeName(source: Buffer, start: number, end: number): number {
    const pool = this.pool;
    pool.reserve((end - start) * 3);
    const length = normalizeUtf8Into(source, start, end, pool.bytes, pool.length);
    if (length >= 0) return length;
    return this.writeKey(normalizeName(source.toString('utf8', start, end)));
  }

  /** Writes an already normalised key into the pool, uncommitted; answers its length. */
  writeKey(key: string): number {
    this.pool.reserve(key.length * 3);
    return this.pool.bytes.write(key, this.pool.length, 'utf8');
  }

  /** Commits the key just written as a name of place (with its word starts); answers where it starts. */
  commitName(length: number, place: number): number {
    const start = this.pool.length;
    this.pool.length += length;
    this.primary.add(start, length, place);
    const bytes = this.pool.bytes;
    for (let i = start; i < start + length - 1; i += 1) {
      if (bytes[i] === 0x20) this.words.add(i + 1, start + length - i - 1, place);
    }
    return start;
  }

  /** Commits the key just written as an alternate name of place; answers where it starts. */
  commitAlternate(length: number, place: number): number {
    const start = this.pool.length;
    this.pool.length += length;
    this.alternate.add(start, length, place);
    return start;
  }

  equal(aStart: number, bStart: number, length: number): boolean {
    const bytes = this.pool.bytes;
    for (let i = 0; i < length; i += 1) if (bytes[aStart + i] !== bytes[bStart + i]) return false;
    return true;
  }

  hasLetter(start: number, length: number): boolean {
    const bytes = this.pool.bytes;
    for (let i = start; i < start + length; i += 1) {
      const c = bytes[i]!;
      if ((c >= 0x61 && c <= 0x7a) || c >= 0x80) return true;
    }
    return false;
  }
}

/** What a row of the place columns is (the `kind` column). */
export const PlaceKind = { locality: 0, region: 1, country: 2 } as const;

/** The per-place columns, sized for every row plus the regions and countries added after them. */
export class PlaceColumns {
  readonly lat: Float64Array;
  readonly lng: Float64Array;
  readonly population: Float64Array;
  readonly score: Float64Array;
  readonly country: Uint16Array;
  readonly admin1: Int32Array;
  readonly geonameId: Uint32Array;
  /** A PlaceKind. */
  readonly kind: Uint8Array;
  /** 1 for a town of its own (see NOT_A_TOWN). */
  readonly town: Uint8Array;
  /** 2 for a national capital (PPLC), 1 for a first-level seat (PPLA). */
  readonly capitalRank: Uint8Array;
  count = 0;

  constructor(readonly capacity: number) {
    this.lat = new Float64Array(capacity);
    this.lng = new Float64Array(capacity);
    this.population = new Float64Array(capacity);
    this.score = new Float64Array(capacity);
    this.country = new Uint16Array(capacity);
    this.admin1 = new Int32Array(capacity).fill(-1);
    this.geonameId = new Uint32Array(capacity);
    this.kind = new Uint8Array(capacity);
    this.town = new Uint8Array(capacity);
    this.capitalRank = new Uint8Array(capacity);
  }
}

interface ReaderLookups {
  /** Country index for a 2-letter code given as (first byte << 8 | second byte). */
  countryOf(packedCode: number): number;
  /** Admin1 index for a country index and an admin1 code packed by packAdmin1Code, or -1. */
  admin1Of(country: number, packedCode: number): number;
}

/** Reads the rows of cities500.txt, a slice at a time. */
export class PlacesReader {
  private position = 0;
  private readonly fieldStart = new Int32Array(20);
  private readonly fieldEnd = new Int32Array(20);
  private readonly notATown: number[];

  constructor(
    private readonly source: Buffer,
    private readonly columns: PlaceColumns,
    private readonly names: NameListBuilder,
    private readonly keys: SearchKeys,
    private readonly lookups: ReaderLookups,
  ) {
    this.notATown = NOT_A_TOWN.map(packCode);
  }

  /** Rows in the file (an upper bound on places), counted without reading them. */
  static countRows(source: Uint8Array): number {
    let rows = 1;
    for (let i = 0; i < source.length; i += 1) if (source[i] === NEWLINE) rows += 1;
    return rows;
  }

  get done(): boolean {
    return this.position >= this.source.length;
  }

  /** Reads up to `rows` rows; answers false when the file is exhausted. */
  read(rows: number): boolean {
    for (let i = 0; i < rows && !this.done; i += 1) this.readRow();
    return !this.done;
  }

  private readRow(): void {
    const { source, fieldStart, fieldEnd } = this;
    // One pass over the row in JavaScript: cheaper than a native indexOf per field.
    const length = source.length;
    let fields = 0;
    let start = this.position;
    let i = start;
    for (; i < length; i += 1) {
      const c = source[i]!;
      if (c === TAB) {
        if (fields < 20) {
          fieldStart[fields] = start;
          fieldEnd[fields] = i;
          fields += 1;
        }
        start = i + 1;
      } else if (c === NEWLINE) {
        break;
      }
    }
    const lineEnd = i;
    if (fields < 20) {
      fieldStart[fields] = start;
      fieldEnd[fields] = lineEnd;
      fields += 1;
    }
    this.position = lineEnd + 1;
    if (fields < 15 || source[fieldStart[6]!] !== 0x50 /* feature class P */) return;
    if (fieldEnd[8]! - fieldStart[8]! !== 2) return;
    const latitude = parseNumber(source, fieldStart[4]!, fieldEnd[4]!);
    const longitude = parseNumber(source, fieldStart[5]!, fieldEnd[5]!);
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return;

    const columns = this.columns;
    const place = columns.count;
    columns.count += 1;
    const people = parseNumber(source, fieldStart[14]!, fieldEnd[14]!) || 0;
    const featureCode = fieldEnd[7]! - fieldStart[7]! === 4 ? readUint32(source, fieldStart[7]!) : 0;
    const country = this.lookups.countryOf((source[fieldStart[8]!]! << 8) | source[fieldStart[8]! + 1]!);
    columns.lat[place] = latitude;
    columns.lng[place] = longitude;
    columns.geonameId[place] = parseNumber(source, fieldStart[0]!, fieldEnd[0]!) || 0;
    columns.population[place] = people;
    columns.country[place] = country;
    columns.admin1[place] = this.lookups.admin1Of(
      country,
      packAdmin1Code(source, fieldStart[10]!, fieldEnd[10]!),
    );
    columns.town[place] = this.notATown.includes(featureCode) ? 0 : 1;
    // A section of a city ranks at a hundredth of its population: its people are counted in the city.
    columns.score[place] = featureCode === PPLX ? people / 100 : people;
    columns.capitalRank[place] = featureCode === PPLC ? 2 : featureCode === PPLA ? 1 : 0;
    this.names.addBytes(source, fieldStart[1]!, fieldEnd[1]!);

    // Keys: the name, the ASCII name when it normalises differently, and the alternate names.
    const keys = this.keys;
    const nameLength = keys.writeName(source, fieldStart[1]!, fieldEnd[1]!);
    const nameStart = keys.commitName(nameLength, place);
    let asciiStart = nameStart;
    let asciiLength = nameLength;
    if (fieldEnd[2]! > fieldStart[2]!) {
      const length = keys.writeName(source, fieldStart[2]!, fieldEnd[2]!);
      if (length > 0 && !(length === nameLength && keys.equal(keys.pool.length, nameStart, length))) {
        asciiLength = length;
        asciiStart = keys.commitName(length, place);
      }
    }
    const alternatesEnd = fieldEnd[3]!;
    let itemStart = fieldStart[3]!;
    while (itemStart < alternatesEnd) {
      let itemEnd = itemStart;
      while (itemEnd < alternatesEnd && source[itemEnd] !== COMMA) itemEnd += 1;
      if (
        itemEnd > itemStart &&
        itemEnd - itemStart <= MAX_NAME_BYTES &&
        !isAirportCode(source, itemStart, itemEnd)
      ) {
        const length = keys.writeName(source, itemStart, itemEnd);
        const at = keys.pool.length;
        if (
          length > 0 &&
          keys.hasLetter(at, length) &&
          !(length === nameLength && keys.equal(at, nameStart, length)) &&
          !(length === asciiLength && keys.equal(at, asciiStart, length))
        ) {
          keys.commitAlternate(length, place);
        }
      }
      itemStart = itemEnd + 1;
    }
  }
}

/**
 * An admin1 code as a number, so that matching a row to its region makes no string. Codes of digits
 * ('02', and some GeoNames ids such as '11205389') keep their digits and length; other codes ('ENG', 'ZH')
 * pack their bytes in base 128, up to 7 of them. The two kinds cannot meet (digit codes sit above 2^50);
 * a code that fits neither packs to -1 and has no region.
 */
export function packAdmin1Code(bytes: Uint8Array, start: number, end: number): number {
  const length = end - start;
  let digits = true;
  for (let i = start; i < end; i += 1) if (bytes[i]! < 0x30 || bytes[i]! > 0x39) digits = false;
  if (digits && length <= 12) {
    let value = 0;
    for (let i = start; i < end; i += 1) value = value * 10 + (bytes[i]! - 0x30);
    return 2 ** 50 + length * 2 ** 40 + value;
  }
  if (length > 7) return -1;
  let value = 0;
  for (let i = start; i < end; i += 1) value = value * 128 + (bytes[i]! & 0x7f);
  return value;
}

function packCode(code: string): number {
  return (
    ((code.charCodeAt(0) << 24) |
      (code.charCodeAt(1) << 16) |
      (code.charCodeAt(2) << 8) |
      code.charCodeAt(3)) >>>
    0
  );
}
function readUint32(bytes: Uint8Array, at: number): number {
  return ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;
}
const PPLX = packCode('PPLX');
const PPLC = packCode('PPLC');
const PPLA = packCode('PPLA');
