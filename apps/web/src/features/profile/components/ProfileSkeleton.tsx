// The profile's shape while it loads, so the page does not jump when it arrives.
const BLOCK = 'animate-pulse rounded-card bg-slate-200/70';

export function ProfileSkeleton() {
  return (
    <div role="status" aria-live="polite" className="grid gap-5 lg:grid-cols-[18rem_1fr]">
      <span className="sr-only">Loading your profile...</span>
      <div aria-hidden="true" className={`${BLOCK} h-72`} />
      <div aria-hidden="true" className="flex flex-col gap-5">
        <div className={`${BLOCK} h-56`} />
        <div className={`${BLOCK} h-48`} />
        <div className="grid gap-4 sm:grid-cols-3">
          <div className={`${BLOCK} h-24`} />
          <div className={`${BLOCK} h-24`} />
          <div className={`${BLOCK} h-24`} />
        </div>
      </div>
    </div>
  );
}
