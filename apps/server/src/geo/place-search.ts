// Place search (SPEC.md §3, §5, §9): the places, regions and countries that answer what someone typed, best
// first. README.md in this folder (Search) gives the rules with their reasons; gazetteer-builder.ts builds
// the indexes.
import type { GazetteerTables, SearchIndexes } from './gazetteer.js';
import type { KeyIndex } from './key-index.js';
import { normalizeName } from './normalize.js';
import { PlaceKind } from './places-reader.js';
import { visitNearKeys } from './typos.js';

/** How much a match on an alternate name weighs against one on the name (see addExact). */
const ALTERNATE_WEIGHT = 0.1;

/**
 * Places looked at per index and step when a region or country narrows the search. The best matches
 * worldwide come first and most lie elsewhere, so this bounds what a rare pair ('s, Japan') can cost.
 */
const NARROWED_LOOKS = 200;

/** Which places a step keeps. */
type Within = (place: number) => boolean;
const everywhere: Within = () => true;

/** A query read as a name and where it is (PlaceSearch.narrowed). */
interface Narrowed {
  head: string;
  within: Within;
  afterComma: boolean;
}

type KeyRange = ReturnType<KeyIndex['prefixRange']>;

/** Where a key, and the keys it starts, sit in the name and alternate name indexes. */
interface Ranges {
  primary: KeyRange;
  alternate: KeyRange;
}

export class PlaceSearch {
  /**
   * readingOf: what a traveller reads of a place in the list of results; two places that read the same
   * are listed once.
   */
  constructor(
    private readonly tables: GazetteerTables,
    private readonly indexes: SearchIndexes,
    private readonly readingOf: (place: number) => string,
  ) {}

  /**
   * Up to `limit` place rows for a query, best first, each place once:
   *   1. the whole query is a name of the place;
   *   2. a name followed by its region or country: 'Kyoto, Japan', 'porto portugal' (steps 1, 3 and 4
   *      for the name, within that region or country);
   *   3. the query starts a name, a later word of a name, an alternate name;
   *   4. when no name is or starts with the query, names it misses by a typo or two (typos.ts), fewest
   *      first: 'Lisbn', 'Barcleona', 'Nwe York'. A query that a name starts with is being typed, not
   *      mistyped, and its prefixes are the better answer.
   * Within a step, population decides. A later step only fills the places the earlier ones left.
   */
  search(query: string, limit: number): number[] {
    const key = normalizeName(query);
    if (!key || limit <= 0) return [];
    const found = new Found(this.readingOf, limit);
    const bytes = Buffer.from(key, 'utf8');
    const ranges = this.rangesOf(bytes);
    const exact = this.addExact(found, ranges, key, everywhere);
    const narrowed = found.full ? undefined : this.narrowed(query, key);
    let readAsNarrowed = false;
    if (narrowed) {
      const before = found.places.length;
      this.addAll(found, narrowed.head, narrowed.within);
      readAsNarrowed = found.places.length > before;
      // After a comma the name is surely the part before it: if nothing there fits, search it alone.
      if (!readAsNarrowed && narrowed.afterComma && narrowed.within !== everywhere) {
        this.addAll(found, narrowed.head, everywhere);
      }
    }
    if (!found.full) this.addPrefixes(found, ranges, bytes, everywhere);
    // A query that was found as a name and where it is has had its typos looked for in the name.
    const typed = exact || startsAName(ranges) || readAsNarrowed;
    if (!found.full && !typed) this.addNear(found, bytes, everywhere);
    return found.places;
  }

  /** Steps 1, 3 and 4 for one key. */
  private addAll(found: Found, key: string, within: Within): void {
    const bytes = Buffer.from(key, 'utf8');
    const ranges = this.rangesOf(bytes);
    const exact = this.addExact(found, ranges, key, within);
    if (!found.full) this.addPrefixes(found, ranges, bytes, within);
    if (!found.full && !exact && !startsAName(ranges)) this.addNear(found, bytes, within);
  }

  private rangesOf(bytes: Uint8Array): Ranges {
    return {
      primary: this.indexes.primary.prefixRange(bytes),
      alternate: this.indexes.alternate.prefixRange(bytes),
    };
  }

