// The place under a click, a long press, Enter or the map's add button, before anything opens (decision
// 083): a small dialog in a MapLibre popup that says 'Looking up…' while the place is named from its
// coordinates, then the name and 'Add this place', which opens the location dialog for it. Focus moves
// into it (to 'Add this place' once there is one); Escape or Close closes it.
import { useEffect, useId, useRef } from 'react';
import { Popup } from 'react-map-gl/maplibre';
import { MapPinPlus, X } from 'lucide-react';
import { GEOCODE_FALLBACK } from '@waymarks/shared';
import { Button } from '../../../components/ui/Button';
import type { MapPlace } from '../../places';

/** A point offered on the map; `place` is null while its name is looked up. */
export interface PlaceProposal {
  /** Each offer gets its own popup, so focus moves into the new one. */
  id: number;
  lat: number;
  lng: number;
  place: MapPlace | null;
}

export function PlacePopup({
  proposal,
  onAdd,
  onClose,
}: {
  proposal: PlaceProposal;
  onAdd: () => void;
  onClose: () => void;
}) {
  return (
    <Popup
      key={proposal.id}
      longitude={proposal.lng}
      latitude={proposal.lat}
      offset={12}
      maxWidth="18rem"
      // The map's own click handling decides when it closes; focus is moved by the content below.
      closeButton={false}
      closeOnClick={false}
      focusAfterOpen={false}
      // Over MapLibre's own popup styles, which sit outside Tailwind's layers and would win otherwise.
      className="[&_.maplibregl-popup-content]:rounded-control! [&_.maplibregl-popup-content]:p-3! [&_.maplibregl-popup-content]:shadow-card!"
    >
      <PlacePopupContent place={proposal.place} onAdd={onAdd} onClose={onClose} />
    </Popup>
  );
}

/** What the popup holds; on its own for its tests. */
export function PlacePopupContent({
  place,
  onAdd,
  onClose,
}: {
  place: MapPlace | null;
  onAdd: () => void;
  onClose: () => void;
}) {
  const root = useRef<HTMLDivElement>(null);
  const add = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  // The popup joins the page after this content has rendered: focus it on the next frame.
  useEffect(() => {
    const frame = requestAnimationFrame(() => (add.current ?? root.current)?.focus({ preventScroll: true }));
    return () => cancelAnimationFrame(frame);
  }, []);

  // The name arrived while the traveller waited in the popup: on to the button.
  useEffect(() => {
    if (place && root.current?.contains(document.activeElement)) add.current?.focus({ preventScroll: true });
  }, [place]);

  const country = place && place.countryCode !== GEOCODE_FALLBACK.countryCode ? place.countryName : null;
  return (
    <div
      ref={root}
      role="dialog"
      aria-labelledby={titleId}
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        onClose();
      }}
      className="flex w-56 max-w-full flex-col gap-2 font-sans text-slate-900 outline-none"
    >
      <div className="flex items-start gap-1">
        <div className="min-w-0 flex-1 pt-1">
          {place ? (
            <>
              <p id={titleId} className="text-base font-semibold leading-snug">
                {place.name}
              </p>
              {country && country !== place.name && <p className="text-sm text-slate-600">{country}</p>}
            </>
          ) : (
            <p id={titleId} role="status" className="text-sm font-medium text-slate-700">
              Looking up…
            </p>
          )}
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close"
          className="-mr-1.5 -mt-1.5 flex size-11 shrink-0 items-center justify-center rounded-control text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
      {place && (
        <Button ref={add} onClick={onAdd} fullWidth>
          <MapPinPlus aria-hidden="true" className="size-4" />
          Add this place
        </Button>
      )}
    </div>
  );
}
