// The landing page's top bar: logo, the three anchors, Sign In and Get Started. Below the md breakpoint
// the links fold into a menu button (a disclosure: aria-expanded, Escape closes it and returns focus).
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Menu, X } from 'lucide-react';
import { Logo } from '../../../components/Logo';
import { ButtonLink } from '../../../components/ui/ButtonLink';
import { LANDING_ANCHORS } from './anchors';

const anchorClasses =
  'inline-flex min-h-11 items-center rounded-control px-3 text-[0.9375rem] font-medium text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900';

export function LandingHeader() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const headerRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!open) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    }
    // The menu is for narrow screens only: widening the window past md closes it.
    const wide = window.matchMedia('(min-width: 48rem)');
    function onWide() {
      if (wide.matches) setOpen(false);
    }
    // A tap or click outside the header closes the menu as well.
    function onPointerDown(event: PointerEvent) {
      if (!headerRef.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    wide.addEventListener('change', onWide);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
      wide.removeEventListener('change', onWide);
    };
  }, [open]);

  const close = () => setOpen(false);

  return (
    <header
      ref={headerRef}
      className="sticky top-0 z-40 border-b border-slate-200/70 bg-white/85 backdrop-blur-md"
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo />

        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {LANDING_ANCHORS.map((anchor) => (
              <li key={anchor.id}>
                <Link to={`#${anchor.id}`} className={anchorClasses}>
                  {anchor.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div className="hidden items-center gap-2 md:flex">
          <ButtonLink to="/signin" variant="ghost">
            Sign In
          </ButtonLink>
          <ButtonLink to="/signup">Get Started</ButtonLink>
        </div>

        <button
          ref={buttonRef}
          type="button"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen((shown) => !shown)}
          className="-mr-2 flex size-11 items-center justify-center rounded-control text-slate-700 hover:bg-slate-100 md:hidden"
        >
          {open ? (
            <X aria-hidden="true" className="size-6" />
          ) : (
            <Menu aria-hidden="true" className="size-6" />
          )}
          <span className="sr-only">{open ? 'Close menu' : 'Open menu'}</span>
        </button>
      </div>

      <nav
        id={menuId}
        hidden={!open}
        aria-label="Menu"
        className="absolute inset-x-0 top-full border-b border-slate-200 bg-white shadow-card animate-fade-in md:hidden"
      >
        <ul className="flex flex-col px-4 py-3">
          {LANDING_ANCHORS.map((anchor) => (
            <li key={anchor.id}>
              <Link
                to={`#${anchor.id}`}
                onClick={close}
                className="flex min-h-12 items-center rounded-control px-3 text-base font-medium text-slate-800 hover:bg-slate-100"
              >
                {anchor.label}
              </Link>
            </li>
          ))}
        </ul>
        <div className="grid grid-cols-2 gap-3 border-t border-slate-100 px-4 pb-5 pt-4">
          <ButtonLink to="/signin" variant="secondary" onClick={close}>
            Sign In
          </ButtonLink>
          <ButtonLink to="/signup" onClick={close}>
            Get Started
          </ButtonLink>
        </div>
      </nav>
    </header>
  );
}
