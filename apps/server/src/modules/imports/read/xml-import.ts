// Reads a GPX (1.0 or 1.1) or KML document in one streaming pass: track points and timed lines become
// points, waypoints and placemarks become stays. The root element says which of the two the document is.
// Only the text of the few elements read is kept, and only until they close (decision 100).
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { FORMATS_READ } from './formats.js';
import { ImportReadError, cutOff } from './import-read-error.js';
import { parseTime, type ImportSink } from './points.js';

/** The text of one element (a KML coordinates list, mostly) over this is refused. */
export const MAX_TEXT_CHARS = 16 * 1024 * 1024;
/** Vertices of one placemark's lines, or a gx:Track's times or coordinates waiting for their pair. */
const MAX_BUFFERED_VERTICES = 2_000_000;
/** Deeper nesting than this is no location file's: its path would only grow the memory held. */
const MAX_DEPTH = 256;

export interface XmlImportOptions {
  onProgress?(bytesRead: number): void;
}

export interface XmlImportResult {
  format: 'gpx' | 'kml';
  bytesRead: number;
  /**
   * Track points, route points and line vertices that carry no time, so say nothing of when the traveller
   * was there: they were not handed over, and a file of only these is told apart from an empty one.
   */
  untimed: number;
}

export async function readXmlImport(
  chunks: AsyncIterable<Buffer>,
  sink: ImportSink,
  options: XmlImportOptions = {},
): Promise<XmlImportResult> {
  const document = new XmlDocument(sink);
  // Not fatal: a file that says it is Latin-1 still has its coordinates read, only a name may show U+FFFD.
  // The decoder also drops a byte-order mark.
  const decoder = new TextDecoder('utf-8');
  let bytesRead = 0;
  for await (const chunk of chunks) {
    bytesRead += chunk.length;
    document.write(decoder.decode(chunk, { stream: true }));
    options.onProgress?.(bytesRead);
  }
  document.write(decoder.decode());
  const { format, untimed } = document.end(bytesRead);
  return { format, bytesRead, untimed };
}

/** What a format makes of the elements: `path` holds the local names of the open ones, root first. */
interface Reading {
  readonly format: 'gpx' | 'kml';
  untimed: number;
  /** The element last in `path` opened; answers whether its text is wanted. */
  open(name: string, attributes: Record<string, string>): boolean;
  /** The element last in `path` closes, with its text if `open` wanted it. */
  close(name: string, text: string | undefined): void;
}

class XmlDocument {
  readonly #parser = new SaxesParser({ xmlns: false });
  readonly #sink: ImportSink;
  readonly #path: string[] = [];
  #reading: Reading | undefined;
  /** The text of the open element whose text is wanted, and its depth. */
  #text: { depth: number; value: string } | undefined;
  #rootClosed = false;
  /**
   * Where saxes last handed something over: it keeps a text, comment or tag whole until it ends, so the
   * distance from here bounds what it holds, whatever the element.
   */
  #handedOverAt = 0;

  constructor(sink: ImportSink) {
    this.#sink = sink;
    const parser = this.#parser;
    const handedOver = () => {
      this.#handedOverAt = parser.position;
    };
    parser.on('error', (error) => {
      // saxes starts its message with "line:column: " and may end it with a full stop.
      const [, line, what] = /^(\d+):\d+: (.*?)\.?$/s.exec(error.message) ?? [
        undefined,
        undefined,
        error.message,
      ];
      throw notXml(line ? `${what} (line ${line})` : what!);
    });
    parser.on('doctype', (doctype) => {
      handedOver();
      // Entities are how XML bombs and external entities work, and no GPX or KML file needs one. saxes
      // expands none, but a document that declares them is refused rather than read half-expanded.
      if (doctype.includes('<!ENTITY')) {
        throw new ImportReadError(
          'not-xml',
          `The file declares XML entities, which Waymarks does not read: GPX and KML files have none. ${FORMATS_READ}`,
        );
      }
    });
    parser.on('opentag', (tag) => {
      handedOver();
      this.#open(tag);
    });
    parser.on('closetag', (tag) => {
      handedOver();
      this.#close(tag.name);
    });
    parser.on('text', (text) => {
      handedOver();
      this.#addText(text);
    });
    parser.on('cdata', (text) => {
      handedOver();
      this.#addText(text);
    });
    parser.on('comment', handedOver);
    parser.on('processinginstruction', handedOver);
  }

