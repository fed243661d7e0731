import { Globe } from 'lucide-react';

// Every flag-icons 4:3 SVG named by a two-letter code becomes its own file in the build, served by the
// app (no CDN); only the small code → URL table is in the JavaScript. `no-inline` stops Vite from
// turning the smaller flags into data URLs inside it. XX, the code of an unknown country (SPEC:
// geocoding failure), gets the globe rather than flag-icons' blank flag.
const FLAG_FILES = import.meta.glob<string>(['./??.svg', '!./xx.svg'], {
  base: '../../../../node_modules/flag-icons/flags/4x3/',
  query: '?url&no-inline',
  import: 'default',
  eager: true,
});

const FLAG_URLS = new Map(
  Object.entries(FLAG_FILES).map(([file, url]) => [file.slice(-6, -4).toUpperCase(), url]),
);

/** The URL of the country's flag, or undefined when there is none (XX, unknown codes). */
export function flagUrl(code: string): string | undefined {
  return FLAG_URLS.get(code.toUpperCase());
}

interface CountryFlagProps {
  /** ISO 3166-1 alpha-2, any case; XX or an unknown code shows a globe. */
  code: string;
  /** Size: give a height (the width follows at 4:3) or both. */
  className?: string;
  /** Text for the flag when no country name is shown beside it; decorative without. */
  alt?: string;
}

const FRAME = 'inline-block aspect-[4/3] shrink-0 rounded-[3px] ring-1 ring-slate-900/10';

/** A country's flag at 4:3 with rounded corners and a faint ring, so white flags keep an edge. */
export function CountryFlag({ code, className = 'h-4', alt = '' }: CountryFlagProps) {
  const url = flagUrl(code);
  if (!url) {
    return (
      <span
        className={`${FRAME} inline-flex items-center justify-center bg-slate-100 text-slate-400 ${className}`}
        {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
      >
        <Globe aria-hidden="true" className="size-3/4" strokeWidth={1.75} />
      </span>
    );
  }
  return (
    <img
      src={url}
      alt={alt}
      loading="lazy"
      decoding="async"
      draggable={false}
      className={`${FRAME} object-cover ${className}`}
    />
  );
}
