// Reads a JSON document as a stream of bytes and hands over, one by one, the elements of the arrays found
// at the paths asked for (`locations` of a Google Records.json, the root array of an iPhone Timeline):
// each element's bytes are kept only until it closes, then parsed with JSON.parse. Nothing else of the
// document is kept, so a file of gigabytes is read in the memory of its largest element. Outside the
// elements the bytes are scanned, not parsed: strings, nesting and the keys that lead to the paths are
// followed, and a document that stops before it closes, or that does not start as JSON, is refused.
import { ImportReadError, cutOff } from './import-read-error.js';

/** An element larger than this is refused: no location record comes near it. */
export const MAX_ELEMENT_BYTES = 64 * 1024 * 1024;
/** Keys longer than this are never a path's: they are followed, not kept. */
const MAX_KEY_BYTES = 256;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const BOM = [0xef, 0xbb, 0xbf];
const OBJECT = 1;
const ARRAY = 2;

const isWhitespace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

/** A path: the object keys from the root to an array; [] is a root that is itself an array. */
export type JsonPath = readonly string[];

export interface JsonElementsOptions {
  maxElementBytes?: number;
}

export class JsonElements {
  readonly #paths: readonly JsonPath[];
  readonly #onElement: (pathIndex: number, element: unknown) => void;
  readonly #maxElementBytes: number;

  /** Each open container, outermost first: OBJECT or ARRAY. */
  readonly #stack: number[] = [];
  /** The key each open object is at, at the same depths as #stack; undefined while a key is expected. */
  readonly #keys: (string | undefined)[] = [];
  #inString = false;
  #escaped = false;
  /** The bytes of a key being kept (one a path may run through), or undefined. */
  #key: Buffer[] | undefined;
  #keyBytes = 0;
  /** The key that was just read, until its colon. */
  #lastKey: string | undefined;
  /** Inside a path's array: the path's index, and the depth of the stack its elements start at. */
  #path: { index: number; depth: number } | undefined;
  /** The bytes of the element being read, or undefined between elements. */
  #element: Buffer[] | undefined;
  #elementBytes = 0;
  #rootKind: 'object' | 'array' | undefined;
  #rootDone = false;
  #bytesRead = 0;
  readonly #topLevelKeys = new Set<string>();
  #bomMatched = 0;

  constructor(
    paths: readonly JsonPath[],
    onElement: (pathIndex: number, element: unknown) => void,
    options: JsonElementsOptions = {},
  ) {
    this.#paths = paths;
    this.#onElement = onElement;
    this.#maxElementBytes = options.maxElementBytes ?? MAX_ELEMENT_BYTES;
  }

  /** Bytes taken so far. */
  get bytesRead(): number {
    return this.#bytesRead;
  }

  /** Whether the document is an object or an array, once its first byte was read. */
  get rootKind(): 'object' | 'array' | undefined {
    return this.#rootKind;
  }

