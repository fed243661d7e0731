import type { MouseEvent } from 'react';

/**
 * 'Skip to main content', visible only when focused. It moves focus itself rather than following
 * '#main', so the router never sees a hash navigation.
 */
export function SkipLink({ target = 'main' }: { target?: string }) {
  function skip(event: MouseEvent<HTMLAnchorElement>) {
    const main = document.getElementById(target);
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView();
  }
  return (
    <a
      href={`#${target}`}
      onClick={skip}
      className="sr-only z-50 rounded-control bg-white px-4 py-3 font-semibold text-brand-800 shadow-card focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
    >
      Skip to main content
    </a>
  );
}
