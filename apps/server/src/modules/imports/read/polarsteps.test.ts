import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { ImportReadError } from './import-read-error.js';
import type { ImportSink, Stay, TimedPoint } from './points.js';
import { isPolarstepsExport, readPolarsteps } from './polarsteps.js';
import { openZip } from './zip.js';

async function exportOf(files: [name: string, content: string, compress?: boolean][]) {
  const zip = new yazl.ZipFile();
  for (const [name, content, compress = true] of files)
    zip.addBuffer(Buffer.from(content), name, { compress });
  zip.end();
  const bytes = await buffer(zip.outputStream);
  return openZip({
    size: bytes.length,
    read: async (offset, length) => bytes.subarray(offset, offset + length),
  });
}

async function read(files: [name: string, content: string][]) {
  const points: TimedPoint[] = [];
  const stays: Stay[] = [];
  const sink: ImportSink = { point: (point) => points.push(point), stay: (stay) => stays.push(stay) };
  const result = await readPolarsteps(await exportOf(files), sink);
  return { ...result, points, stays };
}

/** A step as the export writes it, trimmed of the fields Waymarks does not read. */
function step(fields: Record<string, unknown>) {
  return {
    id: 1,
    name: null,
    description: 'Arrived by night bus.',
    type: 1,
    end_time: null,
    is_deleted: false,
    supertype: 'normal',
    timezone_id: 'Asia/Bangkok',
    ...fields,
  };
}

const BANGKOK = {
  id: 7001,
  name: 'Backpacking Thailand',
  start_date: 1672531200,
  end_date: 1675209600,
  timezone_id: 'Asia/Bangkok',
  all_steps: [
    step({
      display_name: 'Khao San Road',
      start_time: 1672574400,
      end_time: 1672747200,
      location: { name: 'Bangkok', detail: 'Thailand', country_code: 'TH', lat: 13.7589, lon: 100.4974 },
    }),
    step({
      start_time: 1672833600.5,
      location: { name: 'Ayutthaya', detail: 'Thailand', country_code: 'TH', lat: 14.3532, lon: 100.5689 },
    }),
    step({
      display_name: 'Removed step',
      is_deleted: true,
      start_time: 1672900000,
      location: { name: 'Lopburi', detail: 'Thailand', country_code: 'TH', lat: 14.7995, lon: 100.6534 },
    }),
  ],
};

const ROADTRIP = {
  id: 7002,
  name: 'Iceland ring road',
  all_steps: [
    step({
      name: 'Blue Lagoon',
      display_name: '',
      start_time: 1690000000,
      location: { name: 'Grindavík', detail: 'Iceland', country_code: 'IS', lat: 63.8804, lon: -22.4495 },
    }),
  ],
};

const LOCATIONS = JSON.stringify({
  locations: [
    { lat: 13.7563, lon: 100.5018, time: 1672570000.0 },
    { lat: 13.7589, lon: 100.4974, time: 1672574400.0 },
  ],
});

describe('isPolarstepsExport', () => {
  it('knows an export by its trip folders, at the root or in one folder', () => {
    expect(isPolarstepsExport(['user/user.json', 'trip/Iceland ring road_7002/trip.json'])).toBe(true);
    expect(isPolarstepsExport(['user_data/trip/Thailand_7001/trip.json'])).toBe(true);
    expect(isPolarstepsExport(['trip/Thailand_7001/locations.json'])).toBe(false);
    expect(isPolarstepsExport(['Takeout/Location History/Records.json', 'trip.json'])).toBe(false);
  });
});

describe('readPolarsteps', () => {
  it('reads the steps of every trip as stays and each tracked trip positions as points', async () => {
    const result = await read([
      ['user/user.json', JSON.stringify({ first_name: 'Ana' })],
      ['trip/Backpacking Thailand_7001/trip.json', JSON.stringify(BANGKOK)],
      ['trip/Backpacking Thailand_7001/locations.json', LOCATIONS],
      ['trip/Backpacking Thailand_7001/step_1/photos/a.jpg', 'not read'],
      ['trip/Iceland ring road_7002/trip.json', JSON.stringify(ROADTRIP)],
    ]);
    expect(result.trips).toBe(2);
    expect(result.stays).toEqual([
      {
        lat: 13.7589,
        lng: 100.4974,
        start: 1672574400_000,
        end: 1672747200_000,
        source: 'step',
        name: 'Khao San Road',
      },
      { lat: 14.3532, lng: 100.5689, start: 1672833600_500, end: null, source: 'step', name: 'Ayutthaya' },
      { lat: 63.8804, lng: -22.4495, start: 1690000000_000, end: null, source: 'step', name: 'Blue Lagoon' },
    ]);
    expect(result.points).toEqual([
      { lat: 13.7563, lng: 100.5018, at: 1672570000_000 },
      { lat: 13.7589, lng: 100.4974, at: 1672574400_000 },
    ]);
  });

  it('hands over a position without a time as one, for the checked sink to count', async () => {
    const result = await read([
      ['trip/T_1/trip.json', JSON.stringify({ all_steps: [] })],
      ['trip/T_1/locations.json', JSON.stringify({ locations: [{ lat: 1, lon: 2 }] })],
    ]);
    expect(result.points[0]!.at).toBeNaN();
  });

  it('refuses a trip.json that is not JSON, naming it', async () => {
    const error = await read([['trip/T_1/trip.json', '{"all_steps": [']]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ImportReadError);
    expect((error as ImportReadError).code).toBe('not-json');
    expect((error as ImportReadError).message).toMatch(/trip\/T_1\/trip\.json/);
  });

  it('refuses a trip.json over 32 MB without reading it', async () => {
    const huge = JSON.stringify({ all_steps: [], filler: ' '.repeat(33 * 1024 * 1024) });
    // Stored, not deflated: spaces packed over 200 to 1 would be refused as a ZIP bomb first.
    const zip = await exportOf([['trip/T_1/trip.json', huge, false]]);
    const error = await readPolarsteps(zip, { point() {}, stay() {} }).catch((caught: unknown) => caught);
    expect((error as ImportReadError).code).toBe('record-too-large');
  });
});
