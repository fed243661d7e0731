import type { ReactNode } from 'react';

/** A page that is only its heading (and maybe a few controls) until its screen is built. */
export function PlainPage({ heading, children }: { heading: string; children?: ReactNode }) {
  return (
    <main className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-10 sm:py-14">
      <h1 className="text-display font-bold text-slate-900">{heading}</h1>
      {children}
    </main>
  );
}
