// The axis labels: ticks on days, months or years, whichever fits the visible window, and the text of
// the window itself. Dates are calendar days, so every format is in UTC.
import { DAY_MS, type TimelineRange } from './range';

export interface TimelineTick {
  time: number;
  label: string;
}

type TickUnit = { kind: 'day' | 'month' | 'year'; step: number };

/** From the finest to the coarsest; the first that leaves few enough ticks is used. */
const TICK_UNITS: readonly TickUnit[] = [
  { kind: 'day', step: 1 },
  { kind: 'day', step: 2 },
  { kind: 'day', step: 7 },
  { kind: 'day', step: 14 },
  { kind: 'month', step: 1 },
  { kind: 'month', step: 2 },
  { kind: 'month', step: 3 },
  { kind: 'month', step: 6 },
  { kind: 'year', step: 1 },
  { kind: 'year', step: 2 },
  { kind: 'year', step: 5 },
  { kind: 'year', step: 10 },
  { kind: 'year', step: 20 },
  { kind: 'year', step: 50 },
];

const UNIT_DAYS = { day: 1, month: 30.44, year: 365.25 } as const;
/** Room each kind of label needs, in pixels ('2024', 'Mar 5', 'Mar 2024', with a gap). */
export const TICK_SPACING_PX = { day: 64, month: 84, year: 56 } as const;
/** 1970-01-05, the first Monday after the epoch: weekly ticks fall on Mondays. */
const FIRST_MONDAY_DAY = 4;

const utc = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
const MONTH_DAY = utc({ month: 'short', day: 'numeric' });
const MONTH_YEAR = utc({ month: 'short', year: 'numeric' });
const YEAR = utc({ year: 'numeric' });
const SHORT_DATE = utc({ month: 'short', day: 'numeric', year: 'numeric' });

/** The finest unit whose labels, in the window, fit an axis this many pixels wide (at least two). */
export function tickUnitFor(window: TimelineRange, widthPx: number): TickUnit {
  const days = (window.end - window.start) / DAY_MS;
  const fits = (unit: TickUnit) => {
    const room = Math.max(widthPx / TICK_SPACING_PX[unit.kind], 2);
    return days / (UNIT_DAYS[unit.kind] * unit.step) <= room;
  };
  return TICK_UNITS.find(fits) ?? (TICK_UNITS[TICK_UNITS.length - 1] as TickUnit);
}

const ceilToStep = (value: number, step: number) => Math.ceil(value / step) * step;

function dayTicks(window: TimelineRange, step: number): TimelineTick[] {
  const ticks: TimelineTick[] = [];
  const phase = step >= 7 ? FIRST_MONDAY_DAY : 0;
  let day = ceilToStep(Math.ceil(window.start / DAY_MS) - phase, step) + phase;
  for (; day * DAY_MS <= window.end; day += step) {
    ticks.push({ time: day * DAY_MS, label: MONTH_DAY.format(day * DAY_MS) });
  }
  return ticks;
}

function monthTicks(window: TimelineRange, step: number): TimelineTick[] {
  const ticks: TimelineTick[] = [];
  const start = new Date(window.start);
  let month = start.getUTCFullYear() * 12 + start.getUTCMonth();
  if (Date.UTC(Math.floor(month / 12), month % 12, 1) < window.start) month += 1;
  for (month = ceilToStep(month, step); ; month += step) {
    const time = Date.UTC(Math.floor(month / 12), month % 12, 1);
    if (time > window.end) break;
    ticks.push({ time, label: MONTH_YEAR.format(time) });
  }
  return ticks;
}

function yearTicks(window: TimelineRange, step: number): TimelineTick[] {
  const ticks: TimelineTick[] = [];
  let year = new Date(window.start).getUTCFullYear();
  if (Date.UTC(year, 0, 1) < window.start) year += 1;
  for (year = ceilToStep(year, step); ; year += step) {
    const time = Date.UTC(year, 0, 1);
    if (time > window.end) break;
    ticks.push({ time, label: YEAR.format(time) });
  }
  return ticks;
}

/** Ticks inside the window, labelled 'Mar 5', 'Mar 2024' or '2024' as the zoom and the width allow. */
export function timelineTicks(window: TimelineRange, widthPx: number): TimelineTick[] {
  const unit = tickUnitFor(window, widthPx);
  if (unit.kind === 'day') return dayTicks(window, unit.step);
  if (unit.kind === 'month') return monthTicks(window, unit.step);
  return yearTicks(window, unit.step);
}

/** 'Mar 5, 2024 – Jun 30, 2024': the visible window. */
export function windowText(window: TimelineRange): string {
  return `${SHORT_DATE.format(window.start)} – ${SHORT_DATE.format(window.end)}`;
}
