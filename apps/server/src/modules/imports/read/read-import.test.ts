import { buffer } from 'node:stream/consumers';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { ImportReadError } from './import-read-error.js';
import type { ImportSink, Stay, TimedPoint } from './points.js';
import { kindOf, readImport, type ImportFile } from './read-import.js';

const NOW = Date.UTC(2026, 10, 29);

/** A file held in memory, read by range and as a stream in small chunks, as one in storage is. */
function fileOf(bytes: Buffer | string): ImportFile {
  const data = Buffer.from(bytes);
  return {
    size: data.length,
    read: async (offset, length) => data.subarray(offset, offset + length),
    async *stream() {
      for (let at = 0; at < data.length; at += 1000) yield data.subarray(at, at + 1000);
    },
  };
}

async function zipOf(files: [string, string | Buffer][]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of files) zip.addBuffer(Buffer.from(content), name);
  zip.end();
  return buffer(zip.outputStream);
}

async function read(bytes: Buffer | string) {
  const points: TimedPoint[] = [];
  const stays: Stay[] = [];
  const sink: ImportSink = { point: (point) => points.push(point), stay: (stay) => stays.push(stay) };
  const result = await readImport(fileOf(bytes), sink, { now: () => NOW });
  return { result, points, stays };
}

async function refusal(bytes: Buffer | string): Promise<ImportReadError> {
  try {
    await read(bytes);
  } catch (error) {
    if (error instanceof ImportReadError) return error;
    throw error;
  }
  throw new Error('expected the file to be refused');
}

const records = (locations: object[]) => JSON.stringify({ locations });
const PARIS_E7 = { latitudeE7: 488566000, longitudeE7: 23522000 };
const semanticMonth = (name: string, start: string) =>
  JSON.stringify({
    timelineObjects: [
      {
        placeVisit: {
          location: { latitudeE7: 488584000, longitudeE7: 22945000, name },
          duration: { startTimestamp: start, endTimestamp: start.replace('T10', 'T12') },
        },
      },
    ],
  });
const GPX = `\ufeff<?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
<trkpt lat="45.764" lon="4.8357"><time>2018-07-01T08:00:00Z</time></trkpt>
<trkpt lat="45.765" lon="4.8360"><time>2018-07-01T08:01:00Z</time></trkpt></trkseg></trk></gpx>`;
const KML = `<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document><Placemark><name>Lisbon</name>
<TimeStamp><when>2017-03-02</when></TimeStamp><Point><coordinates>-9.1393,38.7223</coordinates></Point></Placemark></Document></kml>`;

