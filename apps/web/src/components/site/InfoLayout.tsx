// The frame of every info page (SPEC.md §2, Info pages): a header with the back button, the logo and the
// product name; the page; the full footer.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { Logo } from '../Logo';
import { buttonClasses } from '../ui/button-styles';
import { FullFooter } from './Footer';
import { SkipLink } from './SkipLink';

const backClasses = `${buttonClasses('ghost')} -ml-3 px-3 text-slate-700`;

/** Where the back button goes: a path, or an action (the report page may go back in history). */
export type BackTarget = { label: string; to: string } | { label: string; onClick: () => void };

function BackButton({ target }: { target: BackTarget }) {
  const content = (
    <>
      <ArrowLeft aria-hidden="true" className="size-5" />
      {target.label}
    </>
  );
  if ('to' in target) {
    return (
      <Link to={target.to} className={backClasses}>
        {content}
      </Link>
    );
  }
  return (
    <button type="button" onClick={target.onClick} className={backClasses}>
      {content}
    </button>
  );
}

export const HOME_BACK: BackTarget = { label: 'Back to Home', to: '/' };

export function InfoLayout({ children, back = HOME_BACK }: { children: ReactNode; back?: BackTarget }) {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <SkipLink />
      <header className="sticky top-0 z-30 border-b border-slate-200/80 bg-white/90 backdrop-blur-md">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <BackButton target={back} />
          <Logo />
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <FullFooter />
    </div>
  );
}

/** The hero band at the top of About, Feedback and Report Content: an icon, the h1 and a subtitle. */
export function PageHero({
  icon,
  title,
  subtitle,
  children,
}: {
  icon: ReactNode;
  title: string;
  subtitle: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="relative overflow-hidden border-b border-slate-200/70 bg-map-grid">
      <div className="mx-auto flex max-w-3xl flex-col items-center px-4 py-14 text-center sm:px-6 sm:py-20">
        <span
          aria-hidden="true"
          className="mb-6 flex size-14 items-center justify-center rounded-2xl bg-brand-700 text-white shadow-card [&_svg]:size-7"
        >
          {icon}
        </span>
        <h1 className="text-balance text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">{title}</h1>
        <p className="mt-4 max-w-2xl text-balance text-lg leading-relaxed text-slate-600">{subtitle}</p>
        {children}
      </div>
    </section>
  );
}

/** A section heading with an optional eyebrow and lead paragraph, centred. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  lead,
  align = 'center',
}: {
  id?: string;
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  align?: 'center' | 'left';
}) {
  return (
    <div className={align === 'center' ? 'mx-auto max-w-2xl text-center' : 'max-w-2xl'}>
      {eyebrow && (
        <p className="text-sm font-semibold uppercase tracking-[0.14em] text-brand-700">{eyebrow}</p>
      )}
      <h2 id={id} className="mt-2 text-balance text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {title}
      </h2>
      {lead && <p className="mt-4 text-pretty text-lg leading-relaxed text-slate-600">{lead}</p>}
    </div>
  );
}
