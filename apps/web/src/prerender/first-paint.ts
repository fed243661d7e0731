// When a prerendered page starts loading the app: once the browser has painted the page's own HTML.
// Fetched any earlier, the app's code shares a slow connection with the HTML and the font, and its
// evaluation can hold back the very paint that shows the page.

/** Waits no longer than this for a paint that is never reported, so the page still hydrates. */
export const FIRST_PAINT_TIMEOUT_MS = 3000;

/** What afterFirstPaint needs of the window (a test passes its own). */
export type PaintWindow = Pick<
  Window,
  'document' | 'setTimeout' | 'clearTimeout' | 'requestAnimationFrame'
> & {
  /** Missing in browsers that cannot observe performance entries. */
  PerformanceObserver?: typeof PerformanceObserver;
};

/**
 * Calls `run` once, after the first contentful paint has been reported; at once in a background tab,
 * which paints nothing until it is shown; after the next frame where the browser cannot report paints;
 * and after FIRST_PAINT_TIMEOUT_MS whatever happens.
 */
export function afterFirstPaint(run: () => void, win: PaintWindow = window): void {
  const { document } = win;
  if (document.visibilityState === 'hidden') {
    run();
    return;
  }
  let done = false;
  let observer: PerformanceObserver | undefined;
  const onHidden = () => {
    if (document.visibilityState === 'hidden') once();
  };
  const timer = win.setTimeout(() => once(), FIRST_PAINT_TIMEOUT_MS);
  function once() {
    if (done) return;
    done = true;
    win.clearTimeout(timer);
    observer?.disconnect();
    document.removeEventListener('visibilitychange', onHidden);
    run();
  }
  document.addEventListener('visibilitychange', onHidden);

  const Observer = win.PerformanceObserver;
  if (Observer?.supportedEntryTypes?.includes('paint')) {
    const paints = new Observer((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length > 0) once();
    });
    observer = paints;
    // buffered: a paint that happened before this script ran is reported too.
    paints.observe({ type: 'paint', buffered: true });
  } else {
    // The callback of the second frame runs once the first one has been drawn.
    win.requestAnimationFrame(() => win.requestAnimationFrame(() => once()));
  }
}
