// The dashboard's Travel Timeline strip (SPEC.md §2): shown only when some pin has a visitDate; the
// timeline itself on plans with timelineView, otherwise a placeholder with Upgrade. A round toggle at the
// bottom edge of the map shows or hides either one; the dashboard keeps the choice (showTimeline). On the
// timeline the traveller filters the map to a span of years, or plays through them.
import { useId, useMemo } from 'react';
import { ChevronDown, ChevronUp } from 'lucide-react';
import { hasFeature, type MaybeTier, type Pin } from '@waymarks/shared';
import { Spinner } from '../../../components/ui/Spinner';
import type { Clock } from '../../../lib/clock';
import { normaliseSpan, pinsInSpan, undatedPins, visitYears, yearBounds, type YearSpan } from '../filter';
import { TIMELINE_TITLE } from '../labels';
import { timelineEntries } from '../range';
import { TimelineLocked } from './TimelineLocked';
import { TimelinePanel } from './TimelinePanel';

export interface TimelineStripProps {
  /** The dashboard's pins, as loaded for the map: the strip makes no request of its own. */
  pins: readonly Pin[];
  /** True while the pins are still loading. */
  loading: boolean;
  tier: MaybeTier;
  /** The showTimeline preference, and how to change it. */
  shown: boolean;
  onShownChange: (shown: boolean) => void;
  /** A single place chosen on the timeline. */
  onSelect: (pin: Pin) => void;
  /**
   * The years the map is filtered to (null: all of them), and how to change them. The dashboard keeps
   * the span and filters the map with pinsInSpan; hiding the strip shows all years again.
   */
  span: YearSpan | null;
  onSpanChange: (span: YearSpan | null) => void;
  /** The time play steps by; the browser's unless a test moves it. */
  clock?: Clock;
}

export function TimelineStrip({
  pins,
  loading,
  tier,
  shown,
  onShownChange,
  onSelect,
  span,
  onSpanChange,
  clock,
}: TimelineStripProps) {
  const regionId = useId();
  const entries = useMemo(() => timelineEntries(pins), [pins]);
  const years = useMemo(() => visitYears(pins), [pins]);
  const undated = useMemo(() => undatedPins(pins), [pins]);
  const shownCount = useMemo(() => pinsInSpan(pins, span).length, [pins, span]);
  const bounds = yearBounds(years);

  if (loading) {
    if (!shown) return null;
    return (
      <div className="flex h-28 flex-none items-center justify-center gap-2 border-t border-slate-200 bg-white text-sm text-slate-600">
        <Spinner label="Loading your timeline" className="size-4" />
        <span aria-hidden="true">Loading your timeline…</span>
      </div>
    );
  }
  if (!bounds) return null;

  return (
    <div className="relative flex-none">
      <button
        type="button"
        aria-label={TIMELINE_TITLE}
        aria-expanded={shown}
        aria-controls={regionId}
        title={shown ? 'Hide the timeline' : 'Show the timeline'}
        onClick={() => {
          // A filter nobody can see would leave the map short of places without saying why.
          if (shown) onSpanChange(null);
          onShownChange(!shown);
        }}
        className="absolute bottom-full left-1/2 z-20 mb-2 flex size-11 -translate-x-1/2 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-700 shadow-card hover:bg-slate-50 active:bg-slate-100"
      >
        {shown ? (
          <ChevronDown aria-hidden="true" className="size-5" />
        ) : (
          <ChevronUp aria-hidden="true" className="size-5" />
        )}
      </button>
      <div id={regionId} hidden={!shown}>
        {shown &&
          (hasFeature(tier, 'timelineView') ? (
            <TimelinePanel
              entries={entries}
              undated={undated}
              verificationBadges={hasFeature(tier, 'verificationBadges')}
              onSelect={onSelect}
              years={years}
              bounds={bounds}
              span={normaliseSpan(span, bounds)}
              shownCount={shownCount}
              onSpanChange={onSpanChange}
              clock={clock}
            />
          ) : (
            <TimelineLocked />
          ))}
      </div>
    </div>
  );
}
