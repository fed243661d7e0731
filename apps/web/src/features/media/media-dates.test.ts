// How an item's date is written: taken, in the traveller's locale, as the wall clock where it was taken;
// else uploaded.
import { describe, expect, it } from 'vitest';
import { buildMediaItem } from '@waymarks/shared/testing';
import { formatTaken, itemDate } from './media-dates';

const GB = ['en-GB'];
const withDate = (dateTaken: string | null) =>
  buildMediaItem({ exifData: { ...buildMediaItem().exifData, dateTaken } });

describe('formatTaken', () => {
  it('writes the day and time in the locale given', () => {
    expect(formatTaken('2024-05-12T14:32:00', GB)).toBe('12 May 2024, 14:32');
    expect(formatTaken('2024-05-12T14:32:00', ['de-DE'])).toBe('12. Mai 2024, 14:32');
    expect(formatTaken('2024-05-12T14:32:00', ['en-US'])).toMatch(/^May 12, 2024, 2:32\sPM$/);
  });

  it('keeps the wall clock where the photo was taken, whatever its offset', () => {
    expect(formatTaken('2024-05-12T14:32:00+09:00', GB)).toBe('12 May 2024, 14:32');
    expect(formatTaken('2024-05-12T14:32:00-07:00', GB)).toBe('12 May 2024, 14:32');
  });

  it('writes the day alone when the file gave no time, and nothing for what is not a date', () => {
    expect(formatTaken('2024-05-12', GB)).toBe('12 May 2024');
    expect(formatTaken('yesterday', GB)).toBeNull();
    expect(formatTaken(null, GB)).toBeNull();
  });
});

describe('itemDate', () => {
  it('is the date taken when the file had one', () => {
    expect(itemDate(withDate('2008-05-30T15:56:01'), { uploadTime: true }, GB)).toEqual({
      kind: 'taken',
      text: '30 May 2008, 15:56',
    });
  });

  it('falls back to the upload, with its time or the day alone', () => {
    const undated = { ...withDate(null), uploadedAt: new Date(2025, 5, 3, 10, 12).toISOString() };
    expect(itemDate(undated, { uploadTime: true }, GB)).toEqual({
      kind: 'uploaded',
      text: '3 Jun 2025, 10:12',
    });
    expect(itemDate(undated, { uploadTime: false }, GB)).toEqual({ kind: 'uploaded', text: '3 Jun 2025' });
  });
});
