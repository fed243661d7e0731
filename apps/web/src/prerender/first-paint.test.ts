// When a prerendered page starts loading the app: after its first contentful paint, never twice, and
// never not at all (background tabs, browsers without paint timing, a paint that is never reported).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint, FIRST_PAINT_TIMEOUT_MS, type PaintWindow } from './first-paint';

/** A window whose paint reports, frames, visibility and timers the test drives. */
function fakeWindow({ paintTiming = true, hidden = false } = {}) {
  let visibility: DocumentVisibilityState = hidden ? 'hidden' : 'visible';
  const visibilityListeners = new Set<() => void>();
  const observers: { report: (name: string) => void; disconnected: boolean }[] = [];
  const frames: FrameRequestCallback[] = [];

  class FakeObserver {
    static supportedEntryTypes = paintTiming ? ['paint', 'navigation'] : ['navigation'];
    disconnected = false;
    constructor(private readonly callback: PerformanceObserverCallback) {
      observers.push(this);
    }
    observe(options: PerformanceObserverInit) {
      expect(options).toEqual({ type: 'paint', buffered: true });
    }
    disconnect() {
      this.disconnected = true;
    }
    report(name: string) {
      if (this.disconnected) return;
      const list = { getEntriesByName: (wanted: string) => (wanted === name ? [{ name }] : []) };
      this.callback(list as unknown as PerformanceObserverEntryList, this as unknown as PerformanceObserver);
    }
  }

  const win = {
    document: {
      get visibilityState() {
        return visibility;
      },
      addEventListener: (type: string, listener: () => void) => {
        if (type === 'visibilitychange') visibilityListeners.add(listener);
      },
      removeEventListener: (type: string, listener: () => void) => {
        if (type === 'visibilitychange') visibilityListeners.delete(listener);
      },
    },
    setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
    clearTimeout: (handle: number) => clearTimeout(handle),
    requestAnimationFrame: (callback: FrameRequestCallback) => frames.push(callback),
    PerformanceObserver: FakeObserver,
  } as unknown as PaintWindow;

  return {
    win,
    paint: (name = 'first-contentful-paint') => observers.forEach((observer) => observer.report(name)),
    nextFrame: () => frames.splice(0).forEach((callback) => callback(0)),
    hide: () => {
      visibility = 'hidden';
      visibilityListeners.forEach((listener) => listener());
    },
    visibilityListeners,
    observers,
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('afterFirstPaint', () => {
  it('waits for the first contentful paint, not the first paint, and runs once', () => {
    const page = fakeWindow();
    const run = vi.fn();
    afterFirstPaint(run, page.win);
    page.paint('first-paint');
    expect(run).not.toHaveBeenCalled();
    page.paint();
    page.paint();
    vi.advanceTimersByTime(FIRST_PAINT_TIMEOUT_MS);
    page.hide();
    expect(run).toHaveBeenCalledTimes(1);
    expect(page.observers.every((observer) => observer.disconnected)).toBe(true);
    expect(page.visibilityListeners.size).toBe(0);
  });

  it('runs at once in a tab that is hidden, which paints nothing', () => {
    const page = fakeWindow({ hidden: true });
    const run = vi.fn();
    afterFirstPaint(run, page.win);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs when the tab is hidden before the page painted', () => {
    const page = fakeWindow();
    const run = vi.fn();
    afterFirstPaint(run, page.win);
    page.hide();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs after the second frame where the browser cannot report paints', () => {
    const page = fakeWindow({ paintTiming: false });
    const run = vi.fn();
    afterFirstPaint(run, page.win);
    page.nextFrame();
    expect(run).not.toHaveBeenCalled();
    page.nextFrame();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs after FIRST_PAINT_TIMEOUT_MS when no paint is ever reported', () => {
    const page = fakeWindow();
    const run = vi.fn();
    afterFirstPaint(run, page.win);
    vi.advanceTimersByTime(FIRST_PAINT_TIMEOUT_MS - 1);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
