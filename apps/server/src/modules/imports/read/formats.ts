// The location histories an import reads, by what their content is, never by a file's name.
import { IMPORT_FORMAT_NAMES, type ImportFormat } from '@waymarks/shared';
import type { JsonPath } from './json-elements.js';
import type { ImportSink } from './points.js';

export type FormatId = ImportFormat;

/** How the screen and the error messages name each format. */
export const FORMAT_NAMES = IMPORT_FORMAT_NAMES;

/** The sentence every refusal ends with: what can be read. */
export const FORMATS_READ =
  'Waymarks reads Google Takeout location history (Records.json or Semantic Location History), the Timeline ' +
  'export of an Android phone or an iPhone, GPX, KML, KMZ, GeoJSON and a Polarsteps data export, or a ZIP ' +
  'of any of these.';

/**
 * A JSON format: the arrays it reads (paths from the document's root) and what it makes of each of their
 * elements. `read` answers false for an element that is not of this format (and then handed nothing to
 * the sink): a path two formats share, or a document that only looks like one, is told apart by its
 * elements.
 */
export interface JsonFormat {
  id: FormatId;
  paths: JsonPath[];
  read(pathIndex: number, element: unknown, sink: ImportSink): boolean;
}
