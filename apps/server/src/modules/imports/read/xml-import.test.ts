import { describe, expect, it } from 'vitest';
import { ImportReadError } from './import-read-error.js';
import { MAX_TEXT_CHARS, readXmlImport } from './xml-import.js';
import { chunksOf, recordingSink } from './read-testing.js';

async function read(text: string | Buffer, size = 1 << 16) {
  const sink = recordingSink();
  const { points, stays } = sink;
  const progress: number[] = [];
  const bytes = typeof text === 'string' ? Buffer.from(text) : text;
  const result = await readXmlImport(chunksOf(bytes, size), sink, {
    onProgress: (bytes) => progress.push(bytes),
  });
  return { ...result, points, stays, progress };
}

async function refusal(text: string | Buffer): Promise<ImportReadError> {
  const sink = recordingSink();
  const bytes = typeof text === 'string' ? Buffer.from(text) : text;
  const error: unknown = await readXmlImport(chunksOf(bytes, 4096), sink).catch((caught: unknown) => caught);
  if (error instanceof ImportReadError) return error;
  throw new Error(`expected the document to be refused, got ${String(error)}`);
}

const at = (iso: string) => Date.parse(iso);

const GPX_11 = `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="Garmin Connect" xmlns="http://www.topografix.com/GPX/1/1"
     xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">
  <metadata><name>Lisbon week</name><time>2023-04-01T00:00:00Z</time></metadata>
  <wpt lat="38.6916" lon="-9.2160"><time>2023-04-02T09:30:00Z</time><name>Torre de Belém</name></wpt>
  <wpt lat="38.7139" lon="-9.1334"><name>Miradouro</name></wpt>
  <rte>
    <name>Planned walk</name>
    <rtept lat="38.7100" lon="-9.1400"><name>Start</name></rtept>
    <rtept lat="38.7110" lon="-9.1390"><time>2023-04-03T08:00:00Z</time></rtept>
  </rte>
  <trk>
    <name>Morning</name>
    <trkseg>
      <trkpt lat="38.7223" lon="-9.1393"><ele>45</ele><time>2023-04-02T08:00:00Z</time>
        <extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>98</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions>
      </trkpt>
      <trkpt lat="38.7230" lon="-9.1400"><time>2023-04-02T08:00:05.250Z</time></trkpt>
    </trkseg>
    <trkseg>
      <trkpt lat="38.7300" lon="-9.1500"><time>2023-04-02T10:00:00+01:00</time></trkpt>
      <trkpt lat="38.7310" lon="-9.1510"/>
    </trkseg>
  </trk>
  <trk>
    <trkseg><trkpt lat="38.7400" lon="-9.1600"><time>2023-04-03T18:00:00Z</time></trkpt></trkseg>
  </trk>
</gpx>`;

const GPX_10 = `<?xml version="1.0"?>
<gpx version="1.0" creator="GPSBabel" xmlns="http://www.topografix.com/GPX/1/0">
<time>2009-06-01T00:00:00Z</time>
<bounds minlat="51.5" minlon="-0.2" maxlat="51.6" maxlon="-0.1"/>
<wpt lat="51.5007" lon="-0.1246"><ele>10</ele><time>2009-06-01T12:00:00Z</time><name>Big Ben</name><sym>Flag</sym></wpt>
<trk><name>ACTIVE LOG</name>
<trkseg>
<trkpt lat="51.5010" lon="-0.1250"><ele>12.1</ele><time>2009-06-01T12:01:00Z</time><course>90</course><speed>1.2</speed></trkpt>
<trkpt lat="51.5020" lon="-0.1260"><time>2009-06-01T12:02:00Z</time></trkpt>
</trkseg>
<trkseg>
<trkpt lat="51.5100" lon="-0.1300"><time>2009-06-01T13:00:00</time></trkpt>
</trkseg>
</trk>
</gpx>`;

