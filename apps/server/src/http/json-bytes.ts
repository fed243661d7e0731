// JSON text of a response body, as bytes when it is large. JSON.stringify of a long list answers a string
// made of many pieces, and on its way out that string was flattened for Content-Length, flattened again
// behind the HTTP header and encoded to UTF-8 in a fresh buffer: three copies of a 3.3 MB answer, each in
// new memory, cost more than writing the JSON (bench/pins-list). Here each list item is stringified on its
// own (short strings, young and cheap) and the pieces are written once into one buffer, which Fastify and
// Node send as they are. Small bodies stay one JSON.stringify. A body can also bring its own writer
// (WritesOwnJson), for a list the database writes as JSON.

/** From this size on, a body goes out as a Buffer. */
export const JSON_BYTES_FROM = 64 * 1024;

/** A list this long is worth cutting into pieces; every other body is one JSON.stringify. */
const LONG_LIST = 256;

/**
 * A body that writes its own JSON: a long list the database wrote as JSON, with exactly the contract's
 * fields, so there is nothing to cut. The serializer sends what the writer writes; in development and test
 * runs it is held to zod's output like every other answer (serializer.ts).
 */
export const OWN_JSON = Symbol('writes its own JSON');

export interface WritesOwnJson {
  /** The body's JSON. */
  readonly [OWN_JSON]: () => string | Buffer;
}

export function writesOwnJson(value: unknown): value is WritesOwnJson {
  return typeof value === 'object' && value !== null && OWN_JSON in value;
}

/** The JSON of `value`, byte for byte what JSON.stringify writes: a string when short, else a Buffer. */
export function jsonBody(value: unknown): string | Buffer {
  if (!holdsLongList(value)) return JSON.stringify(value);
  const pieces: string[] = [];
  writePieces(value, pieces);
  return joinedJson(pieces);
}

/**
 * Pieces of JSON text, one after the other, as one body: a string when short, else one Buffer. Pieces of
 * tens of KB are cheap: one string of a whole 3.3 MB list, then its bytes, cost about twice the CPU of the
 * same text in 20 KB pieces (measured for bench/pins-list).
 */
export function joinedJson(pieces: readonly string[]): string | Buffer {
  if (pieces.length === 1) return pieces[0]!;
  let length = 0;
  for (const piece of pieces) length += Buffer.byteLength(piece);
  if (length < JSON_BYTES_FROM) return pieces.join('');
  const bytes = Buffer.allocUnsafe(length);
  let offset = 0;
  for (const piece of pieces) offset += bytes.write(piece, offset);
  return bytes;
}

/**
 * Arrays are cut into one piece per item, and plain objects are walked to reach the arrays they hold;
 * everything else (an item, a Date, an object with toJSON) is one JSON.stringify, so the text is the same.
 */
function writePieces(value: unknown, pieces: string[]): void {
  if (Array.isArray(value)) {
    pieces.push('[');
    for (let i = 0; i < value.length; i += 1) {
      const item: unknown = value[i];
      // JSON.stringify writes null for what JSON cannot hold, in an array.
      const text = isOmitted(item) ? 'null' : JSON.stringify(item);
      pieces.push(i === 0 ? text : `,${text}`);
    }
    pieces.push(']');
    return;
  }
  if (isWalkable(value)) {
    let first = true;
    for (const key of Object.keys(value)) {
      const field = value[key];
      if (isOmitted(field)) continue;
      pieces.push(`${first ? '{' : ','}${JSON.stringify(key)}:`);
      first = false;
      writePieces(field, pieces);
    }
    pieces.push(first ? '{}' : '}');
    return;
  }
  pieces.push(JSON.stringify(value));
}

/** A long array, or a plain object with one among its fields (a list answer such as { pins: [...] }). */
function holdsLongList(value: unknown): boolean {
  if (Array.isArray(value)) return value.length >= LONG_LIST;
  if (!isWalkable(value)) return false;
  for (const key in value) {
    const field = value[key];
    if (Array.isArray(field) && field.length >= LONG_LIST) return true;
  }
  return false;
}

function isWalkable(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return (
    (prototype === Object.prototype || prototype === null) &&
    typeof (value as { toJSON?: unknown }).toJSON !== 'function'
  );
}

/** Values JSON.stringify leaves out of an object (and writes as null in an array). */
function isOmitted(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}
