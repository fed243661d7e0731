// The places without a visit date: the timeline cannot place them, so the strip counts them and opens
// their list, where each one opens its place, rather than leaving them out without a word.
import { useId, useRef, useState } from 'react';
import { CalendarOff } from 'lucide-react';
import type { Pin } from '@waymarks/shared';
import { undatedText } from '../labels';
import { ClusterList } from './TimelineMarkers';

export function UndatedPlaces({
  pins,
  verificationBadges,
  onSelect,
}: {
  pins: readonly Pin[];
  verificationBadges: boolean;
  onSelect: (pin: Pin) => void;
}) {
  const listId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  if (pins.length === 0) return null;
  const name = undatedText(pins.length);

  return (
    <div className="shrink-0">
      <button
        ref={button}
        type="button"
        aria-label={name}
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        title={name}
        // The list closes on a press outside it; this press is the button's own, which toggles it.
        onPointerDown={(event) => event.stopPropagation()}
        onClick={() => setOpen((current) => !current)}
        className="flex min-h-11 items-center gap-1.5 rounded-control px-2 text-xs font-semibold text-slate-700 hover:bg-slate-100 active:bg-slate-200 aria-expanded:bg-slate-100"
      >
        <CalendarOff aria-hidden="true" className="size-4 shrink-0" />
        <span aria-hidden="true" className="sm:hidden">
          {pins.length}
        </span>
        <span aria-hidden="true" className="hidden sm:inline">
          {name}
        </span>
      </button>
      {open && (
        // Placed against the strip (the nearest positioned box), opening upwards over the map from its left.
        <div id={listId} className="absolute inset-x-3 top-0 sm:inset-x-5">
          <ClusterList
            name={name}
            pins={pins}
            left={0}
            verificationBadges={verificationBadges}
            onSelect={(pin) => {
              setOpen(false);
              onSelect(pin);
            }}
            onClose={() => {
              setOpen(false);
              button.current?.focus();
            }}
          />
        </div>
      )}
    </div>
  );
}
