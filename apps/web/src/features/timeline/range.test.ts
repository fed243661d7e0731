import { describe, expect, it } from 'vitest';
import { buildPin } from '@waymarks/shared/testing';
import { DAY_MS, timelineEntries, timelineRange } from './range';

const day = (date: string) => Date.parse(`${date}T00:00:00Z`);
const dated = (pinId: string, visitDate: string | null) => buildPin({ pinId, title: pinId, visitDate });

describe('timelineEntries', () => {
  it('keeps only pins with a visit date, oldest first, same-day pins in the order given', () => {
    const entries = timelineEntries([
      dated('late', '2024-06-01'),
      dated('undated', null),
      dated('early', '2019-03-05'),
      dated('same-day-a', '2021-01-01'),
      dated('same-day-b', '2021-01-01'),
    ]);
    expect(entries.map((entry) => entry.pin.pinId)).toEqual(['early', 'same-day-a', 'same-day-b', 'late']);
    expect(entries[0]?.time).toBe(day('2019-03-05'));
  });

  it('leaves out a date that is not a calendar day', () => {
    expect(timelineEntries([dated('odd', '2024-02-30'), dated('fine', '2024-02-29')])).toHaveLength(1);
  });
});

describe('timelineRange', () => {
  it('is null when no pin is dated', () => {
    expect(timelineRange([])).toBeNull();
  });

  it('pads a long span by 10% of it on each side', () => {
    const entries = timelineEntries([dated('a', '2014-01-01'), dated('b', '2024-01-01')]);
    const span = day('2024-01-01') - day('2014-01-01');
    expect(timelineRange(entries)).toEqual({
      start: day('2014-01-01') - span * 0.1,
      end: day('2024-01-01') + span * 0.1,
    });
  });

  it('pads a short span by 30 days when 10% of it would be less', () => {
    const entries = timelineEntries([dated('a', '2024-01-01'), dated('b', '2024-03-01')]);
    expect(timelineRange(entries)).toEqual({
      start: day('2024-01-01') - 30 * DAY_MS,
      end: day('2024-03-01') + 30 * DAY_MS,
    });
  });

  it('gives a single date 30 days on either side', () => {
    const entries = timelineEntries([dated('a', '2023-07-14'), dated('b', '2023-07-14')]);
    expect(timelineRange(entries)).toEqual({
      start: day('2023-07-14') - 30 * DAY_MS,
      end: day('2023-07-14') + 30 * DAY_MS,
    });
  });
});