  /**
   * Places whose name or alternate name is the key, merged by weight. A match on an alternate name weighs
   * a tenth, so 'York' is York before a town that once had York among its names, while 'Roma' is still
   * Rome before Roma, Queensland; unless the place's name starts with the key ('New York' is an alternate
   * name of New York City), which weighs in full. Answers whether there was any.
   */
  private addExact(found: Found, ranges: Ranges, key: string, within: Within): boolean {
    const { primary, alternate } = this.indexes;
    const { score } = this.tables;
    const wanted = found.room + 2; // a few to spare, for those that read the same as one found
    const weights = new Map<number, number>();
    this.visitBest(primary, ranges.primary.lo, ranges.primary.exactEnd, within, (place) => {
      weights.set(place, score[place]!);
      return weights.size < wanted;
    });
    let fromAlternate = 0;
    this.visitBest(alternate, ranges.alternate.lo, ranges.alternate.exactEnd, within, (place) => {
      if (!weights.has(place)) weights.set(place, this.alternateWeight(place, key));
      return (fromAlternate += 1) < wanted;
    });
    const ranked = [...weights].sort((a, b) => b[1] - a[1]);
    for (const [place] of ranked) if (!found.add(place)) break;
    return weights.size > 0;
  }

  /** Places whose name, later word or alternate name starts with the key (and is longer), in that order. */
  private addPrefixes(found: Found, ranges: Ranges, bytes: Uint8Array, within: Within): void {
    const { primary, words, alternate } = this.indexes;
    const inWords = words.prefixRange(bytes);
    const steps: [KeyIndex, number, number][] = [
      [primary, ranges.primary.exactEnd, ranges.primary.hi],
      [words, inWords.lo, inWords.hi],
      [alternate, ranges.alternate.exactEnd, ranges.alternate.hi],
    ];
    for (const [index, lo, hi] of steps) {
      this.visitBest(index, lo, hi, within, (place) => found.add(place));
      if (found.full) return;
    }
  }

  /**
   * Places with a name a typo away from the key, or two typos when none is one away (the longer walk, and
   * a guess two letters off is worth showing only when there is nothing closer): fewest edits first, then
   * weight as in addExact.
   */
  private addNear(found: Found, bytes: Uint8Array, within: Within): void {
    const near = new Map<number, { edits: number; weight: number }>();
    this.collectNear(near, bytes, 1, within);
    if (near.size === 0) this.collectNear(near, bytes, 2, within);
    const ranked = [...near].sort((a, b) => a[1].edits - b[1].edits || b[1].weight - a[1].weight);
    for (const [place] of ranked) if (!found.add(place)) break;
  }

  private collectNear(
    near: Map<number, { edits: number; weight: number }>,
    bytes: Uint8Array,
    maxEdits: number,
    within: Within,
  ): void {
    const { primary, alternate } = this.indexes;
    const { score } = this.tables;
    const consider = (place: number, edits: number, weight: () => number) => {
      if (!within(place)) return;
      const known = near.get(place);
      if (known && (known.edits < edits || (known.edits === edits && known.weight >= score[place]!))) return;
      const value = weight();
      if (!known || edits < known.edits || value > known.weight) near.set(place, { edits, weight: value });
    };
    visitNearKeys(primary, bytes, maxEdits, (position, edits) => {
      const place = primary.data.places[position]!;
      consider(place, edits, () => score[place]!);
      return true;
    });
    visitNearKeys(alternate, bytes, maxEdits, (position, edits) => {
      const place = alternate.data.places[position]!;
      consider(place, edits, () => this.alternateWeight(place, alternate.keyAt(position)));
      return true;
    });
  }

  private alternateWeight(place: number, key: string): number {
    const full = normalizeName(this.tables.names.get(place)).startsWith(key);
    return this.tables.score[place]! * (full ? 1 : ALTERNATE_WEIGHT);
  }

