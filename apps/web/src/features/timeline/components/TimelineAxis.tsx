// The time axis: ticks and markers for the visible window only. Clusters are recomputed when the zoom
// changes and only filtered when the view pans, so dragging across thousands of pins stays cheap.
import { useEffect, useId, useMemo, useRef, useState, type RefObject } from 'react';
import type { Pin } from '@waymarks/shared';
import { clusterEntries, clustersInView, type TimelineCluster } from '../clusters';
import type { YearSpan } from '../filter';
import { clusterName } from '../labels';
import type { TimelineEntry, TimelineRange } from '../range';
import { timelineTicks, windowText } from '../ticks';
import {
  MAX_ZOOM,
  ZOOM_STEP,
  centreOn,
  positionPercent,
  rangeShare,
  visibleWindow,
  type TimelineView,
} from '../view';
import { ClusterList, ClusterMarker, PinMarker } from './TimelineMarkers';
import { useAxisGestures, type ViewChange } from './useAxisGestures';

/** Markers this far outside the window (percent of its width) are still drawn, half visible at the edge. */
const CULL_MARGIN_PERCENT = 4;
/** Choosing a cluster zooms until its visits spread over this share of the width (at least one step). */
const CLUSTER_SPREAD_SHARE = 0.5;
/** Before the first measurement (and in tests without layout): a desktop-sized axis. */
const DEFAULT_WIDTH_PX = 800;

function useWidth(element: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(DEFAULT_WIDTH_PX);
  useEffect(() => {
    const target = element.current;
    if (!target || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry && entry.contentRect.width > 0) setWidth(entry.contentRect.width);
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

/** The pins of a cluster, oldest first. */
const clusterPins = (entries: readonly TimelineEntry[], cluster: TimelineCluster): Pin[] =>
  entries.slice(cluster.first, cluster.last + 1).map((entry) => entry.pin);

function nameOf(entries: readonly TimelineEntry[], cluster: TimelineCluster): string {
  const first = entries[cluster.first]?.pin.visitDate ?? '';
  const last = entries[cluster.last]?.pin.visitDate ?? '';
  return clusterName(cluster.count, first, last);
}

export interface TimelineAxisProps {
  entries: readonly TimelineEntry[];
  range: TimelineRange;
  view: TimelineView;
  onViewChange: ViewChange;
  verificationBadges: boolean;
  onSelect: (pin: Pin) => void;
  /** The years the map is filtered to, tinted on the axis; null when it shows all. */
  span?: YearSpan | null;
}

/** The left edge and width, in percent of the visible window, of a span of whole years. */
function spanBand(span: YearSpan, window: TimelineRange): { left: number; width: number } {
  const left = Math.max(positionPercent(Date.UTC(span.from, 0, 1), window), -1);
  const right = Math.min(positionPercent(Date.UTC(span.to + 1, 0, 1), window), 101);
  return { left, width: Math.max(right - left, 0) };
}

export function TimelineAxis({
  entries,
  range,
  view,
  onViewChange,
  verificationBadges,
  onSelect,
  span = null,
}: TimelineAxisProps) {
  const axis = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const width = useWidth(content);
  const gestures = useAxisGestures(axis, content, onViewChange);
  // The list belongs to the view and the pins it was opened on: any move or change closes it.
  const [list, setList] = useState<{
    cluster: TimelineCluster;
    view: TimelineView;
    entries: readonly TimelineEntry[];
  } | null>(null);
  const openCluster = list && list.view === view && list.entries === entries ? list.cluster : null;

  const visible = useMemo(() => visibleWindow(range, view), [range, view]);
  const clusters = useMemo(
    () => clusterEntries(entries, range, view.zoom, width),
    [entries, range, view.zoom, width],
  );
  const inView = useMemo(() => clustersInView(clusters, visible, CULL_MARGIN_PERCENT), [clusters, visible]);
  const ticks = useMemo(() => timelineTicks(visible, width), [visible, width]);
  const band = span && spanBand(span, visible);

  const focusAxis = () => axis.current?.focus({ preventScroll: true });

  const chooseCluster = (cluster: TimelineCluster) => {
    if (view.zoom >= MAX_ZOOM) {
      setList({ cluster, view, entries });
      return;
    }
    const first = entries[cluster.first]?.time ?? cluster.time;
    const last = entries[cluster.last]?.time ?? cluster.time;
    const spreadZoom =
      last > first ? (CLUSTER_SPREAD_SHARE * (range.end - range.start)) / (last - first) : MAX_ZOOM;
    const middle = rangeShare((first + last) / 2, range);
    onViewChange(() => centreOn(middle, Math.max(view.zoom * ZOOM_STEP, spreadZoom)));
    // The cluster's button is replaced by what it splits into; the axis keeps the keyboard in place.
    focusAxis();
  };

  return (
    <div className="relative">
      <div
        ref={axis}
        tabIndex={0}
        role="group"
        aria-label={`Timeline, ${windowText(visible)}`}
        aria-describedby={hintId}
        className="relative h-[4.25rem] cursor-grab touch-pan-y select-none overflow-hidden outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-600 active:cursor-grabbing"
        {...gestures}
      >
        <span id={hintId} className="sr-only">
          Left and right arrow keys move through time, plus and minus zoom, 0 resets.
        </span>
        <div aria-hidden="true" className="absolute inset-x-0 top-11 h-px bg-slate-300" />
        <div ref={content} className="absolute inset-y-0 left-5 right-5">
          {band && (
            <div
              aria-hidden="true"
              style={{ left: `${band.left}%`, width: `${band.width}%` }}
              className="absolute top-1 h-10 rounded-control bg-brand-100/70"
            />
          )}
          {ticks.map((tick) => {
            const left = positionPercent(tick.time, visible);
            return (
              <div
                key={tick.time}
                aria-hidden="true"
                style={{ left: `${left}%` }}
                className="absolute top-11"
              >
                <div className="h-1.5 w-px bg-slate-400" />
                <div className="absolute top-2 -translate-x-1/2 whitespace-nowrap text-[11px] leading-4 text-slate-600">
                  {tick.label}
                </div>
              </div>
            );
          })}
          {inView.map((cluster) => {
            const left = positionPercent(cluster.time, visible);
            const entry = entries[cluster.first];
            if (!entry) return null;
            return cluster.count === 1 ? (
              <PinMarker
                key={entry.pin.pinId}
                pin={entry.pin}
                left={left}
                verificationBadges={verificationBadges}
                onSelect={onSelect}
              />
            ) : (
              <ClusterMarker
                key={`cluster-${entry.pin.pinId}`}
                count={cluster.count}
                name={nameOf(entries, cluster)}
                left={left}
                expanded={openCluster === cluster}
                onSelect={() => chooseCluster(cluster)}
              />
            );
          })}
        </div>
      </div>
      {openCluster && (
        <div className="absolute inset-x-5 top-0">
          <ClusterList
            name={nameOf(entries, openCluster)}
            pins={clusterPins(entries, openCluster)}
            left={positionPercent(openCluster.time, visible)}
            verificationBadges={verificationBadges}
            onSelect={(pin) => {
              setList(null);
              onSelect(pin);
            }}
            onClose={() => {
              setList(null);
              focusAxis();
            }}
          />
        </div>
      )}
    </div>
  );
}
