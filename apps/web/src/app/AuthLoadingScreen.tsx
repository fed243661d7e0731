import { Spinner } from '../components/ui/Spinner';

/** Shown while the session is being restored (SPEC.md §2, the guard). */
export function AuthLoadingScreen() {
  return (
    <div className="grid min-h-dvh place-items-center bg-map-grid px-4">
      <div role="status" className="flex flex-col items-center gap-3 text-center">
        <Spinner className="size-8 text-brand-700" />
        <p className="text-title font-semibold text-slate-900">Loading...</p>
        <p className="text-slate-600">Please wait while we authenticate you</p>
      </div>
    </div>
  );
}
