// The two footers of SPEC.md §2: the simple one (legal links and copyright) and the full one.
import { useSyncExternalStore, type ReactNode } from 'react';
import { Link } from 'react-router';
import { publicConfig } from '../../app/public-config';
import { WaymarksMark } from '../Logo';
import { LEGAL_LINKS, PRODUCT_NAME, TAGLINE } from './links';

const neverChanges = () => () => {};

/** False while React adopts prerendered markup, true from the render after (and in every other render). */
function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}

/**
 * The visitor's current year. A prerendered page carries the year of its build, which may have passed: the
 * hydrating render keeps that text, then the span is drawn again with the year of the visitor's clock.
 */
function CurrentYear() {
  const hydrated = useHydrated();
  return (
    <span key={hydrated ? 'now' : 'prerendered'} suppressHydrationWarning>
      {new Date().getFullYear()}
    </span>
  );
}

function Copyright({ className = '' }: { className?: string }) {
  return (
    <p className={className}>
      © <CurrentYear /> {PRODUCT_NAME}. All rights reserved.
    </p>
  );
}

/** Legal links and the copyright line, for app screens that need little chrome. */
export function SimpleFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-4 text-sm text-slate-600 sm:px-6 lg:flex-row lg:items-center lg:justify-between">
        <nav aria-label="Legal">
          <ul className="-mx-2 flex flex-wrap">
            {LEGAL_LINKS.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="inline-flex min-h-11 items-center px-2 hover:text-slate-900 hover:underline"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <Copyright />
      </div>
    </footer>
  );
}

const footerLinkClasses =
  'inline-flex min-h-11 items-center text-slate-300 transition-colors hover:text-white hover:underline underline-offset-4 sm:min-h-10';

function FooterColumn({
  title,
  children,
  className = '',
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={className}>
      <h2 className="text-xs font-semibold uppercase tracking-[0.14em] text-brand-200">{title}</h2>
      <ul className="mt-3 flex flex-col">{children}</ul>
    </div>
  );
}

/** Brand blurb; Product, Support and Legal columns; tagline and copyright. */
export function FullFooter() {
  const { supportEmail, discordUrl } = publicConfig();
  return (
    <footer className="bg-brand-950 text-slate-300">
      <div className="mx-auto max-w-6xl px-4 pb-8 pt-14 sm:px-6 sm:pt-16">
        <div className="grid gap-10 lg:grid-cols-[1fr_1.6fr] lg:gap-12">
          <div className="max-w-sm">
            <Link
              to="/"
              className="inline-flex min-h-11 items-center gap-2.5 rounded-control text-xl font-bold tracking-tight text-white"
            >
              <span className="flex size-10 items-center justify-center rounded-xl bg-white">
                <WaymarksMark className="size-7" />
              </span>
              {PRODUCT_NAME}
            </Link>
            <p className="mt-4 leading-relaxed text-slate-300">
              Pin the places you have been, keep the photos and videos that go with them, and watch your own
              map of the world fill in, one trip at a time.
            </p>
          </div>

          <nav aria-label="Footer" className="grid grid-cols-2 gap-x-6 gap-y-10 sm:grid-cols-3 sm:gap-8">
            <FooterColumn title="Product">
              <li>
                <Link to="/about" className={footerLinkClasses}>
                  About
                </Link>
              </li>
            </FooterColumn>
            <FooterColumn title="Support">
              <li>
                <Link to="/feedback" className={footerLinkClasses}>
                  Send Feedback
                </Link>
              </li>
              <li>
                <a href={`mailto:${supportEmail}`} className={footerLinkClasses}>
                  Contact Support
                </a>
              </li>
              <li>
                <a href={discordUrl} target="_blank" rel="noopener noreferrer" className={footerLinkClasses}>
                  Discord Community
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            </FooterColumn>
            <FooterColumn title="Legal" className="col-span-2 sm:col-span-1">
              {LEGAL_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={footerLinkClasses}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </FooterColumn>
          </nav>
        </div>

        <div className="mt-12 flex flex-col gap-2 border-t border-white/10 pt-6 text-sm sm:flex-row sm:items-center sm:justify-between">
          <Copyright className="text-slate-400" />
          <p className="font-medium text-brand-200">{TAGLINE}</p>
        </div>
      </div>
    </footer>
  );
}
