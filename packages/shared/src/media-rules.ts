// Media rules the server enforces and the web app mirrors (SPEC.md §4 Location dialog and Pin
// verification, §5 Upload, §9 Media grouping): limits, messages, the verification rule and grouping.
// Free of zod so the browser can import it without the schema library.
import { formatFileSize } from './format.js';
import { ACCEPTED_TYPE_NAMES } from './media-types.js';

export const MEDIA_LIMITS = {
  /** Grouping distance slider (SPEC.md §5, §9). */
  groupingMinKm: 0.1,
  groupingMaxKm: 5,
  groupingStepKm: 0.1,
  groupingDefaultKm: 1,
  earthRadiusKm: 6371,
  /** A photo taken this close to its pin confirms the pin: the widest grouping distance. */
  verificationRadiusKm: 5,
  /** One PUT to S3 carries at most 5 GiB; the local store keeps the same ceiling. */
  maxFileBytes: 5 * 1024 ** 3,
  filenameMax: 255,
  /** How long an upload link stays valid; a pending upload past it is swept away. */
  uploadUrlSeconds: 60 * 60,
  /** How long a download link stays valid. */
  downloadUrlSeconds: 5 * 60,
  /** How long the gallery's thumbnail, preview and video links stay valid. */
  viewUrlSeconds: 60 * 60,
  /** Files sent in parallel by the browser, one batch at a time. */
  uploadBatchSize: 4,
  /** A caption's length once trimmed. */
  captionMax: 500,
} as const;

export const MB = 1024 * 1024;

/** The texts of SPEC.md §5 and §8 for uploads and the gallery, each written once. */
export const MEDIA_MESSAGES = {
  noFilesSelected: 'No Files Selected: Please select photos or videos to upload before proceeding.',
  uploadInProgress:
    'Upload in Progress: Your files are currently being uploaded. Please wait for completion.',
  waitForLocation: 'Please wait for location detection to complete, or select photos with GPS data.',
  noGroups: 'No valid media files or location data found.',
  uploadFailed: 'Upload failed',
  loadFailed: 'Failed to load media',
  mediaNotFound: 'Media not found',
  unsupportedType: `Only photos and videos can be uploaded (${ACCEPTED_TYPE_NAMES}).`,
  fileTooLarge: 'Files larger than 5 GB cannot be uploaded.',
  emptyFile: 'This file is empty.',
  filenameRequired: 'A file name is required.',
  filenameTooLong: `The file name is longer than ${MEDIA_LIMITS.filenameMax} characters.`,
  notUploaded: 'The file has not been uploaded yet. Please try the upload again.',
  sizeMismatch: 'The stored file is larger than declared.',
  alreadyComplete: 'This upload is already complete.',
  captionTooLong: `A caption can be at most ${MEDIA_LIMITS.captionMax} characters.`,
} as const;

/** Why a caption is refused, or null: the viewer's form says what the server's schema would. */
export function captionError(caption: string): string | null {
  return caption.trim().length > MEDIA_LIMITS.captionMax ? MEDIA_MESSAGES.captionTooLong : null;
}

/** 'Upload failed: 500' (SPEC.md §5: an upload response must be successful). */
export function uploadFailedMessage(status: number): string {
  return `${MEDIA_MESSAGES.uploadFailed}: ${status}`;
}

/** Past the allowance (after a move to a smaller plan) it says that what is stored stays. */
export function storageFullMessage(planName: string, storageGB: number, usedMB = 0): string {
  if (usedMB > storageGB * 1024) {
    return (
      `You store ${formatFileSize(usedMB * MB)} and your ${planName} plan includes ${storageGB} GB. ` +
      'Everything stored is kept; delete some media or upgrade to add more.'
    );
  }
  return `This file does not fit in your ${planName} plan's ${storageGB} GB of storage. Delete some media or upgrade for more.`;
}

/** Past the limit (after a move to a smaller plan) it says that what is there stays. */
export function mediaPerPinMessage(planName: string, maxMediaPerPin: number, mediaCount = 0): string {
  if (mediaCount > maxMediaPerPin) {
    return (
      `This place has ${mediaCount} photos and videos and your ${planName} plan allows ${maxMediaPerPin} ` +
      'per place. All of them are kept; upgrade to add more.'
    );
  }
  return `Your ${planName} plan allows ${maxMediaPerPin} photos and videos per place. Upgrade to add more.`;
}

/**
 * A file whose bytes (by SHA-256) the traveller already keeps in a place is not stored again: this says
 * where it is ('Already in Lisbon'), as the upload's results show it after the file's name.
 */
export function alreadyUploadedMessage(placeTitle: string): string {
  return `Already in ${placeTitle}`;
}

