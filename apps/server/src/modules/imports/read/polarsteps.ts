// Reads a Polarsteps data export: a ZIP with a folder per trip under trip/ ("trip/<name>_<id>/"), each
// holding trip.json (the trip and its steps, where the traveller stopped) and, for a tracked trip,
// locations.json (the route as positions in time). Photos and the rest of the export are not read.
import { ImportReadError } from './import-read-error.js';
import { JsonElements } from './json-elements.js';
import { parseTime, type ImportSink } from './points.js';
import type { OpenZip, ZipEntry } from './zip.js';

/** trip.json is read whole; a trip of thousands of steps is a few megabytes. */
export const MAX_TRIP_BYTES = 32 * 1024 * 1024;

/** A trip's files, at the archive's root or in the one folder some unpackers and repackers add. */
const TRIP_FILE = /^(?:[^/]+\/)?trip\/[^/]+\/(trip|locations)\.json$/;

export function isPolarstepsExport(entryNames: readonly string[]): boolean {
  return entryNames.some((name) => TRIP_FILE.exec(name)?.[1] === 'trip');
}

export async function readPolarsteps(zip: OpenZip, sink: ImportSink): Promise<{ trips: number }> {
  let trips = 0;
  for (const entry of zip.entries) {
    const file = TRIP_FILE.exec(entry.name)?.[1];
    if (file === 'trip') {
      readTrip(entry, await wholeTrip(zip, entry), sink);
      trips += 1;
    } else if (file === 'locations') {
      await readLocations(zip, entry, sink);
    }
  }
  return { trips };
}

async function wholeTrip(zip: OpenZip, entry: ZipEntry): Promise<string> {
  if (entry.uncompressedSize > MAX_TRIP_BYTES) {
    throw new ImportReadError(
      'record-too-large',
      `The export's "${entry.name}" is over ${MAX_TRIP_BYTES / 1024 / 1024} MB, larger than any trip.`,
    );
  }
  const parts: Buffer[] = [];
  for await (const chunk of zip.read(entry)) parts.push(chunk);
  return Buffer.concat(parts).toString('utf8');
}

interface Step {
  name?: unknown;
  display_name?: unknown;
  is_deleted?: unknown;
  start_time?: unknown;
  end_time?: unknown;
  location?: { lat?: unknown; lon?: unknown; name?: unknown } | null;
}

function readTrip(entry: ZipEntry, text: string, sink: ImportSink): void {
  let trip: { all_steps?: unknown } | null;
  try {
    trip = JSON.parse(text) as typeof trip;
  } catch (error) {
    throw new ImportReadError(
      'not-json',
      `The export's "${entry.name}" is not valid JSON (${(error as Error).message}).`,
    );
  }
  const steps = trip?.all_steps;
  if (!Array.isArray(steps)) return;
  for (const step of steps as (Step | null)[]) {
    if (typeof step !== 'object' || step === null || step.is_deleted === true) continue;
    const location = step.location ?? {};
    const name = [step.display_name, step.name, location.name].find(
      (value): value is string => typeof value === 'string' && value.trim() !== '',
    );
    sink.stay({
      lat: coordinate(location.lat),
      lng: coordinate(location.lon),
      start: parseTime(step.start_time) ?? null,
      end: parseTime(step.end_time) ?? null,
      source: 'step',
      ...(name ? { name: name.trim() } : {}),
    });
  }
}

/** locations.json can hold a tracked trip's every position: read element by element, never whole. */
async function readLocations(zip: OpenZip, entry: ZipEntry, sink: ImportSink): Promise<void> {
  const reader = new JsonElements([['locations']], (_, element) => {
    const position = (element ?? {}) as { lat?: unknown; lon?: unknown; time?: unknown };
    // A position without a time goes on as one, for the checked sink to count it skipped.
    sink.point({
      lat: coordinate(position.lat),
      lng: coordinate(position.lon),
      at: parseTime(position.time) ?? NaN,
    });
  });
  for await (const chunk of zip.read(entry)) reader.write(chunk);
  reader.end();
}

function coordinate(value: unknown): number {
  return typeof value === 'number' ? value : NaN;
}
