// The pins list as last written, per traveller, kept while it is current. Writing a 10,000-pin list costs
// the database about 20 ms (SQLite, in this process) to 60 ms (PostgreSQL) and the server the handling of
// a 3.3 MB text; a traveller's list is read far more often than it changes (every dashboard visit, every
// return to the tab). Each entry carries the number the database keeps for the traveller's pins
// (migration 0010: triggers change it with every write to their pins), so an entry is served only while
// that number stands, on any instance of the service: a change made through another instance is seen
// at the next request.

/**
 * What one server process keeps at most: a few dozen of the largest lists (10,000 pins: 3.3 MB), or
 * thousands of typical ones.
 */
export const PIN_LIST_CACHE_BYTES = 64 * 1024 * 1024;

/** What the cache keeps of one answer: its bytes, for the bound. */
export interface Sized {
  readonly bytes: number;
}

interface Entry<Answer> {
  version: number;
  answer: Answer;
  bytes: number;
}

/** A bound in bytes, least recently used first out. */
export class PinListCache<Answer extends Sized> {
  private readonly entries = new Map<string, Entry<Answer>>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /** The answer kept for `key` if it was written at `version`; a stale entry is dropped. */
  get(key: string, version: number): Answer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.drop(key, entry);
    if (entry.version !== version) return undefined;
    // Put back at the end: the most recently used.
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    return entry.answer;
  }

  /** Keeps `answer` as written at `version`, unless it alone would take more than a quarter of the bound. */
  set(key: string, version: number, answer: Answer): void {
    const previous = this.entries.get(key);
    if (previous) this.drop(key, previous);
    if (answer.bytes > this.maxBytes / 4) return;
    this.entries.set(key, { version, answer, bytes: answer.bytes });
    this.bytes += answer.bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(oldest, entry);
    }
  }

  /** Bytes held, for tests and figures. */
  get size(): number {
    return this.bytes;
  }

  private drop(key: string, entry: Entry<Answer>) {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}
