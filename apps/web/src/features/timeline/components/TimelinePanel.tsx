// The unlocked strip: the heading, the visible dates, the zoom buttons and the axis. It holds the view
// (zoom and pan) that every control changes.
import { useId, useMemo, useState } from 'react';
import { Minus, Plus, RotateCcw } from 'lucide-react';
import type { Pin } from '@waymarks/shared';
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

const controlClasses =
  'flex size-11 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 ' +
  'active:bg-slate-200 disabled:cursor-not-allowed disabled:text-slate-300 disabled:hover:bg-transparent';

export function TimelinePanel({
  entries,
  verificationBadges,
  onSelect,
}: {
  /** At least one dated pin, oldest first. */
  entries: readonly TimelineEntry[];
  verificationBadges: boolean;
  onSelect: (pin: Pin) => void;
}) {
  const headingId = useId();
  const [view, setView] = useState<TimelineView>(INITIAL_VIEW);
  const range = useMemo(() => timelineRange(entries), [entries]);
  if (!range) return null;
  const visible = visibleWindow(range, view);

  return (
    <section aria-labelledby={headingId} className="border-t border-slate-200 bg-white">
      <div className="flex h-11 items-center gap-2 pl-3 pr-1 sm:pl-5 sm:pr-3">
        <h2 id={headingId} className="shrink-0 text-sm font-semibold text-slate-900">
          {TIMELINE_TITLE}
        </h2>
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
      />
    </section>
  );
}
