// The row under the axis that filters the map by years: play, a slider with a thumb for the first year and
// one for the last, what the map shows, and Show all. The thumbs are native range inputs, so the arrow
// keys, Home and End, touch and screen readers all work as they do on any slider.
import { useRef, type CSSProperties } from 'react';
import { Pause, Play } from 'lucide-react';
import type { Clock } from '../../../lib/clock';
import { normaliseSpan, type YearSpan } from '../filter';
import { filterSummary } from '../labels';
import { useYearPlayer } from './useYearPlayer';

/** Half a thumb's width: the thumbs' centres run from this far in at one end to this far in at the other. */
const THUMB_HALF_PX = 11;

const thumb =
  'pointer-events-none absolute inset-0 h-full w-full cursor-pointer appearance-none bg-transparent outline-none ' +
  '[&::-webkit-slider-thumb]:pointer-events-auto [&::-webkit-slider-thumb]:size-[22px] ' +
  '[&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full ' +
  '[&::-webkit-slider-thumb]:border-2 [&::-webkit-slider-thumb]:border-brand-700 ' +
  '[&::-webkit-slider-thumb]:bg-white [&::-webkit-slider-thumb]:shadow ' +
  'focus-visible:[&::-webkit-slider-thumb]:ring-2 focus-visible:[&::-webkit-slider-thumb]:ring-brand-600 ' +
  'focus-visible:[&::-webkit-slider-thumb]:ring-offset-2 ' +
  '[&::-moz-range-thumb]:pointer-events-auto [&::-moz-range-thumb]:size-[18px] ' +
  '[&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-2 [&::-moz-range-thumb]:border-brand-700 ' +
  '[&::-moz-range-thumb]:bg-white focus-visible:[&::-moz-range-thumb]:ring-2 ' +
  'focus-visible:[&::-moz-range-thumb]:ring-brand-600';

/** Where a year sits along the track, as a CSS length that allows for the thumbs' width. */
function along(year: number, bounds: YearSpan): string {
  const share = (year - bounds.from) / (bounds.to - bounds.from);
  return `calc(${THUMB_HALF_PX}px + (100% - ${2 * THUMB_HALF_PX}px) * ${share})`;
}

export function YearFilter({
  bounds,
  years,
  span,
  shownCount,
  onSpanChange,
  clock,
}: {
  /** The first and last dated years; they differ. */
  bounds: YearSpan;
  /** The years with visits, for play. */
  years: readonly number[];
  /** The filter, already kept within the bounds; null shows every year. */
  span: YearSpan | null;
  /** How many places the map shows. */
  shownCount: number;
  onSpanChange: (span: YearSpan | null) => void;
  clock?: Clock;
}) {
  const fromInput = useRef<HTMLInputElement>(null);
  const player = useYearPlayer({ years, span, onSpanChange, clock });
  const chosen = span ?? bounds;

  const choose = (next: YearSpan) => {
    player.pause();
    onSpanChange(normaliseSpan(next, bounds));
  };

  const band: CSSProperties = {
    left: along(chosen.from, bounds),
    right: `calc(100% - ${along(chosen.to, bounds)})`,
  };

  return (
    <div className="flex min-h-11 items-center gap-1 pl-1 pr-2 sm:gap-2 sm:pl-3 sm:pr-3">
      <button
        type="button"
        aria-label={player.playing ? 'Pause' : 'Play through the years'}
        title={player.playing ? 'Pause' : 'Play through the years'}
        onClick={player.playing ? player.pause : player.play}
        className="flex size-11 shrink-0 items-center justify-center rounded-full text-brand-700 hover:bg-slate-100 active:bg-slate-200"
      >
        {player.playing ? (
          <Pause aria-hidden="true" className="size-5" />
        ) : (
          <Play aria-hidden="true" className="size-5" />
        )}
      </button>
      <div role="group" aria-label="Years shown on the map" className="relative h-11 min-w-24 flex-1">
        <div
          aria-hidden="true"
          className="absolute inset-x-[11px] top-1/2 h-1 -translate-y-1/2 rounded-full bg-slate-200"
        />
        <div
          aria-hidden="true"
          style={band}
          className="absolute top-1/2 h-1 -translate-y-1/2 rounded-full bg-brand-600 motion-safe:transition-[left,right]"
        />
        <input
          ref={fromInput}
          type="range"
          aria-label="From year"
          min={bounds.from}
          max={bounds.to}
          step={1}
          value={chosen.from}
          onChange={(event) =>
            choose({ from: Math.min(Number(event.target.value), chosen.to), to: chosen.to })
          }
          // Both thumbs at the last year: the first-year thumb is on top, so it can still be moved back.
          className={`${thumb} ${chosen.from === bounds.to ? 'z-10' : ''}`}
        />
        <input
          type="range"
          aria-label="To year"
          min={bounds.from}
          max={bounds.to}
          step={1}
          value={chosen.to}
          onChange={(event) =>
            choose({ from: chosen.from, to: Math.max(Number(event.target.value), chosen.from) })
          }
          className={thumb}
        />
      </div>
      <p role="status" className="shrink-0 text-xs font-semibold tabular-nums text-slate-700">
        {filterSummary(span, shownCount)}
      </p>
      {span && (
        <button
          type="button"
          onClick={() => {
            player.pause();
            onSpanChange(null);
            // The button goes with the filter; the keyboard stays on the slider.
            fromInput.current?.focus();
          }}
          className="flex min-h-11 shrink-0 items-center rounded-control px-2 text-xs font-semibold text-brand-700 hover:bg-slate-100 active:bg-slate-200 sm:text-sm"
        >
          Show all
        </button>
      )}
    </div>
  );
}