const KML = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2">
<Document>
  <name>My places</name>
  <Folder>
    <name>2022 Japan</name>
    <Folder>
      <name>Kyoto</name>
      <Placemark>
        <name>Fushimi Inari</name>
        <LookAt><gx:TimeStamp><when>1999-01-01T00:00:00Z</when></gx:TimeStamp><longitude>135.77</longitude></LookAt>
        <TimeStamp><when>2022-10-05T02:00:00Z</when></TimeStamp>
        <Point><coordinates>135.7727,34.9671,0</coordinates></Point>
      </Placemark>
      <Placemark>
        <name>Ryokan</name>
        <TimeSpan><begin>2022-10-04T08:00:00Z</begin><end>2022-10-06T01:00:00Z</end></TimeSpan>
        <Point><coordinates> 135.7681 , 35.0037 </coordinates></Point>
      </Placemark>
    </Folder>
    <Placemark>
      <name>Wishlist: Nara</name>
      <Point><coordinates>135.8048,34.6851</coordinates></Point>
    </Placemark>
    <Placemark>
      <name>Train to Osaka</name>
      <TimeSpan><begin>2022-10-06T01:00:00Z</begin><end>2022-10-06T01:30:00Z</end></TimeSpan>
      <LineString><tessellate>1</tessellate><coordinates>
        135.7585,34.9858,0 135.6000,34.8000,0
        135.4959,34.7024,0
      </coordinates></LineString>
    </Placemark>
    <Placemark>
      <name>Planned route</name>
      <LineString><coordinates>135.1,34.1 135.2,34.2</coordinates></LineString>
    </Placemark>
  </Folder>
  <Placemark>
    <name>Harbour walk</name>
    <TimeStamp><when>2022-10-07</when></TimeStamp>
    <MultiGeometry>
      <Point><coordinates>135.4300,34.6550</coordinates></Point>
      <LineString><coordinates>135.4310,34.6560 135.4320,34.6570</coordinates></LineString>
    </MultiGeometry>
  </Placemark>
  <Placemark>
    <name>Ferry</name>
    <gx:Track>
      <when>2022-10-08T00:00:00Z</when>
      <when>2022-10-08T00:10:00Z</when>
      <when>not a time</when>
      <gx:coord>135.40 34.60 0</gx:coord>
      <gx:coord>135.30 34.50 0</gx:coord>
      <gx:coord>135.20 34.40 0</gx:coord>
    </gx:Track>
  </Placemark>
