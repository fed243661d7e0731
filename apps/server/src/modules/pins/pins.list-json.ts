// The answer of GET /api/pins (the list, and the timeline), written by its own writer straight from the
// rows the repository reads. The generic path built a Pin per row, walked the whole list again to cut it to
// the contract (http/contract-projection.ts) and stringified it item by item; here each row becomes the
// contract's object once, checked as the projection checks it, and V8's JSON.stringify writes a few dozen at
// a time, so the text and its escapes are JSON.stringify's own. The tests hold the writer to the projection's
// output, and in development and test runs the serializer holds every answer to zod's.
import { PIN_VERIFICATION_STATUSES, type Pin, type PinListResponse } from '@waymarks/shared';
import { ContractMismatch } from '../../http/contract-projection.js';
import { OWN_JSON, joinedJson, type WritesOwnJson } from '../../http/json-bytes.js';
import { parsePinListRow, type PinListRow, type PinListRowJson } from './pins.repository.js';

/**
 * Pins stringified at once: a piece of about 20 KB, big enough that the calls cost little beside the
 * text, small enough to be a regular young string (json-bytes.ts joinedJson).
 */
const PINS_PER_PIECE = 64;

const STATUSES: ReadonlySet<unknown> = new Set(PIN_VERIFICATION_STATUSES);

/**
 * The list answer for these rows: the serializer sends what its own writer writes. Each row is parsed only
 * as it is written, so parsed rows die young instead of being copied by every garbage collection until the
 * whole list is written. `pins` is built only when something reads it (the zod check of development and
 * test runs).
 */
export function pinListAnswer(rows: readonly PinListRowJson[]): PinListResponse & WritesOwnJson {
  let pins: Pin[] | undefined;
  return {
    get pins() {
      pins ??= rows.map((row, index) => pinOf(parsePinListRow(row), index));
      return pins;
    },
    [OWN_JSON]: () => pinListJson(rows),
  };
}

function pinListJson(rows: readonly PinListRowJson[]): string | Buffer {
  const pieces = ['{"pins":['];
  for (let start = 0; start < rows.length; start += PINS_PER_PIECE) {
    const end = Math.min(rows.length, start + PINS_PER_PIECE);
    const pins: Pin[] = [];
    for (let i = start; i < end; i += 1) pins.push(pinOf(parsePinListRow(rows[i]!), i));
    if (start > 0) pieces.push(',');
    pieces.push(JSON.stringify(pins).slice(1, -1)); // the pins without the brackets around them
  }
  pieces.push(']}');
  return joinedJson(pieces);
}

/**
 * The row as the contract's Pin, its keys in the schema's order. Each value is checked for the type the
 * schema declares, as the projection checks it (a string is a string, a number a finite number, the status
 * one of the statuses); refinements such as ranges stay with zod's check.
 */
export function pinOf(row: PinListRow, index: number): Pin {
  try {
    return {
      pinId: text(row[0], 'pinId'),
      title: text(row[1], 'title'),
      description: text(row[2], 'description'),
      lat: num(row[3], 'lat'),
      lng: num(row[4], 'lng'),
      mediaCount: num(row[5], 'mediaCount'),
      countryCode: text(row[6], 'countryCode'),
      countryName: text(row[7], 'countryName'),
      country: text(row[7], 'country'),
      visitDate: row[8] === null ? null : text(row[8], 'visitDate'),
      verificationStatus: status(row[9]),
      verificationScore: num(row[10], 'verificationScore'),
      name: text(row[1], 'name'),
    };
  } catch (error) {
    throw error instanceof ContractMismatch ? error.within(index).within('pins') : error;
  }
}

function text(value: unknown, key: string): string {
  if (typeof value !== 'string') throw new ContractMismatch('string', value).within(key);
  return value;
}

function num(value: unknown, key: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new ContractMismatch('number', value).within(key);
  }
  return value;
}

function status(value: unknown): Pin['verificationStatus'] {
  if (!STATUSES.has(value)) {
    const expected = PIN_VERIFICATION_STATUSES.map((s) => JSON.stringify(s)).join(' | ');
    throw new ContractMismatch(expected, value).within('verificationStatus');
  }
  return value as Pin['verificationStatus'];
}
