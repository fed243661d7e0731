// An import as the API answers it (ImportSummary).
import { IMPORT_FORMATS, type ImportFormat, type ImportStatus, type ImportSummary } from '@waymarks/shared';
import { filesOf, type ImportRow } from './imports.repository.js';

const isFormat = (value: string | null): value is ImportFormat =>
  value !== null && (IMPORT_FORMATS as readonly string[]).includes(value);

export function toImportSummary(row: ImportRow, pinsWithPhotos = 0): ImportSummary {
  return {
    importId: row.id,
    status: row.status as ImportStatus,
    format: isFormat(row.format) ? row.format : null,
    fileNames: filesOf(row).map((file) => file.name),
    createdAt: new Date(row.created_at).toISOString(),
    progress: {
      bytesRead: Number(row.bytes_read),
      bytesTotal: Number(row.bytes_total),
      points: Number(row.points),
      stays: Number(row.stays),
    },
    ...(row.error_code ? { error: { code: row.error_code, message: row.error_message ?? '' } } : {}),
    places: Number(row.places),
    created: Number(row.created),
    matched: Number(row.matched),
    pinsWithPhotos,
    committedAt: row.committed_at === null ? null : new Date(row.committed_at).toISOString(),
  };
}
