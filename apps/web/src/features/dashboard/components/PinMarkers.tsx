// What stands on the map for the traveller's places (decision 034): a pin per place, coloured by whether
// it shows as verified, that names itself above it on hover and on keyboard focus (decision 083); a
// cluster of several that zooms in; and the bouncing pin of a place not saved yet.
import { Marker } from 'react-map-gl/maplibre';
import type { Pin } from '@waymarks/shared';
import { MARKER_COLORS, markerTitle, showsVerified } from '../../places';

/** The pin's outline, 24 × 32, its point at the bottom centre. */
const PIN_PATH =
  'M12 1C5.9 1 1 5.8 1 11.8 1 19.6 10.2 29.8 11.2 30.7a1.1 1.1 0 0 0 1.6 0C13.8 29.8 23 19.6 23 11.8 23 5.8 18.1 1 12 1Z';

export function PinShape({ color, className }: { color: string; className: string }) {
  return (
    <svg viewBox="0 0 24 32" aria-hidden="true" className={className}>
      <path d={PIN_PATH} fill={color} stroke="#fff" strokeWidth="1.5" />
      <circle cx="12" cy="11.5" r="4" fill="#fff" />
    </svg>
  );
}

/**
 * A saved place. Its name is the button's accessible name already; the tooltip shows the same words to the
 * eye (hidden from screen readers, which would hear them twice). The marker comes to the front while
 * hovered or focused, so its tooltip is not under a neighbour.
 */
export function PinMarker({
  pin,
  lat,
  lng,
  verificationBadges,
  onClick,
}: {
  pin: Pin;
  lat: number;
  lng: number;
  verificationBadges: boolean;
  onClick: () => void;
}) {
  const verified = showsVerified(pin, verificationBadges);
  const title = markerTitle(pin, verificationBadges);
  return (
    <Marker
      longitude={lng}
      latitude={lat}
      anchor="bottom"
      className="hover:z-10 focus-within:z-10"
      // The click is the marker's alone: the map under it would otherwise take it as a click on the map.
      onClick={(event) => event.originalEvent.stopPropagation()}
    >
      <button
        type="button"
        aria-label={`${title}, ${pin.countryName}`}
        onClick={onClick}
        className="group peer flex size-11 items-end justify-center"
        data-verified={verified || undefined}
      >
        <PinShape
          color={verified ? MARKER_COLORS.verified : MARKER_COLORS.plain}
          className="h-8 w-6 drop-shadow transition-transform group-hover:-translate-y-0.5"
        />
      </button>
      <span
        aria-hidden="true"
        className="pointer-events-none absolute bottom-full left-1/2 mb-0.5 hidden -translate-x-1/2 whitespace-nowrap rounded-md bg-slate-900 px-2 py-1 text-xs font-semibold text-white shadow-card peer-hover:block peer-focus-visible:block"
      >
        {title}
      </span>
    </Marker>
  );
}

/** Several places too close to tell apart at this zoom: a click zooms to where they part, nothing else. */
export function ClusterMarker({
  count,
  lat,
  lng,
  onClick,
}: {
  count: number;
  lat: number;
  lng: number;
  onClick: () => void;
}) {
  const size = count < 10 ? 'size-10' : count < 100 ? 'size-11' : count < 1000 ? 'size-12' : 'size-14';
  return (
    <Marker
      longitude={lng}
      latitude={lat}
      anchor="center"
      // As for a pin: the click must not reach the map and offer the place under the cluster as well.
      onClick={(event) => event.originalEvent.stopPropagation()}
    >
      <button
        type="button"
        onClick={onClick}
        aria-label={`${count} pins here; zoom in`}
        title={`${count} pins`}
        className={`${size} flex items-center justify-center rounded-full border-[3px] border-white bg-brand-700 text-sm font-bold text-white shadow-card ring-4 ring-brand-700/25 hover:bg-brand-800`}
      >
        {count > 9999 ? `${Math.floor(count / 1000)}k` : count}
      </button>
    </Marker>
  );
}

/** A chosen search result or an added place not saved yet. */
export function TemporaryMarker({ lat, lng }: { lat: number; lng: number }) {
  return (
    <Marker longitude={lng} latitude={lat} anchor="bottom">
      <span aria-hidden="true" className="flex size-11 items-end justify-center">
        <PinShape color={MARKER_COLORS.cluster} className="h-8 w-6 animate-bounce drop-shadow" />
      </span>
    </Marker>
  );
}
