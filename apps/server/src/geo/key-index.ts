// A sorted index of normalised names for prefix search, kept in typed arrays rather than ~900,000 strings:
//   bytes    a pool of UTF-8 key bytes (shared by the indexes: a word start is a suffix of a name's key)
//   starts   where key i begins in bytes, in sorted order (byte-wise, so code point order)
//   lengths  how long key i is
//   places   the place key i names
// A prefix query is two binary searches (the range of keys that start with it); the best places of a range
// come out of a segment tree over the places' scores (population), so a one-letter prefix that matches
// 100,000 keys costs about as much as a full name: O(k log n) for the k best.

/** Work between two cooperative pauses of the loader (see gazetteer-service.ts). */
export type Steps<T> = Generator<void, T, void>;

interface KeyIndexData {
  bytes: Uint8Array;
  starts: Uint32Array;
  lengths: Uint16Array;
  places: Uint32Array;
}

/** Collects keys (as byte ranges of a shared pool) with the place each names, then sorts them. */
export class KeyIndexBuilder {
  private keyStart: Uint32Array;
  private keyLength: Uint16Array;
  private keyPlace: Uint32Array;
  count = 0;

  /** initialCapacity: the expected number of keys (it grows by half when exceeded). */
  constructor(initialCapacity = 1 << 16) {
    const capacity = Math.max(16, Math.ceil(initialCapacity));
    this.keyStart = new Uint32Array(capacity);
    this.keyLength = new Uint16Array(capacity);
    this.keyPlace = new Uint32Array(capacity);
  }

  /** Adds pool[start, start + length) as a key for place. Empty keys are ignored. */
  add(start: number, length: number, place: number): void {
    if (length === 0) return;
    if (this.count === this.keyStart.length) this.grow();
    this.keyStart[this.count] = start;
    this.keyLength[this.count] = Math.min(length, 0xffff);
    this.keyPlace[this.count] = place;
    this.count += 1;
  }

  private grow(): void {
    const size = Math.ceil(this.keyStart.length * 1.5);
    const starts = new Uint32Array(size);
    starts.set(this.keyStart);
    const lengths = new Uint16Array(size);
    lengths.set(this.keyLength);
    const places = new Uint32Array(size);
    places.set(this.keyPlace);
    this.keyStart = starts;
    this.keyLength = lengths;
    this.keyPlace = places;
  }

  /**
   * Sorts the keys (a stable radix sort on bytes, pausing now and then) and drops a key that repeats for
   * the same place. The index reads its keys from `pool`. The loops live in plain functions: V8 optimises
   * those better than generator bodies.
   */
  *build(pool: Uint8Array): Steps<KeyIndexData> {
    const keys: Keys = {
      start: this.keyStart,
      length: this.keyLength,
      place: this.keyPlace,
      pool,
    };
    const order = new Uint32Array(this.count);
    for (let i = 0; i < order.length; i += 1) order[i] = i;
    yield* radixSort(order, keys);
    const kept = dropRepeats(order, keys);
    yield;
    return gather(kept, keys);
  }
}

/** The sorted keys' columns. */
function gather(kept: Uint32Array, keys: Keys): KeyIndexData {
  const n = kept.length;
  const data: KeyIndexData = {
    bytes: keys.pool,
    starts: new Uint32Array(n),
    lengths: new Uint16Array(n),
    places: new Uint32Array(n),
  };
  for (let i = 0; i < n; i += 1) {
    const id = kept[i]!;
    data.starts[i] = keys.start[id]!;
    data.lengths[i] = keys.length[id]!;
    data.places[i] = keys.place[id]!;
  }
  return data;
}

interface Keys {
  start: Uint32Array;
  length: Uint16Array;
  place: Uint32Array;
  pool: Uint8Array;
}

/**
 * The sorted keys without a repeat of (key, place): the keys of one place were added together and the
 * sort is stable, so such a repeat is adjacent.
 */
function dropRepeats(order: Uint32Array, keys: Keys): Uint32Array {
  const { start, length, place, pool } = keys;
  const kept = new Uint32Array(order.length);
  let count = 0;
  let previous = -1;
  for (let i = 0; i < order.length; i += 1) {
    const id = order[i]!;
    const size = length[id]!;
    if (previous >= 0 && place[previous] === place[id] && length[previous] === size) {
      const a = start[previous]!;
      const b = start[id]!;
      let same = true;
      for (let j = 0; j < size && same; j += 1) same = pool[a + j] === pool[b + j];
      if (same) continue;
    }
    kept[count++] = id;
    previous = id;
  }
  return kept.subarray(0, count);
}

const SMALL = 32;

/**
 * Stable radix sort of `order` by the keys, in byte order with shorter keys first ('paris' before
 * 'paris 01'). The first eight bytes go in four least-significant-digit passes of 16 bits over packed
 * integers; runs that share them are finished most-significant-byte first from depth 8, where bucket 0
 * holds the keys that end there.
 */
