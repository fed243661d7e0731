import { LoaderCircle } from 'lucide-react';

/** A turning circle. Decorative unless `label` is given, in which case it is read out. */
export function Spinner({ label, className = 'size-5' }: { label?: string; className?: string }) {
  if (!label) return <LoaderCircle aria-hidden="true" className={`animate-spin ${className}`} />;
  return (
    <span role="status" className="inline-flex">
      <LoaderCircle aria-hidden="true" className={`animate-spin ${className}`} />
      <span className="sr-only">{label}</span>
    </span>
  );
}
