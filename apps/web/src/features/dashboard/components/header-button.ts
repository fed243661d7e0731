/** The dashboard header's compact buttons: icon-only on phones (the label is then the aria-label). */
export function headerButtonClasses(pressed: boolean): string {
  const state = pressed
    ? 'border-brand-300 bg-brand-50 text-brand-800 hover:bg-brand-100'
    : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50';
  return (
    'inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-control border px-2.5 ' +
    `text-sm font-semibold shadow-sm transition-colors ${state}`
  );
}
