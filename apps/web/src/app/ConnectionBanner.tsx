import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { CloudOff, Wifi } from 'lucide-react';
import { connection as appConnection, type ConnectionMonitor } from '../lib/connection';

/** How long "Back online." stays after the server answers again. */
export const BACK_ONLINE_MS = 4_000;

/**
 * One banner on every page while the server cannot be reached (lib/connection.ts): what is wrong, when the
 * next try is, and a button to try now; then "Back online." for a moment. A server that refuses a request is
 * not this banner's business: the screen that asked says so.
 *
 * The live region is always on the page, so its changes are announced; the countdown is not, or a screen
 * reader would read it every second.
 */
export function ConnectionBanner({ connection = appConnection }: { connection?: ConnectionMonitor }) {
  const snapshot = useSyncExternalStore(connection.subscribe, connection.getSnapshot, connection.getSnapshot);
  const backOnline = useBackOnline(snapshot.reachable);
  const seconds = useSecondsUntil(snapshot.retryAt, () => connection.now());

  return (
    <div
      aria-live="polite"
      data-connection-banner=""
      className="pointer-events-none fixed inset-x-0 top-2 z-[60] flex justify-center px-3"
    >
      {!snapshot.reachable ? (
        <div className="pointer-events-auto flex max-w-full items-center gap-3 rounded-2xl bg-slate-900 py-1 pr-1 pl-4 text-sm text-white shadow-lg">
          <CloudOff aria-hidden="true" className="size-5 shrink-0" />
          <p className="min-w-0">
            {snapshot.offline ? "You're offline: Waymarks can't be reached." : "Waymarks can't be reached."}{' '}
            <span aria-hidden="true" className="text-slate-300">
              {seconds === null ? 'Trying again…' : `Trying again in ${seconds} s.`}
            </span>
          </p>
          <button
            type="button"
            onClick={() => connection.retryNow()}
            disabled={snapshot.retryAt === null}
            className="min-h-11 shrink-0 rounded-full px-3 font-semibold text-brand-200 underline-offset-2 hover:underline focus-visible:outline-white disabled:opacity-60"
          >
            Retry now
          </button>
        </div>
      ) : backOnline ? (
        <div className="flex items-center gap-2 rounded-2xl bg-success-50 px-4 py-2 text-sm font-medium text-success-800 shadow-lg ring-1 ring-success-200">
          <Wifi aria-hidden="true" className="size-5 shrink-0" />
          <p>Back online.</p>
        </div>
      ) : null}
    </div>
  );
}

/** True for a moment after `reachable` turns true again. */
function useBackOnline(reachable: boolean): boolean {
  const [shown, setShown] = useState(false);
  const wasReachable = useRef(reachable);
  useEffect(() => {
    const recovered = reachable && !wasReachable.current;
    wasReachable.current = reachable;
    if (!reachable) setShown(false);
    if (!recovered) return;
    setShown(true);
    const timer = setTimeout(() => setShown(false), BACK_ONLINE_MS);
    return () => clearTimeout(timer);
  }, [reachable]);
  return shown;
}

/** Whole seconds until `at` on the `clock`, counting down once a second; null without a time. */
function useSecondsUntil(at: number | null, clock: () => number): number | null {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (at === null) return;
    const timer = setInterval(() => setTick((tick) => tick + 1), 1_000);
    return () => clearInterval(timer);
  }, [at]);
  return at === null ? null : Math.max(0, Math.ceil((at - clock()) / 1_000));
}
