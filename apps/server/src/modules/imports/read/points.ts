// What every reader of a location history hands over, whatever the format: points (where the traveller
// was at a moment) and stays (a place they stopped at, from a start to an end), checked here before
// they are counted. A value out of range, a (0, 0) point, or a time before 1900 or in the future is
// skipped and counted, never stored (decision 100).

/** Where the traveller was at a moment: a GPS fix, a track point, a raw signal. */
export interface TimedPoint {
  lat: number;
  lng: number;
  /** Milliseconds since the epoch, UTC. */
  at: number;
}

/** Where a stay comes from: each format names its stops in its own way. */
export type StaySource = 'visit' | 'step' | 'waypoint' | 'placemark' | 'frequent-place';

/**
 * A place the traveller stopped at: a semantic visit, a Polarsteps step, a GPX waypoint, a KML placemark.
 * Times are milliseconds since the epoch; a waypoint or placemark may carry none.
 */
export interface Stay {
  lat: number;
  lng: number;
  start: number | null;
  end: number | null;
  source: StaySource;
  /** The name the file gives the place, if any (a step's or a placemark's). */
  name?: string;
}

/** What a reader hands its items to. */
export interface ImportSink {
  point(point: TimedPoint): void;
  stay(stay: Stay): void;
}

/** Why an item was skipped. */
export type SkipReason = 'coordinates' | 'time';

/** The earliest time an item may carry: 1 January 1900, UTC. */
export const EARLIEST_TIME = Date.UTC(1900, 0, 1);
/** How far ahead of the server's clock an item's time may be (a phone a little fast). */
const FUTURE_SLACK_MS = 24 * 60 * 60 * 1000;

export function isUsableCoordinate(lat: number, lng: number): boolean {
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return false;
  if (lat < -90 || lat > 90 || lng < -180 || lng > 180) return false;
  // (0, 0) is what a device writes when it has no fix: no traveller's stay is there.
  return !(lat === 0 && lng === 0);
}

export function isUsableTime(at: number, now: number): boolean {
  return Number.isFinite(at) && at >= EARLIEST_TIME && at <= now + FUTURE_SLACK_MS;
}

/**
 * A sink that checks every item before it passes it on, and counts what it skipped and why: the counts
 * go into the import's progress, and a file with items but none usable is refused saying so.
 */
export class CheckedSink implements ImportSink {
  readonly skipped: Record<SkipReason, number> = { coordinates: 0, time: 0 };
  points = 0;
  stays = 0;

  constructor(
    private readonly next: ImportSink,
    private readonly now: () => number = Date.now,
  ) {}

  point(point: TimedPoint): void {
    if (!isUsableCoordinate(point.lat, point.lng)) this.skipped.coordinates += 1;
    else if (!isUsableTime(point.at, this.now())) this.skipped.time += 1;
    else {
      this.points += 1;
      this.next.point(point);
    }
  }

  stay(stay: Stay): void {
    if (!isUsableCoordinate(stay.lat, stay.lng)) {
      this.skipped.coordinates += 1;
      return;
    }
    const now = this.now();
    if (
      (stay.start !== null && !isUsableTime(stay.start, now)) ||
      (stay.end !== null && !isUsableTime(stay.end, now))
    ) {
      this.skipped.time += 1;
      return;
    }
    // A stay whose end comes before its start is read as the other way round.
    const ordered =
      stay.start !== null && stay.end !== null && stay.end < stay.start
        ? { ...stay, start: stay.end, end: stay.start }
        : stay;
    this.stays += 1;
    this.next.stay(ordered);
  }
}

/**
 * A time as location histories write it: an ISO 8601 string ('2019-05-01T10:00:00Z', with an offset or
 * fractions), or seconds or milliseconds since the epoch as a number or a string of digits (a count
 * under 10^11 is seconds: 10^11 seconds is the year 5138, 10^11 milliseconds is 1973). Undefined for
 * anything else.
 */
export function parseTime(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? epochToMs(value) : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  // Read millions of times in a large history: the ISO forms are told by their dashes, not a regex.
  if (isIsoDate(text)) {
    // A time of day without a zone is UTC (as GPX defines it), never the server's own zone.
    const ms = Date.parse(text.length > 10 && !hasZone(text) ? `${text}Z` : text);
    return Number.isNaN(ms) ? undefined : ms;
  }
  return /^-?\d+(\.\d+)?$/.test(text) ? epochToMs(Number(text)) : undefined;
}

const isDigit = (code: number) => code >= 48 && code <= 57;

/** 'YYYY-MM-DD' at the start: the only texts given to Date.parse, which reads much else besides. */
function isIsoDate(text: string): boolean {
  return (
    text.length >= 10 &&
    text.charCodeAt(4) === 45 &&
    text.charCodeAt(7) === 45 &&
    isDigit(text.charCodeAt(0)) &&
    isDigit(text.charCodeAt(3)) &&
    isDigit(text.charCodeAt(5)) &&
    isDigit(text.charCodeAt(9))
  );
}

/** Whether an ISO time ends with its zone: 'Z', or an offset '+01:00', '+0100' or '+01'. */
function hasZone(text: string): boolean {
  const last = text.charCodeAt(text.length - 1);
  if (last === 90 || last === 122) return true;
  for (const length of [6, 5, 3]) {
    const sign = text.charCodeAt(text.length - length);
    if ((sign === 43 || sign === 45) && text.indexOf('T') > 0 && text.indexOf('T') < text.length - length)
      return true;
  }
  return false;
}

function epochToMs(count: number): number {
  return Math.abs(count) < 1e11 ? Math.round(count * 1000) : Math.round(count);
}

/** Degrees × 10^7, as Google writes them, as degrees. */
export function fromE7(value: unknown): number {
  return typeof value === 'number' ? value / 1e7 : typeof value === 'string' ? Number(value) / 1e7 : NaN;
}
