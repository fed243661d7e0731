// Names a typing mistake or two away from a query ('Lisbn' → Lisbon, 'Barcleona' → Barcelona, 'Nwe York'
// → New York). An index's keys are sorted, so the keys that share a beginning sit together: the walk reads
// them as a trie, one character deeper at a time, carrying a row of the edit distance table for each
// character of the path, and leaves a branch as soon as no key below it can come within the allowance.
// Distances count insertions, deletions, substitutions and swaps of two neighbouring letters (restricted
// Damerau-Levenshtein), in bytes of the normalised key: letters for Latin script, whose accents are folded.
import type { KeyIndex } from './key-index.js';

/** Typos are forgiven only in names at least this long ('Lisbn' for Lisbon; 'Rme' is not Rome). */
const ONE_EDIT_FROM = 5;
/** From this length two typos are forgiven ('Barcleona', 'Amstredan'). */
const TWO_EDITS_FROM = 8;
/** Longer queries are not names mistyped; walking for them would only cost time. */
const LONGEST_QUERY = 64;
/** Keys reported at most per walk: a query near thousands of names finds what it needs in the first few. */
const MOST_MATCHES = 256;

/** Edits forgiven between a query and a name, the shorter of the two having `length` bytes. */
export function editsAllowed(length: number): number {
  if (length >= TWO_EDITS_FROM) return 2;
  return length >= ONE_EDIT_FROM ? 1 : 0;
}

/**
 * Calls visit(position, edits) for each key of the index within `edits` of the query (and within
 * editsAllowed for the shorter of the two), stopping early when visit answers false. Two rules keep the
 * walk short, both about how people mistype: the first letter is right, and the first half of the name
 * has at most one mistake.
 */
export function visitNearKeys(
  index: KeyIndex,
  query: Uint8Array,
  edits: number,
  visit: (position: number, edits: number) => boolean,
): void {
  const maxEdits = Math.min(edits, editsAllowed(query.length));
  if (maxEdits === 0 || query.length > LONGEST_QUERY) return;
  new NearKeyWalk(index, query, maxEdits, visit).run();
}

class NearKeyWalk {
  private readonly bytes: Uint8Array;
  private readonly starts: Uint32Array;
  private readonly lengths: Uint16Array;
  private readonly width: number;
  private readonly maxDepth: number;
  /** rows[depth * width + j]: edits between the path's first `depth` bytes and the query's first j. */
  private readonly rows: Int32Array;
  /** The smallest value of each row. */
  private readonly rowMin: Int32Array;
  /** The bytes of the path walked so far. */
  private readonly path: Uint8Array;
  /** The bytes worth trying after a path of each depth (a slot of `width` per depth). */
  private readonly candidates: Uint8Array;
  /** Marks the bytes already listed as candidates at one node (cleared after each). */
  private readonly tried = new Uint8Array(256);
  private matches = 0;
  private stopped = false;

  constructor(
    index: KeyIndex,
    private readonly query: Uint8Array,
    private readonly maxEdits: number,
    private readonly visit: (position: number, edits: number) => boolean,
  ) {
    ({ bytes: this.bytes, starts: this.starts, lengths: this.lengths } = index.data);
    this.width = query.length + 1;
    this.maxDepth = query.length + this.maxEdits;
    this.rows = new Int32Array((this.maxDepth + 1) * this.width);
    this.rowMin = new Int32Array(this.maxDepth + 1);
    this.path = new Uint8Array(this.maxDepth + 1);
    this.candidates = new Uint8Array((this.maxDepth + 1) * this.width);
    for (let j = 0; j < this.width; j += 1) this.rows[j] = j;
  }

  run(): void {
    // The first letter is taken as typed.
    const first = this.query[0]!;
    const lo = this.lowerBound(this.skipEnded(0, this.starts.length, 0), this.starts.length, 0, first);
    const hi = this.lowerBound(lo, this.starts.length, 0, first + 1);
    if (lo < hi && this.step(0, first) <= this.budget(1)) this.walk(lo, hi, 1);
  }

  /** Edits a path of this depth may have used: at most one in the first half of the query. */
  private budget(depth: number): number {
    return depth * 2 <= this.query.length ? Math.min(this.maxEdits, 1) : this.maxEdits;
  }