describe('readImport', () => {
  it('tells a file by its content: Records.json, GPX with a byte-order mark, whatever its name', async () => {
    const json = await read(records([{ ...PARIS_E7, timestamp: '2019-05-01T10:00:00Z' }]));
    expect(json.result).toMatchObject({ format: 'google-records', points: 1, stays: 0 });
    expect(json.points).toEqual([{ lat: 48.8566, lng: 2.3522, at: Date.UTC(2019, 4, 1, 10) }]);
    const gpx = await read(GPX);
    expect(gpx.result).toMatchObject({ format: 'gpx', points: 2 });
  });

  it('reads every monthly file of a Takeout ZIP and leaves its other files aside', async () => {
    const zip = await zipOf([
      [
        'Takeout/Location History/Semantic Location History/2019/2019_MAY.json',
        semanticMonth('Eiffel Tower', '2019-05-01T10:00:00Z'),
      ],
      [
        'Takeout/Location History/Semantic Location History/2019/2019_JUNE.json',
        semanticMonth('Louvre', '2019-06-01T10:00:00Z'),
      ],
      [
        'Takeout/Location History/Settings.json',
        JSON.stringify({ createdTime: '2019-01-01', deviceSettings: [] }),
      ],
      ['Takeout/archive_browser.html', '<html><body>Takeout</body></html>'],
      ['Takeout/photo.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])],
      ['__MACOSX/._2019_MAY.json', Buffer.from([0, 5, 22, 7])],
    ]);
    const { result, stays } = await read(zip);
    expect(result).toMatchObject({ format: 'google-semantic', stays: 2, points: 0 });
    expect(stays.map((stay) => stay.name)).toEqual(['Eiffel Tower', 'Louvre']);
  });

  it('reads a KMZ and a Polarsteps export', async () => {
    const kmz = await read(await zipOf([['doc.kml', KML]]));
    expect(kmz.result).toMatchObject({ format: 'kmz', stays: 1 });
    expect(kmz.stays[0]).toMatchObject({ name: 'Lisbon', lat: 38.7223, lng: -9.1393 });
    const trip = JSON.stringify({
      name: 'Iberia',
      all_steps: [
        {
          name: 'Porto',
          location: { lat: 41.1579, lon: -8.6291, name: 'Porto', country_code: 'PT' },
          start_time: 1_500_000_000,
          end_time: 1_500_086_400,
        },
      ],
    });
    const polarsteps = await read(await zipOf([['trip/iberia_123/trip.json', trip]]));
    expect(polarsteps.result).toMatchObject({ format: 'polarsteps', stays: 1 });
  });

  it('fails the whole import when a location file in a ZIP is cut off, naming the file', async () => {
    const month = semanticMonth('Louvre', '2019-06-01T10:00:00Z');
    const zip = await zipOf([
      ['Semantic Location History/2019/2019_MAY.json', semanticMonth('Eiffel Tower', '2019-05-01T10:00:00Z')],
      ['Semantic Location History/2019/2019_JUNE.json', month.slice(0, month.length - 10)],
    ]);
    const error = await refusal(zip);
    expect(error.code).toBe('truncated');
    expect(error.message).toContain('2019_JUNE.json');
  });

  it('refuses a file with points but none usable, saying why each was left out', async () => {
    const error = await refusal(
      records([
        { latitudeE7: 0, longitudeE7: 0, timestamp: '2019-05-01T10:00:00Z' },
        { ...PARIS_E7, timestamp: '1850-01-01T00:00:00Z' },
        { ...PARIS_E7, timestamp: '2099-01-01T00:00:00Z' },
      ]),
    );
    expect(error.code).toBe('no-points');
    expect(error.message).toBe(
      'The file is a Google Takeout location history (Records.json), but holds no place Waymarks can use: of its points, 1 with coordinates out of range or at 0, 0, 2 with a time before 1900 or in the future.',
    );
  });

  it('refuses an empty file, text, a gzip archive, a binary backup and a ZIP of nothing readable, naming what was found', async () => {
    expect((await refusal('')).code).toBe('no-points');
    expect((await refusal('latitude,longitude\n48.85,2.35\n')).message).toMatch(
      /^The file is text, but neither JSON nor XML/,
    );
    expect((await refusal(gzipSync(records([])))).message).toMatch(/gzip/);
    const backup = Buffer.from(Array.from({ length: 600 }, (_, i) => (i * 37) % 256));
    const encrypted = await refusal(backup);
    expect(encrypted.code).toBe('encrypted');
    expect(encrypted.message).toMatch(/encrypted Timeline backup/);
    const other = await refusal(
      await zipOf([
        ['notes.txt', 'hello'],
        ['photo.jpg', Buffer.from([0xff, 0xd8])],
      ]),
    );
    expect(other.code).toBe('unknown-format');
    expect(other.message).toMatch(/^The ZIP holds notes\.txt, photo\.jpg, none of them a location history/);
    expect(other.message).toContain('Waymarks reads Google Takeout location history');
  });

  it('tells kinds apart from their first bytes', () => {
    expect(kindOf(Buffer.from('PK\u0003\u0004'))).toBe('zip');
    expect(kindOf(Buffer.from('  \n [1]'))).toBe('json');
    expect(kindOf(Buffer.from('\ufeff<gpx/>'))).toBe('xml');
    expect(kindOf(Buffer.from('  \n '))).toBe('empty');
  });
});
