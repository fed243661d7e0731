// What a finished quick upload added to the map: how many photos and videos in how many places and
// countries, each place with its count, the files left out, each with its sentence (refusals.ts), and the
// files skipped as the traveller keeps them already ('IMG_1.jpg: Already in Lisbon').
import { GEOCODE_FALLBACK, type Pin } from '@waymarks/shared';
import { plural } from './detected-places';
import { refusedAfterUpload } from './refusals';
import type { FileResult } from './upload-flow';

export interface PlaceTally {
  /** The pin the files went to: its name, country and place on the map. */
  pin: Pin;
  photos: number;
  videos: number;
}

export interface UploadSummary {
  places: PlaceTally[];
  /** Real countries among the places ('XX', at sea, is none), as the stats count them. */
  countries: number;
  /** Files not uploaded or not kept: the file's name and why, in one sentence. */
  leftOut: { name: string; reason: string }[];
  /** Files not sent again, the same bytes being on the map already: the file's name and where. */
  skipped: { name: string; reason: string }[];
}

/** '3 photos and 1 video'; '' for none. */
export function describeMedia(photos: number, videos: number): string {
  return [photos ? plural(photos, 'photo', 'photos') : '', videos ? plural(videos, 'video', 'videos') : '']
    .filter(Boolean)
    .join(' and ');
}

/**
 * '14 photos in 6 places, 5 countries', '1 photo in 1 place, 1 country', '3 photos and 1 video in 2
 * places, 2 countries'; places only at sea name no country.
 */
export function describeSummary({ places, countries }: Pick<UploadSummary, 'places' | 'countries'>): string {
  const media = describeMedia(
    places.reduce((sum, place) => sum + place.photos, 0),
    places.reduce((sum, place) => sum + place.videos, 0),
  );
  if (!media) return 'No photos or videos were kept';
  const where = plural(places.length, 'place', 'places');
  return countries > 0
    ? `${media} in ${where}, ${plural(countries, 'country', 'countries')}`
    : `${media} in ${where}`;
}

/**
 * The summary of a run's results: a file counts where it went unless the server refused it since
 * (`refusals`, by mediaId, as the gallery's lists report them); places come in the order files reached them.
 */
export function summariseUpload(
  results: readonly FileResult[],
  refusals: ReadonlyMap<string, string | null>,
): UploadSummary {
  const places = new Map<string, PlaceTally>();
  const leftOut: UploadSummary['leftOut'] = [];
  const skipped: UploadSummary['skipped'] = [];
  for (const { file, outcome } of results) {
    if (!outcome.ok) {
      (outcome.skipped ? skipped : leftOut).push({ name: file.name, reason: outcome.message });
      continue;
    }
    const { mediaId, pin, isVideo } = outcome.uploaded;
    if (refusals.has(mediaId)) {
      leftOut.push({ name: file.name, reason: refusedAfterUpload(file, refusals.get(mediaId) ?? null) });
      continue;
    }
    const place = places.get(pin.pinId) ?? { pin, photos: 0, videos: 0 };
    if (isVideo) place.videos += 1;
    else place.photos += 1;
    places.set(pin.pinId, place);
  }
  const tallies = [...places.values()];
  const countries = new Set(
    tallies.map((place) => place.pin.countryCode).filter((code) => code !== GEOCODE_FALLBACK.countryCode),
  );
  return { places: tallies, countries: countries.size, leftOut, skipped };
}