  write(text: string): void {
    if (text === '') return;
    this.#parser.write(text);
    if (this.#parser.position - this.#handedOverAt > MAX_TEXT_CHARS) throw tooLarge();
  }

  end(bytesRead: number): Reading {
    if (this.#reading && !this.#rootClosed) throw cutOff(bytesRead);
    // Closing reports what is missing: a document with no element at all, say.
    this.#parser.close();
    if (!this.#reading) throw notXml('there is no element in it');
    return this.#reading;
  }

  #open(tag: SaxesTagPlain): void {
    const path = this.#path;
    const name = localName(tag.name);
    if (path.length === MAX_DEPTH) {
      throw new ImportReadError(
        'record-too-large',
        `The file's elements nest over ${MAX_DEPTH} levels deep, deeper than any GPX or KML.`,
      );
    }
    path.push(name);
    if (path.length === 1) this.#reading = this.#readingFor(name);
    if (this.#reading!.open(name, tag.attributes)) this.#text = { depth: path.length, value: '' };
  }

  #readingFor(root: string): Reading {
    if (root === 'gpx') return new GpxReading(this.#path, this.#sink);
    if (root === 'kml') return new KmlReading(this.#path, this.#sink);
    throw new ImportReadError(
      'unknown-format',
      `The file is XML, but its root element is <${root}>, not <gpx> or <kml>. ${FORMATS_READ}`,
    );
  }

  #close(tagName: string): void {
    const path = this.#path;
    let text: string | undefined;
    if (this.#text?.depth === path.length) {
      text = this.#text.value;
      this.#text = undefined;
    }
    this.#reading!.close(localName(tagName), text);
    path.pop();
    if (path.length === 0) this.#rootClosed = true;
  }

  #addText(text: string): void {
    const wanted = this.#text;
    if (!wanted) return;
    if (wanted.value.length + text.length > MAX_TEXT_CHARS) throw tooLarge();
    wanted.value += text;
  }
}

class GpxReading implements Reading {
  readonly format = 'gpx';
  untimed = 0;
  #point:
    | { kind: string; depth: number; lat: number; lng: number; at?: number | undefined; name?: string }
    | undefined;

  constructor(
    private readonly path: string[],
    private readonly sink: ImportSink,
  ) {}

  open(name: string, attributes: Record<string, string>): boolean {
    if (name === 'trkpt' || name === 'rtept' || name === 'wpt') {
      const depth = this.path.length;
      this.#point = { kind: name, depth, lat: toNumber(attributes.lat), lng: toNumber(attributes.lon) };
      return false;
    }
    const point = this.#point;
    if (!point || this.path.length !== point.depth + 1) return false;
    return name === 'time' || (name === 'name' && point.kind === 'wpt');
  }

  close(name: string, text: string | undefined): void {
    const point = this.#point;
    if (!point) return;
    if (text !== undefined) {
      if (name === 'time') point.at = xmlTime(text);
      else if (text.trim()) point.name = text.trim();
      return;
    }
    if (this.path.length !== point.depth) return;
    this.#point = undefined;
    const { lat, lng, at, name: label } = point;
    if (point.kind === 'wpt') {
      const time = at ?? null;
      this.sink.stay({
        lat,
        lng,
        start: time,
        end: time,
        source: 'waypoint',
        ...(label ? { name: label } : {}),
      });
    } else if (at === undefined) {
      this.untimed += 1;
    } else {
      this.sink.point({ lat, lng, at });
    }
  }
}

interface Placemark {
  depth: number;
  name?: string;
  when?: number | undefined;
  begin?: number | undefined;
  end?: number | undefined;
  /** Longitude, latitude, longitude, latitude… of its Points, then of its lines. */
  points: number[];
  lines: number[];
}

/** A gx:Track: its times and its coordinates come as two lists, the nth of each making a point. */
interface Track {
  depth: number;
  times: number[];
  coordinates: number[];
  paired: number;
}

class KmlReading implements Reading {
  readonly format = 'kml';
  untimed = 0;
  #placemark: Placemark | undefined;
  #track: Track | undefined;

  constructor(
    private readonly path: string[],
    private readonly sink: ImportSink,
  ) {}

  open(name: string): boolean {
    const depth = this.path.length;
    if (name === 'Placemark') {
      this.#placemark = { depth, points: [], lines: [] };
      return false;
    }
    if (name === 'Track') {
      this.#track = { depth, times: [], coordinates: [], paired: 0 };
      return false;
    }
    const parent = this.path[depth - 2];
    if (this.#track?.depth === depth - 1) return name === 'when' || name === 'coord';
    const placemark = this.#placemark;
    if (!placemark) return false;
    if (name === 'coordinates')
      return parent === 'Point' || parent === 'LineString' || parent === 'LinearRing';
    if (depth === placemark.depth + 1) return name === 'name';
    // Only the placemark's own time: a TimeStamp can also sit in a LookAt or a Camera.
    if (depth !== placemark.depth + 2) return false;
    return (
      (parent === 'TimeStamp' && name === 'when') ||
      (parent === 'TimeSpan' && (name === 'begin' || name === 'end'))
    );
  }

  close(name: string, text: string | undefined): void {
    if (text !== undefined) {
      this.#read(name, text);
    } else if (name === 'Track' && this.#track?.depth === this.path.length) {
      const track = this.#track;
      this.untimed += track.coordinates.length / 2 - track.paired;
      this.#track = undefined;
    } else if (name === 'Placemark' && this.#placemark?.depth === this.path.length) {
      this.#finish(this.#placemark);
      this.#placemark = undefined;
    }
  }

  #read(name: string, text: string): void {
    const track = this.#track;
    if (track?.depth === this.path.length - 1) {
      if (name === 'when') track.times.push(xmlTime(text) ?? NaN);
      else track.coordinates.push(...trackCoordinate(text));
      this.#pair(track);
      return;
    }
    const placemark = this.#placemark!;
    if (name === 'name') placemark.name = text.trim() || undefined;
    else if (name === 'when') placemark.when = xmlTime(text);
    else if (name === 'begin') placemark.begin = xmlTime(text);
    else if (name === 'end') placemark.end = xmlTime(text);
    else if (this.path[this.path.length - 2] === 'Point') readCoordinates(text, placemark.points);
    else readCoordinates(text, placemark.lines);
  }

  /** Hands over the points a track has both halves of, and forgets them. */
  #pair(track: Track): void {
    const { times, coordinates } = track;
    while (track.paired < times.length && track.paired * 2 < coordinates.length) {
      const i = track.paired;
      track.paired += 1;
      const at = times[i]!;
      if (Number.isNaN(at)) this.untimed += 1;
      else this.sink.point({ lng: coordinates[i * 2]!, lat: coordinates[i * 2 + 1]!, at });
    }
    if (track.paired === times.length && track.paired * 2 === coordinates.length) {
      times.length = 0;
      coordinates.length = 0;
      track.paired = 0;
    } else if (times.length + coordinates.length / 2 - track.paired * 2 > MAX_BUFFERED_VERTICES) {
      throw tooLarge();
    }
  }

  #finish(placemark: Placemark): void {
    const { name, when, begin, end, points, lines } = placemark;
    const start = when ?? begin ?? null;
    const stop = when ?? end ?? null;
    for (let i = 0; i < points.length; i += 2) {
      this.sink.stay({
        lng: points[i]!,
        lat: points[i + 1]!,
        start,
        end: stop,
        source: 'placemark',
        ...(name ? { name } : {}),
      });
    }
    const count = lines.length / 2;
    if (when === undefined && (begin === undefined || end === undefined)) {
      this.untimed += count;
      return;
    }
    // A line with a time span was travelled over it: its vertices are spread evenly from begin to end.
    const from = when ?? begin!;
    const step = when === undefined && count > 1 ? (end! - begin!) / (count - 1) : 0;
    for (let i = 0; i < count; i += 1) {
      this.sink.point({ lng: lines[i * 2]!, lat: lines[i * 2 + 1]!, at: Math.round(from + step * i) });
    }
  }
}