  /**
   * Visits the best places of index positions [lo, hi) that lie within, until visit answers false; when
   * narrowed, looking at no more than NARROWED_LOOKS places.
   */
  private visitBest(
    index: KeyIndex,
    lo: number,
    hi: number,
    within: Within,
    visit: (place: number) => boolean,
  ): void {
    let looked = 0;
    index.visitBest(lo, hi, (place) => {
      looked += 1;
      if (within(place) && !visit(place)) return false;
      return within === everywhere || looked < NARROWED_LOOKS;
    });
  }

  /**
   * The query read as a name followed by where it is. After a comma, each part is a region or country
   * (the last may be unfinished: 'Kyoto, Ja'), and a part that is neither is left out ('Washington, D.C.'
   * searches 'washington'). Without a comma, the last words are taken off while they name a region or
   * country in full ('porto portugal', 'springfield illinois usa'), the longest name first.
   */
  private narrowed(query: string, key: string): Narrowed | undefined {
    const areas: Area[] = [];
    const afterComma = query.includes(',');
    let head: string;
    if (afterComma) {
      const [first = '', ...rest] = query.split(',').map(normalizeName);
      rest.forEach((part, i) => {
        const area = part ? this.areaNamed(part, i === rest.length - 1) : undefined;
        if (area) areas.push(area);
      });
      head = first;
      if (head === key) return undefined; // nothing after the comma
    } else {
      const words = key.split(' ');
      let end = words.length;
      let start = 1;
      while (start < end) {
        const area = this.areaNamed(words.slice(start, end).join(' '), false);
        if (area) {
          areas.push(area);
          end = start; // and look again before it
          start = 1;
        } else {
          start += 1;
        }
      }
      if (areas.length === 0) return undefined;
      head = words.slice(0, end).join(' ');
    }
    if (!head) return undefined;
    if (areas.length === 0) return { head, within: everywhere, afterComma };
    const t = this.tables;
    return {
      head,
      within: (place) => areas.every((area) => area.holds(t.country[place]!, t.admin1[place]!)),
      afterComma,
    };
  }

  /** The regions and countries a key names (or, unfinished, starts the name of). */
  private areaNamed(key: string, unfinished: boolean): Area | undefined {
    const { areas } = this.indexes;
    const range = areas.prefixRange(Buffer.from(key, 'utf8'));
    const end = unfinished ? range.hi : range.exactEnd;
    if (range.lo === end) return undefined;
    const area = new Area();
    const t = this.tables;
    for (let position = range.lo; position < end; position += 1) {
      const place = areas.data.places[position]!;
      if (t.kind[place] === PlaceKind.country) area.countries.add(t.country[place]!);
      else area.regions.add(t.admin1[place]!);
    }
    return area;
  }
}

/** Whether a name (not only an alternate name) is longer than the key and starts with it. */
function startsAName(ranges: Ranges): boolean {
  return ranges.primary.exactEnd < ranges.primary.hi;
}

/** Regions and countries one part of a query may mean ('georgia': the country and the state). */
class Area {
  readonly countries = new Set<number>();
  readonly regions = new Set<number>();

  holds(country: number, region: number): boolean {
    return this.countries.has(country) || this.regions.has(region);
  }
}

/**
 * The places found so far, each listed once: by row, and by what a traveller reads in the list, so two
 * villages of one name in one region, or a city and the region of its name that sits on it ('Kyoto, Japan'
 * twice), make one entry: the first found, the better.
 */
class Found {
  readonly places: number[] = [];
  private readonly rows = new Set<number>();
  private readonly readings = new Set<string>();

  constructor(
    private readonly readingOf: (place: number) => string,
    private readonly limit: number,
  ) {}

  get full(): boolean {
    return this.places.length >= this.limit;
  }

  get room(): number {
    return this.limit - this.places.length;
  }

  /** Lists the place unless it, or one that reads the same, is listed; answers whether there is room left. */
  add(place: number): boolean {
    if (this.full || this.rows.has(place)) return !this.full;
    this.rows.add(place);
    const reading = this.readingOf(place);
    if (!this.readings.has(reading)) {
      this.readings.add(reading);
      this.places.push(place);
    }
    return !this.full;
  }
}
