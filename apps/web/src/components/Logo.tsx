import { Link } from 'react-router';

/** The Waymarks mark: a map pin whose head is a compass-like ring around a sunset dot. */
export function WaymarksMark({ className = 'size-9' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={className}>
      <path
        d="M16 1.5C9.65 1.5 4.5 6.58 4.5 12.86c0 8.3 9.7 16.58 10.8 17.5a1.1 1.1 0 0 0 1.4 0c1.1-.92 10.8-9.2 10.8-17.5C27.5 6.58 22.35 1.5 16 1.5Z"
        className="fill-brand-700"
      />
      <path
        d="M9.5 20.5c2.2-1.6 3.4-4.2 6.5-4.2s4.3 2.6 6.5 4.2"
        fill="none"
        strokeWidth="1.4"
        strokeLinecap="round"
        strokeDasharray="1.6 2.2"
        className="stroke-brand-300"
      />
      <circle cx="16" cy="12.5" r="5.2" className="fill-white" />
      <circle cx="16" cy="12.5" r="2.6" className="fill-accent-500" />
    </svg>
  );
}

/** Mark and name, linking home. */
export function Logo() {
  return (
    <Link
      to="/"
      className="inline-flex min-h-11 items-center gap-2 rounded-control px-1 text-xl font-bold tracking-tight text-slate-900"
    >
      <WaymarksMark />
      <span>Waymarks</span>
    </Link>
  );
}