</Document>
</kml>`;

describe('readXmlImport on GPX', () => {
  it('reads track points of every track and segment, timed route points and waypoints as stays', async () => {
    const result = await read(GPX_11);
    expect(result.format).toBe('gpx');
    expect(result.points).toEqual([
      { lat: 38.711, lng: -9.139, at: at('2023-04-03T08:00:00Z') },
      { lat: 38.7223, lng: -9.1393, at: at('2023-04-02T08:00:00Z') },
      { lat: 38.723, lng: -9.14, at: at('2023-04-02T08:00:05.250Z') },
      { lat: 38.73, lng: -9.15, at: at('2023-04-02T09:00:00Z') },
      { lat: 38.74, lng: -9.16, at: at('2023-04-03T18:00:00Z') },
    ]);
    expect(result.stays).toEqual([
      {
        lat: 38.6916,
        lng: -9.216,
        start: at('2023-04-02T09:30:00Z'),
        end: at('2023-04-02T09:30:00Z'),
        source: 'waypoint',
        name: 'Torre de Belém',
      },
      { lat: 38.7139, lng: -9.1334, start: null, end: null, source: 'waypoint', name: 'Miradouro' },
    ]);
    // The route point and the track point without a time.
    expect(result.untimed).toBe(2);
  });

  it('reads GPX 1.0, its times without a zone as UTC; the document time and other fields are not points', async () => {
    const result = await read(GPX_10);
    expect(result.points.map((point) => point.at)).toEqual([
      at('2009-06-01T12:01:00Z'),
      at('2009-06-01T12:02:00Z'),
      at('2009-06-01T13:00:00Z'),
    ]);
    expect(result.stays).toEqual([
      {
        lat: 51.5007,
        lng: -0.1246,
        start: at('2009-06-01T12:00:00Z'),
        end: at('2009-06-01T12:00:00Z'),
        source: 'waypoint',
        name: 'Big Ben',
      },
    ]);
  });

  it('matches elements by their local name, whatever the namespace prefix', async () => {
    const text = `<g:gpx xmlns:g="http://www.topografix.com/GPX/1/1"><g:trk><g:trkseg>
      <g:trkpt lat="1.5" lon="2.5"><g:time>2020-01-01T00:00:00Z</g:time></g:trkpt>
    </g:trkseg></g:trk></g:gpx>`;
    expect((await read(text)).points).toEqual([{ lat: 1.5, lng: 2.5, at: at('2020-01-01T00:00:00Z') }]);
  });

  it('reads the same fed one byte at a time, with a byte-order mark and names in several scripts', async () => {
    const text = GPX_11.replace('Torre de Belém', 'Torre de Belém 塔 🏰');
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]);
    const whole = await read(bytes);
    const byByte = await read(bytes, 1);
    expect(byByte.points).toEqual(whole.points);
    expect(byByte.stays).toEqual(whole.stays);
    expect(byByte.stays[0]!.name).toBe('Torre de Belém 塔 🏰');
  });

  it('reports the bytes read as it goes', async () => {
    const result = await read(GPX_10, 100);
    expect(result.bytesRead).toBe(Buffer.byteLength(GPX_10));
    expect(result.progress.at(-1)).toBe(result.bytesRead);
    expect(result.progress).toHaveLength(Math.ceil(result.bytesRead / 100));
  });

  it('hands over a coordinate the file gets wrong, for the checked sink to count', async () => {
    const text = `<gpx><trk><trkseg><trkpt lon="2"><time>2020-01-01T00:00:00Z</time></trkpt></trkseg></trk></gpx>`;
    const [point] = (await read(text)).points;
    expect(point!.lat).toBeNaN();
  });
});

describe('readXmlImport on KML', () => {
  it('reads placemarks in nested folders as stays with their name and time stamp or span', async () => {
    const result = await read(KML);
    expect(result.format).toBe('kml');
    expect(result.stays).toEqual([
      {
        lng: 135.7727,
        lat: 34.9671,
        start: at('2022-10-05T02:00:00Z'),
        end: at('2022-10-05T02:00:00Z'),
        source: 'placemark',
        name: 'Fushimi Inari',
      },
      {
        lng: 135.7681,
        lat: 35.0037,
        start: at('2022-10-04T08:00:00Z'),
        end: at('2022-10-06T01:00:00Z'),
        source: 'placemark',
        name: 'Ryokan',
      },
      { lng: 135.8048, lat: 34.6851, start: null, end: null, source: 'placemark', name: 'Wishlist: Nara' },
      {
        lng: 135.43,
        lat: 34.655,
        start: at('2022-10-07'),
        end: at('2022-10-07'),
        source: 'placemark',
        name: 'Harbour walk',
      },
    ]);
  });

  it('spreads a line over its time span, puts it all at its time stamp, and reads gx:Track pairs', async () => {
    const result = await read(KML);
    expect(result.points).toEqual([
      { lng: 135.7585, lat: 34.9858, at: at('2022-10-06T01:00:00Z') },
      { lng: 135.6, lat: 34.8, at: at('2022-10-06T01:15:00Z') },
      { lng: 135.4959, lat: 34.7024, at: at('2022-10-06T01:30:00Z') },
      { lng: 135.431, lat: 34.656, at: at('2022-10-07') },
      { lng: 135.432, lat: 34.657, at: at('2022-10-07') },
      { lng: 135.4, lat: 34.6, at: at('2022-10-08T00:00:00Z') },
      { lng: 135.3, lat: 34.5, at: at('2022-10-08T00:10:00Z') },
    ]);
    // The line without a time (two vertices) and the track position whose time is not one.
    expect(result.untimed).toBe(3);
  });

  it('reads the same fed one byte at a time', async () => {
    const whole = await read(KML);
    const byByte = await read(KML, 1);
    expect(byByte.points).toEqual(whole.points);
    expect(byByte.stays).toEqual(whole.stays);
  });

  it('reads a gx:Track whose coordinates come before its times', async () => {
    const text = `<kml xmlns:gx="http://www.google.com/kml/ext/2.2"><Placemark><gx:Track>
      <gx:coord>10 20 0</gx:coord><gx:coord>11 21 0</gx:coord>
      <when>2021-01-01T00:00:00Z</when><when>2021-01-01T00:01:00Z</when>
    </gx:Track></Placemark></kml>`;
    expect((await read(text)).points).toEqual([
      { lng: 10, lat: 20, at: at('2021-01-01T00:00:00Z') },
      { lng: 11, lat: 21, at: at('2021-01-01T00:01:00Z') },
    ]);
  });

  it('takes no year or month alone for a time: a year says too little of when', async () => {
    const text = `<kml><Placemark><TimeStamp><when>2019</when></TimeStamp>
      <Point><coordinates>1,2</coordinates></Point></Placemark></kml>`;
    expect((await read(text)).stays).toEqual([
      { lng: 1, lat: 2, start: null, end: null, source: 'placemark' },
    ]);
  });
});

describe('readXmlImport refusals', () => {
  it('refuses XML of another kind, naming its root element', async () => {
    const error = await refusal('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><g/></svg>');
    expect(error.code).toBe('unknown-format');
    expect(error.message).toMatch(/<svg>/);
    expect(error.message).toMatch(/Waymarks reads/);
  });

  it('refuses a billion-laughs document before expanding anything', async () => {
    const sink = recordingSink();
    const { points, stays } = sink;
    const laughs = `<?xml version="1.0"?>
