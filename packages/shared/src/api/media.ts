// The Media contract (SPEC.md §3 Media item, upload request and response, §7 Media): /api/media.
import { z } from 'zod';
import { DATE_SOURCES } from '../media-metadata.js';
import { CONTENT_HASH_PATTERN, MEDIA_LIMITS, MEDIA_MESSAGES, UNKNOWN_CAMERA } from '../media-rules.js';
import { Pin } from './pins.js';

const location = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  accuracy: z.number().min(0).nullable(),
});

/**
 * What the browser read from the file before upload. Only lastModified is used (the date of a video
 * that carries none); everything stored is read again from the bytes on the server.
 */
export const ClientExifData = z
  .object({
    dateTaken: z.string().max(40).nullable().optional(),
    location: location.nullable().optional(),
    camera: z.string().max(200).optional(),
    lastModified: z
      .number()
      .int()
      .min(0)
      .max(8.64e15)
      .optional()
      .describe("The file's last-modified time, ms"),
  })
  .describe('Metadata the browser read; the server reads the file again and stores its own reading');
export type ClientExifData = z.input<typeof ClientExifData>;

const mediaId = z.string().max(64).describe('mediaId from upload-url');
const pinId = z.string().max(64);

export const UploadUrlRequest = z.strictObject({
  pinId,
  contentType: z.string().max(100).describe("The file's type; empty is read from the filename"),
  filename: z
    .string()
    .trim()
    .min(1, MEDIA_MESSAGES.filenameRequired)
    .max(MEDIA_LIMITS.filenameMax, MEDIA_MESSAGES.filenameTooLong),
  // An empty file is refused in words, not zod's 'Too small: expected number to be >0'.
  sizeMB: z.number().positive(MEDIA_MESSAGES.emptyFile).describe('Size in MB (bytes / 1,048,576)'),
  sizeBytes: z
    .number()
    .int()
    .positive(MEDIA_MESSAGES.emptyFile)
    .max(MEDIA_LIMITS.maxFileBytes, MEDIA_MESSAGES.fileTooLarge)
    .optional()
    .describe('Exact size; when given the PUT is capped at it instead of sizeMB rounded up'),
  contentHash: z
    .string()
    .regex(CONTENT_HASH_PATTERN, 'contentHash must be a SHA-256 in 64 lowercase hex digits')
    .optional()
    .describe(
      "The file's SHA-256 as the browser read it: when the traveller already keeps a ready or processing file with it, the answer is 409 ALREADY_UPLOADED instead of a reservation. Never stored; complete computes its own",
    ),
  exifData: ClientExifData.optional(),
});
export type UploadUrlRequest = z.input<typeof UploadUrlRequest>;

export const UploadUrlResponse = z.object({
  uploadUrl: z.string().describe('PUT the file here with its Content-Type; relative URLs are on this server'),
  mediaId: z.string(),
  contentType: z.string().describe('The Content-Type the PUT must carry'),
  expiresAt: z.string().describe('ISO time after which the URL is refused'),
});
export type UploadUrlResponse = z.infer<typeof UploadUrlResponse>;

export const CompleteUploadRequest = z.strictObject({ mediaId, exifData: ClientExifData.optional() });
export type CompleteUploadRequest = z.input<typeof CompleteUploadRequest>;

export const MediaVerificationResult = z.object({
  status: z.enum(['verified', 'unverified']),
  score: z.number().int().min(0).max(100),
  hasLocationVerification: z.boolean(),
});
export type MediaVerificationResult = z.infer<typeof MediaVerificationResult>;

export const MediaExifData = z.object({
  dateTaken: z.string().nullable().describe('ISO 8601; photos: local time where taken'),
  dateSource: z.enum(DATE_SOURCES).nullable(),
  location: location.nullable(),
  camera: z.string().describe(`'Make Model', or '${UNKNOWN_CAMERA}'`),
  cameraMake: z.string().nullable(),
  cameraModel: z.string().nullable(),
});
export type MediaExifData = z.infer<typeof MediaExifData>;

export const MediaItem = z
  .object({
    mediaId: z.string(),
    pinId: z.string(),
    userId: z.string(),
    r2Key: z.string().describe('Storage key of the original'),
    contentType: z.string().describe('The type read from the bytes'),
    filename: z.string(),
    sizeMB: z.number().min(0),
    sizeBytes: z.number().int().min(0),
    uploadedAt: z.string().describe('ISO time'),
    status: z
      .enum(['processing', 'ready', 'refused'])
      .describe(
        'processing: stored and counted, its thumbnail and preview still being made; ready: all made; refused: its pixels could not be read, so nothing of it is kept (refusal says why)',
      ),
    isVideo: z.boolean(),
    isImage: z.boolean(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    exifData: MediaExifData,
    verification: MediaVerificationResult,
    thumbnailUrl: z.string().nullable().describe('Square WebP, short-lived link; null until ready'),
    previewUrl: z
      .string()
      .nullable()
      .describe('Screen-sized WebP of a photo or the poster of a video; null until ready'),
    streamUrl: z
      .string()
      .nullable()
      .describe('The original of a video, for playback with seeking; null for photos and refused items'),
    refusal: z
      .string()
      .nullable()
      .describe('Why a refused item could not be kept: a sentence naming the file, for the traveller'),
    caption: z.string().nullable().describe("The traveller's caption; null when there is none"),
  })
  .describe('MediaItem');
export type MediaItem = z.infer<typeof MediaItem>;

export const CompleteUploadResponse = z.object({
  mediaId: z.string(),
  verification: MediaVerificationResult,
  media: MediaItem,
  pin: Pin,
});
export type CompleteUploadResponse = z.infer<typeof CompleteUploadResponse>;

export const MediaIdParams = z.object({ id: z.string().max(64).describe('mediaId') });
export const MediaPinParams = z.object({ pinId: z.string().max(64) });

export const MediaCaptionRequest = z.strictObject({
  caption: z
    .string()
    .trim()
    .max(MEDIA_LIMITS.captionMax, MEDIA_MESSAGES.captionTooLong)
    .nullable()
    .describe('Trimmed; empty or null removes the caption'),
});
export type MediaCaptionRequest = z.input<typeof MediaCaptionRequest>;

export const MediaListResponse = z.object({ media: z.array(MediaItem) });
export type MediaListResponse = z.infer<typeof MediaListResponse>;

export const DownloadUrlResponse = z.object({
  downloadUrl: z.string().describe('Short-lived link; relative URLs are on this server'),
  expiresAt: z.string(),
});
export type DownloadUrlResponse = z.infer<typeof DownloadUrlResponse>;

export const DeleteMediaResponse = z.object({ mediaId: z.string(), pin: Pin });
export type DeleteMediaResponse = z.infer<typeof DeleteMediaResponse>;