/** KML coordinates: "lng,lat[,alt]" tuples apart by whitespace (some writers put spaces after commas too). */
function readCoordinates(text: string, into: number[]): void {
  for (const tuple of text.replace(/\s*,\s*/g, ',').split(/\s+/)) {
    if (tuple === '') continue;
    const [lng, lat] = tuple.split(',');
    into.push(toNumber(lng), toNumber(lat));
    if (into.length / 2 > MAX_BUFFERED_VERTICES) throw tooLarge();
  }
}

/** A gx:coord: "lng lat alt". */
function trackCoordinate(text: string): [number, number] {
  const [lng, lat] = text.trim().split(/\s+/);
  return [toNumber(lng), toNumber(lat)];
}

/**
 * A GPX or KML time: xsd:dateTime, or a date. KML also allows a year or a year and month alone, too vague
 * to place a traveller: undefined, as is anything else (parseTime would read "2019" as seconds).
 */
function xmlTime(text: string): number | undefined {
  const value = text.trim();
  if (!/^\d{4}-\d{2}-\d{2}/.test(value)) return undefined;
  // A time without a zone is UTC, as GPX defines it; KML leaves it open, and the server's own zone (which
  // Date.parse would use) is no better a guess.
  return parseTime(/T[\d:.]+$/.test(value) ? `${value}Z` : value);
}

function toNumber(text: string | undefined): number {
  return text === undefined || text.trim() === '' ? NaN : Number(text);
}

function localName(name: string): string {
  return name.slice(name.indexOf(':') + 1);
}

function notXml(what: string): ImportReadError {
  return new ImportReadError('not-xml', `The file is not valid XML: ${what}.`);
}

function tooLarge(): ImportReadError {
  return new ImportReadError(
    'record-too-large',
    `One element of the file holds over ${MAX_TEXT_CHARS / 1024 / 1024} MB of text or ${MAX_BUFFERED_VERTICES.toLocaleString('en')} positions, more than Waymarks reads in one piece.`,
  );
}
