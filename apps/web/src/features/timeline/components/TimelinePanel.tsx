// The unlocked strip: the heading, the undated places, the visible dates, the zoom buttons, the axis and
// the years the map is filtered to. It holds the view (zoom and pan) that every control changes.
import { useId, useMemo, useState } from 'react';
import { Minus, Plus, RotateCcw } from 'lucide-react';
import type { Pin } from '@waymarks/shared';
import type { Clock } from '../../../lib/clock';
import type { YearSpan } from '../filter';
import { TIMELINE_TITLE } from '../labels';
import { timelineRange, type TimelineEntry } from '../range';
import { windowText } from '../ticks';
import {
  INITIAL_VIEW,
  MAX_ZOOM,
  MIN_ZOOM,
  visibleWindow,
  zoomIn,
  zoomOut,
  zoomText,
  type TimelineView,
} from '../view';
import { TimelineAxis } from './TimelineAxis';
import { UndatedPlaces } from './UndatedPlaces';
import { YearFilter } from './YearFilter';

const controlClasses =
  'flex size-11 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 ' +
  'active:bg-slate-200 disabled:cursor-not-allowed disabled:text-slate-300 disabled:hover:bg-transparent';

export interface TimelinePanelProps {
  /** At least one dated pin, oldest first. */
  entries: readonly TimelineEntry[];
  /** The pins the timeline cannot place, listed on their own. */
  undated: readonly Pin[];
  verificationBadges: boolean;
  onSelect: (pin: Pin) => void;
  /** Each year with a dated visit, oldest first, and the first and last of them. */
  years: readonly number[];
  bounds: YearSpan;
  /** The years the map is filtered to (null: all), how many places it shows, and how to change them. */
  span: YearSpan | null;
  shownCount: number;
  onSpanChange: (span: YearSpan | null) => void;
  clock?: Clock;
}

export function TimelinePanel({
  entries,
  undated,
  verificationBadges,
  onSelect,
  years,
  bounds,
  span,
  shownCount,
  onSpanChange,
  clock,
}: TimelinePanelProps) {
  const headingId = useId();
  const [view, setView] = useState<TimelineView>(INITIAL_VIEW);
  const range = useMemo(() => timelineRange(entries), [entries]);
  if (!range) return null;
  const visible = visibleWindow(range, view);

  return (
    <section aria-labelledby={headingId} className="relative border-t border-slate-200 bg-white">
      <div className="flex h-11 items-center gap-1 pl-3 pr-1 sm:gap-2 sm:pl-5 sm:pr-3">
        <h2 id={headingId} className="shrink-0 text-sm font-semibold text-slate-900">
          {TIMELINE_TITLE}
        </h2>
        <UndatedPlaces pins={undated} verificationBadges={verificationBadges} onSelect={onSelect} />
        <p className="hidden min-w-0 truncate text-xs text-slate-600 sm:block">{windowText(visible)}</p>
        <div role="group" aria-label="Timeline zoom" className="ml-auto flex shrink-0 items-center">
          <button
            type="button"
            aria-label="Zoom out"
            title="Zoom out"
            disabled={view.zoom <= MIN_ZOOM}
            onClick={() => setView((current) => zoomOut(current))}
            className={controlClasses}
          >
            <Minus aria-hidden="true" className="size-4" />
          </button>
          <output
            aria-label="Zoom"
            className="w-10 text-center text-xs font-semibold tabular-nums text-slate-700"
          >
            {zoomText(view.zoom)}
          </output>
          <button
            type="button"
            aria-label="Zoom in"
            title="Zoom in"
            disabled={view.zoom >= MAX_ZOOM}
            onClick={() => setView((current) => zoomIn(current))}
            className={controlClasses}
          >
            <Plus aria-hidden="true" className="size-4" />
          </button>
          <button
            type="button"
            aria-label="Reset zoom"
            title="Reset zoom"
            disabled={view.zoom === MIN_ZOOM}
            onClick={() => setView(INITIAL_VIEW)}
            className={controlClasses}
          >
            <RotateCcw aria-hidden="true" className="size-4" />
          </button>
        </div>
      </div>
      <TimelineAxis
        entries={entries}
        range={range}
        view={view}
        onViewChange={setView}
        verificationBadges={verificationBadges}
        onSelect={onSelect}
        span={span}
      />
      {bounds.from < bounds.to && (
        <YearFilter
          bounds={bounds}
          years={years}
          span={span}
          shownCount={shownCount}
          onSpanChange={onSpanChange}
          clock={clock}
        />
      )}
    </section>
  );
}