<!DOCTYPE gpx [
  <!ENTITY lol "lol">
  <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
  <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
]>
<gpx><wpt lat="1" lon="2"><name>&lol9;</name></wpt></gpx>`;
    const error = await readXmlImport(chunksOf(Buffer.from(laughs), 64), sink).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ImportReadError);
    expect((error as ImportReadError).code).toBe('not-xml');
    expect((error as ImportReadError).message).toMatch(/declares XML entities/);
    expect([points, stays]).toEqual([[], []]);
  });

  it('refuses an external entity, and reads no file a DOCTYPE points at', async () => {
    const external = `<?xml version="1.0"?>
<!DOCTYPE kml [ <!ENTITY secret SYSTEM "file:///etc/passwd"> ]>
<kml><Placemark><name>&secret;</name><Point><coordinates>1,2</coordinates></Point></Placemark></kml>`;
    expect((await refusal(external)).message).toMatch(/declares XML entities/);

    const parameter = `<!DOCTYPE kml [ <!ENTITY % remote SYSTEM "http://localhost:1/evil.dtd"> %remote; ]><kml/>`;
    expect((await refusal(parameter)).code).toBe('not-xml');

    // An external DTD is only named: it is not fetched, and an entity it would declare is unknown.
    const dtd = `<!DOCTYPE kml SYSTEM "file:///etc/passwd">
<kml><Placemark><name>Home</name><Point><coordinates>1,2</coordinates></Point></Placemark></kml>`;
    expect((await read(dtd)).stays).toEqual([
      { lng: 1, lat: 2, start: null, end: null, source: 'placemark', name: 'Home' },
    ]);
    const undeclared = dtd.replace('Home', '&passwd;');
    const error = await refusal(undeclared);
    expect(error.code).toBe('not-xml');
    expect(error.message).toMatch(/undefined entity/);
  });

  it('refuses malformed XML, saying on which line', async () => {
    const text = `<gpx>\n<trk>\n<trkseg>\n<trkpt lat="1" lon="2"></trkseg>\n</trk>\n</gpx>`;
    const error = await refusal(text);
    expect(error.code).toBe('not-xml');
    expect(error.message).toMatch(/line 4/);
  });

  it('refuses a document cut off before its root closes', async () => {
    for (const cut of [GPX_11.indexOf('</trkseg>'), GPX_11.length - 3]) {
      const error = await refusal(GPX_11.slice(0, cut));
      expect(error.code).toBe('truncated');
      expect(error.message).toMatch(/stops before its end/);
    }
  });

  it('refuses what is not XML, and an empty file', async () => {
    expect((await refusal('{"locations": []}')).code).toBe('not-xml');
    expect((await refusal('')).code).toBe('not-xml');
    expect((await refusal('<?xml version="1.0"?>\n<!-- nothing -->')).code).toBe('not-xml');
  });

  it('refuses an element whose text is longer than any it reads, and a comment as long', async () => {
    const coordinates = '1.000,2.000 '.repeat(Math.ceil(MAX_TEXT_CHARS / 12) + 1);
    const line = `<kml><Placemark><LineString><coordinates>${coordinates}</coordinates></LineString></Placemark></kml>`;
    expect((await refusal(line)).code).toBe('record-too-large');
    const comment = `<gpx><!--${'x'.repeat(MAX_TEXT_CHARS + 1)}--></gpx>`;
    expect((await refusal(comment)).code).toBe('record-too-large');
  });
});
