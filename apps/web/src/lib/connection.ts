// Whether the server can be reached: one answer for the whole app, so that one banner can say so.
//
// A request that gets no answer at all (the network is down, the server is stopped, or a proxy in front of it
// answers for it with a gateway error page) marks the server unreachable. The monitor then asks
// GET /api/health again after 2, 4, 8 … up to 30 seconds, at once when the browser says it is online again or
// the traveller asks, and the first answer marks it reachable again and tells whoever listens, so screens
// load what failed meanwhile. A server that answers with an error of its own is reachable: that is a
// refusal, and the screen that asked shows it.
import { systemClock, type Clock } from './clock';

export interface ConnectionSnapshot {
  reachable: boolean;
  /** The browser itself says it has no network (navigator.onLine), as well as the server being unreachable. */
  offline: boolean;
  /** While unreachable: when the next check is due (the clock's milliseconds), or null while one runs. */
  retryAt: number | null;
}

/** Waits between checks: doubling from the first, never longer than the last. */
export const RETRY_DELAYS_MS = [2_000, 4_000, 8_000, 16_000, 30_000] as const;
const HEALTH_PATH = '/api/health';
/** A check that hangs is as good as no answer. */
const CHECK_TIMEOUT_MS = 10_000;

interface ConnectionMonitorOptions {
  /** The fetch the checks use (the browser's, or a test's); read at call time by default. */
  fetch?: typeof fetch;
  clock?: Clock;
}

/** A proxy's own answer for a server behind it that is down: a gateway status without the API's JSON. */
export function isGatewayFailure(response: Response): boolean {
  if (![502, 503, 504].includes(response.status)) return false;
  return !(response.headers.get('content-type') ?? '').includes('application/json');
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export class ConnectionMonitor {
  private readonly fetchImpl: typeof fetch;
  private readonly clock: Clock;
  private snapshot: ConnectionSnapshot = { reachable: true, offline: false, retryAt: null };
  private readonly listeners = new Set<() => void>();
  private readonly reconnectListeners = new Set<() => void>();
  private attempt = 0;
  private timer: unknown = null;
  private checking = false;

  constructor({ fetch: fetchImpl, clock = systemClock }: ConnectionMonitorOptions = {}) {
    this.fetchImpl = fetchImpl ?? ((input, init) => fetch(input, init));
    this.clock = clock;
  }

  /** For useSyncExternalStore: the same object until something changes. */
  getSnapshot = (): ConnectionSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The time `retryAt` is counted in. */
  now(): number {
    return this.clock.now();
  }

  /** Called each time the server is back after being unreachable. */
  onReconnect(listener: () => void): () => void {
    this.reconnectListeners.add(listener);
    return () => this.reconnectListeners.delete(listener);
  }

  /** A fetch that tells this monitor whether each request got an answer. */
  watch(fetchImpl: typeof fetch): typeof fetch {
    return async (input, init) => {
      let response: Response;
      try {
        response = await fetchImpl(input, init);
      } catch (error) {
        if (!isAbort(error)) this.markUnreachable();
        throw error;
      }
      if (isGatewayFailure(response)) this.markUnreachable();
      else this.markReachable();
      return response;
    };
  }

  /** Follows the browser's own online and offline events. */
  listenTo(target: Pick<Window, 'addEventListener'> & { navigator: { onLine: boolean } }): void {
    target.addEventListener('offline', () => this.markUnreachable({ offline: true }));
    target.addEventListener('online', () => this.retryNow());
    if (!target.navigator.onLine) this.markUnreachable({ offline: true });
  }

  /** Checks at once rather than at the next due time (the banner's Retry now, the browser back online). */
  retryNow(): void {
    if (this.snapshot.reachable || this.checking) return;
    this.cancelTimer();
    void this.check();
  }

  /** Stops any check waiting to run; for tests. */
  dispose(): void {
    this.cancelTimer();
    this.listeners.clear();
    this.reconnectListeners.clear();
  }

  private markUnreachable({ offline = false }: { offline?: boolean } = {}): void {
    if (!this.snapshot.reachable) {
      if (offline && !this.snapshot.offline) this.publish({ ...this.snapshot, offline });
      return;
    }
    this.attempt = 0;
    this.scheduleCheck(offline);
  }

  private markReachable(): void {
    this.cancelTimer();
    this.attempt = 0;
    if (this.snapshot.reachable) return;
    this.publish({ reachable: true, offline: false, retryAt: null });
    for (const listener of this.reconnectListeners) listener();
  }

  private scheduleCheck(offline = this.snapshot.offline): void {
    const delay = RETRY_DELAYS_MS[Math.min(this.attempt, RETRY_DELAYS_MS.length - 1)]!;
    this.attempt += 1;
    this.cancelTimer();
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      void this.check();
    }, delay);
    this.publish({ reachable: false, offline, retryAt: this.clock.now() + delay });
  }

  private async check(): Promise<void> {
    this.checking = true;
    this.publish({ ...this.snapshot, retryAt: null });
    let answered = false;
    try {
      const response = await this.fetchImpl(HEALTH_PATH, {
        cache: 'no-store',
        signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
      });
      answered = !isGatewayFailure(response);
    } catch {
      answered = false;
    } finally {
      this.checking = false;
    }
    // An answer to another request may have come in meanwhile.
    if (this.snapshot.reachable) return;
    if (answered) this.markReachable();
    else this.scheduleCheck();
  }

  private cancelTimer(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  private publish(next: ConnectionSnapshot): void {
    const current = this.snapshot;
    if (
      current.reachable === next.reachable &&
      current.offline === next.offline &&
      current.retryAt === next.retryAt
    ) {
      return;
    }
    this.snapshot = next;
    for (const listener of this.listeners) listener();
  }
}

/** The app's one monitor: every request to the API goes through its `watch`. */
export const connection = new ConnectionMonitor();
