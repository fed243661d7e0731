// The export of an account (GET /api/account/export): one ZIP with profile.json (the profile as the app
// shows it), pins.geojson (a FeatureCollection, one Point per pin), avatar.json (the parts the saved avatar
// wears, when there is one), imports.json (the imports of location histories and their places, when there
// are any), share.json (the travel page's settings, once set) and every original photo and video under media/<place>/<file name>. Entries
// are stored, not compressed, so the archive's length is known before the first byte and the originals are
// read one at a time as the archive reaches them.
import type { Readable } from 'node:stream';
import yazl from 'yazl';
import type { AvatarParts, Profile, ShareSettings } from '@waymarks/shared';
import type { ImportRecord } from '../../common/imports.js';
import type { StoredMedia } from '../../common/media.js';
import type { StoredPin } from '../../common/pins.js';
import { addOriginal, archiveEntryNames, finishArchive } from '../media/index.js';

export interface AccountExport {
  profile: Profile;
  pins: readonly StoredPin[];
  media: readonly StoredMedia[];
  /** null when no avatar has been saved. */
  avatar: { parts: AvatarParts; updatedAt: string } | null;
  /** The traveller's imports with their places; the file is left out when there are none. */
  imports: readonly ImportRecord[];
  /** The travel page's settings; the file is left out when they were never set. */
  share: ShareSettings | null;
}

/** Each media row's path inside the archive: a folder per place, names made safe and unique in it. */
export function mediaPaths(pins: readonly StoredPin[], media: readonly StoredMedia[]): Map<string, string> {
  const folders = new Map(
    archiveEntryNames(pins.map((pin) => pin.title)).map((folder, index) => [pins[index]!.id, folder]),
  );
  const paths = new Map<string, string>();
  for (const pin of pins) {
    const ofPin = media.filter((row) => row.pin_id === pin.id);
    archiveEntryNames(ofPin.map((row) => row.filename)).forEach((name, index) => {
      paths.set(ofPin[index]!.id, `media/${folders.get(pin.id)!}/${name}`);
    });
  }
  return paths;
}

/** The pins as GeoJSON (RFC 7946: [longitude, latitude]), each with its media's paths in the archive. */
export function pinsGeoJson(
  pins: readonly StoredPin[],
  media: readonly StoredMedia[],
  paths: ReadonlyMap<string, string>,
): object {
  return {
    type: 'FeatureCollection',
    features: pins.map((pin) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [pin.lng, pin.lat] },
      properties: {
        pinId: pin.id,
        title: pin.title,
        description: pin.description,
        countryCode: pin.country_code,
        countryName: pin.country_name,
        city: pin.city,
        visitDate: pin.visit_date,
        verificationStatus: pin.verification_status,
        verificationScore: pin.verification_score,
        createdAt: new Date(pin.created_at).toISOString(),
        media: media
          .filter((row) => row.pin_id === pin.id)
          .map((row) => ({
            mediaId: row.id,
            file: paths.get(row.id),
            filename: row.filename,
            contentType: row.content_type,
            sizeBytes: row.size_bytes,
            takenAt: row.taken_at,
            caption: row.caption,
            location: row.lat === null || row.lng === null ? null : { lat: row.lat, lng: row.lng },
            uploadedAt: row.uploaded_at === null ? null : new Date(row.uploaded_at).toISOString(),
          })),
      },
    })),
  };
}

export function streamAccountArchive(
  data: AccountExport,
  open: (row: StoredMedia) => Promise<NodeJS.ReadableStream>,
): Promise<{ stream: Readable; size: number }> {
  const zip = new yazl.ZipFile();
  const paths = mediaPaths(data.pins, data.media);
  const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);
  zip.addBuffer(json(data.profile), 'profile.json', { compress: false });
  zip.addBuffer(json(pinsGeoJson(data.pins, data.media, paths)), 'pins.geojson', { compress: false });
  if (data.avatar) zip.addBuffer(json(data.avatar), 'avatar.json', { compress: false });
  if (data.imports.length > 0) zip.addBuffer(json(data.imports), 'imports.json', { compress: false });
  if (data.share) zip.addBuffer(json(data.share), 'share.json', { compress: false });
  for (const row of data.media) addOriginal(zip, paths.get(row.id)!, row, open);
  return finishArchive(zip);
}
