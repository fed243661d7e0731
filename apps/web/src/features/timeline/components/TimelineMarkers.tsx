// The axis markers: a single pin (orange, or purple when verified and the plan shows badges), a cluster
// with its count badge, and the small list a cluster opens when the zoom cannot go further.
import { useEffect, useRef } from 'react';
import { X } from 'lucide-react';
import type { Pin } from '@waymarks/shared';
import { badgeText } from '../clusters';
import { MARKER_COLORS, showsVerified } from '../../places';
import { pinMarkerName } from '../labels';

const PIN_PATH =
  'M12 1C5.9 1 1 5.8 1 11.8 1 19.6 10.2 29.8 11.2 30.7a1.1 1.1 0 0 0 1.6 0C13.8 29.8 23 19.6 23 11.8 23 5.8 18.1 1 12 1Z';

function PinGlyph({ color }: { color: string }) {
  return (
    <svg viewBox="0 0 24 32" aria-hidden="true" className="h-7 w-5 drop-shadow-sm">
      <path d={PIN_PATH} fill={color} stroke="#fff" strokeWidth="1.5" />
      <circle cx="12" cy="11.5" r="4" fill="#fff" />
    </svg>
  );
}

/**
 * Markers are centred on their place; `left` is in percent of the visible width. They are 28 px wide,
 * little more than the closest two markers can stand on a phone, so one never covers its neighbour.
 */
const markerClasses =
  'absolute top-0 flex h-11 -translate-x-1/2 items-end justify-center rounded-control ' +
  'transition-transform hover:-translate-y-0.5 focus-visible:outline-offset-0';

export function PinMarker({
  pin,
  left,
  verificationBadges,
  onSelect,
}: {
  pin: Pin;
  left: number;
  verificationBadges: boolean;
  onSelect: (pin: Pin) => void;
}) {
  const verified = showsVerified(pin, verificationBadges);
  const name = pinMarkerName(pin, verificationBadges);
  return (
    <button
      type="button"
      aria-label={name}
      title={name}
      style={{ left: `${left}%` }}
      className={`${markerClasses} w-7`}
      data-verified={verified || undefined}
      onClick={() => onSelect(pin)}
    >
      <PinGlyph color={verified ? MARKER_COLORS.verified : MARKER_COLORS.plain} />
    </button>
  );
}

export function ClusterMarker({
  count,
  name,
  left,
  expanded,
  onSelect,
}: {
  count: number;
  name: string;
  left: number;
  /** Whether its list of places is open (only at the largest zoom). */
  expanded: boolean;
  onSelect: () => void;
}) {
  return (
    <button
      type="button"
      aria-label={name}
      aria-expanded={expanded || undefined}
      title={name}
      style={{ left: `${left}%` }}
      className={`${markerClasses} w-7`}
      onClick={onSelect}
    >
      <span className="relative flex h-7 w-5 items-end">
        <svg viewBox="0 0 24 32" aria-hidden="true" className="h-7 w-5 drop-shadow-sm">
          <path d={PIN_PATH} fill={MARKER_COLORS.cluster} stroke="#fff" strokeWidth="1.5" />
        </svg>
        <span
          aria-hidden="true"
          className="absolute -right-2.5 -top-2 flex h-5 min-w-5 items-center justify-center rounded-full border-2 border-white bg-slate-900 px-1 text-[11px] font-bold leading-none text-white"
        >
          {badgeText(count)}
        </span>
      </span>
    </button>
  );
}

/**
 * The places of a cluster that the largest zoom still cannot separate, as buttons. It opens with the focus
 * on its first place; Escape, the close button or a press outside closes it.
 */
export function ClusterList({
  name,
  pins,
  left,
  verificationBadges,
  onSelect,
  onClose,
}: {
  name: string;
  pins: readonly Pin[];
  left: number;
  verificationBadges: boolean;
  onSelect: (pin: Pin) => void;
  onClose: () => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });

  useEffect(() => {
    box.current?.querySelector<HTMLButtonElement>('li button')?.focus();
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) closeRef.current();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, []);

  const clamped = Math.min(Math.max(left, 0), 100);
  return (
    <div
      ref={box}
      role="group"
      aria-label={name}
      // Shifted by its own width in step with its place, so it stays on screen at either end.
      style={{ left: `${clamped}%`, transform: `translateX(-${clamped}%)` }}
      className="absolute bottom-full z-30 mb-1 w-64 max-w-[calc(100vw-1.5rem)] rounded-card border border-slate-200 bg-white p-2 shadow-card"
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        onClose();
      }}
    >
      <div className="flex items-center justify-between gap-2 pl-2">
        <p className="text-xs font-semibold text-slate-700">{name}</p>
        <button
          type="button"
          aria-label="Close the list"
          onClick={onClose}
          className="flex size-9 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
      <ul className="max-h-52 overflow-y-auto">
        {pins.map((pin) => (
          <li key={pin.pinId}>
            <button
              type="button"
              onClick={() => onSelect(pin)}
              className="flex min-h-11 w-full items-center gap-2 rounded-control px-2 text-left text-sm text-slate-800 hover:bg-slate-100"
            >
              <span
                aria-hidden="true"
                className="size-2.5 shrink-0 rounded-full"
                style={{
                  background: showsVerified(pin, verificationBadges)
                    ? MARKER_COLORS.verified
                    : MARKER_COLORS.plain,
                }}
              />
              {pinMarkerName(pin, verificationBadges)}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
