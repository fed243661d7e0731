// Play on the timeline: the map shows one year with visits, then the next, a step at a time, and play
// stops after the last. Time comes from a clock, so tests move it by hand.
import { useCallback, useEffect, useRef, useState } from 'react';
import { systemClock, type Clock } from '../../../lib/clock';
import { nextPlayYear, type YearSpan } from '../filter';

/** How long each year stays on the map while playing. */
export const PLAY_STEP_MS = 1200;

export function useYearPlayer({
  years,
  span,
  onSpanChange,
  clock = systemClock,
}: {
  /** The years with visits, oldest first. */
  years: readonly number[];
  span: YearSpan | null;
  onSpanChange: (span: YearSpan | null) => void;
  clock?: Clock;
}) {
  const [playing, setPlaying] = useState(false);
  const change = useRef(onSpanChange);
  useEffect(() => {
    change.current = onSpanChange;
  });

  // Each year shown while playing schedules the next; the last one's step ends play instead.
  useEffect(() => {
    if (!playing) return;
    const handle = clock.setTimeout(() => {
      const next = nextPlayYear(years, span);
      if (next === null) setPlaying(false);
      else change.current({ from: next, to: next });
    }, PLAY_STEP_MS);
    return () => clock.clearTimeout(handle);
  }, [playing, span, years, clock]);

  /** Starts from the first year, or goes on from a year where play was paused. */
  const play = useCallback(() => {
    const start = nextPlayYear(years, span) ?? years[0];
    if (start === undefined) return;
    change.current({ from: start, to: start });
    setPlaying(true);
  }, [years, span]);

  const pause = useCallback(() => setPlaying(false), []);

  return { playing, play, pause };
}
