import { Component, type ReactNode } from 'react';

/** Keeps the dashboard usable when the map's code or the map itself fails to load. */
export class MapErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('The map failed to load', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div
        role="alert"
        className="flex h-full flex-col items-center justify-center gap-3 bg-sky-50 p-6 text-center text-slate-700"
      >
        <p className="max-w-sm">The map could not be loaded. Your pins and stats are safe.</p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="min-h-11 rounded-control border border-slate-300 bg-white px-4 font-semibold text-slate-800 hover:bg-slate-50"
        >
          Try Again
        </button>
      </div>
    );
  }
}