/** A SHA-256 as the API carries it: 64 lowercase hex digits. */
export const CONTENT_HASH_PATTERN = /^[0-9a-f]{64}$/;

/** The camera of a file whose metadata names none: stored by the server, hidden by the viewer. */
export const UNKNOWN_CAMERA = 'Unknown';

// --- Distance and grouping -------------------------------------------------------------------------------

export interface LatLng {
  lat: number;
  lng: number;
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in km on a sphere of radius 6371 km (haversine). */
export function distanceKm(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * MEDIA_LIMITS.earthRadiusKm * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** SPEC.md §5: coordinates count as present only when truthy (0, 0 is "no GPS"). */
export function hasCoordinates(location: LatLng | null | undefined): location is LatLng {
  return Boolean(location && location.lat && location.lng);
}

export interface LocationGroup<T> {
  /** Mean position of the group's files; the fallback group's is the selected place. */
  centre: LatLng;
  items: T[];
  /** True for the group of files without GPS, placed at the selected location. */
  fallback: boolean;
}

/**
 * Groups files by where they were taken (SPEC.md §9): a file joins the first group whose first file lies
 * within maxKm, otherwise it starts a group. Files without GPS go into one fallback group at the selected
 * place, when there is one. Order is kept within groups, and groups come in the order they started.
 */
export function groupByLocation<T>(
  items: readonly T[],
  locationOf: (item: T) => LatLng | null | undefined,
  maxKm: number,
  fallbackAt: LatLng | null,
): LocationGroup<T>[] {
  const groups: (LocationGroup<T> & { anchor: LatLng; sumLat: number; sumLng: number })[] = [];
  const withoutLocation: T[] = [];
  for (const item of items) {
    const location = locationOf(item);
    if (!hasCoordinates(location)) {
      withoutLocation.push(item);
      continue;
    }
    const group = groups.find((candidate) => distanceKm(candidate.anchor, location) <= maxKm);
    if (group) {
      group.items.push(item);
      group.sumLat += location.lat;
      group.sumLng += location.lng;
    } else {
      groups.push({
        anchor: location,
        centre: location,
        items: [item],
        fallback: false,
        sumLat: location.lat,
        sumLng: location.lng,
      });
    }
  }
  const result: LocationGroup<T>[] = groups.map(({ items: members, sumLat, sumLng }) => ({
    centre: { lat: sumLat / members.length, lng: sumLng / members.length },
    items: members,
    fallback: false,
  }));
  if (withoutLocation.length > 0 && fallbackAt) {
    result.push({ centre: fallbackAt, items: withoutLocation, fallback: true });
  }
  return result;
}

// --- Verification ------------------------------------------------------------------------------------------

/**
 * The verification rule (SPEC.md §3, §4 Pin verification), out of 100:
 *   GPS coordinates in the file                         30
 *   ... and taken within 5 km of the pin                 30
 *   a capture date in the file's own metadata            20   (not the file's last-modified time)
 *   the camera's make and model                          20
 * An upload is 'verified' when its GPS places it within 5 km of the pin (hasLocationVerification).
 * A pin is 'verified' when any of its media is, and its score is the best of its media's scores: one
 * photo that proves the place proves the visit, and photos without GPS never lower it.
 */
export const VERIFICATION_POINTS = {
  gps: 30,
  gpsNearPin: 30,
  captureDate: 20,
  camera: 20,
} as const;

export interface VerificationEvidence {
  location: LatLng | null;
  /** Where the capture date came from; 'file' (the last-modified time) is no evidence. */
  dateSource: string | null;
  cameraMake: string | null;
  cameraModel: string | null;
}

export interface MediaVerification {
  status: 'verified' | 'unverified';
  score: number;
  hasLocationVerification: boolean;
}

export function verifyMedia(evidence: VerificationEvidence, pin: LatLng): MediaVerification {
  let score = 0;
  let near = false;
  if (hasCoordinates(evidence.location)) {
    score += VERIFICATION_POINTS.gps;
    near = distanceKm(evidence.location, pin) <= MEDIA_LIMITS.verificationRadiusKm;
    if (near) score += VERIFICATION_POINTS.gpsNearPin;
  }
  if (evidence.dateSource && evidence.dateSource !== 'file') score += VERIFICATION_POINTS.captureDate;
  if (evidence.cameraMake && evidence.cameraModel) score += VERIFICATION_POINTS.camera;
  return { status: near ? 'verified' : 'unverified', score, hasLocationVerification: near };
}

export function verifyPin(media: readonly MediaVerification[]): {
  verificationStatus: 'verified' | 'unverified';
  verificationScore: number;
} {
  return {
    verificationStatus: media.some((item) => item.hasLocationVerification) ? 'verified' : 'unverified',
    verificationScore: media.reduce((best, item) => Math.max(best, item.score), 0),
  };
}