function* radixSort(order: Uint32Array, keys: Keys): Steps<void> {
  const n = order.length;
  const work: SortWork = {
    order,
    scratch: new Uint32Array(n),
    bucketOf: new Uint16Array(n),
    counts: new Int32Array(257),
    stack: [],
    keys,
  };
  const high = packBytes(order, keys, 0);
  const low = packBytes(order, keys, 4);
  yield;
  for (const [digits, shift] of [
    [low, 0],
    [low, 16],
    [high, 0],
    [high, 16],
  ] as const) {
    lsdPass(work, digits, shift, digits === low ? high : low);
    yield;
  }
  for (let lo = 0; lo < n;) {
    let hi = lo + 1;
    while (hi < n && high[hi] === high[lo] && low[hi] === low[lo]) hi += 1;
    if (hi - lo > 1) work.stack.push(lo, hi, 8);
    lo = hi;
  }
  yield;
  while (work.stack.length > 0) {
    sortSegments(work, 100_000);
    yield;
  }
}

interface SortWork {
  order: Uint32Array;
  scratch: Uint32Array;
  bucketOf: Uint16Array;
  counts: Int32Array;
  /** Pending segments as (lo, hi, depth) triples. */
  stack: number[];
  keys: Keys;
}

/** Bytes [from, from + 4) of each key (in `order`) as a big-endian integer, 0 past the key's end. */
function packBytes(order: Uint32Array, keys: Keys, from: number): Uint32Array {
  const { start, length, pool } = keys;
  const packed = new Uint32Array(order.length);
  for (let i = 0; i < order.length; i += 1) {
    const id = order[i]!;
    const begin = start[id]! + from;
    const size = length[id]! - from;
    packed[i] =
      ((size > 0 ? pool[begin]! << 24 : 0) |
        (size > 1 ? pool[begin + 1]! << 16 : 0) |
        (size > 2 ? pool[begin + 2]! << 8 : 0) |
        (size > 3 ? pool[begin + 3]! : 0)) >>>
      0;
  }
  return packed;
}

/**
 * One stable counting pass by 16 bits of `digits`, moving order, digits and the other packed array
 * together.
 */
function lsdPass(work: SortWork, digits: Uint32Array, shift: number, other: Uint32Array): void {
  const { order, scratch } = work;
  const n = order.length;
  const counts = new Int32Array(65536);
  for (let i = 0; i < n; i += 1) counts[(digits[i]! >>> shift) & 0xffff]! += 1;
  let position = 0;
  for (let digit = 0; digit < 65536; digit += 1) {
    const count = counts[digit]!;
    counts[digit] = position;
    position += count;
  }
  const movedDigits = new Uint32Array(n);
  const movedOther = new Uint32Array(n);
  for (let i = 0; i < n; i += 1) {
    const target = counts[(digits[i]! >>> shift) & 0xffff]!++;
    scratch[target] = order[i]!;
    movedDigits[target] = digits[i]!;
    movedOther[target] = other[i]!;
  }
  order.set(scratch);
  digits.set(movedDigits);
  other.set(movedOther);
}

/** Sorts pending segments, one byte deeper each, until about `budget` keys have been moved. */
function sortSegments(work: SortWork, budget: number): void {
  const { order, scratch, bucketOf, counts, stack } = work;
  const { start, length, pool } = work.keys;
  let done = 0;
  while (stack.length > 0 && done < budget) {
    const depth = stack.pop()!;
    const hi = stack.pop()!;
    const lo = stack.pop()!;
    done += hi - lo;
    if (hi - lo <= SMALL) {
      insertionSort(order, lo, hi, depth, work.keys);
      continue;
    }
    counts.fill(0);
    for (let i = lo; i < hi; i += 1) {
      const id = order[i]!;
      const bucket = depth < length[id]! ? pool[start[id]! + depth]! + 1 : 0;
      bucketOf[i] = bucket;
      counts[bucket]! += 1;
    }
    // Start of each bucket within [lo, hi); push the buckets that still need sorting.
    let position = lo;
    for (let bucket = 0; bucket < 257; bucket += 1) {
      const count = counts[bucket]!;
      counts[bucket] = position;
      if (bucket > 0 && count > 1) stack.push(position, position + count, depth + 1);
      position += count;
    }
    for (let i = lo; i < hi; i += 1) scratch[counts[bucketOf[i]!]!++] = order[i]!;
    for (let i = lo; i < hi; i += 1) order[i] = scratch[i]!;
  }
}

function insertionSort(order: Uint32Array, lo: number, hi: number, depth: number, keys: Keys): void {
  for (let i = lo + 1; i < hi; i += 1) {
    const id = order[i]!;
    let j = i - 1;
    while (j >= lo && compareKeys(order[j]!, id, depth, keys) > 0) {
      order[j + 1] = order[j]!;
      j -= 1;
    }
    order[j + 1] = id;
  }
}

