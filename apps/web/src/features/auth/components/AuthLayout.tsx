import type { ReactNode, Ref } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../../components/Logo';

/** The frame of every auth screen: logo linking home, a centred card, and the legal links. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col items-center bg-map-grid px-4 py-8 sm:py-14">
      <header className="mb-6">
        <Logo />
      </header>
      <main className="w-full max-w-md rounded-card border border-slate-200/80 bg-white p-6 shadow-card sm:p-8">
        {children}
      </main>
      <footer className="mt-6 flex gap-2 text-sm text-slate-600">
        <Link
          to="/privacy"
          className="inline-flex min-h-11 items-center px-2 hover:text-slate-900 hover:underline"
        >
          Privacy Policy
        </Link>
        <Link
          to="/terms"
          className="inline-flex min-h-11 items-center px-2 hover:text-slate-900 hover:underline"
        >
          Terms of Service
        </Link>
      </footer>
    </div>
  );
}

/** The card's heading block; the heading takes focus when a step appears so its change is announced. */
export function AuthHeading({
  title,
  children,
  headingRef,
}: {
  title: string;
  children?: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  return (
    <div className="mb-6 text-center">
      <h1 ref={headingRef} tabIndex={-1} className="text-display font-bold text-slate-900 outline-none">
        {title}
      </h1>
      {children && <p className="mt-2 text-balance text-slate-600">{children}</p>}
    </div>
  );
}

export function OrDivider() {
  return (
    <div className="my-6 flex items-center gap-3 text-sm text-slate-500">
      <span className="h-px flex-1 bg-slate-200" />
      <span>or</span>
      <span className="h-px flex-1 bg-slate-200" />
    </div>
  );
}