  /** The keys of a root object seen so far: what a document that matched no path holds. */
  get topLevelKeys(): string[] {
    return [...this.#topLevelKeys];
  }

  write(chunk: Buffer): void {
    let i = 0;
    // A byte-order mark, even one split between chunks, is skipped.
    while (i < chunk.length && this.#bomMatched === this.#bytesRead + i && this.#bomMatched < BOM.length) {
      if (chunk[i] !== BOM[this.#bomMatched]) break;
      this.#bomMatched += 1;
      i += 1;
    }
    const n = chunk.length;
    const stack = this.#stack;
    // Where the bytes of the element or key being read start in this chunk.
    let elementFrom = this.#element ? i : -1;
    let keyFrom = this.#key ? i : -1;
    while (i < n) {
      if (this.#element) {
        // Inside an element, the hot loop: only strings and nesting matter until it closes.
        const depth = this.#path!.depth;
        let inString = this.#inString;
        let escaped = this.#escaped;
        let closedAt = -1;
        for (; i < n; i += 1) {
          const byte = chunk[i]!;
          if (inString) {
            if (escaped) escaped = false;
            else if (byte === BACKSLASH) escaped = true;
            else if (byte === QUOTE) inString = false;
          } else if (byte === QUOTE) {
            inString = true;
          } else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
            stack.push(byte === OPEN_OBJECT ? OBJECT : ARRAY);
          } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
            if (stack.length === depth) {
              // A number, true, false or null ends at the bracket that closes the array.
              closedAt = i;
              break;
            }
            stack.pop();
            if (stack.length === depth) {
              closedAt = i + 1;
              break;
            }
          } else if (byte === COMMA && stack.length === depth) {
            closedAt = i;
            break;
          }
        }
        this.#inString = inString;
        this.#escaped = escaped;
        if (closedAt < 0) break;
        this.#finishElement(chunk.subarray(elementFrom, closedAt));
        elementFrom = -1;
        i = closedAt;
        continue;
      }
      const byte = chunk[i]!;
      if (this.#inString) {
        if (this.#escaped) this.#escaped = false;
        else if (byte === BACKSLASH) this.#escaped = true;
        else if (byte === QUOTE) {
          this.#inString = false;
          if (this.#key) {
            this.#keepKeyBytes(chunk.subarray(keyFrom, i));
            this.#lastKey = this.#keyBytes > MAX_KEY_BYTES ? '' : Buffer.concat(this.#key).toString('utf8');
            this.#key = undefined;
            keyFrom = -1;
          }
        }
        i += 1;
        continue;
      }
      i += 1;
      if (isWhitespace(byte)) continue;
      const depth = stack.length;
      if (this.#rootDone) throw this.#notJson(`there is more after its end, at byte ${this.#at(i - 1)}`);
      if (depth === 0 && byte !== OPEN_OBJECT && byte !== OPEN_ARRAY) {
        throw this.#notJson('it does not start with an object or an array');
      }
      if (this.#path && depth === this.#path.depth && byte !== COMMA && byte !== CLOSE_ARRAY) {
        // The first byte of an element of a path's array: read it from here.
        this.#element = [];
        this.#elementBytes = 0;
        elementFrom = i - 1;
        i -= 1;
        continue;
      }
      const top = stack[depth - 1];
      if (byte === QUOTE) {
        this.#inString = true;
        if (top === OBJECT && this.#keys[depth - 1] === undefined && this.#pathRunsThrough(depth)) {
          this.#key = [];
          this.#keyBytes = 0;
          keyFrom = i;
        }
      } else if (byte === COLON) {
        if (top === OBJECT) {
          const key = this.#lastKey ?? '';
          this.#keys[depth - 1] = key;
          if (depth === 1 && this.#lastKey !== undefined) this.#topLevelKeys.add(key);
          this.#lastKey = undefined;
        }
      } else if (byte === COMMA) {
        if (top === OBJECT) this.#keys[depth - 1] = undefined;
      } else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
        if (depth === 0) this.#rootKind = byte === OPEN_OBJECT ? 'object' : 'array';
        stack.push(byte === OPEN_OBJECT ? OBJECT : ARRAY);
        this.#keys[depth] = undefined;
        if (byte === OPEN_ARRAY) {
          const index = this.#pathOpening(depth + 1);
          if (index >= 0) this.#path = { index, depth: depth + 1 };
        }
      } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
        if (depth === 0) throw this.#notJson(`a bracket closes nothing, at byte ${this.#at(i - 1)}`);
        if (this.#path && depth === this.#path.depth) this.#path = undefined;
        stack.pop();
        this.#keys.length = stack.length;
        if (stack.length === 0) this.#rootDone = true;
      }
    }
    if (this.#key && keyFrom >= 0) this.#keepKeyBytes(chunk.subarray(keyFrom));
    if (this.#element && elementFrom >= 0) this.#keepElementBytes(chunk.subarray(elementFrom));
    this.#bytesRead += n;
  }

  /** The document has ended: refuses one that stopped before it closed, or held nothing. */
  end(): void {
    if (this.#rootDone) return;
    if (this.#rootKind === undefined) throw this.#notJson('there is nothing in it');
    throw cutOff(this.#bytesRead);
  }

  #keepKeyBytes(bytes: Buffer): void {
    if (this.#keyBytes <= MAX_KEY_BYTES) this.#key!.push(Buffer.from(bytes));
    this.#keyBytes += bytes.length;
  }

  #keepElementBytes(bytes: Buffer): void {
    this.#elementBytes += bytes.length;
    if (this.#elementBytes > this.#maxElementBytes) {
      throw new ImportReadError(
        'record-too-large',
        `One record of the file is over ${Math.round(this.#maxElementBytes / 1024 / 1024)} MB, larger than any location record.`,
      );
    }
    // Copied: the stream may reuse the chunk the bytes are in.
    this.#element!.push(Buffer.from(bytes));
  }

  #finishElement(last: Buffer): void {
    this.#keepElementBytes(last);
    const parts = this.#element!;
    this.#element = undefined;
    const text = (parts.length === 1 ? parts[0]! : Buffer.concat(parts)).toString('utf8');
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw this.#notJson(
        `a record near byte ${this.#bytesRead.toLocaleString('en')} is broken (${(error as Error).message})`,
      );
    }
    this.#onElement(this.#path!.index, value);
  }

  /** Whether the keys of the `depth` containers open now lead down some path, so the next key matters. */
  #pathRunsThrough(depth: number): boolean {
    return this.#paths.some((path) => path.length >= depth && this.#keysMatch(path, depth - 1));
  }

  /** The index of the path whose array is the container opened at `depth`, or -1. */
  #pathOpening(depth: number): number {
    return this.#paths.findIndex((path) => path.length === depth - 1 && this.#keysMatch(path, depth - 1));
  }

  /** Whether the first `count` open containers are objects at the path's first `count` keys. */
  #keysMatch(path: JsonPath, count: number): boolean {
    for (let level = 0; level < count; level += 1) {
      if (this.#stack[level] !== OBJECT || this.#keys[level] !== path[level]) return false;
    }
    return true;
  }

  #at(index: number): number {
    return this.#bytesRead + index;
  }

  #notJson(what: string): ImportReadError {
    return new ImportReadError('not-json', `The file is not valid JSON: ${what}.`);
  }
}
