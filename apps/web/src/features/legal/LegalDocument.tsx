// The typography of the legal pages, so the documents themselves hold only their text. The table of contents
// is built from the same section list as the sections, so a contents link can never point nowhere.
import type { ReactNode } from 'react';

interface LegalSection {
  /** The section's id, the target of its contents link. */
  id: string;
  title: string;
  body: ReactNode;
}

export interface LegalPageProps {
  supportEmail: string;
}

/** Page metadata for the route: document title and meta description. */
export interface LegalMeta {
  title: string;
  description: string;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * '2026-11-22' as '22 November 2026'. Written out rather than with Intl.DateTimeFormat: its first use loads
 * the locale's and the time zone's data, some 40 ms of a phone's main thread while the page hydrates.
 */
function formatUpdated(isoDate: string): string {
  const date = new Date(isoDate);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

// Lists, links, paragraphs and addresses inside the sections are styled here, once, by descendant selectors.
const prose = [
  '[&_p]:mt-4 [&_h3+p]:mt-2 [&_h3+ul]:mt-2 [&_h3+ol]:mt-2',
  '[&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6',
  '[&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6',
  '[&_li]:pl-1 [&_li::marker]:text-slate-500',
  '[&_strong]:font-semibold [&_strong]:text-slate-900',
  '[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-brand-900',
  '[&_address]:mt-4 [&_address]:rounded-control [&_address]:border-l-4 [&_address]:border-brand-200',
  '[&_address]:bg-white [&_address]:px-4 [&_address]:py-3 [&_address]:not-italic',
].join(' ');

/** A whole legal document: title, last-updated line, contents, then one section per entry. */
export function LegalDocument({
  title,
  updated,
  sections,
}: {
  title: string;
  /** ISO date, e.g. '2026-11-22'. */
  updated: string;
  sections: LegalSection[];
}) {
  const contentsId = 'legal-contents-label';
  return (
    <article className="mx-auto w-full max-w-[70ch] px-4 py-10 text-base leading-7 break-words text-slate-700 sm:py-14">
      <header>
        <h1 className="text-display font-bold text-slate-900">{title}</h1>
        <p className="mt-2 text-sm text-slate-600">
          Last updated: <time dateTime={updated}>{formatUpdated(updated)}</time>
        </p>
      </header>

      <nav
        aria-labelledby={contentsId}
        className="mt-8 rounded-card border border-slate-200 bg-white px-5 py-4 shadow-sm"
      >
        <p id={contentsId} className="text-sm font-semibold tracking-wide text-slate-900 uppercase">
          On this page
        </p>
        <ol className="mt-1 text-sm sm:columns-2 sm:gap-6">
          {sections.map((section) => (
            <li key={section.id} className="break-inside-avoid">
              <a
                href={`#${section.id}`}
                className="flex min-h-11 items-center rounded-control font-medium text-brand-700 hover:text-brand-900 hover:underline"
              >
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      {sections.map((section) => (
        <section
          key={section.id}
          id={section.id}
          aria-labelledby={`${section.id}-heading`}
          className="mt-10 scroll-mt-24"
        >
          <h2 id={`${section.id}-heading`} className="text-title font-semibold text-slate-900">
            {section.title}
          </h2>
          <div className={prose}>{section.body}</div>
        </section>
      ))}
    </article>
  );
}

/** A titled part of a section (an h3 under the section's h2). */
export function LegalSubsection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <h3 className="mt-6 text-base font-semibold text-slate-900">{title}</h3>
      {children}
    </>
  );
}

/** The support address as a mail link, optionally with a subject filled in. */
export function MailLink({ email, subject }: { email: string; subject?: string }) {
  const href = subject ? `mailto:${email}?subject=${encodeURIComponent(subject)}` : `mailto:${email}`;
  return <a href={href}>{email}</a>;
}