  /** Keys [lo, hi) share the path's first `depth` bytes, whose row is computed. */
  private walk(lo: number, hi: number, depth: number): void {
    const { query, lengths } = this;
    const edits = this.rows[depth * this.width + query.length]!;
    let i = lo;
    if (edits <= this.maxEdits) {
      const allowed = editsAllowed(Math.min(depth, query.length));
      for (; i < hi && lengths[i] === depth; i += 1) {
        if (edits <= allowed && !this.report(i, edits)) return;
      }
    }
    i = this.skipEnded(i, hi, depth);
    if (i >= hi || depth >= this.maxDepth) return;
    const budget = this.budget(depth + 1);
    if (this.rowMin[depth]! < budget) {
      // Any next byte may stay within the budget: try each one present.
      while (i < hi && !this.stopped) {
        const c = this.byteAt(i, depth);
        const end = this.groupEnd(i, hi, depth, c);
        if (this.step(depth, c) <= budget) this.walk(i, end, depth + 1);
        i = end;
      }
      return;
    }
    // The row already spends the whole budget: only a byte that matches the query where the row is at
    // its best, or that completes a swap, keeps a branch alive; look those few up instead of trying all.
    const row = depth * this.width;
    const candidates = this.candidates;
    let count = 0;
    const add = (c: number) => {
      if (!this.tried[c]) {
        this.tried[c] = 1;
        candidates[row + count++] = c;
      }
    };
    for (let j = 1; j <= query.length; j += 1) {
      if (this.rows[row + j - 1]! <= budget) add(query[j - 1]!);
      if (j >= 2 && depth >= 1 && this.path[depth - 1] === query[j - 1]) {
        if (this.rows[row - this.width + j - 2]! < budget) add(query[j - 2]!);
      }
    }
    for (let n = 0; n < count; n += 1) this.tried[candidates[row + n]!] = 0;
    for (let n = 0; n < count && !this.stopped; n += 1) {
      const c = candidates[row + n]!;
      const start = this.lowerBound(i, hi, depth, c);
      if (start === hi || this.byteAt(start, depth) !== c) continue; // no key goes on with c
      if (this.step(depth, c) <= budget) this.walk(start, this.groupEnd(start, hi, depth, c), depth + 1);
    }
  }

  private report(position: number, edits: number): boolean {
    this.matches += 1;
    if (!this.visit(position, edits) || this.matches >= MOST_MATCHES) this.stopped = true;
    return !this.stopped;
  }

  /** Computes the row for the path extended by byte c at `depth`; answers its smallest value. */
  private step(depth: number, c: number): number {
    const { rows, query, width } = this;
    this.path[depth] = c;
    const previous = depth * width;
    const next = previous + width;
    const swapRow = previous - width;
    const before = depth >= 1 ? this.path[depth - 1]! : -1;
    rows[next] = depth + 1;
    let min = depth + 1;
    for (let j = 1; j < width; j += 1) {
      const q = query[j - 1]!;
      let value = Math.min(
        rows[previous + j]! + 1,
        rows[next + j - 1]! + 1,
        rows[previous + j - 1]! + (q === c ? 0 : 1),
      );
      if (j >= 2 && depth >= 1 && c === query[j - 2] && before === q) {
        value = Math.min(value, rows[swapRow + j - 2]! + 1);
      }
      rows[next + j] = value;
      if (value < min) min = value;
    }
    this.rowMin[depth + 1] = min;
    return min;
  }

  private byteAt(position: number, depth: number): number {
    return this.bytes[this.starts[position]! + depth]!;
  }

  /** The first position from i on whose key is longer than depth (the keys that end there sort first). */
  private skipEnded(i: number, hi: number, depth: number): number {
    while (i < hi && this.lengths[i]! <= depth) i += 1;
    return i;
  }

  /** The first position in [lo, hi) whose byte at depth is at least c (all keys there are longer). */
  private lowerBound(lo: number, hi: number, depth: number, c: number): number {
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.byteAt(mid, depth) < c) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The end of the run of keys from i whose byte at depth is c: galloping, as most runs are short. */
  private groupEnd(i: number, hi: number, depth: number, c: number): number {
    let known = i;
    let step = 1;
    while (known + step < hi && this.byteAt(known + step, depth) === c) {
      known += step;
      step *= 2;
    }
    return this.lowerBound(known + 1, Math.min(hi, known + step), depth, c + 1);
  }
}
