import { describe, expect, it } from 'vitest';
import { metadataFromExif } from './exif.js';
import { emptyMediaMetadata } from './types.js';

describe('metadataFromExif: dates (SPEC §5 priority, local wall-clock time)', () => {
  it('takes DateTimeOriginal first and appends OffsetTimeOriginal', () => {
    const meta = metadataFromExif({
      DateTimeOriginal: '2021:04:11 15:47:53',
      OffsetTimeOriginal: '-05:00',
      ModifyDate: '2022:01:01 00:00:00',
      CreateDate: '2020:01:01 00:00:00',
    });
    expect(meta.dateTaken).toBe('2021-04-11T15:47:53-05:00');
    expect(meta.dateSource).toBe('original');
  });

  it('falls back to DateTime (exifr: ModifyDate) with OffsetTime, then to CreateDate', () => {
    expect(
      metadataFromExif({ ModifyDate: '2022:02:03 14:44:07', CreateDate: '2020:01:01 00:00:00' }),
    ).toMatchObject({ dateTaken: '2022-02-03T14:44:07', dateSource: 'datetime' });
    expect(metadataFromExif({ DateTime: '2022:02:03 14:44:07', OffsetTime: '+0100' })).toMatchObject({
      dateTaken: '2022-02-03T14:44:07+01:00',
      dateSource: 'datetime',
    });
    expect(
      metadataFromExif({ CreateDate: '2012:06:23 06:55:49', OffsetTimeDigitized: '+09:00' }),
    ).toMatchObject({ dateTaken: '2012-06-23T06:55:49+09:00', dateSource: 'create' });
  });

  it('skips blank and impossible dates and takes the next one in priority', () => {
    const meta = metadataFromExif({
      DateTimeOriginal: '0000:00:00 00:00:00',
      ModifyDate: '2021:02:30 10:00:00',
      CreateDate: '2014:09:21 16:00:56',
    });
    expect(meta).toMatchObject({ dateTaken: '2014-09-21T16:00:56', dateSource: 'create' });
    expect(metadataFromExif({ DateTimeOriginal: '    :  :     :  :  ' }).dateTaken).toBeNull();
    expect(metadataFromExif({ DateTimeOriginal: 1234 }).dateTaken).toBeNull();
  });

  it('ignores an offset that is not one', () => {
    expect(
      metadataFromExif({ DateTimeOriginal: '2020:05:06 07:08:09', OffsetTimeOriginal: '+25:00' }).dateTaken,
    ).toBe('2020-05-06T07:08:09');
  });

  it('keeps the wall-clock fields of Date objects (exifr with reviveValues on)', () => {
    const meta = metadataFromExif({ DateTimeOriginal: new Date(2015, 3, 10, 20, 12, 23) });
    expect(meta.dateTaken).toBe('2015-04-10T20:12:23');
  });
});

describe('metadataFromExif: location', () => {
  it('uses the latitude and longitude exifr computed, with the horizontal error as accuracy', () => {
    expect(
      metadataFromExif({ latitude: 39.05134, longitude: -94.28877, GPSHPositioningError: 38.8 }).location,
    ).toEqual({ lat: 39.05134, lng: -94.28877, accuracy: 38.8 });
  });

  it('computes degrees from GPSLatitude/GPSLongitude, with S and W making them negative', () => {
    const location = metadataFromExif({
      GPSLatitude: [33, 51, 54],
      GPSLatitudeRef: 'S',
      GPSLongitude: [151, 12, 36],
      GPSLongitudeRef: 'W',
    }).location;
    expect(location?.lat).toBeCloseTo(-33.865, 6);
    expect(location?.lng).toBeCloseTo(-151.21, 6);
    expect(
      metadataFromExif({ GPSLatitude: 40.5, GPSLatitudeRef: 'N', GPSLongitude: 3.7, GPSLongitudeRef: 'E' })
        .location,
    ).toEqual({ lat: 40.5, lng: 3.7, accuracy: null });
  });

  it('counts coordinates only when truthy: 0 or missing means no location', () => {
    expect(metadataFromExif({ latitude: 0, longitude: 12.5 }).location).toBeNull();
    expect(metadataFromExif({ latitude: 45, longitude: 0 }).location).toBeNull();
    expect(metadataFromExif({ GPSLatitude: [0, 0, 0], GPSLongitude: [10, 0, 0] }).location).toBeNull();
    expect(metadataFromExif({ GPSLatitude: [45, 0, 0] }).location).toBeNull();
  });

  it('gives no location for a GPS IFD without coordinates', () => {
    expect(
      metadataFromExif({ GPSVersionID: '2.2.0.0', GPSLatitudeRef: 'N', GPSLongitudeRef: 'E' }).location,
    ).toBeNull();
  });

  it('rejects out-of-range and malformed values', () => {
    expect(metadataFromExif({ latitude: 91, longitude: 10 }).location).toBeNull();
    expect(metadataFromExif({ latitude: 10, longitude: -180.5 }).location).toBeNull();
    expect(metadataFromExif({ latitude: Number.NaN, longitude: 10 }).location).toBeNull();
    expect(metadataFromExif({ GPSLatitude: ['a', 1, 2], GPSLongitude: [1, 2, 3] }).location).toBeNull();
  });
});

describe('metadataFromExif: camera and empty input', () => {
  it('trims make and model and drops the NUL padding', () => {
    const meta = metadataFromExif({ Make: 'NIKON\0\0 ', Model: ' COOLPIX P6000 ' });
    expect([meta.cameraMake, meta.cameraModel]).toEqual(['NIKON', 'COOLPIX P6000']);
    expect(metadataFromExif({ Make: '\0\0', Model: 42 })).toMatchObject({
      cameraMake: null,
      cameraModel: null,
    });
  });

  it('answers all-null metadata for no tags (exifr answers undefined for a file without EXIF)', () => {
    expect(metadataFromExif(undefined)).toEqual(emptyMediaMetadata());
    expect(metadataFromExif({})).toEqual(emptyMediaMetadata());
  });
});
