// A ready or refused media row as the API shows it (SPEC.md §3 Media item): rows are never returned as they are.
import { MB, UNKNOWN_CAMERA, isDateSource, type MediaItem } from '@waymarks/shared';
import type { MediaRow } from './media.repository.js';

export interface MediaLinks {
  thumbnailUrl: string | null;
  previewUrl: string | null;
  streamUrl: string | null;
}

/** A ready row waits for its thumbnail and preview until the derivatives job has made them. */
function statusOf(row: MediaRow): MediaItem['status'] {
  if (row.status === 'refused') return 'refused';
  return row.derivatives === 'ready' ? 'ready' : 'processing';
}

export function toMediaItem(row: MediaRow, links: MediaLinks): MediaItem {
  const isVideo = row.kind === 'video';
  const hasLocation = row.lat !== null && row.lng !== null;
  const camera = [row.camera_make, row.camera_model].filter(Boolean).join(' ');
  return {
    mediaId: row.id,
    pinId: row.pin_id,
    userId: row.user_id,
    r2Key: row.storage_key,
    contentType: row.content_type,
    filename: row.filename,
    sizeMB: Number((row.size_bytes / MB).toFixed(3)),
    sizeBytes: row.size_bytes,
    uploadedAt: new Date(row.uploaded_at ?? row.created_at).toISOString(),
    status: statusOf(row),
    isVideo,
    isImage: !isVideo,
    width: row.width,
    height: row.height,
    exifData: {
      dateTaken: row.taken_at,
      dateSource: isDateSource(row.date_source) ? row.date_source : null,
      location: hasLocation ? { lat: row.lat!, lng: row.lng!, accuracy: null } : null,
      camera: camera || UNKNOWN_CAMERA,
      cameraMake: row.camera_make,
      cameraModel: row.camera_model,
    },
    verification: {
      status: row.verification_status === 'verified' ? 'verified' : 'unverified',
      score: row.verification_score,
      hasLocationVerification: row.has_location_verification === 1,
    },
    ...links,
    refusal: row.status === 'refused' ? row.refusal : null,
    caption: row.caption,
  };
}
