// Import rules the server enforces and the web app shows (issue 26: bringing past travels in): the
// formats read, the statuses an import passes through, its limits and its texts. Free of zod so the
// browser can import it without the schema library.
import { formatFileSize } from './format.js';

/** The location histories an import reads, by what their content is, never by a file's name. */
export const IMPORT_FORMATS = [
  'google-records',
  'google-semantic',
  'android-timeline',
  'iphone-timeline',
  'gpx',
  'kml',
  'kmz',
  'geojson',
  'polarsteps',
] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** How the screen and the error messages name each format. */
export const IMPORT_FORMAT_NAMES: Record<ImportFormat, string> = {
  'google-records': 'Google Takeout location history (Records.json)',
  'google-semantic': 'Google Takeout Semantic Location History',
  'android-timeline': 'Timeline export from an Android phone',
  'iphone-timeline': 'Timeline export from an iPhone',
  gpx: 'GPX',
  kml: 'KML',
  kmz: 'KMZ',
  geojson: 'GeoJSON',
  polarsteps: 'Polarsteps data export',
};

/**
 * Where an import is: its files going up, read by a job, its places waiting for the traveller's choice,
 * the chosen ones being made pins, done; or failed (its error says why), or undone after it was done.
 */
export const IMPORT_STATUSES = [
  'uploading',
  'reading',
  'ready',
  'committing',
  'done',
  'failed',
  'undone',
] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** Statuses in which an import is under way: a traveller runs one such import at a time. */
export const IMPORT_BUSY_STATUSES: readonly ImportStatus[] = ['uploading', 'reading', 'committing'];

export const IMPORT_LIMITS = {
  /** One PUT to S3 carries at most 5 GiB; the plan's storage may allow less. */
  maxFileBytes: 5 * 1024 ** 3,
  /** Files one import reads together (several chosen at once, or a Takeout's parts). */
  maxFiles: 20,
  fileNameMax: 255,
  /** How long an import's upload links stay valid: a gigabyte on a slow line takes a while. */
  uploadUrlSeconds: 6 * 60 * 60,
  /** An uploaded file left longer than this (never completed, never read) is deleted by the sweep. */
  fileKeptHours: 24,
  /** The most places one commit names. */
  maxCommitPlaces: 100_000,
  /** The imports the profile's history lists. */
  historySize: 50,
} as const;

export const IMPORT_MESSAGES = {
  busy: 'Another import is under way. Wait until it has finished, or cancel it, before starting a new one.',
  notReady: 'This import is not ready to preview yet.',
  notCommittable: 'This import cannot be saved now.',
  stillCommitting: 'This import is being saved. Undo it once it has finished.',
  notFound: 'Import not found',
  notUploaded: 'The file has not been uploaded yet. Upload it again, then try once more.',
  noMoreFiles:
    'This import takes no more files: its files have gone up already. Start a new import for these.',
  unknownPlace: 'Some of the chosen places are not in this import. Reload the preview and choose again.',
  tooManyFiles: `An import reads at most ${IMPORT_LIMITS.maxFiles} files at once.`,
  uploadExpired: 'This upload was not finished in time. Please start the import again.',
  emptyFile: 'The file is empty.',
  fileNameRequired: 'A file name is required.',
} as const;

/** A file larger than the plan's storage (or the largest single upload) is refused before it goes up. */
export function importTooLargeMessage(fileBytes: number, limitBytes: number): string {
  return (
    `This file is ${formatFileSize(fileBytes)}, more than the ${formatFileSize(limitBytes)} an import can ` +
    'take on your plan. Split it (Google Takeout can export a year at a time), or upgrade for more.'
  );
}

/** The largest file an import takes on a plan with this much storage. */
export function importMaxBytes(storageGB: number): number {
  return Math.min(IMPORT_LIMITS.maxFileBytes, storageGB * 1024 ** 3);
}

/** What the privacy policy and the import screen say about the file. */
export const IMPORT_PRIVACY_TEXT =
  'Your file is read on our server and deleted as soon as it has been read, and in any case within ' +
  `${IMPORT_LIMITS.fileKeptHours} hours. Only the places you choose to keep are stored.`;
