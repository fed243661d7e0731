import { describe, expect, it } from 'vitest';
import { timelineTicks, windowText } from './ticks';

const day = (date: string) => Date.parse(`${date}T00:00:00Z`);
const labels = (start: string, end: string, widthPx: number) =>
  timelineTicks({ start: day(start), end: day(end) }, widthPx).map((tick) => tick.label);

describe('timelineTicks', () => {
  it('marks years when years are what fits', () => {
    expect(labels('2013-06-01', '2024-06-01', 400)).toEqual(['2014', '2016', '2018', '2020', '2022', '2024']);
    expect(labels('2013-06-01', '2024-06-01', 800)).toHaveLength(11);
  });

  it('marks months once zoomed in to a few months', () => {
    expect(labels('2024-01-15', '2024-07-15', 600)).toEqual([
      'Feb 2024',
      'Mar 2024',
      'Apr 2024',
      'May 2024',
      'Jun 2024',
      'Jul 2024',
    ]);
    expect(labels('2024-01-15', '2024-07-15', 300)).toEqual(['Mar 2024', 'May 2024', 'Jul 2024']);
  });

  it('marks days, or Mondays, when zoomed in to weeks', () => {
    expect(labels('2024-03-04', '2024-03-08', 400)).toEqual(['Mar 4', 'Mar 5', 'Mar 6', 'Mar 7', 'Mar 8']);
    // 2024-03-04 was a Monday.
    expect(labels('2024-03-02', '2024-04-02', 384)).toEqual(['Mar 4', 'Mar 11', 'Mar 18', 'Mar 25', 'Apr 1']);
  });

  it('keeps every tick inside the window', () => {
    const window = { start: day('2001-02-03'), end: day('2009-10-11') };
    for (const tick of timelineTicks(window, 800)) {
      expect(tick.time).toBeGreaterThanOrEqual(window.start);
      expect(tick.time).toBeLessThanOrEqual(window.end);
    }
  });

  it('labels a phone-wide axis more coarsely than a desktop-wide one', () => {
    expect(labels('2018-05-26', '2025-08-09', 350)).toEqual(['2020', '2022', '2024']);
    expect(labels('2018-05-26', '2025-08-09', 1240)).toEqual([
      'Jul 2018',
      'Jan 2019',
      'Jul 2019',
      'Jan 2020',
      'Jul 2020',
      'Jan 2021',
      'Jul 2021',
      'Jan 2022',
      'Jul 2022',
      'Jan 2023',
      'Jul 2023',
      'Jan 2024',
      'Jul 2024',
      'Jan 2025',
      'Jul 2025',
    ]);
  });
});

describe('windowText', () => {
  it('names the first and last day in view', () => {
    expect(windowText({ start: day('2023-04-01'), end: day('2023-06-30') })).toBe(
      'Apr 1, 2023 – Jun 30, 2023',
    );
  });
});
