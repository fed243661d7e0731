// The Imports contract (issue 26): /api/imports. A location history goes up as files do (upload-url, PUT,
// complete), is read by a job, previewed as places, and committed as pins, or undone.
import { z } from 'zod';
import { IMPORT_FORMATS, IMPORT_LIMITS, IMPORT_MESSAGES, IMPORT_STATUSES } from '../import-rules.js';

const importId = z.string().max(64).describe('importId from upload-url');
const day = z.string().nullable().describe('YYYY-MM-DD (UTC), or null when the file gave no time');

export const ImportUploadUrlRequest = z.strictObject({
  fileName: z.string().trim().min(1, IMPORT_MESSAGES.fileNameRequired).max(IMPORT_LIMITS.fileNameMax),
  fileSize: z
    .number()
    .int()
    .positive(IMPORT_MESSAGES.emptyFile)
    .max(IMPORT_LIMITS.maxFileBytes)
    .describe('Exact size in bytes; the PUT may carry no more'),
  importId: importId
    .optional()
    .describe('Adds this file to an import whose files are still going up (several files read together)'),
});
export type ImportUploadUrlRequest = z.input<typeof ImportUploadUrlRequest>;

export const ImportUploadUrlResponse = z.object({
  importId: z.string(),
  uploadUrl: z.string().describe('PUT the file here with its Content-Type; relative URLs are on this server'),
  contentType: z.string().describe('The Content-Type the PUT must carry'),
  expiresAt: z.string().describe('ISO time after which the URL is refused'),
});
export type ImportUploadUrlResponse = z.infer<typeof ImportUploadUrlResponse>;

export const ImportIdParams = z.object({ importId });

export const ImportSummary = z.object({
  importId: z.string(),
  status: z.enum(IMPORT_STATUSES),
  format: z.enum(IMPORT_FORMATS).nullable().describe('Known once the first file has been read'),
  fileNames: z.array(z.string()),
  createdAt: z.string(),
  progress: z.object({
    bytesRead: z.number().int(),
    bytesTotal: z.number().int(),
    points: z.number().int().describe('Points of the files taken in so far'),
    stays: z.number().int().describe('Stays found so far: visits, steps, waypoints, 20 minutes within 200 m'),
  }),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
  /** Once read: how many places and countries it found. */
  places: z.number().int().describe('Places found once read; the places kept once done'),
  /** Once done: pins it made, places that were pins already, and its pins that have photos since. */
  created: z.number().int(),
  matched: z.number().int(),
  pinsWithPhotos: z.number().int().describe('Of the pins it made, those with photos or videos added since'),
  committedAt: z.string().nullable(),
});
export type ImportSummary = z.infer<typeof ImportSummary>;

export const ImportListResponse = z.object({ imports: z.array(ImportSummary) });
export type ImportListResponse = z.infer<typeof ImportListResponse>;

export const ImportPlace = z.object({
  placeKey: z.string(),
  title: z.string(),
  lat: z.number(),
  lng: z.number(),
  countryCode: z.string().describe("'XX' where no country is (at sea)"),
  countryName: z.string(),
  firstVisit: day,
  lastVisit: day,
  visits: z.number().int(),
  minutes: z.number().int().describe('Time spent there over all its stays: the largest places come first'),
  pinId: z.string().optional().describe('The pin this place falls within the grouping distance of: matched'),
});
export type ImportPlace = z.infer<typeof ImportPlace>;

export const ImportPreview = z.object({
  importId: z.string(),
  places: z.array(ImportPlace).describe('Largest stays first'),
  countries: z.array(
    z.object({
      countryCode: z.string(),
      countryName: z.string(),
      places: z.number().int(),
      isNew: z.boolean().describe('Not among the countries of the traveller’s pins yet'),
    }),
  ),
  from: day,
  to: day,
  groupingKm: z.number().describe('Stays this close are one place, and a place this close to a pin is it'),
});
export type ImportPreview = z.infer<typeof ImportPreview>;

export const ImportCommitRequest = z.strictObject({
  placeKeys: z
    .array(z.string().min(1).max(40))
    .max(IMPORT_LIMITS.maxCommitPlaces)
    .describe('The places to keep; those matched to a pin already make none'),
});
export type ImportCommitRequest = z.input<typeof ImportCommitRequest>;

export const ImportDeleteQuery = z.object({
  photos: z
    .enum(['keep', 'delete'])
    .default('keep')
    .describe('Undoing: pins given photos since are kept (keep) or deleted with their photos (delete)'),
});
export type ImportDeleteQuery = z.input<typeof ImportDeleteQuery>;

export const ImportDeleteResponse = z.object({
  importId: z.string(),
  outcome: z
    .enum(['cancelled', 'undone'])
    .describe('cancelled: it was not committed, and is gone with its file; undone: its pins are removed'),
  removedPins: z.number().int(),
  keptPins: z.number().int().describe('Pins kept because photos were added to them since'),
});
export type ImportDeleteResponse = z.infer<typeof ImportDeleteResponse>;
