// Answers kept while they are current: each is kept with the number (or other version) it was made at,
// and served only while the caller still finds that version, so an entry outlives no change, on any
// instance. Bounded in bytes, the least recently used going first. The pins list keeps a traveller's list
// by the number the database keeps for their pins (modules/pins/pin-list-cache.ts); the travel page keeps
// its page and its photos' keys by the page's version (modules/share).

/** What the cache keeps of one answer: its bytes, for the bound. */
export interface Sized {
  readonly bytes: number;
}

interface Entry<Answer, Version> {
  version: Version;
  answer: Answer;
  bytes: number;
}

/** A bound in bytes, least recently used first out. */
export class VersionedCache<Answer extends Sized, Version = number> {
  private readonly entries = new Map<string, Entry<Answer, Version>>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /** The answer kept for `key` if it was written at `version`; a stale entry is dropped. */
  get(key: string, version: Version): Answer | undefined {
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
  set(key: string, version: Version, answer: Answer): void {
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

  private drop(key: string, entry: Entry<Answer, Version>) {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}
