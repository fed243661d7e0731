// A clock whose time only moves when a test says so (lib/clock.ts), for rules about waiting.
import type { Clock } from '../lib/clock';

export interface ManualClock extends Clock {
  /** Moves time on by `ms`, running each timer that falls due in order, and the promises it starts. */
  advance(ms: number): Promise<void>;
}

export function manualClock(start = 1_000_000): ManualClock {
  let now = start;
  let nextId = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  return {
    now: () => now,
    setTimeout(callback, ms) {
      const id = nextId++;
      timers.set(id, { at: now + ms, callback });
      return id;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
    async advance(ms) {
      const end = now + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].callback();
        await flush();
      }
      now = end;
      await flush();
    },
  };
}

/** Lets the promises already started settle. */
export async function flush(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}
