// Reads a JSON location history in one pass, whichever of the JSON formats it is: every format's arrays are
// followed at once, each element goes to the formats that read its array, and the document is of the format
// that took its elements.
import { FORMATS_READ, type FormatId, type JsonFormat } from './formats.js';
import { geojson } from './geojson.js';
import { googleRecords } from './google-records.js';
import { googleSemantic } from './google-semantic.js';
import { ImportReadError } from './import-read-error.js';
import { JsonElements, type JsonPath } from './json-elements.js';
import { androidTimeline, iphoneTimeline } from './phone-timeline.js';
import type { ImportSink } from './points.js';

export const JSON_FORMATS: JsonFormat[] = [
  googleRecords,
  googleSemantic,
  androidTimeline,
  iphoneTimeline,
  geojson,
];

/** How many of a document's keys a refusal names: enough to recognise it, few enough to read. */
const KEYS_NAMED = 6;
/** A key is named up to this length: a document may have any text as a key. */
const KEY_CHARACTERS = 40;

/** Each distinct path once, with the formats that read it and under which of their own indexes. */
function routesOf(formats: readonly JsonFormat[]) {
  const paths: JsonPath[] = [];
  const readers: { format: JsonFormat; pathIndex: number }[][] = [];
  const indexOf = new Map<string, number>();
  for (const format of formats) {
    format.paths.forEach((path, pathIndex) => {
      const key = JSON.stringify(path);
      let index = indexOf.get(key);
      if (index === undefined) {
        index = paths.push(path) - 1;
        indexOf.set(key, index);
        readers.push([]);
      }
      readers[index]!.push({ format, pathIndex });
    });
  }
  return { paths, readers };
}

/**
 * Reads the document in `chunks`, handing its points and stays to `sink`, and answers its format: the one
 * whose elements it holds (the one that took most, should elements of several be found). A document with
 * no element any format takes is refused, saying what it holds instead.
 */
export async function readJsonImport(
  chunks: AsyncIterable<Buffer>,
  sink: ImportSink,
  formats: readonly JsonFormat[] = JSON_FORMATS,
  onProgress?: (bytesRead: number) => void,
): Promise<{ format: FormatId; bytesRead: number }> {
  const { paths, readers } = routesOf(formats);
  const taken = new Map<FormatId, number>();
  let elements = 0;
  const reader = new JsonElements(paths, (index, element) => {
    elements += 1;
    // A path two formats share goes to each in turn: the first whose element it is takes it.
    for (const { format, pathIndex } of readers[index]!) {
      if (format.read(pathIndex, element, sink)) {
        taken.set(format.id, (taken.get(format.id) ?? 0) + 1);
        return;
      }
    }
  });
  for await (const chunk of chunks) {
    reader.write(chunk);
    onProgress?.(reader.bytesRead);
  }
  reader.end();
  let format: FormatId | undefined;
  let most = 0;
  for (const [id, count] of taken) {
    if (count > most) [format, most] = [id, count];
  }
  if (format === undefined) {
    throw new ImportReadError(
      'unknown-format',
      `The file is JSON but not a location history Waymarks can read: it holds ${whatIsIn(reader, paths, elements)}. ${FORMATS_READ}`,
    );
  }
  return { format, bytesRead: reader.bytesRead };
}

/** What a document no format took holds, in words a traveller can match against the file they chose. */
function whatIsIn(reader: JsonElements, paths: JsonPath[], elements: number): string {
  if (reader.rootKind === 'array') {
    // Only the root path reaches into an array, so the elements counted are the array's.
    const emptyArray = elements === 0 && paths.some((path) => path.length === 0);
    return emptyArray ? 'an empty array' : 'an array of something other than location records';
  }
  const keys = reader.topLevelKeys;
  if (keys.length === 0) return 'an empty object';
  const named = keys
    .slice(0, KEYS_NAMED)
    .map((key) => `"${key.length > KEY_CHARACTERS ? `${key.slice(0, KEY_CHARACTERS)}…` : key}"`);
  if (keys.length > KEYS_NAMED) named.push(`${keys.length - KEYS_NAMED} more`);
  const list = new Intl.ListFormat('en', { type: 'conjunction' }).format(named);
  return `an object with the ${keys.length === 1 ? 'key' : 'keys'} ${list}`;
}
