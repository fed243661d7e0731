// Markers that would sit too close on the axis merge into one cluster (SPEC.md §9 Timeline): closer than
// 8/zoom percent of the visible width, never less than 2 percent (nor, on a phone, than a marker's width). One pass over the date-sorted entries
// builds them, and a binary search finds the ones in view, so thousands of pins cost only the few dozen
// markers the axis can show.
import type { TimelineEntry, TimelineRange } from './range';

export const CLUSTER_PERCENT_AT_ZOOM_1 = 8;
export const MIN_CLUSTER_PERCENT = 2;
/** Counts above this show as '9+'. */
export const BADGE_LIMIT = 9;

/** A run of entries (first to last, inclusive, in date order) drawn as one marker at `time`. */
export interface TimelineCluster {
  first: number;
  last: number;
  count: number;
  /**
   * Where the marker sits: at its earliest visit. Each cluster starts at least the threshold after the one
   * before, so drawn there no two markers come closer than the threshold.
   */
  time: number;
}

/**
 * Markers are drawn about this wide: on a narrow axis (a phone) the percentages above would leave them
 * overlapping, one hiding the other from the finger, so markers closer than this merge as well. From an
 * axis 1200 px wide, 24 px is under 2% and the rule of SPEC.md alone applies.
 */
export const MIN_MARKER_GAP_PX = 24;

/**
 * The distance, in percent of the visible width, under which markers merge: max(2, 8/zoom), and on an axis
 * narrower than 1200 px never less than 24 px.
 */
export function clusterThresholdPercent(zoom: number, axisWidthPx = Infinity): number {
  return Math.max(
    MIN_CLUSTER_PERCENT,
    CLUSTER_PERCENT_AT_ZOOM_1 / zoom,
    (MIN_MARKER_GAP_PX / axisWidthPx) * 100,
  );
}

/**
 * Groups date-sorted entries: an entry joins the open cluster while it lies closer than the threshold to
 * that cluster's first entry, so no cluster is wider than the threshold and a long run of daily visits
 * still splits into several markers. The clusters depend on the zoom only, not on the pan, so panning
 * never regroups them.
 */
export function clusterEntries(
  entries: readonly TimelineEntry[],
  range: TimelineRange,
  zoom: number,
  axisWidthPx = Infinity,
): TimelineCluster[] {
  const percent = clusterThresholdPercent(zoom, axisWidthPx);
  const threshold = (percent / 100) * ((range.end - range.start) / zoom);
  const clusters: TimelineCluster[] = [];
  let first = 0;
  for (let index = 1; index <= entries.length; index += 1) {
    const entry = entries[index];
    const start = entries[first];
    if (!start) break;
    if (entry && entry.time - start.time < threshold) continue;
    clusters.push({ first, last: index - 1, count: index - first, time: start.time });
    first = index;
  }
  return clusters;
}

/** The first index whose cluster sits at or after `time` (clusters are in time order). */
function firstAtOrAfter(clusters: readonly TimelineCluster[], time: number): number {
  let low = 0;
  let high = clusters.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((clusters[middle]?.time ?? Infinity) < time) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The clusters inside the visible window, widened on each side by `marginPercent` of its width so a marker
 * half out of view is still drawn. Only these become DOM elements.
 */
export function clustersInView(
  clusters: readonly TimelineCluster[],
  window: TimelineRange,
  marginPercent = 0,
): TimelineCluster[] {
  const margin = ((window.end - window.start) * marginPercent) / 100;
  const from = window.start - margin;
  const to = window.end + margin;
  const inView: TimelineCluster[] = [];
  for (let index = firstAtOrAfter(clusters, from); index < clusters.length; index += 1) {
    const cluster = clusters[index];
    if (!cluster || cluster.time > to) break;
    inView.push(cluster);
  }
  return inView;
}

/** A cluster marker's badge: the count, or '9+' above 9. */
export function badgeText(count: number): string {
  return count > BADGE_LIMIT ? `${BADGE_LIMIT}+` : String(count);
}