function compareKeys(a: number, b: number, depth: number, keys: Keys): number {
  const { start, length, pool } = keys;
  const lengthA = length[a]!;
  const lengthB = length[b]!;
  const startA = start[a]!;
  const startB = start[b]!;
  const common = Math.min(lengthA, lengthB);
  for (let i = depth; i < common; i += 1) {
    const difference = pool[startA + i]! - pool[startB + i]!;
    if (difference !== 0) return difference;
  }
  return lengthA - lengthB;
}

/** Search over a built index; `score` (per place) ranks the places of a range, highest first. */
export class KeyIndex {
  readonly size: number;
  private readonly leaves: number;
  /** tree[node] = the key position with the highest score below node (leaves at leaves + position). */
  private readonly tree: Uint32Array;

  constructor(
    readonly data: KeyIndexData,
    private readonly score: Float64Array,
  ) {
    this.size = data.places.length;
    let leaves = 1;
    while (leaves < this.size) leaves *= 2;
    this.leaves = leaves;
    const tree = new Uint32Array(2 * leaves).fill(this.size);
    for (let i = 0; i < this.size; i += 1) tree[leaves + i] = i;
    for (let node = leaves - 1; node >= 1; node -= 1) {
      tree[node] = this.better(tree[2 * node]!, tree[2 * node + 1]!);
    }
    this.tree = tree;
  }

  private scoreAt(position: number): number {
    return position < this.size ? this.score[this.data.places[position]!]! : -Infinity;
  }

  /** Of two key positions, the one whose place scores higher (the earlier one on a tie). */
  private better(a: number, b: number): number {
    const scoreA = this.scoreAt(a);
    const scoreB = this.scoreAt(b);
    if (scoreA !== scoreB) return scoreA > scoreB ? a : b;
    return a <= b ? a : b;
  }

  /** The position in [lo, hi) whose place scores highest, or -1 for an empty range. */
  private best(lo: number, hi: number): number {
    let result = this.size;
    let left = lo + this.leaves;
    let right = hi + this.leaves;
    while (left < right) {
      if (left & 1) result = this.better(result, this.tree[left++]!);
      if (right & 1) result = this.better(result, this.tree[--right]!);
      left >>= 1;
      right >>= 1;
    }
    return result < this.size ? result : -1;
  }

  /**
   * Compares the start of key i with the query: negative when the key sorts before every key that starts
   * with the query, 0 when it starts with the query, positive when it sorts after all of them.
   */
  private comparePrefix(i: number, query: Uint8Array): number {
    const { bytes, starts, lengths } = this.data;
    const start = starts[i]!;
    const length = lengths[i]!;
    const common = Math.min(length, query.length);
    for (let j = 0; j < common; j += 1) {
      const difference = bytes[start + j]! - query[j]!;
      if (difference !== 0) return difference;
    }
    return length < query.length ? -1 : 0;
  }

  /** The positions [lo, exactEnd, hi): keys equal to the query, then keys that only start with it. */
  prefixRange(query: Uint8Array): { lo: number; exactEnd: number; hi: number } {
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.comparePrefix(mid, query) < 0) lo = mid + 1;
      else hi = mid;
    }
    const first = lo;
    hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.comparePrefix(mid, query) <= 0) lo = mid + 1;
      else hi = mid;
    }
    const end = lo;
    // Within the range the exact matches come first (a key equal to the query sorts before its extensions).
    const { lengths } = this.data;
    lo = first;
    hi = end;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (lengths[mid] === query.length) lo = mid + 1;
      else hi = mid;
    }
    return { lo: first, exactEnd: lo, hi: end };
  }

  /**
   * Visits the places of the key positions [lo, hi) from the highest score down, until visit answers
   * false or the range is exhausted. A place named by several keys of the range is visited once per key;
   * the caller skips repeats.
   */
  visitBest(lo: number, hi: number, visit: (place: number) => boolean): void {
    if (lo >= hi) return;
    // Candidate sub-ranges, each with its best position; a handful at a time, so a plain array will do.
    const ranges: number[] = [lo, hi, this.best(lo, hi)];
    while (ranges.length > 0) {
      let pick = 0;
      for (let r = 3; r < ranges.length; r += 3) {
        if (this.better(ranges[r + 2]!, ranges[pick + 2]!) === ranges[r + 2]) pick = r;
      }
      const [rangeLo, rangeHi, position] = ranges.splice(pick, 3) as [number, number, number];
      if (!visit(this.data.places[position]!)) return;
      if (position > rangeLo) ranges.push(rangeLo, position, this.best(rangeLo, position));
      if (position + 1 < rangeHi) ranges.push(position + 1, rangeHi, this.best(position + 1, rangeHi));
    }
  }

  /** Key i as a string (tests and diagnostics). */
  keyAt(i: number): string {
    const { bytes, starts, lengths } = this.data;
    return Buffer.from(bytes.buffer, bytes.byteOffset + starts[i]!, lengths[i]!).toString('utf8');
  }
}
