// The bar over the map while a pin is moved (decision 086): what to do, where the pin would go, Save and
// Cancel. The point itself is chosen on the map (drag, click, Enter at the centre) or in the search box;
// the dashboard hands it in. The server reads the country and city from it, as for a new pin.
import { useEffect, useRef, useState } from 'react';
import type { Pin } from '@waymarks/shared';
import { describeError } from '../../../lib/api';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import {
  placeFromReverse,
  placeWhenLookupFails,
  roundCoordinate,
  usePlaceLookups,
  type MapPlace,
} from '../../places';
import { useUpdatePin } from '../api/pins';

/** A pin and the point chosen for it so far (where it is, until another is chosen). */
export interface PinMove {
  pin: Pin;
  lat: number;
  lng: number;
}

/** Where a moved pin would go, in words: its place name and country, or 'Unknown Location' at sea. */
function describePlace(place: MapPlace): string {
  return place.countryName === place.name || place.countryCode === 'XX'
    ? place.name
    : `${place.name}, ${place.countryName}`;
}

export function MovePinBar({
  move,
  onMoved,
  onCancel,
}: {
  move: PinMove;
  /** Saved: the pin as the server placed it. */
  onMoved: (pin: Pin) => void;
  onCancel: () => void;
}) {
  const update = useUpdatePin();
  const { reverse } = usePlaceLookups();
  const [place, setPlace] = useState<MapPlace | null>(null);
  const bar = useRef<HTMLElement>(null);
  const { pin, lat, lng } = move;
  const unmoved = lat === pin.lat && lng === pin.lng;

  // The bar takes the focus from the dialog that closed, so the keyboard starts here.
  useEffect(() => bar.current?.focus(), []);

  // The chosen point named as a clicked one is (SPEC.md §8: a failed lookup says 'Unknown Location').
  useEffect(() => {
    setPlace(null);
    if (unmoved) return;
    const controller = new AbortController();
    reverse(lat, lng, controller.signal).then(
      (found) => setPlace(placeFromReverse(lat, lng, found)),
      () => !controller.signal.aborted && setPlace(placeWhenLookupFails(lat, lng)),
    );
    return () => controller.abort();
  }, [lat, lng, unmoved, reverse]);

  async function save() {
    const moved = await update
      .mutateAsync({ pinId: pin.pinId, changes: { lat: roundCoordinate(lat), lng: roundCoordinate(lng) } })
      .catch(() => null);
    if (moved) onMoved(moved);
  }

  return (
    <section
      ref={bar}
      tabIndex={-1}
      aria-labelledby="move-pin-title"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
      className="flex flex-col gap-2 rounded-card border border-slate-200 bg-white p-3 shadow-card outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
    >
      <h2 id="move-pin-title" className="text-sm font-semibold text-slate-900">
        Drag the pin or pick a new point
      </h2>
      <p className="sr-only text-xs text-slate-600 sm:not-sr-only">
        Or search for a place, or move the map with the arrow keys and press Enter to put {pin.title} at its
        centre.
      </p>
      <p role="status" className="min-h-5 text-sm text-slate-800">
        {unmoved ? '' : place ? `New place: ${describePlace(place)}` : 'Finding this place…'}
      </p>
      {update.error && <Alert tone="error">{describeError(update.error, 'Could not move this pin')}</Alert>}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={save} busy={update.isPending} disabled={unmoved}>
          {update.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </section>
  );
}
