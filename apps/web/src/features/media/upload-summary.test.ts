import { describe, expect, it } from 'vitest';
import type { Pin } from '@waymarks/shared';
import { buildPin } from '@waymarks/shared/testing';
import type { FileResult } from './upload-flow';
import { describeSummary, summariseUpload, type PlaceTally } from './upload-summary';

const arezzo = buildPin({ pinId: 'arezzo', title: 'Arezzo', countryCode: 'IT', countryName: 'Italy' });
const siena = buildPin({ pinId: 'siena', title: 'Siena', countryCode: 'IT', countryName: 'Italy' });
const madrid = buildPin({ pinId: 'madrid', title: 'Madrid', countryCode: 'ES', countryName: 'Spain' });
const atSea = buildPin({
  pinId: 'sea',
  title: 'Unknown Location',
  countryCode: 'XX',
  countryName: 'Unknown',
});

const verification = { status: 'verified', score: 100, hasLocationVerification: true } as const;
const file = (name: string) => new File([new Uint8Array([1])], name, { type: 'image/jpeg' });

const went = (name: string, pin: Pin, isVideo = false): FileResult => ({
  file: file(name),
  pinTitle: pin.title,
  outcome: { ok: true, uploaded: { mediaId: `m-${name}`, verification, pin, isVideo } },
});
const failed = (name: string, message: string): FileResult => ({
  file: file(name),
  pinTitle: 'Arezzo',
  outcome: { ok: false, message },
});
const skipped = (name: string, where: string): FileResult => ({
  file: file(name),
  pinTitle: 'Arezzo',
  outcome: { ok: false, message: `${name}: ${where}`, skipped: true },
});

/** Places with these counts of photos and videos, for the wording alone. */
const places = (...counts: [photos: number, videos: number][]): PlaceTally[] =>
  counts.map(([photos, videos], index) => ({
    pin: buildPin({ pinId: `p${index}` }),
    photos,
    videos,
  }));

describe('describeSummary', () => {
  it('counts photos, places and countries', () => {
    const six = places([4, 0], [3, 0], [2, 0], [2, 0], [2, 0], [1, 0]);
    expect(describeSummary({ places: six, countries: 5 })).toBe('14 photos in 6 places, 5 countries');
  });

  it('says one of each in the singular', () => {
    expect(describeSummary({ places: places([1, 0]), countries: 1 })).toBe('1 photo in 1 place, 1 country');
    expect(describeSummary({ places: places([0, 1]), countries: 1 })).toBe('1 video in 1 place, 1 country');
  });

  it('counts videos after photos', () => {
    expect(describeSummary({ places: places([2, 1], [1, 0]), countries: 2 })).toBe(
      '3 photos and 1 video in 2 places, 2 countries',
    );
    expect(describeSummary({ places: places([0, 2]), countries: 1 })).toBe('2 videos in 1 place, 1 country');
  });

  it('names no country for places only at sea, and says when nothing was kept', () => {
    expect(describeSummary({ places: places([2, 0]), countries: 0 })).toBe('2 photos in 1 place');
    expect(describeSummary({ places: [], countries: 0 })).toBe('No photos or videos were kept');
  });
});

describe('summariseUpload', () => {
  it('counts each place once, its photos and videos, and real countries only', () => {
    const summary = summariseUpload(
      [
        went('a.jpg', arezzo),
        went('b.jpg', madrid),
        went('c.mov', arezzo, true),
        went('d.jpg', siena),
        went('e.jpg', atSea),
      ],
      new Map(),
    );
    expect(summary.places.map(({ pin, photos, videos }) => [pin.title, photos, videos])).toEqual([
      ['Arezzo', 1, 1],
      ['Madrid', 1, 0],
      ['Siena', 1, 0],
      ['Unknown Location', 1, 0],
    ]);
    expect(summary.countries).toBe(2);
    expect(describeSummary(summary)).toBe('4 photos and 1 video in 4 places, 2 countries');
    expect(summary.leftOut).toEqual([]);
  });

  it('leaves out, by name, files refused at upload and files refused once their pixels were read', () => {
    const summary = summariseUpload(
      [
        went('a.jpg', arezzo),
        failed('html-named.jpg', 'html-named.jpg is an HTML page, not the photo it claims to be.'),
        went('truncated.jpg', madrid),
        went('odd.jpg', madrid),
      ],
      new Map([
        ['m-truncated.jpg', 'truncated.jpg has damaged image data and cannot be read.'],
        ['m-odd.jpg', null],
      ]),
    );
    // Madrid kept nothing, so it is no place of this upload.
    expect(describeSummary(summary)).toBe('1 photo in 1 place, 1 country');
    expect(summary.leftOut).toEqual([
      { name: 'html-named.jpg', reason: 'html-named.jpg is an HTML page, not the photo it claims to be.' },
      { name: 'truncated.jpg', reason: 'truncated.jpg has damaged image data and cannot be read.' },
      { name: 'odd.jpg', reason: 'odd.jpg could not be read, so it was not kept.' },
    ]);
  });

  it('lists files skipped as kept already apart from the files left out, and counts them nowhere', () => {
    const summary = summariseUpload(
      [
        skipped('IMG_1.jpg', 'Already in Lisbon'),
        went('a.jpg', arezzo),
        failed('empty.jpg', 'empty.jpg is empty.'),
      ],
      new Map(),
    );
    expect(describeSummary(summary)).toBe('1 photo in 1 place, 1 country');
    expect(summary.skipped).toEqual([{ name: 'IMG_1.jpg', reason: 'IMG_1.jpg: Already in Lisbon' }]);
    expect(summary.leftOut).toEqual([{ name: 'empty.jpg', reason: 'empty.jpg is empty.' }]);
  });
});
