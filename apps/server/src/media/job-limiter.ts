// How many derivative jobs run at once: each can hold a decoded full-size image in memory.

/** Each job can hold a decoded full-size image; two at a time bounds the process's memory. */
export const MAX_CONCURRENT_DERIVATIVE_JOBS = 2;

export interface Limiter {
  run<T>(task: () => Promise<T>): Promise<T>;
  readonly active: number;
  readonly queued: number;
}

/** Runs at most `max` tasks at once, the rest in arrival order. */
export function createLimiter(max: number): Limiter {
  let active = 0;
  const waiting: (() => void)[] = [];
  const next = () => {
    active -= 1;
    waiting.shift()?.();
  };
  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const start = () => {
          active += 1;
          Promise.resolve().then(task).then(resolve, reject).finally(next);
        };
        if (active < max) start();
        else waiting.push(start);
      });
    },
    get active() {
      return active;
    },
    get queued() {
      return waiting.length;
    },
  };
}
